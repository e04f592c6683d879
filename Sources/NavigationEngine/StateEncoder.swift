/// A 64-bit fingerprint of a model's state, for the explorer's seen-set
/// (explorer.md sections 3 and 5), computed as the state is walked, with no
/// encoding stored.
///
/// The walk visits every stored field that `==` compares (all but the
/// scratch space, which `==` ignores, and the class-name table, which it
/// compares only as one lineage: see `NameTable`), each variable-length part
/// preceded by its length and each optional or enum by a tag, and mixes each
/// word into the fingerprint as it goes (the wyhash construction: a 64x64->128
/// bit multiplication a word, or a pair of words in a controller's hash,
/// `PartHasher`; the number of words is not mixed in at the end:
/// each variable-length part is preceded by its length, so no state's words
/// are the start of another's). Containers `==` compares whatever their slot
/// order (the live screens, the per-class counters and traits) are mixed as
/// their count and the sum of their entries' own hashes, so no sort is needed.
/// Class names are mixed as their interned numbers, never as text; strings as
/// their UTF-8 bytes, eight to a word. The declarations no step can change
/// (the screens' traits) are hashed once and reused while the search's states
/// share them. Each controller is mixed in as its own hash, which its slot's
/// summary keeps from `canonicalize` until the slot is written (NavTable+Summary.swift),
/// so a step that leaves a controller alone does not hash it again; its
/// fields of a fixed size are packed into two words (`NavController.hash`); a
/// controller class's name is hashed once, when it is set (`ControllerClass.nameHash`).
///
/// Two `==` models have the same fingerprint; two models that are not `==`
/// have different ones but for a 64-bit collision, whose probability the
/// explorer reports.
public struct StateEncoder {
    private var h: UInt64 = 0
    /// The count and sum of the container begun last (`beginPairs`).
    private var pairCount: UInt64 = 0
    private var pairSum: UInt64 = 0
    /// The last traits hashed and their hash: traits come from declarations,
    /// which `explore` cannot list, so every state of a search shares one map.
    private var cachedTraits: ClassMap<ScreenTraits>?
    private var cachedTraitsHash: UInt64 = 0
    /// Strings hashed lately and their hashes (controller class and delegate names, tab names).
    private static let cachedStringCount = 4
    private var cachedStrings: [(text: String, hash: UInt64)] = []
    private var nextCachedString = 0
    /// False for an encoder made for one part (no cache to allocate).
    private var cachesStrings = true

    public init() {}

    init(cachingStrings: Bool) { cachesStrings = cachingStrings }

    /// The fingerprint of `model`.
    public mutating func fingerprint(of model: NavigationModel) -> UInt64 {
        h = 0xa076_1d64_78bd_642f
        model.encode(into: &self)
        return Self.mum(h, 0x8ebc_6af0_9c88_c6e3)
    }

    /// `fingerprint(of:)` of a model the caller holds in a variable it also
    /// steps (the explorer's): handed over by value, that model was copied
    /// whole (a memcpy of the model) before every call; in place, with
    /// `encode(into:)` and its parts inlined, it is read where it is.
    public mutating func fingerprint(of model: inout NavigationModel) -> UInt64 {
        h = 0xa076_1d64_78bd_642f
        model.encode(into: &self)
        return Self.mum(h, 0x8ebc_6af0_9c88_c6e3)
    }

    @inline(__always)
    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    /// The hash of one entry of an unordered container (a key unique in it, and its value).
    @inline(__always)
    static func entryHash(_ key: UInt64, _ value: UInt64) -> UInt64 {
        mum(mum(key ^ 0x5899_65cc_7537_4cc3, 0xe703_7ed1_a0b4_28db) ^ value, 0x1d8e_4e27_c47d_124f)
    }

    // MARK: - Writing

    @inline(__always)
    mutating func put(_ word: UInt64) {
        h = Self.mum(h ^ word, 0xe703_7ed1_a0b4_28db)
    }

