import NavScript
import NavigationEngine

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

/// The digest of what decides a search (explorer.md section 6): FNV-1a
/// (64 bits) over each field's length and bytes, so that two lists of
/// fields that differ anywhere, or only in where one field ends, differ.
/// It tells shards of different searches apart; it is no signature (a file
/// edited by hand can carry a digest recomputed to match).
public struct SearchDigest: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ field: String) {
        var length = UInt64(field.utf8.count)
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        for byte in field.utf8 { add(byte: byte) }
    }

    public mutating func add(bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte: byte) }
    }

    mutating func add(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension ExploreShard {
    /// The line a counterexample of the built-in `property` ends with (nil:
    /// `exceptions`, which the step itself raises), as
    /// `Explorer.counterexample(_:breaking:)` writes it.
    public static func expectLine(for property: BuiltinProperty) -> String? {
        switch property {
        case .exceptions: nil
        case .responsive: "expect responsive"
        case .bar: "expect bar intact"
        case .gates: "expect gates held"
        case .confirmations: "expect confirmations held"
        }
    }

    /// A counterexample's script from its step lines, as `Violation.script`
    /// writes it: what `navsh explore --merge` prints, rebuilt from the steps
    /// rather than taken from a shard's file.
    public static func script(lines: [String], expectLine: String?, sources: [String], profile: Profile?) -> String {
        Violation(
            property: .builtin(.exceptions), name: "", explanation: "", steps: [], lines: lines,
            expectLine: expectLine
        ).script(sources: sources, profile: profile)
    }
}
