import Testing

@testable import NavScript

/// The output buffer writes numbers in place (`PointerSink.appendDecimal`);
/// every other sink uses the generic writer. Both must agree with
/// `String(value)` padded on the left, at every length and sign.
@Suite("Decimal numbers written without a String")
struct DecimalTests {
    static let values: [Int] =
        [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 12_345, 99_999, 100_000, 1_234_567, 99_999_999, 100_000_000]
        + [123_456_789_012, 9_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, Int.min, Int.min + 1]
        + [-1, -9, -10, -99, -100, -12_345]

    func expected(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    @Test("the generic writer and the in-place writer match String(value)", arguments: [0, 1, 5, 12, 40])
    func matches(width: Int) {
        for value in Self.values {
            var bytes: [UInt8] = []
            bytes.appendDecimal(value, width: width)
            #expect(String(decoding: bytes, as: UTF8.self) == expected(value, width: width), "generic \(value)")

            var storage = [UInt8](repeating: 0, count: 64)
            let written = storage.withUnsafeMutableBufferPointer { base -> Int? in
                var sink = PointerSink(base: base, count: 3)
                sink.appendDecimal(value, width: width)
                return sink.overflowed ? nil : sink.count
            }
            #expect(written != nil, "in place \(value) fits")
            if let written {
                let text = String(decoding: storage[3..<written], as: UTF8.self)
                #expect(text == expected(value, width: width), "in place \(value)")
            }
        }
    }

    @Test("the digit count is right on both sides of every power of ten")
    func digitCounts() {
        var power: UInt = 1
        for _ in 0..<20 {
            for n in [power - 1, power, power + 1] where n > 0 || power == 1 {
                #expect(PointerSink.digitCount(n) == String(n).count, "\(n)")
            }
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        #expect(PointerSink.digitCount(0) == 1)
        #expect(PointerSink.digitCount(UInt.max) == String(UInt.max).count)
    }

    @Test("the in-place writer stops at the end of its room and says so")
    func overflow() {
        var storage = [UInt8](repeating: 0, count: 8)
        storage.withUnsafeMutableBufferPointer { base in
            var sink = PointerSink(base: base, count: 4)
            sink.appendDecimal(12_345, width: 0)
            #expect(sink.overflowed)
            #expect(sink.count == 4)
        }
        #expect(storage == [UInt8](repeating: 0, count: 8))
    }
}
