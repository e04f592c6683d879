// Class counters as a value, and the eight inline counters.

extension ClassCounters: Hashable {
    /// Equal when the same classes have the same counters (classes without
    /// one do not count, wherever the arrays end).
    static func == (lhs: ClassCounters, rhs: ClassCounters) -> Bool {
        if lhs.sharesStorage(with: rhs) { return true }
        guard lhs.count == rhs.count else { return false }
        if lhs.spilled == rhs.spilled, !lhs.spilled, lhs.small != rhs.small { return false }
        if lhs.spilled == rhs.spilled, lhs.chunks.isEmpty, rhs.chunks.isEmpty {
            let shared = Swift.min(lhs.values.count, rhs.values.count)
            for i in 0..<shared where lhs.values[i] != rhs.values[i] { return false }
            // Past the shorter array every class of the longer one must lack a counter.
            let longer = lhs.values.count > rhs.values.count ? lhs.values : rhs.values
            for i in shared..<longer.count where longer[i] != absent { return false }
            return true
        }
        // As many counters on each side: equal if each of the left's is on the right.
        var equal = true
        lhs.forEachEntry { i, value in
            if equal, rhs[ClassName(id: UInt32(truncatingIfNeeded: i))] != value { equal = false }
        }
        return equal
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        forEachEntry { i, value in
            hasher.combine(i)
            hasher.combine(value)
        }
    }
}

/// Eight 32-bit counters held in the value itself (no storage to share or
/// copy): the first classes' counters while they fit (`ClassCounters.small`).
struct EightCounters: Hashable, Sendable {
    private var c0 = Int32.min, c1 = Int32.min, c2 = Int32.min, c3 = Int32.min
    private var c4 = Int32.min, c5 = Int32.min, c6 = Int32.min, c7 = Int32.min

    subscript(i: Int) -> Int32 {
        get {
            switch i {
            case 0: c0
            case 1: c1
            case 2: c2
            case 3: c3
            case 4: c4
            case 5: c5
            case 6: c6
            default: c7
            }
        }
        set {
            switch i {
            case 0: c0 = newValue
            case 1: c1 = newValue
            case 2: c2 = newValue
            case 3: c3 = newValue
            case 4: c4 = newValue
            case 5: c5 = newValue
            case 6: c6 = newValue
            default: c7 = newValue
            }
        }
    }
}
