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

    @Test("the first classes' counters leave the value for the array past 32 bits, and nothing else changes")
    func spill() {
        let big = Int(Int32.max) + 1
        var inline = ClassCounters()
        var spilled = ClassCounters()
        for id in UInt32(0)..<12 {
            inline.set(Int(id) + 1, for: ClassName(id: id))
            spilled.set(Int(id) + 1, for: ClassName(id: id))
        }
        let before = spilled
        // A counter too big for the value: every first-class counter moves to the array.
        spilled.set(big, for: ClassName(id: 5))
        #expect(spilled[ClassName(id: 5)] == big)
        #expect(before[ClassName(id: 5)] == 6)
        #expect(spilled != inline)
        spilled.set(6, for: ClassName(id: 5))
        // Equal to the one that never spilled, hashed alike, the same sums and classes.
        #expect(spilled == inline)
        #expect(inline == spilled)
        #expect(spilled.hashValue == inline.hashValue)
        #expect(spilled.total == inline.total)
        #expect(spilled.classes == inline.classes)
        #expect(spilled.count == 12)
        for id in UInt32(0)..<14 { #expect(spilled[ClassName(id: id)] == inline[ClassName(id: id)]) }
        // An update past 32 bits spills too, once, and updates each counter once.
        var updated = inline
        updated.update { cls, value in cls.id == 2 ? big : value * 2 }
        #expect(updated[ClassName(id: 2)] == big)
        for id in UInt32(0)..<12 where id != 2 { #expect(updated[ClassName(id: id)] == (Int(id) + 1) * 2) }
        #expect(inline[ClassName(id: 2)] == 3)
        #expect(updated.total == UInt64(big) + inline.total * 2 - 6)
        // Zero and -1 are counters, kept in the value.
        var small = ClassCounters()
        small.set(0, for: ClassName(id: 1))
        small.set(-1, for: ClassName(id: 2))
        #expect(small[ClassName(id: 1)] == 0)
        #expect(small[ClassName(id: 2)] == -1)
        #expect(small.count == 2)
        #expect(small.sharesStorage(with: small))
        var other = small
        other.set(0, for: ClassName(id: 1))
        #expect(other.sharesStorage(with: small))
        other.set(1, for: ClassName(id: 1))
        #expect(!other.sharesStorage(with: small))
    }
}
