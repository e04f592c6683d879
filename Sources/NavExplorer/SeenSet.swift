import CPrefetch

/// The states seen so far, as 64-bit fingerprints in open-addressing tables.
///
/// Eight bytes a slot, at most three quarters full (linear probing on
/// fingerprints, which are uniform). The fingerprints are spread over
/// `shardCount` tables by their top bits, each growing on its own, so a
/// growth copies a sixty-fourth of the set and never holds two whole tables
/// at once.
///
/// One thread at a time inserts (the explorer's commit order, `Chunks`),
/// while the others may look up: a slot is read and written as a relaxed
/// atomic word, and a table is published whole (its mask in the word before
/// its first slot) by a release store of its address. A look-up that races
/// with an insertion may miss the new fingerprint, never find one that is not
/// there. A table a growth replaces while others may still read it is kept
/// until `freeRetired()` (`retiresTables`); otherwise it is freed at once.
final class SeenSet: @unchecked Sendable {
    static let shardBits = 6
    static let shardCount = 1 << shardBits

    /// Per shard: its slots (the word before them holds the mask, which
    /// gives the capacity, a power of two) and its count. Plain memory, not
    /// arrays, so that a look-up reads the table's address with one load.
    private let tables: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    private let counts: UnsafeMutablePointer<Int>
    /// Per shard: the count at which an insertion grows it first, six
    /// eighths of its capacity, or seven while `retiresTables`. Kept with
    /// the table (`setLimit`), so that an insertion compares two words.
    private let limits: UnsafeMutablePointer<Int>
    /// Whether a table a growth replaces is kept until `freeRetired()`
    /// (while other threads may be reading it), and those kept. Written by
    /// the inserting thread only. Meanwhile a shard grows only past seven
    /// eighths full, and `growFull()` after brings it back under three
    /// quarters: the shards fill at one pace, and few replaced tables are
    /// kept to a batch's end; growing them before a batch for the states it
    /// might add would double tables a search never fills.
    var retiresTables = false {
        didSet { if retiresTables != oldValue { for s in 0..<Self.shardCount { setLimit(s) } } }
    }
    private var retired: [UnsafeMutablePointer<UInt64>] = []

    init(capacityPerShard: Int = 1 << 10) {
        tables = .allocate(capacity: Self.shardCount)
        counts = .allocate(capacity: Self.shardCount)
        for s in 0..<Self.shardCount { (tables + s).initialize(to: Self.makeTable(capacity: capacityPerShard)) }
        counts.initialize(repeating: 0, count: Self.shardCount)
        limits = .allocate(capacity: Self.shardCount)
        limits.initialize(repeating: 0, count: Self.shardCount)
        for s in 0..<Self.shardCount { setLimit(s) }
    }

    /// Sets shard `s`'s `limits` entry from its capacity and `retiresTables`:
    /// the least count `c` with `(c + 1) * 8 > capacity * (7 or 6)`.
    private func setLimit(_ s: Int) { limits[s] = capacity(s) * (retiresTables ? 7 : 6) / 8 }

    deinit {
        freeRetired()
        for s in 0..<Self.shardCount { Self.free(tables[s]!) }
        tables.deallocate()
        counts.deallocate()
        limits.deallocate()
    }

