// The fingerprint of a state: a hash of its words (StateCodec.swift).

extension StateCodec {
    /// The 64-bit fingerprint of `model`, a canonical state with the codec's
    /// declarations: a hash of its words (`encode(_:)`), so two states have
    /// the same fingerprint when their words are the same, and different
    /// ones, when they are not, but for a 64-bit collision (whose chance the
    /// explorer reports).
    ///
    /// The hash is wyhash's construction: two words to a 64x64->128-bit
    /// multiplication (`WordStream`), as the words are made: none is stored. Every codec gives a state the
    /// same fingerprint (a text's, a delegate's and a class's word is a hash
    /// of its content, not a number in the order a codec met it), so the
    /// workers of one search, each with its codec, share one seen-set.
    public mutating func fingerprint(of model: inout NavigationModel) -> UInt64 {
        var stream = WordStream()
        encode(model, into: &stream)
        return stream.value
    }

    /// The hash `fingerprint(of:)` gives a state's words.
    static func hash(_ words: [UInt64]) -> UInt64 {
        var stream = WordStream()
        for word in words { stream.put(word) }
        return stream.value
    }

    /// A text's word: the hash of its UTF-8 bytes (`WordHasher.put(utf8:)`).
    static func word(ofText text: String) -> UInt64 {
        var h = WordHasher()
        h.put(utf8: text.utf8)
        return h.value
    }

    /// A controller class's word: its name's word and its features.
    static func word(ofClass cls: ControllerClass) -> UInt64 {
        var h = WordHasher()
        h.put(word(ofText: cls.name), UInt64(cls.features.rawValue))
        return h.value
    }

    /// An outside delegate's word: its name's word and the methods it implements.
    static func word(ofDelegate outside: OutsideDelegate) -> UInt64 {
        var h = WordHasher()
        h.put(word(ofText: outside.name), outside.methodMask)
        return h.value
    }
}

extension OutsideDelegate {
    /// The methods as a mask of bits, 1 << each method's place in
    /// `DelegateMethod.allCases`.
    var methodMask: UInt64 {
        var mask: UInt64 = 0
        for (place, method) in DelegateMethod.allCases.enumerated() where methods.contains(method) {
            mask |= 1 << UInt64(place)
        }
        return mask
    }
}

/// The values a state's words name by a word of their own: a codec's texts,
/// outside delegates and controller classes. A value's word is a hash of its
/// content, the same in every codec; the table keeps the values met, to
/// decode, and the few met last with their words, so that a value met again
/// (a controller's class, in every state) is not hashed again.
struct ValueWords<Value: Hashable> {
    private var values: [UInt64: Value] = [:]
    private var recent: [(value: Value, word: UInt64)] = []
    private var nextRecent = 0
    /// Values met whose word another value had already.
    private(set) var collisions = 0
    private static var recentCount: Int { 4 }

    /// `value`'s word, `word(value)`, the value kept under it.
    ///
    /// Two values with one word make states that differ only in them one
    /// state, as two states with one fingerprint are: a 64-bit collision
    /// among the handful of texts, delegates and classes a search meets. The
    /// first value keeps the word (decoding gives it), and `collisions`
    /// counts the others (StateCodecTests expects none).
    mutating func word(of value: Value, _ word: (Value) -> UInt64) -> UInt64 {
        for entry in recent where entry.value == value { return entry.word }
        let w = word(value)
        if let known = values[w] {
            if known != value { collisions += 1 }
        } else {
            values[w] = value
        }
        if recent.count < Self.recentCount {
            recent.append((value, w))
        } else {
            recent[nextRecent] = (value, w)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return w
    }

    /// The value whose word is `word`, nil when none met has it.
    func value(_ word: UInt64) -> Value? { values[word] }
}

/// The hash of a stream of words (`StateCodec.fingerprint(of:)`): each pair
/// of words mixed with one multiplication, the last word alone when they
/// are odd. No count is mixed in: a state's words say where each part ends,
/// so no state's words begin another's.
struct WordStream: WordSink {
    private var hasher = WordHasher(seed: 0xa076_1d64_78bd_642f)
    private var first: UInt64 = 0
    private var holding = false

    mutating func put(_ word: UInt64) {
        if holding {
            hasher.put(first, word)
        } else {
            first = word
        }
        holding.toggle()
    }

    var value: UInt64 {
        var h = hasher
        if holding { h.put(first) }
        return h.value
    }
}
