/// A small map from class to value (instance counters, declared traits): open
/// addressing keyed by the class number, hashed with one multiplication.
/// A `Dictionary` hashes every look-up with a seeded SipHash, which cost more
/// than the rest of a `push`'s bookkeeping (docs/performance.md).
struct ClassMap<Value: Hashable & Sendable>: Sendable {
    /// Power-of-two many slots, at most half full; linear probing, no removal.
    /// A probe reads only `keys` (the class number plus one, 0 when empty).
    private var keys: [UInt32] = Array(repeating: 0, count: 8)
    private var values: [Value?] = Array(repeating: nil, count: 8)
    private(set) var count = 0

    /// Whether `other` is this map in the same storage: an unchanged copy,
    /// equal without a look at the entries (NavigationModel+Reset.swift).
    func sharesStorage(with other: ClassMap) -> Bool {
        count == other.count && sameStorage(keys, other.keys) && sameStorage(values, other.values)
    }

    /// A copy with storage of its own, each value copied by `copyValue` (NavigationModel+Unshared.swift).
    func unshared(_ copyValue: (Value) -> Value) -> ClassMap {
        var copy = self
        copy.keys = fresh(keys)
        copy.values = values.map { $0.map(copyValue) }
        return copy
    }

    private var mask: Int { keys.count - 1 }

    private static func home(_ key: ClassName, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key.id) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot of `key`, or the empty slot where it would go.
    private func slot(of key: ClassName) -> (index: Int, found: Bool) {
        let wanted = key.id &+ 1
        var i = Self.home(key, mask: mask)
        while keys[i] != 0 {
            if keys[i] == wanted { return (i, true) }
            i = (i + 1) & mask
        }
        return (i, false)
    }

    /// The value for `key`, if one was set.
    subscript(key: ClassName) -> Value? {
        guard count > 0 else { return nil }
        let (i, found) = slot(of: key)
        return found ? values[i] : nil
    }

    /// Stores or replaces the value for `key`. (There is no removal: the
    /// engine's counters and traits are never taken back, only replaced.)
    mutating func set(_ value: Value, for key: ClassName) {
        var (i, found) = slot(of: key)
        if !found, (count + 1) * 2 > keys.count {
            grow()
            i = slot(of: key).index
        }
        if !found {
            keys[i] = key.id &+ 1
            count += 1
        }
        values[i] = value
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        count = 0
        for (i, key) in oldKeys.enumerated() where key != 0 {
            let cls = ClassName(id: key - 1)
            let j = slot(of: cls).index
            keys[j] = key
            values[j] = oldValues[i]
            count += 1
        }
    }

    /// The classes with a value, in no particular order.
    var classes: [ClassName] { keys.filter { $0 != 0 }.map { ClassName(id: $0 - 1) } }

    /// The sum of `mix(class number, value)` over the entries, without
    /// making an array of them (the explorer's fingerprints, every state).
    func sum(_ mix: (UInt32, Value) -> UInt64) -> UInt64 {
        var total: UInt64 = 0
        for i in keys.indices where keys[i] != 0 {
            if let value = values[i] { total &+= mix(keys[i], value) }
        }
        return total
    }

    private var entries: [(ClassName, Value)] {
        keys.indices.compactMap { i in
            guard keys[i] != 0, let value = values[i] else { return nil }
            return (ClassName(id: keys[i] - 1), value)
        }
    }
}

extension ClassMap: Hashable {
    /// Equal when they map the same classes to the same values, whatever the slot order.
    static func == (lhs: ClassMap, rhs: ClassMap) -> Bool {
        if lhs.sharesStorage(with: rhs) { return true }
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries where rhs[key] != value { return false }
        return true
    }

    /// Order-independent: the sum of each entry's own hash.
    func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in entries {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            sum &+= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension ClassMap {
    /// Calls `body` with every entry, in slot order (no particular order), without making an array.
    func forEachEntry(_ body: (ClassName, Value) -> Void) {
        for i in keys.indices where keys[i] != 0 {
            if let value = values[i] { body(ClassName(id: keys[i] - 1), value) }
        }
    }
}