    /// Empty slots for `capacity` fingerprints, after a word holding the mask.
    private static func makeTable(capacity: Int) -> UnsafeMutablePointer<UInt64> {
        let block = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity + 1)
        block.initialize(to: UInt64(capacity - 1))
        (block + 1).initialize(repeating: 0, count: capacity)
        return block + 1
    }

    private static func free(_ table: UnsafeMutablePointer<UInt64>) { (table - 1).deallocate() }

    /// Frees the tables growths replaced since the last call (every reader done with them).
    func freeRetired() {
        for table in retired { Self.free(table) }
        retired.removeAll()
    }

    /// Fingerprints held.
    var count: Int { (0..<Self.shardCount).reduce(0) { $0 + counts[$1] } }

    /// Bytes held by the tables.
    var bytes: Int { (0..<Self.shardCount).reduce(0) { $0 + capacity($1) } * 8 }

    /// A shard's capacity, a power of two: its mask, kept before its slots, plus one.
    @inline(__always) private func capacity(_ s: Int) -> Int {
        Int(truncatingIfNeeded: tables[s].unsafelyUnwrapped[-1]) + 1
    }

    /// 0 marks an empty slot, so no fingerprint is 0.
    @inline(__always)
    static func key(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    /// The shard a fingerprint lives in.
    @inline(__always)
    static func shard(of fingerprint: UInt64) -> Int {
        Int(truncatingIfNeeded: key(fingerprint) >> UInt64(64 - shardBits))
    }

    /// A shard's current table, as published.
    @inline(__always)
    private func table(_ s: Int) -> UnsafeMutablePointer<UInt64> {
        navsh_load_acquire_table(tables + s).unsafelyUnwrapped
    }

    /// Where a key's probe starts in a table.
    @inline(__always)
    private static func home(_ key: UInt64, in table: UnsafeMutablePointer<UInt64>) -> Int {
        Int(truncatingIfNeeded: key & table[-1])
    }

    /// Starts loading the slot where `fingerprint` would be found, so that
    /// `contains` or `insert` a little later does not wait for memory: a
    /// search's seen-set is far larger than the caches, and a look-up that
    /// waits for its line cost about a tenth of a one-job search's time.
    @inline(__always)
    func prefetch(_ fingerprint: UInt64) {
        let key = Self.key(fingerprint)
        let table = table(Self.shard(of: key))
        navsh_prefetch(table + Self.home(key, in: table))
    }

    func contains(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        let table = table(Self.shard(of: key))
        let mask = Int(truncatingIfNeeded: table[-1])
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = navsh_load_relaxed(table + i)
            if slot == key { return true }
            if slot == 0 { return false }
            i = (i + 1) & mask
        }
    }

    /// Adds the fingerprint; false when it was there already. One thread
    /// at a time (others may look up meanwhile).
    func insert(_ fingerprint: UInt64) -> Bool {
        let key = Self.key(fingerprint)
        let s = Self.shard(of: key)
        if counts[s] >= limits[s] { grow(s) }
        let table = tables[s].unsafelyUnwrapped
        let mask = Int(truncatingIfNeeded: table[-1])
        var i = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = table[i]
            if slot == key { return false }
            if slot == 0 {
                navsh_store_relaxed(table + i, key)
                counts[s] += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Whether shard `s` is filled past three quarters (`growFull`).
    @inline(__always) private func isFull(_ s: Int) -> Bool { counts[s] * 4 > capacity(s) * 3 }

    /// Whether a shard is filled past three quarters (`growFull`).
    var hasFullShard: Bool { (0..<Self.shardCount).contains(where: isFull) }

    /// Grows every shard filled past three quarters (`retiresTables`), of
    /// those whose index is `part` modulo `parts`: threads that each take a
    /// part grow the set together. Only while no thread inserts or looks up.
    func growFull(part: Int = 0, of parts: Int = 1) {
        precondition(!retiresTables)
        for s in stride(from: part, to: Self.shardCount, by: parts) where isFull(s) { grow(s) }
    }

    private func grow(_ s: Int) {
        let old = tables[s].unsafelyUnwrapped
        let oldCapacity = capacity(s)
        let capacity = oldCapacity * 2
        let table = Self.makeTable(capacity: capacity)
        let mask = capacity - 1
        for j in 0..<oldCapacity where old[j] != 0 {
            var i = Int(truncatingIfNeeded: old[j]) & mask
            while table[i] != 0 { i = (i + 1) & mask }
            table[i] = old[j]
        }
        navsh_store_release_table(tables + s, table)
        setLimit(s)
        if retiresTables { retired.append(old) } else { Self.free(old) }
    }
}

/// Each stored state's parent and the step that reached it, by state id (the
/// start state is 0), in pages that are never moved, listed in a directory
/// that is never moved either: 5 bytes a state, and growing copies nothing.
/// Appended to by one thread at a time (the one committing a chunk, in the
/// chunks' order: `Chunks`) while the workers read the links of earlier
/// levels: an append writes only past `count`, and a new page's entry in
/// the directory is an entry no reader looks at yet.
final class ParentLinks: @unchecked Sendable {
    static let pageBits = 16
    static let pageSize = 1 << pageBits
    /// Pages the directory holds: state ids are 32-bit, and a search cut at
    /// `--max-states` may still append the rest of its batch.
    static let maxPages = (1 << (31 - pageBits)) + 1024

    // (Pointers, not arrays in `var`s: the directory must not move while
    // others read it, and a look-up makes no exclusivity check.)
    private let parents: UnsafeMutablePointer<UnsafeMutablePointer<Int32>>
    private let steps: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    /// The count, in a cache line of its own: written on every append while
    /// the other threads read `parents` and `steps` on every look-up, it
    /// would take their line from them each time.
    private let counter: UnsafeMutablePointer<Int>

    /// Links held.
    var count: Int { counter.pointee }

    init() {
        // Pages of the directories are touched only as pages are added.
        parents = .allocate(capacity: Self.maxPages)
        steps = .allocate(capacity: Self.maxPages)
        counter = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64).bindMemory(to: Int.self, capacity: 1)
        counter.initialize(to: 0)
        append(parent: -1, step: 0)
    }

    deinit {
        let pages = (count + Self.pageSize - 1) >> Self.pageBits
        for p in 0..<pages {
            parents[p].deallocate()
            steps[p].deallocate()
        }
        parents.deallocate()
        steps.deallocate()
        UnsafeMutableRawPointer(counter).deallocate()
    }

    func append(parent: Int32, step: UInt8) {
        let count = counter.pointee
        let offset = count & (Self.pageSize - 1)
        let page = count >> Self.pageBits
        if offset == 0 {
            precondition(page < Self.maxPages, "more states than 32-bit ids can name")
            (parents + page).initialize(to: .allocate(capacity: Self.pageSize))
            (steps + page).initialize(to: .allocate(capacity: Self.pageSize))
        }
        parents[page][offset] = parent
        steps[page][offset] = step
        counter.pointee = count + 1
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