    @inline(__always)
    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }

    @inline(__always)
    mutating func put(_ flag: Bool) { put(flag ? 1 as UInt64 : 0) }

    /// Booleans packed into one word, the first in bit 0.
    @inline(__always)
    mutating func put(flags a: Bool, _ b: Bool, _ c: Bool = false, _ d: Bool = false) {
        put((a ? 1 : 0) | (b ? 2 : 0) | (c ? 4 : 0) | (d ? 8 : 0) as UInt64)
    }

    /// A screen name in one word: the class number high, the ordinal low; an
    /// ordinal that does not fit 32 bits is marked and follows in a word of its own.
    @inline(__always)
    mutating func put(_ name: ScreenName) {
        if name.ordinal >= 0, name.ordinal < 0xFFFF_FFFF {
            put(UInt64(name.cls.id) << 32 | UInt64(name.ordinal))
        } else {
            put(UInt64(name.cls.id) << 32 | 0xFFFF_FFFF)
            put(name.ordinal)
        }
    }

    @inline(__always)
    mutating func put(_ name: ScreenName?) {
        if let name {
            put(1 as UInt64)
            put(name)
        } else {
            put(0 as UInt64)
        }
    }

    @inline(__always)
    mutating func put(_ names: [ScreenName]) {
        put(names.count)
        names.withUnsafeBufferPointer { names in
            for name in names { put(name) }
        }
    }

    @inline(__always)
    mutating func put(_ value: Int?) {
        if let value {
            put(1 as UInt64)
            put(value)
        } else {
            put(0 as UInt64)
        }
    }

    /// One word: the string's own hash (`stringHash`).
    mutating func put(_ text: String) { put(stringHash(text)) }

    /// The string's own hash (its length, then its UTF-8 bytes eight to a
    /// word, the last padded with zeros). A string `==` to one hashed lately
    /// reuses that one's hash: an outside delegate's name comes back in
    /// every state.
    mutating func stringHash(_ text: String) -> UInt64 {
        for entry in cachedStrings where entry.text == text { return entry.hash }
        let hash = Self.hash(of: text)
        if cachesStrings {
            if cachedStrings.count < Self.cachedStringCount {
                cachedStrings.append((text, hash))
            } else {
                cachedStrings[nextCachedString] = (text, hash)
                nextCachedString = (nextCachedString + 1) % Self.cachedStringCount
            }
        }
        return hash
    }

    /// The hash `put(_ text:)` mixes in for `text`.
    static func hash(of text: String) -> UInt64 {
        var e = StateEncoder(cachingStrings: false)
        return e.hashOfPart { e in
            let done = text.utf8.withContiguousStorageIfAvailable { e.put(utf8: $0) }
            if done == nil {
                var text = text
                text.withUTF8 { e.put(utf8: $0) }
            }
        }
    }

    fileprivate mutating func put(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        put(count)
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= count {
            put(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        guard i < count else { return }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            word |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        put(word)
    }

    mutating func put(_ text: String?) {
        if let text {
            put(1 as UInt64)
            put(text)
        } else {
            put(0 as UInt64)
        }
    }

    /// Starts an unordered container of pairs (a key unique in the container, one more word).
    @inline(__always)
    mutating func beginPairs() {
        pairCount = 0
        pairSum = 0
    }

    @inline(__always)
    mutating func appendPair(_ key: UInt64, _ value: UInt64) {
        pairSum &+= Self.entryHash(key, value)
        pairCount &+= 1
    }

    /// Adds `count` pairs whose `entryHash`es sum to `sum` (kept by the caller).
    @inline(__always)
    mutating func appendPairs(count: UInt64, sum: UInt64) {
        pairSum &+= sum
        pairCount &+= count
    }

    /// Adds an entry hashed by the caller to the container begun last.
    @inline(__always)
    mutating func appendEntry(hash: UInt64) {
        pairSum &+= hash
        pairCount &+= 1
    }

    /// Mixes in the container begun last: its count, then the sum of its entries' hashes.
    @inline(__always)
    mutating func endPairs() {
        put(pairCount)
        put(pairSum)
    }

    /// Mixes in the hash of `traits`, computed by `hash` unless they share
    /// storage with the last ones hashed.
    mutating func put(traits: ClassMap<ScreenTraits>, hash: (ClassMap<ScreenTraits>) -> UInt64) {
        if let cached = cachedTraits, cached.sharesStorage(with: traits) {
            put(cachedTraitsHash)
            return
        }
        let value = hash(traits)
        cachedTraits = traits
        cachedTraitsHash = value
        put(value)
    }

    /// The fingerprint of a part hashed on its own (a container's entry, the traits).
    mutating func hashOfPart(_ body: (inout StateEncoder) -> Void) -> UInt64 {
        let saved = h
        h = 0x2d35_8dcc_aa6c_78a5
        body(&self)
        let value = Self.mum(h, 0x8ebc_6af0_9c88_c6e3)
        h = saved
        return value
    }
}

/// The hash of a part taken on its own, in a local variable (a controller,
/// `NavController.hash`): `StateEncoder.put` mixes into the encoder's field,
/// which, the encoder being `inout`, was stored back to memory after every
/// word. The same mix a word, and `put(_:_:)` mixes two words with one
/// multiplication (as wyhash takes 16 bytes).
struct PartHasher {
    private var h: UInt64 = 0x2d35_8dcc_aa6c_78a5

    @inline(__always)
    mutating func put(_ word: UInt64) {
        h = StateEncoder.mum(h ^ word, 0xe703_7ed1_a0b4_28db)
    }

    @inline(__always)
    mutating func put(_ a: UInt64, _ b: UInt64) {
        h = StateEncoder.mum(h ^ a, b ^ 0x5899_65cc_7537_4cc3)
    }

    @inline(__always)
    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }

    /// A screen name as `StateEncoder.put(_:)` puts one: one word, or a marked
    /// word and the ordinal when it does not fit 32 bits.
    @inline(__always)
    mutating func put(_ name: ScreenName) {
        if name.ordinal >= 0, name.ordinal < 0xFFFF_FFFF {
            put(UInt64(name.cls.id) << 32 | UInt64(name.ordinal))
        } else {
            put(UInt64(name.cls.id) << 32 | 0xFFFF_FFFF)
            put(name.ordinal)
        }
    }

    /// `word`, then `name` as `put(_ name:)` puts it, the two in one multiplication.
    @inline(__always)
    mutating func put(_ word: UInt64, _ name: ScreenName) {
        if name.ordinal >= 0, name.ordinal < 0xFFFF_FFFF {
            put(word, UInt64(name.cls.id) << 32 | UInt64(name.ordinal))
        } else {
            put(word, UInt64(name.cls.id) << 32 | 0xFFFF_FFFF)
            put(name.ordinal)
        }
    }

    @inline(__always)
    mutating func put(_ names: UnsafeBufferPointer<ScreenName>) {
        for name in names { put(name) }
    }

    var value: UInt64 {
        @inline(__always) get { StateEncoder.mum(h, 0x8ebc_6af0_9c88_c6e3) }
    }
}
