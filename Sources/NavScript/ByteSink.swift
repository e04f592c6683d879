import NavigationEngine

/// Where rendered text goes, a byte at a time or a run at a time: a byte
/// array, or an output buffer that writes straight into its memory.
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends a whole number in decimal, right-aligned in `width` columns.
    /// (A requirement, so the output buffer's sink writes digits in place.)
    mutating func appendDecimal(_ value: Int, width: Int)
    /// Appends a class name's UTF-8, lent or copied by the table.
    /// (A requirement, so the output buffer's sink copies it in place.)
    mutating func appendClassName(_ name: ClassName, names: ClassNames)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
    public mutating func appendClassName(_ name: ClassName, names: ClassNames) {
        let text = names.utf8(name)
        if text.withContiguousStorageIfAvailable({ appendBytes($0) }) == nil {
            Array(text).withUnsafeBufferPointer { appendBytes($0) }
        }
    }

    /// Appends a literal's bytes in one copy.
    @inlinable
    public mutating func appendASCII(_ literal: StaticString) {
        appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 in one copy.
    @inlinable
    public mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { appendBytes($0) }
    }

    /// Appends a whole number in decimal, right-aligned in `width` columns,
    /// without making a String: the digits are written backwards, two at a
    /// time from a table of digit pairs, into 32 bytes on the stack, padded
    /// there, and appended in one copy (a byte-at-a-time append checked the
    /// room for every digit and space).
    @inlinable
    public mutating func appendDecimal(_ value: Int) {
        appendDecimal(value, width: 0)
    }

    @inlinable
    public mutating func appendDecimal(_ value: Int, width: Int) {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let room = MemoryLayout.size(ofValue: buffer)
        let start = withUnsafeMutableBytes(of: &buffer) { raw -> Int in
            let pairs: StaticString = """
                0001020304050607080910111213141516171819202122232425262728293031323334353637383940\
                4142434445464748495051525354555657585960616263646566676869707172737475767778798081\
                828384858687888990919293949596979899
                """
            let table = pairs.utf8Start
            var i = room
            var magnitude = value.magnitude
            while magnitude >= 100 {
                let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
                magnitude /= 100
                i &-= 2
                raw[i] = table[pair]
                raw[i &+ 1] = table[pair &+ 1]
            }
            if magnitude >= 10 {
                let pair = Int(truncatingIfNeeded: magnitude) &* 2
                i &-= 2
                raw[i] = table[pair]
                raw[i &+ 1] = table[pair &+ 1]
            } else {
                i &-= 1
                raw[i] = 48 &+ UInt8(truncatingIfNeeded: magnitude)
            }
            if value < 0 {
                i &-= 1
                raw[i] = UInt8(ascii: "-")
            }
            let padded = room &- Swift.min(width, room)
            while i > padded {
                i &-= 1
                raw[i] = 32
            }
            return i
        }
        // Wider than the buffer (never in practice): the rest of the padding first.
        if width > room { for _ in 0..<(width - room) { append(32) } }
        withUnsafeBytes(of: &buffer) { raw in
            appendBytes(UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[start...]))
        }
    }
}
