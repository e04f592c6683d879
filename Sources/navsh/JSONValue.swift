/// Just enough JSON to read navsh's own --json lines back.
enum JSONValue {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var double: Double? { if case .number(let n) = self { n } else { nil } }
    var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9e15 else { return nil }
        return Int(n)
    }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    static func parse(_ text: String) -> JSONValue? {
        var p = Parser(bytes: Array(text.utf8))
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == p.bytes.count ? v : nil
    }

    struct Parser {
        var bytes: [UInt8]
        var i = 0
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() { while let b = peek, b == 32 || b == 9 || b == 13 || b == 10 { i += 1 } }

        mutating func literal(_ word: String, _ v: JSONValue) -> JSONValue? {
            for b in word.utf8 {
                guard peek == b else { return nil }
                i += 1
            }
            return v
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard let b = peek else { return nil }
            switch b {
            case UInt8(ascii: "{"):
                i += 1
                var object: [String: JSONValue] = [:]
                skipSpace()
                if peek == UInt8(ascii: "}") {
                    i += 1
                    return .object(object)
                }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    object[key] = v
                    skipSpace()
                    if peek == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if peek == UInt8(ascii: "}") {
                        i += 1
                        return .object(object)
                    }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var array: [JSONValue] = []
                skipSpace()
                if peek == UInt8(ascii: "]") {
                    i += 1
                    return .array(array)
                }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    array.append(v)
                    skipSpace()
                    if peek == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if peek == UInt8(ascii: "]") {
                        i += 1
                        return .array(array)
                    }
                    return nil
                }
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default:
                let start = i
                while let c = peek,
                    c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                        || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (48...57).contains(c)
                { i += 1 }
                guard i > start, let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
                return .number(n)
            }
        }

        mutating func string() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            i += 1
            var out: [UInt8] = []
            while let b = peek {
                i += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else {
                    out.append(b)
                    continue
                }
                guard let e = peek else { return nil }
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
                    else { return nil }
                    i += 4
                    var scalar = code
                    if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u"),
                        let low = UInt32(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16),
                        (0xDC00..<0xE000).contains(low)
                    {
                        i += 6
                        scalar = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
            }
            return nil
        }
    }
}
