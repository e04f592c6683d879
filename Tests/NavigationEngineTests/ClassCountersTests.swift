import Testing

@testable import NavigationEngine

/// The per-class instance counters, in an array indexed by class number.
@Suite("Class counters")
struct ClassCountersTests {
    @Test("a counter is read back; a class never set has none; zero is a counter")
    func readBack() {
        var counters = ClassCounters()
        #expect(counters[ClassName(id: 3)] == nil)
        counters.set(0, for: ClassName(id: 3))
        counters.set(7, for: ClassName(id: 0))
        counters.set(8, for: ClassName(id: 0))
        #expect(counters[ClassName(id: 3)] == 0)
        #expect(counters[ClassName(id: 0)] == 8)
        #expect(counters[ClassName(id: 1)] == nil)
        #expect(counters[ClassName(id: 1_000)] == nil)
        #expect(counters.count == 2)
        #expect(counters.classes == [ClassName(id: 0), ClassName(id: 3)])
        #expect(counters.sum { id, value in UInt64(id) * 100 + UInt64(value) } == 8 + 300)
    }

    @Test("equal when the same classes have the same counters, however far each array reaches")
    func equality() {
        var a = ClassCounters()
        var b = ClassCounters()
        a.set(1, for: ClassName(id: 2))
        b.set(1, for: ClassName(id: 2))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        // b's array reaches further, with no counter there yet: still equal once a catches up.
        b.set(4, for: ClassName(id: 50))
        #expect(a != b)
        a.set(4, for: ClassName(id: 50))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        a.set(5, for: ClassName(id: 50))
        #expect(a != b)
        var c = ClassCounters()
        c.set(1, for: ClassName(id: 3))
        var d = ClassCounters()
        d.set(1, for: ClassName(id: 2))
        #expect(c != d)
    }
}
