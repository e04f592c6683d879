// A strict JSON checker for the fuzz harness: every line navsh prints under
// --json must be one JSON object.

/// A strict JSON checker (RFC 8259), enough to validate renderer output.
enum JSONCheck {
    static func isObject(_ text: String) -> Bool {
        var parser = Scanner(bytes: Array(text.utf8))
        parser.skipSpace()
        guard parser.peek == 123, parser.value(depth: 0) else { return false }
        parser.skipSpace()
        return parser.i == parser.bytes.count
    }

    struct Scanner {
        var bytes: [UInt8]
        var i = 0
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let b = peek, b == 32 || b == 9 || b == 10 || b == 13 { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            for b in word.utf8 {
                guard peek == b else { return false }
                i += 1
            }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < 64 else { return false }
            skipSpace()
            guard let b = peek else { return false }
            switch b {
            case 123: // {
                i += 1
                skipSpace()
                if peek == 125 {
                    i += 1
                    return true
                }
                while true {
                    skipSpace()
                    guard peek == 34, string() else { return false }
                    skipSpace()
                    guard peek == 58 else { return false }
                    i += 1
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    if peek == 44 {
                        i += 1
                        continue
                    }
                    if peek == 125 {
                        i += 1
                        return true
                    }
                    return false
                }
            case 91: // [
                i += 1
                skipSpace()
                if peek == 93 {
                    i += 1
                    return true
                }
                while true {
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    if peek == 44 {
                        i += 1
                        continue
                    }
                    if peek == 93 {
                        i += 1
                        return true
                    }
                    return false
                }
            case 34: return string()
            case 116: return literal("true")
            case 102: return literal("false")
            case 110: return literal("null")
            default: return number()
            }
        }

        mutating func string() -> Bool {
            guard peek == 34 else { return false }
            i += 1
            while let b = peek {
                i += 1
                if b == 34 { return true }
                if b < 32 { return false }
                if b == 92 {
                    guard let e = peek else { return false }
                    i += 1
                    switch e {
                    case 34, 92, 47, 98, 102, 110, 114, 116: continue
                    case 117:
                        for _ in 0..<4 {
                            guard let h = peek, (48...57).contains(h) || (97...102).contains(h) || (65...70).contains(h)
                            else { return false }
                            i += 1
                        }
                    default: return false
                    }
                }
            }
            return false
        }

        mutating func number() -> Bool {
            let start = i
            if peek == 45 { i += 1 }
            guard let first = peek, (48...57).contains(first) else { return false }
            if first == 48 { i += 1 } else { while let d = peek, (48...57).contains(d) { i += 1 } }
            if peek == 46 {
                i += 1
                guard let d = peek, (48...57).contains(d) else { return false }
                while let d = peek, (48...57).contains(d) { i += 1 }
            }
            if peek == 101 || peek == 69 {
                i += 1
                if peek == 43 || peek == 45 { i += 1 }
                guard let d = peek, (48...57).contains(d) else { return false }
                while let d = peek, (48...57).contains(d) { i += 1 }
            }
            return i > start
        }
    }
}
