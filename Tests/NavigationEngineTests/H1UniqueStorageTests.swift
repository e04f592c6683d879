import Testing

@testable import NavigationEngine

/// `isUniqueStorage` reads an array as the one native reference to its
/// storage (the standard library's `_isUnique_native`), and
/// `assignReusingStorage` writes in place only what it says is unique:
/// checked here on the library this is built with, so a change of layout
/// fails a test before a shared list is written.
@Suite("H1: an array's storage told unique without a copy")
struct H1UniqueStorageTests {
    static func names(_ ordinals: Range<Int>) -> [ScreenName] {
        ordinals.map { ScreenName(cls: ClassName(id: 3), ordinal: $0) }
    }

    @Test("an array is one reference, unique until copied and again once the copy is gone")
    func unique() {
        #expect(MemoryLayout<[ScreenName]>.size == MemoryLayout<AnyObject>.size)
        var array = Self.names(1..<4)
        #expect(isUniqueStorage(&array))
        var copy: [ScreenName]? = array
        #expect(!isUniqueStorage(&array))
        #expect(copy?.count == 3)
        copy = nil
        #expect(isUniqueStorage(&array))
        // The runtime agrees: a write through the array's own method copies
        // nothing when this says unique.
        let before = array.withUnsafeBufferPointer { $0.baseAddress }
        array[0] = ScreenName(cls: ClassName(id: 3), ordinal: 9)
        #expect(array.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    @Test("a shared list is not written: the other's is shared; a unique one is written in its storage")
    func assign() {
        var mine = Self.names(1..<4)
        mine.reserveCapacity(8)
        let kept = mine
        var theirs = Self.names(5..<10)
        withUnsafePointer(to: &theirs) { assignReusingStorage(&mine, $0) }
        #expect(mine == Self.names(5..<10))
        #expect(kept == Self.names(1..<4))
        #expect(sameStorage(mine, theirs))
        // Unique, with room: written where it is, the other left alone.
        var own = Self.names(1..<3)
        own.reserveCapacity(8)
        let storage = own.withUnsafeBufferPointer { $0.baseAddress }
        withUnsafePointer(to: &theirs) { assignReusingStorage(&own, $0) }
        #expect(own == Self.names(5..<10))
        #expect(own.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(!sameStorage(own, theirs))
        own.append(ScreenName(cls: ClassName(id: 3), ordinal: 99))
        #expect(theirs == Self.names(5..<10))
        #expect(own.count == 6)
    }

    @Test(
        "a queue is made the other's from the first call that differs, its calls' arrays neither leaked nor freed early"
    )
    func queue() {
        let a = ScreenName(cls: ClassName(id: 3), ordinal: 1)
        let b = ScreenName(cls: ClassName(id: 3), ordinal: 2)
        var payload = Self.names(1..<5)
        var mine: [NavCall] = [.push(a, animated: true), .setStack(payload, animated: false), .pop(animated: true)]
        mine.reserveCapacity(8)
        var theirs: [NavCall] = [
            .push(a, animated: true), .popTo(b, animated: true), .setStack(payload, animated: true),
        ]
        theirs.append(.popToRoot(animated: false))
        let storage = mine.withUnsafeBufferPointer { $0.baseAddress }
        withUnsafePointer(to: &theirs) {
            assignReusingStorage(&mine, bitsOf: $0, holdsReferences: NavCall.holdsReferences)
        }
        #expect(mine == theirs)
        #expect(mine.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(!sameStorage(mine, theirs))
        // Shorter again, then appended to as any array.
        var short: [NavCall] = [.push(a, animated: true)]
        withUnsafePointer(to: &short) {
            assignReusingStorage(&mine, bitsOf: $0, holdsReferences: NavCall.holdsReferences)
        }
        #expect(mine == short)
        mine.append(.pop(animated: false))
        #expect(mine.count == 2)
        // Shared: left alone, the other's shared.
        var other: [NavCall] = [.setStack(payload, animated: true)]
        let kept = mine
        withUnsafePointer(to: &other) {
            assignReusingStorage(&mine, bitsOf: $0, holdsReferences: NavCall.holdsReferences)
        }
        #expect(mine == other)
        #expect(kept == [.push(a, animated: true), .pop(animated: false)])
        #expect(sameStorage(mine, other))
        // Every copy of the payload released: it is its array's alone again.
        mine = []
        other = []
        theirs = []
        #expect(isUniqueStorage(&payload))
    }
}
