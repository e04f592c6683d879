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

    /// The events of `log[range]` that `filter` passes, as text lines or JSON
    /// objects (the event at `range.lowerBound` numbered `firstSeq`), until
    /// the buffer holds `capacity` bytes or more. Returns the index of the
    /// first event not yet taken (`range.upperBound` when all were).
    ///
    /// One pass through the storage's pointer for all of them; the events are
    /// read in place in `log`. A text line's `[  350ms] ` is copied from the
    /// line before when the time is the same (a command's events share a few
    /// times), not written again digit by digit.
    public mutating func appendEvents(
        _ log: [Event], _ range: Range<Int>, firstSeq: Int, filter: EventFilter, json: Bool, names: ClassNames
    ) -> Int {
        let capacity = self.capacity
        let (next, end, tooLong) = storage.withUnsafeMutableBufferPointer {
            base -> (next: Int, end: Int, tooLong: Bool) in
            log.withUnsafeBufferPointer { events in
                var writer = PointerSink(base: base, count: count)
                var index = range.lowerBound
                // The last time prefix written in this pass: its time, where it starts, its length.
                var prefixTime = -1
                var prefixStart = 0
                var prefixLength = 0
                while index < range.upperBound, writer.count < capacity {
                    let event = events.baseAddress.unsafelyUnwrapped + index
                    guard filter.passes(event.pointee.category) else {
                        index &+= 1
                        continue
                    }
                    let start = writer.count
                    if json {
                        EventRenderer.appendJSON(
                            event.pointee, seq: firstSeq &+ (index &- range.lowerBound), names: names, to: &writer)
                        writer.append(10)
                    } else {
                        let time = event.pointee.time
                        if time == prefixTime {
                            writer.appendCopy(from: prefixStart, count: prefixLength)
                        } else {
                            writer.append(UInt8(ascii: "["))
                            writer.appendDecimal(time, width: 5)
                            writer.appendASCII("ms] ")
                            if !writer.overflowed {
                                prefixTime = time
                                prefixStart = start
                                prefixLength = writer.count &- start
                            }
                        }
                        // The frequent events' facts are read out of the log in place; the
                        // payload as a whole is copied only for the others (passing it
                        // copied it for every event).
                        switch event.pointee.payload {
                        case .lifecycle(let screen, let call):
                            EventRenderer.appendLifecycleWords(screen, call, names: names, to: &writer)
                        case .deinitialized(let screen):
                            EventRenderer.appendDeinitWords(screen, names: names, to: &writer)
                        case .navCall(.push(let screen, let animated)):
                            EventRenderer.appendPushWords(screen, animated: animated, names: names, to: &writer)
                        case .navCall(.pop(let animated)):
                            writer.appendASCII(EventRenderer.popWords(animated: animated))
                        default:
                            EventRenderer.appendWords(event.pointee.payload, names: names, to: &writer)
                        }
                        writer.append(10)
                    }
                    if writer.overflowed {
                        // Too long for the room left: rendered again below, through an array.
                        return (index, start, true)
                    }
                    index &+= 1
                }
                return (index, writer.count, false)
            }
        }
        count = end
        guard tooLong else { return next }
        append(log[next], as: json ? .json(seq: firstSeq &+ (next &- range.lowerBound)) : .text, names: names)
        return next &+ 1
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

    @inline(__always)
    mutating func appendClassName(_ name: ClassName, names: ClassNames) {
        let text = names.utf8(name)
        let length = text.count
        guard length <= base.count &- count, let target = base.baseAddress else {
            overflowed = true
            return
        }
        let copied: Void? = text.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress { (target + count).update(from: source, count: length) }
        }
        if copied == nil {
            for (offset, byte) in text.enumerated() { target[count &+ offset] = byte }
        }
        count &+= length
    }

    /// Appends a copy of `count` bytes written earlier, from `offset`.
    @inline(__always)
    mutating func appendCopy(from offset: Int, count length: Int) {
        guard length <= base.count &- count, let target = base.baseAddress else {
            overflowed = true
            return
        }
        (target + count).update(from: target + offset, count: length)
        count &+= length
    }

    /// The digits go straight into place, counted first (by comparisons, no
    /// division), then written backwards two at a time from a table of pairs.
    @inline(__always)
    mutating func appendDecimal(_ value: Int, width: Int) {
        let magnitude = value.magnitude
        let digits = Self.digitCount(magnitude)
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

    /// How many decimal digits `n` has: by comparisons, fewest for the small
    /// numbers an event line holds (times, ordinals, sequence numbers); a
    /// loop multiplying by ten took two steps a digit.
    @inline(__always)
    static func digitCount(_ n: UInt) -> Int {
        if n < 10_000 {
            return n < 100 ? (n < 10 ? 1 : 2) : (n < 1_000 ? 3 : 4)
        }
        if n < 100_000_000 {
            return n < 1_000_000 ? (n < 100_000 ? 5 : 6) : (n < 10_000_000 ? 7 : 8)
        }
        var digits = 9
        var power: UInt = 1_000_000_000
        while digits < 20, n >= power {
            digits &+= 1
            power = power &* 10
        }
        return digits
    }

    /// "00", "01", ... "99": the two digits of `n` at offset `2 * n`.
    static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940\
        4142434445464748495051525354555657585960616263646566676869707172737475767778798081\
        828384858687888990919293949596979899
        """
}
