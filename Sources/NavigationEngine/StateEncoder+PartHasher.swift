// The hasher the fingerprint mixes its words into (StateEncoder.swift).

/// The words of a fingerprint or of a part hashed on its own, mixed into a
/// local variable (in registers, once inlined): an encoder's field, the
/// encoder being `inout`, was stored back to memory after every word. A
/// word is one multiplication (`put(_:)`); `put(_:_:)` mixes two words with
/// one (as wyhash takes 16 bytes).
struct PartHasher {
    private var h: UInt64

    /// A part's hasher (a controller, a string, an entry of a container).
    @inline(__always)
    init(seed: UInt64 = 0x2d35_8dcc_aa6c_78a5) { h = seed }

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

    @inline(__always)
    mutating func put(_ a: Int, _ b: Int) { put(UInt64(bitPattern: Int64(a)), UInt64(bitPattern: Int64(b))) }

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
    mutating func put(_ names: [ScreenName]) {
        for name in names { put(name) }
    }

    /// `lead`, then the names, two words to a multiplication (`put(_:_:)`):
    /// `lead` with the first name when they are odd, alone when they are
    /// even, then the others in pairs (`put(pair:_:)`), so a stack costs
    /// half a multiplication a name and its class's name hash shares one.
    /// Each name is the word `put(_ name:)` gives it, its ordinal after the
    /// pair when it is marked; the count, mixed before, tells how the words
    /// are paired.
    @inline(__always)
    mutating func put(_ lead: UInt64, names: [ScreenName]) {
        let count = names.count
        guard count > 0 else {
            put(lead)
            return
        }
        // Every name taken as fitting, its ordinal or'ed into `ordinals`, and
        // all mixed again the marking way (`markedNames`) when one did not
        // fit: one test a list rather than one a pair.
        let start = self
        var ordinals: UInt64 = 0
        var i = count & 1
        if i == 1 {
            ordinals = UInt64(bitPattern: Int64(names[0].ordinal))
            put(lead, Self.word(names[0]))
        } else {
            put(lead)
        }
        while i < count {
            ordinals |= UInt64(bitPattern: Int64(names[i].ordinal)) | UInt64(bitPattern: Int64(names[i + 1].ordinal))
            put(Self.word(names[i]), Self.word(names[i + 1]))
            i += 2
        }
        if ordinals >= 0xFFFF_FFFF { self = Self.markedNames(start, lead, names) }
    }

    /// A name's word when its ordinal fits (`put(_ name:)`).
    @inline(__always)
    static func word(_ name: ScreenName) -> UInt64 {
        UInt64(name.cls.id) << 32 | UInt64(bitPattern: Int64(name.ordinal))
    }

    /// `put(_:names:)` into `m`, each pair tested (`put(pair:_:)`): when an
    /// ordinal does not fit, out of line and by value.
    @inline(never)
    static func markedNames(_ m: PartHasher, _ lead: UInt64, _ names: [ScreenName]) -> PartHasher {
        var m = m
        var i = names.count & 1
        if i == 1 { m.put(lead, names[0]) } else { m.put(lead) }
        while i < names.count {
            m.put(pair: names[i], names[i + 1])
            i += 2
        }
        return m
    }

    /// Two names, each as `put(_ name:)` words it, in one multiplication;
    /// a marked name's ordinal follows the pair (`putMarked`).
    @inline(__always)
    mutating func put(pair a: ScreenName, _ b: ScreenName) {
        // Both ordinals below the mark (the or of two is at least each): one test.
        if UInt64(bitPattern: Int64(a.ordinal)) | UInt64(bitPattern: Int64(b.ordinal)) < 0xFFFF_FFFF {
            put(Self.word(a), Self.word(b))
        } else {
            self = Self.marked(self, a, b)
        }
    }

    /// `put(pair:_:)` into `m` when an ordinal may not fit: out of line, as it
    /// never runs in practice, and by value (`inout`, it kept the hasher in
    /// memory through the whole stack's loop).
    @inline(never)
    static func marked(_ m: PartHasher, _ a: ScreenName, _ b: ScreenName) -> PartHasher {
        var m = m
        let fitsA = a.ordinal >= 0 && a.ordinal < 0xFFFF_FFFF
        let fitsB = b.ordinal >= 0 && b.ordinal < 0xFFFF_FFFF
        m.put(
            UInt64(a.cls.id) << 32 | (fitsA ? UInt64(a.ordinal) : 0xFFFF_FFFF),
            UInt64(b.cls.id) << 32 | (fitsB ? UInt64(b.ordinal) : 0xFFFF_FFFF))
        if !fitsA { m.put(a.ordinal) }
        if !fitsB { m.put(b.ordinal) }
        return m
    }

    /// The bytes' count, then the bytes eight to a word, the first byte
    /// lowest, the last word padded with zeros.
    mutating func put(utf8 bytes: String.UTF8View) {
        put(bytes.count)
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                put(word)
                word = 0
                shift = 0
            }
        }
        if shift != 0 { put(word) }
    }

    var value: UInt64 {
        @inline(__always) get { StateEncoder.mum(h, 0x8ebc_6af0_9c88_c6e3) }
    }
}
