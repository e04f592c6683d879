/// Where rendered text goes, a byte at a time or a run at a time: a byte
/// array, or an output buffer that writes straight into its memory.
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
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
    /// without making a String. Up to eight digits are gathered in one word
    /// (divisions by the constant 10 are multiplications) and written out
    /// most significant first; longer numbers take a second pass for the rest.
    @inlinable
    public mutating func appendDecimal(_ value: Int, width: Int = 0) {
        var magnitude = value.magnitude
        // Low eight digits in `low` (the units in the top byte used), the rest in `high`.
        var low: UInt64 = 0
        var lowCount = 0
        repeat {
            low = low &<< 8 | UInt64(48 + magnitude % 10)
            magnitude /= 10
            lowCount += 1
        } while magnitude > 0 && lowCount < 8
        var high: UInt64 = 0
        var highCount = 0
        var highest: UInt64 = 0
        var highestCount = 0
        while magnitude > 0 {
            if highCount < 8 {
                high = high &<< 8 | UInt64(48 + magnitude % 10)
                highCount += 1
            } else {
                highest = highest &<< 8 | UInt64(48 + magnitude % 10)
                highestCount += 1
            }
            magnitude /= 10
        }
        let length = lowCount + highCount + highestCount + (value < 0 ? 1 : 0)
        if width > length { for _ in 0..<(width - length) { append(32) } }
        if value < 0 { append(UInt8(ascii: "-")) }
        // Each word holds its most significant digit in its lowest byte.
        for i in 0..<highestCount { append(UInt8(truncatingIfNeeded: highest &>> UInt64(8 * i))) }
        for i in 0..<highCount { append(UInt8(truncatingIfNeeded: high &>> UInt64(8 * i))) }
        for i in 0..<lowCount { append(UInt8(truncatingIfNeeded: low &>> UInt64(8 * i))) }
    }
}
