// The hash a state's words are mixed into (StateCodec+Fingerprint.swift).

/// wyhash's construction over 64-bit words: a word, or a pair of words, to
/// one 64x64->128-bit multiplication, the two halves of the product xored.
/// Held in a local variable (in registers, once inlined).
struct WordHasher {
    private var h: UInt64

    init(seed: UInt64 = 0x2d35_8dcc_aa6c_78a5) { h = seed }

    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    mutating func put(_ word: UInt64) {
        h = Self.mum(h ^ word, 0xe703_7ed1_a0b4_28db)
    }

    mutating func put(_ a: UInt64, _ b: UInt64) {
        h = Self.mum(h ^ a, b ^ 0x5899_65cc_7537_4cc3)
    }

    /// The bytes' count, then the bytes eight to a word, the first byte
    /// lowest, the last word padded with zeros.
    mutating func put(utf8 bytes: String.UTF8View) {
        put(UInt64(bytes.count))
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

    var value: UInt64 { Self.mum(h, 0x8ebc_6af0_9c88_c6e3) }
}
