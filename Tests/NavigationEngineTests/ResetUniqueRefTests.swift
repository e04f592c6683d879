import Testing

@testable import NavigationEngine

/// `RefCountWord.isUnique` reads a native object's inline reference count
/// (the word after its metadata pointer) and says unique only when its
/// high half is zero: one strong reference, no deinit under way, no side
/// table. `isUniqueStorage` and `isUniqueInstance` take that for an answer
/// and ask the runtime otherwise. Checked here on the runtime this is built
/// with, so a change of layout fails a test before a shared array or table
/// is written in place.
@Suite("Reset: uniqueness read from the reference count in line")
struct ResetUniqueRefTests {
    static func names(_ ordinals: Range<Int>) -> [ScreenName] {
        ordinals.map { ScreenName(cls: ClassName(id: 3), ordinal: $0) }
    }

    /// What the count word alone says of `array`'s storage.
    static func wordSaysUnique<T>(_ array: inout [T]) -> Bool {
        RefCountWord.isUnique(withUnsafeBytes(of: &array) { $0.load(as: UnsafeRawPointer.self) })
    }

    static func wordSaysUnique<T: AnyObject>(_ object: inout T) -> Bool {
        RefCountWord.isUnique(withUnsafeBytes(of: &object) { $0.load(as: UnsafeRawPointer.self) })
    }

    @Test("an array's storage: unique alone, not while copied, unique again once the copies are gone")
    func array() {
        var array = Self.names(1..<4)
        #expect(Self.wordSaysUnique(&array))
        #expect(_isUnique_native(&array))
        var copy: [ScreenName]? = array
        #expect(!Self.wordSaysUnique(&array))
        #expect(!isUniqueStorage(&array))
        #expect(!_isUnique_native(&array))
        #expect(copy?.count == 3)
        copy = nil
        #expect(Self.wordSaysUnique(&array))
        #expect(isUniqueStorage(&array))
        // Many references: the strong count past the first fills more bits.
        var copies: [[ScreenName]] = Array(repeating: array, count: 300)
        #expect(!Self.wordSaysUnique(&array))
        #expect(!isUniqueStorage(&array))
        copies.removeAll()
        #expect(copies.isEmpty)
        #expect(Self.wordSaysUnique(&array))
        // The runtime agrees: a write through the array's own method copies
        // nothing when the word says unique.
        let before = array.withUnsafeBufferPointer { $0.baseAddress }
        array[0] = ScreenName(cls: ClassName(id: 3), ordinal: 9)
        #expect(array.withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    @Test("the empty array's static storage is never unique")
    func empty() {
        var empty: [ScreenName] = []
        #expect(!Self.wordSaysUnique(&empty))
        #expect(!isUniqueStorage(&empty))
        #expect(isUniqueStorage(&empty) == _isUnique_native(&empty))
    }

    final class Box {
        var value = 0
    }

    @Test("a class instance: unique alone, not while shared; a side table is left to the runtime")
    func instance() {
        var box = Box()
        #expect(Self.wordSaysUnique(&box))
        #expect(isUniqueInstance(&box))
        var other: Box? = box
        #expect(!Self.wordSaysUnique(&box))
        #expect(!isUniqueInstance(&box))
        #expect(other?.value == 0)
        other = nil
        #expect(isUniqueInstance(&box))
        // A weak reference gives the object a side table: the word no longer
        // says unique, and the runtime, asked instead, still does.
        weak let watcher = box
        #expect(watcher != nil)
        #expect(!Self.wordSaysUnique(&box))
        #expect(isUniqueInstance(&box))
        #expect(isUniqueInstance(&box) == isKnownUniquelyReferenced(&box))
    }

    @Test("a table's slots: written in place only while the table alone holds them")
    func tableSlots() {
        var table: NavTable = [1: NavController(id: 1, cls: .plain)]
        let kept = table
        table[1]?.stack.append(ScreenName(cls: ClassName(id: 3), ordinal: 1))
        #expect(kept[1]?.stack.isEmpty == true)
        #expect(table[1]?.stack.count == 1)
        var slots = table.slots
        #expect(!isUniqueInstance(&slots))
    }
}
