/// The states seen so far, as 64-bit fingerprints in an open-addressing table.
///
/// Eight bytes a slot, at most half full. Read by the workers while a batch
/// runs and written only between batches, by one thread, so it needs no lock.
final class SeenSet: @unchecked Sendable {
    private var slots: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
    }

    deinit { slots.deallocate() }

    /// Bytes held by the table.
    var bytes: Int { capacity * 8 }

    /// 0 marks an empty slot, so no fingerprint is 0.
    @inline(__always)
    static func key(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    func contains(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        let mask = capacity - 1
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = slots[i]
            if slot == key { return true }
            if slot == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Adds the fingerprint; false when it was there already.
    func insert(_ fingerprint: UInt64) -> Bool {
        if (count + 1) * 2 > capacity { grow() }
        let key = Self.key(fingerprint)
        let mask = capacity - 1
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = slots[i]
            if slot == key { return false }
            if slot == 0 {
                slots[i] = key
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    private func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        let mask = capacity - 1
        for j in 0..<oldCapacity where old[j] != 0 {
            var i = Int(truncatingIfNeeded: old[j]) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = old[j]
        }
        old.deallocate()
    }
}
