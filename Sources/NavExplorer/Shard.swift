/// One shard of a search spread over processes or machines (explorer.md
/// section 6): the sequences whose first `prefixDepth` steps hash to
/// `index` (of `count`); the sequences shorter than that belong to shard 0.
/// Every sequence falls in exactly one shard, so the shortest counterexample
/// among the shards' results is the shortest overall.
public struct ExploreShard: Hashable, Sendable {
    public var index: Int
    public var count: Int
    public var prefixDepth: Int

    public init(index: Int, count: Int, prefixDepth: Int) {
        self.index = index
        self.count = count
        self.prefixDepth = prefixDepth
    }

    /// The shard a prefix of steps (indices in the explore list, the wait
    /// last) belongs to: FNV-1a over the step indices, the same in every
    /// process and on every machine (Swift's Hasher is seeded per process).
    public static func shard(ofPrefix steps: [Int], count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for step in steps {
            hash ^= UInt64(truncatingIfNeeded: step) & 0xff
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(max(1, count)))
    }

    /// Whether this shard explores the sequences that start with `prefix` (exactly `prefixDepth` steps).
    func owns(prefix: [Int]) -> Bool { Self.shard(ofPrefix: prefix, count: count) == index }

    /// Whether this shard reports a violation found after `length` steps by a sequence shorter than the prefix.
    func reportsShort(length: Int) -> Bool { length >= prefixDepth || index == 0 }
}
