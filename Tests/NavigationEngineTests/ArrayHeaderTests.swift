import Testing

@testable import NavigationEngine

/// `ArrayHeader` reads and writes an array's capacity and count where the
/// standard library keeps them (the two words before the first element):
/// checked here on the library this is built with, so a change of layout
/// fails a test before it corrupts a list.
@Suite("Array header: the count and capacity before an array's first element")
struct ArrayHeaderTests {
    static func names(_ ordinals: Range<Int>) -> [ScreenName] {
        ordinals.map { ScreenName(cls: ClassName(id: 3), ordinal: $0) }
    }

    @Test("the capacity read is the array's, for arrays of every size here", arguments: [0, 1, 2, 5, 16, 100])
    func capacity(count: Int) {
        var array = Self.names(1..<(count + 1))
        array.reserveCapacity(count + 3)
        let capacity = array.capacity
        let read = array.withUnsafeMutableBufferPointer {
            ArrayHeader.capacity(before: UnsafeMutableRawPointer($0.baseAddress!))
        }
        #expect(read == capacity)
    }

    @Test("a count written is the array's: shorter, then longer again within the capacity, then appended to")
    func count() {
        var array = Self.names(1..<6)
        array.reserveCapacity(8)
        let capacity = array.capacity
        array.withUnsafeMutableBufferPointer {
            ArrayHeader.setCount(2, before: UnsafeMutableRawPointer($0.baseAddress!))
        }
        #expect(array == Self.names(1..<3))
        #expect(array.capacity == capacity)
        let more = Self.names(10..<17)
        array.withUnsafeMutableBufferPointer { mine in
            for i in 0..<7 { (mine.baseAddress! + i).initialize(to: more[i]) }
            ArrayHeader.setCount(7, before: UnsafeMutableRawPointer(mine.baseAddress!))
        }
        #expect(array == more)
        #expect(array.capacity == capacity)
        array.append(ScreenName(cls: ClassName(id: 3), ordinal: 99))
        #expect(array == more + [ScreenName(cls: ClassName(id: 3), ordinal: 99)])
        // A copy taken after the writes is what they made.
        let copy = array
        array.removeAll()
        #expect(copy.count == 8)
    }
}
