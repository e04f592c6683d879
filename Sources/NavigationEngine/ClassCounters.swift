/// The instance counter of every class a model has created: one integer per
/// class, in an array indexed by the class number.
///
/// Class numbers are small and dense (numbered in the order met), and every
/// class ever created keeps its counter, so an array costs 8 bytes a class
/// where a hash map of optional values cost 40 to 80 (at most half full,
/// each slot a key and a 9-byte optional), and undo's checkpoints copy it.
/// A look-up is one bounds check and one load.
struct ClassCounters: Sendable {
    /// Marks a class with no counter (a counter is never negative).
    private static let absent = Int.min
    /// Indexed by class number; `absent` where the class has no counter.
    private var values: [Int] = []
    /// Classes with a counter.
    private(set) var count = 0

    /// The counter of `key`, if it has one.
    subscript(key: ClassName) -> Int? {
        let i = Int(key.id)
        guard i < values.count else { return nil }
        let value = values[i]
        return value == Self.absent ? nil : value
    }

    /// Sets or replaces the counter of `key`.
    mutating func set(_ value: Int, for key: ClassName) {
        let i = Int(key.id)
        if i >= values.count {
            // Amortised growth: append doubles the capacity.
            values.append(contentsOf: repeatElement(Self.absent, count: i + 1 - values.count))
        }
        if values[i] == Self.absent { count += 1 }
        values[i] = value
    }

    /// The classes with a counter, by number.
    var classes: [ClassName] {
        values.indices.compactMap { values[$0] == Self.absent ? nil : ClassName(id: UInt32(truncatingIfNeeded: $0)) }
    }

    /// The sum of `mix(class number, counter)` over the classes with a counter.
    func sum(_ mix: (UInt32, Int) -> UInt64) -> UInt64 {
        var total: UInt64 = 0
        for i in values.indices where values[i] != Self.absent {
            total &+= mix(UInt32(truncatingIfNeeded: i), values[i])
        }
        return total
    }

    /// Replaces each counter by `body(class, counter)`, in place.
    mutating func update(_ body: (ClassName, Int) -> Int) {
        for i in values.indices where values[i] != Self.absent {
            values[i] = body(ClassName(id: UInt32(truncatingIfNeeded: i)), values[i])
        }
    }

    /// Appends each counter to the encoder's pairs: the class number, the counter.
    func appendEntries(to e: inout StateEncoder) {
        values.withUnsafeBufferPointer { values in
            for i in 0..<values.count where values[i] != Self.absent {
                e.appendPair(UInt64(i), UInt64(bitPattern: Int64(values[i])))
            }
        }
    }
}

extension ClassCounters: Hashable {
    /// Equal when the same classes have the same counters (trailing classes
    /// without one do not count).
    static func == (lhs: ClassCounters, rhs: ClassCounters) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let shared = Swift.min(lhs.values.count, rhs.values.count)
        for i in 0..<shared where lhs.values[i] != rhs.values[i] { return false }
        // Past the shorter array every class of the longer one must lack a counter.
        let longer = lhs.values.count > rhs.values.count ? lhs.values : rhs.values
        for i in shared..<longer.count where longer[i] != absent { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for i in values.indices where values[i] != Self.absent {
            hasher.combine(i)
            hasher.combine(values[i])
        }
    }
}
