import CPrefetch

/// The states seen so far, as 64-bit fingerprints in open-addressing tables.
///
/// Eight bytes a slot, at most three quarters full (linear probing on
/// fingerprints, which are uniform). The fingerprints are spread over
/// `shardCount` tables by their top bits, each growing on its own, so a
/// growth copies a sixty-fourth of the set and never holds two whole tables
/// at once; and the shards can be filled by several threads at once, each
/// its own. Read by the workers while a batch runs and written only between
/// batches, so it needs no lock.
final class SeenSet: @unchecked Sendable {
    static let shardBits = 6
    static let shardCount = 1 << shardBits

    /// Per shard: its table, its capacity (a power of two), its count. Plain
    /// memory, not arrays, so threads filling different shards share nothing
    /// they write.
    private let slots: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private let capacities: UnsafeMutablePointer<Int>
    private let counts: UnsafeMutablePointer<Int>

    init(capacityPerShard: Int = 1 << 10) {
        slots = .allocate(capacity: Self.shardCount)
        capacities = .allocate(capacity: Self.shardCount)
        counts = .allocate(capacity: Self.shardCount)
        for s in 0..<Self.shardCount {
            let table = UnsafeMutablePointer<UInt64>.allocate(capacity: capacityPerShard)
            table.initialize(repeating: 0, count: capacityPerShard)
            (slots + s).initialize(to: table)
        }
        capacities.initialize(repeating: capacityPerShard, count: Self.shardCount)
        counts.initialize(repeating: 0, count: Self.shardCount)
    }

    deinit {
        for s in 0..<Self.shardCount { slots[s].deallocate() }
        slots.deallocate()
        capacities.deallocate()
        counts.deallocate()
    }

    /// Fingerprints held.
    var count: Int { (0..<Self.shardCount).reduce(0) { $0 + counts[$1] } }

    /// Bytes held by the tables.
    var bytes: Int { (0..<Self.shardCount).reduce(0) { $0 + capacities[$1] } * 8 }

    /// 0 marks an empty slot, so no fingerprint is 0.
    @inline(__always)
    static func key(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    /// The shard a fingerprint lives in.
    @inline(__always)
    static func shard(of fingerprint: UInt64) -> Int {
        Int(truncatingIfNeeded: key(fingerprint) >> UInt64(64 - shardBits))
    }

    /// Starts loading the slot where `fingerprint` would be found, so that
    /// `contains` or `insert` a little later does not wait for memory: a
    /// search's seen-set is far larger than the caches, and a look-up that
    /// waits for its line cost about a tenth of a one-job search's time.
    @inline(__always)
    func prefetch(_ fingerprint: UInt64) {
        let key = Self.key(fingerprint)
        let s = Self.shard(of: key)
        navsh_prefetch(slots[s] + (Int(truncatingIfNeeded: key) & (capacities[s] - 1)))
    }

    func contains(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        let s = Self.shard(of: key)
        let table = slots[s]
        let mask = capacities[s] - 1
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = table[i]
            if slot == key { return true }
            if slot == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Adds the fingerprint; false when it was there already. Threads may
    /// insert at once only into different shards.
    func insert(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        let s = Self.shard(of: key)
        if (counts[s] + 1) * 4 > capacities[s] * 3 { grow(s) }
        let table = slots[s]
        let mask = capacities[s] - 1
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = table[i]
            if slot == key { return false }
            if slot == 0 {
                table[i] = key
                counts[s] += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    private func grow(_ s: Int) {
        let old = slots[s]
        let oldCapacity = capacities[s]
        let capacity = oldCapacity * 2
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        let mask = capacity - 1
        for j in 0..<oldCapacity where old[j] != 0 {
            var i = Int(truncatingIfNeeded: old[j]) & mask
            while table[i] != 0 { i = (i + 1) & mask }
            table[i] = old[j]
        }
        old.deallocate()
        slots[s] = table
        capacities[s] = capacity
    }
}

/// Each stored state's parent and the step that reached it, by state id (the
/// start state is 0), in pages that are never moved: 5 bytes a state, and
/// growing copies nothing. Read by the workers while a batch runs and
/// appended to only between batches.
final class ParentLinks: @unchecked Sendable {
    static let pageBits = 16
    static let pageSize = 1 << pageBits

    // (Unchecked: written only between levels, by one thread, and read by
    // every worker during a level; a checked access cost each look-up a
    // call to the runtime's `swift_beginAccess`, about 60 instructions.)
    @exclusivity(unchecked) private var parents: [UnsafeMutablePointer<Int32>] = []
    @exclusivity(unchecked) private var steps: [UnsafeMutablePointer<UInt8>] = []
    @exclusivity(unchecked) private(set) var count = 0

    init() { append(parent: -1, step: 0) }

    deinit {
        for p in parents { p.deallocate() }
        for p in steps { p.deallocate() }
    }

    func append(parent: Int32, step: UInt8) {
        let offset = count & (Self.pageSize - 1)
        if offset == 0 {
            parents.append(.allocate(capacity: Self.pageSize))
            steps.append(.allocate(capacity: Self.pageSize))
        }
        parents[parents.count - 1][offset] = parent
        steps[steps.count - 1][offset] = step
        count += 1
    }

    @inline(__always)
    func parent(of id: Int32) -> Int32 {
        let i = Int(id)
        return parents[i >> Self.pageBits][i & (Self.pageSize - 1)]
    }

    @inline(__always)
    func step(of id: Int32) -> UInt8 {
        let i = Int(id)
        return steps[i >> Self.pageBits][i & (Self.pageSize - 1)]
    }

    /// The steps from the start state to `id`.
    func path(to id: Int32) -> [Int] {
        var path: [Int] = []
        var node = id
        while node > 0 {
            path.append(Int(step(of: node)))
            node = parent(of: node)
        }
        return path.reversed()
    }
}
