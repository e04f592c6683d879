/// A compact canonical encoding of a model's state, and a 64-bit fingerprint
/// over it, for the explorer's seen-set (explorer.md sections 3 and 5).
///
/// The encoding walks every stored field that `==` compares (all but the
/// scratch space, which `==` ignores, and the class-name table, which it
/// compares only as one lineage: see `NameTable`), each variable-length part preceded by
/// its length and each optional or enum by a tag, so two models have equal
/// encodings exactly when they are `==`. Containers `==` compares whatever
/// their slot order (the live screens, the per-class counters and traits)
/// are written sorted by class number and ordinal. Class names are written
/// as their interned numbers, never as text. Strings are written as their
/// UTF-8 bytes: two strings that differ in bytes but are canonically
/// equivalent would make two states (never one state out of two).
///
/// The fingerprint mixes the words with 64x64->128-bit multiplications (the
/// wyhash construction): a few instructions a word, where Swift's `Hasher`
/// (SipHash) over the whole value cost more than a third of the search.
public struct StateEncoder {
    /// The words written so far: storage the encoder owns, reused from one model to the next.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt64>
        var capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }
        deinit { base.deallocate() }
    }
    private let storage = Storage(capacity: 256)
    /// Room for the pairs of one container, reused.
    private final class Pairs {
        var base = UnsafeMutablePointer<(key: UInt64, value: UInt64)>.allocate(capacity: 64)
        var capacity = 64
        deinit { base.deallocate() }
        func grow() {
            let bigger = UnsafeMutablePointer<(key: UInt64, value: UInt64)>.allocate(capacity: capacity * 2)
            bigger.update(from: base, count: capacity)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
    }
    private var count = 0
    /// Scratch for sorting the unordered containers (left sorted by the last `endPairs`).
    private let pairStorage = Pairs()
    private var pairCount = 0
    var sortedScreens: [Screen] = []
    /// The last traits encoded and their words: traits come from declarations,
    /// which `explore` cannot list, so every state of a search shares one map.
    private var cachedTraits: ClassMap<ScreenTraits>?
    private var cachedTraitWords: [UInt64] = []
    /// Strings met lately and their words (controller class and delegate names, tab names).
    private var cachedStrings: [(text: String, words: [UInt64])] = []
    private var nextCachedString = 0

    public init() {
        sortedScreens.reserveCapacity(64)
    }

    /// The last model's encoding.
    public var words: [UInt64] { Array(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// Replaces `words` by the encoding of `model`.
    public mutating func encode(_ model: NavigationModel) {
        count = 0
        model.encode(into: &self)
    }

    /// The 64-bit fingerprint of the last encoding.
    public var fingerprint: UInt64 { Self.fingerprint(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// Encodes `model` and returns its fingerprint.
    public mutating func fingerprint(of model: NavigationModel) -> UInt64 {
        encode(model)
        return fingerprint
    }

    public static func fingerprint(_ words: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var h: UInt64 = 0xa076_1d64_78bd_642f
        for word in words {
            h = mum(h ^ word, 0xe703_7ed1_a0b4_28db)
        }
        return mum(h ^ UInt64(truncatingIfNeeded: words.count), 0x8ebc_6af0_9c88_c6e3)
    }

    public static func fingerprint(_ words: [UInt64]) -> UInt64 {
        words.withUnsafeBufferPointer { fingerprint($0) }
    }

    @inline(__always)
    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    // MARK: - Writing

    /// Room for `n` more words.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > storage.capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        let capacity = max(needed, storage.capacity * 2)
        let base = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        base.update(from: storage.base, count: count)
        storage.base.deallocate()
        storage.base = base
        storage.capacity = capacity
    }

    @inline(__always)
    mutating func put(_ word: UInt64) {
        reserve(1)
        storage.base[count] = word
        count += 1
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
        for name in names { put(name) }
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

    mutating func put(words: [UInt64]) {
        reserve(words.count)
        words.withUnsafeBufferPointer { source in
            (storage.base + count).update(from: source.baseAddress!, count: source.count)
        }
        count += words.count
    }

    /// The length in bytes, then the UTF-8 bytes eight to a word (the last
    /// word padded with zeros). A string `==` to one met lately is written
    /// as that one was.
    mutating func put(_ text: String) {
        for entry in cachedStrings where entry.text == text {
            put(words: entry.words)
            return
        }
        let start = count
        var text = text
        text.withUTF8 { bytes in
            let n = (bytes.count + 7) / 8
            reserve(1 + n)
            storage.base[count] = UInt64(bytes.count)
            if n > 0 {
                storage.base[count + n] = 0
                UnsafeMutableRawPointer(storage.base + count + 1).copyMemory(
                    from: bytes.baseAddress!, byteCount: bytes.count)
            }
            count += 1 + n
        }
        let words = Array(UnsafeBufferPointer(start: storage.base + start, count: count - start))
        if cachedStrings.count < 8 {
            cachedStrings.append((text, words))
        } else {
            cachedStrings[nextCachedString] = (text, words)
            nextCachedString = (nextCachedString + 1) % 8
        }
    }

    mutating func put(_ text: String?) {
        if let text {
            put(1 as UInt64)
            put(text)
        } else {
            put(0 as UInt64)
        }
    }

    /// Starts a container of pairs (a key unique in the container, one more word).
    @inline(__always)
    mutating func beginPairs() { pairCount = 0 }

    @inline(__always)
    mutating func appendPair(_ key: UInt64, _ value: UInt64) {
        if pairCount == pairStorage.capacity { pairStorage.grow() }
        pairStorage.base[pairCount] = (key, value)
        pairCount += 1
    }

    /// The pairs of the last container, sorted by key (after `endPairs`).
    var pairs: UnsafeBufferPointer<(key: UInt64, value: UInt64)> {
        UnsafeBufferPointer(start: pairStorage.base, count: pairCount)
    }

    /// Writes the pairs begun last, sorted by key, after their count.
    mutating func endPairs() {
        let pairs = pairStorage.base
        let n = pairCount
        // Insertion sort: a state holds a handful of screens and classes.
        var i = 1
        while i < n {
            let item = pairs[i]
            var j = i
            while j > 0, pairs[j - 1].key > item.key {
                pairs[j] = pairs[j - 1]
                j -= 1
            }
            pairs[j] = item
            i += 1
        }
        reserve(1 + 2 * n)
        let out = storage.base + count
        out[0] = UInt64(n)
        for k in 0..<n {
            out[1 + 2 * k] = pairs[k].key
            out[2 + 2 * k] = pairs[k].value
        }
        count += 1 + 2 * n
    }

    /// Writes the traits again if they share storage with the last ones written.
    mutating func putCached(traits: ClassMap<ScreenTraits>) -> Bool {
        guard let cached = cachedTraits, cached.sharesStorage(with: traits) else { return false }
        put(words: cachedTraitWords)
        return true
    }

    /// Keeps the words written since `start` as the encoding of `traits`.
    mutating func cache(traits: ClassMap<ScreenTraits>, from start: Int) {
        cachedTraitWords = Array(UnsafeBufferPointer(start: storage.base + start, count: count - start))
        cachedTraits = traits
    }

    var position: Int { count }
}
