import NavigationEngine

/// The bytes waiting to go to stdout, rendered straight into memory.
///
/// An array's `append` checks uniqueness and capacity for every byte or run
/// it adds; here the storage is sized ahead (`capacity` plus room for a line)
/// and a line is rendered through a pointer with one bounds check per write.
/// A line that does not fit the room left (a very long text event) is
/// rendered into an array first and then copied in, growing the storage.
public struct OutputBuffer {
    /// Room kept past `capacity`, so a usual line always fits.
    static let slack = 4096
    /// The writer flushes once `count` reaches this.
    public let capacity: Int
    private var storage: [UInt8]
    public private(set) var count = 0

    public init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        storage = Array(repeating: 0, count: capacity + Self.slack)
    }

    public var isEmpty: Bool { count == 0 }

    /// One event as a text line (`[  350ms] text`), with its newline.
    public mutating func appendLine(_ event: Event, names: ClassNames) {
        append(event, as: .text, names: names)
    }

    /// One event as a JSON object, with a newline.
    public mutating func appendJSONLine(_ event: Event, seq: Int, names: ClassNames) {
        append(event, as: .json(seq: seq), names: names)
    }

    private enum Form {
        case text
        case json(seq: Int)
    }

    /// The event's line and its newline, in either form, into any sink.
    private static func render<Sink: ByteSink>(_ event: Event, as form: Form, names: ClassNames, into out: inout Sink) {
        switch form {
        case .text:
            EventRenderer.appendLine(event, names: names, to: &out)
        case .json(let seq):
            EventRenderer.appendJSON(event, seq: seq, names: names, to: &out)
            out.append(10)
        }
    }

    private mutating func append(_ event: Event, as form: Form, names: ClassNames) {
        let start = count
        let end: Int? = storage.withUnsafeMutableBufferPointer { base in
            var writer = PointerSink(base: base, count: start)
            Self.render(event, as: form, names: names, into: &writer)
            return writer.overflowed ? nil : writer.count
        }
        if let end {
            count = end
        } else {
            var bytes: [UInt8] = []
            Self.render(event, as: form, names: names, into: &bytes)
            append(bytes)
        }
    }

    /// A line of text and its newline.
    public mutating func appendLine(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(10)
        append(bytes)
    }

    private mutating func append(_ bytes: [UInt8]) {
        if count + bytes.count > storage.count {
            storage.append(contentsOf: repeatElement(0, count: count + bytes.count - storage.count))
        }
        storage.replaceSubrange(count..<(count + bytes.count), with: bytes)
        count += bytes.count
    }

    /// The pending bytes.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Forgets the pending bytes (after writing them), keeping the memory; a
    /// storage grown for one very long line goes back to its usual size.
    public mutating func removeAll() {
        count = 0
        if storage.count > capacity + Self.slack {
            storage.removeLast(storage.count - (capacity + Self.slack))
        }
    }
}

/// Writes through a buffer pointer; on running out of room it stops writing
/// and remembers that it overflowed (the caller renders the line again).
struct PointerSink: ByteSink {
    let base: UnsafeMutableBufferPointer<UInt8>
    var count: Int
    var overflowed = false

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < base.count else {
            overflowed = true
            return
        }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= base.count - count else {
            overflowed = true
            return
        }
        guard let source = bytes.baseAddress, let target = base.baseAddress else { return }
        (target + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The digits go straight into place, counted first (by comparisons, no
    /// division), then written backwards two at a time from a table of pairs.
    @inline(__always)
    mutating func appendDecimal(_ value: Int, width: Int) {
        let magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20, magnitude >= power {
            digits &+= 1
            power = power &* 10
        }
        let length = digits &+ (value < 0 ? 1 : 0)
        let total = Swift.max(width, length)
        guard total <= base.count &- count else {
            overflowed = true
            return
        }
        guard let target = base.baseAddress else { return }
        var at = target + count
        for _ in 0..<(total &- length) {
            at.pointee = 32
            at += 1
        }
        if value < 0 {
            at.pointee = UInt8(ascii: "-")
            at += 1
        }
        var end = at + digits
        var rest = magnitude
        let table = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            end -= 2
            end[0] = table[pair]
            end[1] = table[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            end -= 2
            end[0] = table[pair]
            end[1] = table[pair &+ 1]
        } else {
            end -= 1
            end[0] = 48 &+ UInt8(truncatingIfNeeded: rest)
        }
        count &+= total
    }

    /// "00", "01", ... "99": the two digits of `n` at offset `2 * n`.
    static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940\
        4142434445464748495051525354555657585960616263646566676869707172737475767778798081\
        828384858687888990919293949596979899
        """
}
