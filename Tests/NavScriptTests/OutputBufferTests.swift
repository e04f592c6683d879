import NavigationEngine
import Testing

@testable import NavScript

/// A command's events rendered in one pass (`appendEvents`) are the bytes the
/// one-event renderers give, line for line: the filter, the numbering, a time
/// prefix copied from the line before, a line too long for the room left, and
/// a stop once the buffer is full.
@Suite("Output buffer: a command's events in one pass")
struct OutputBufferTests {
    static func events(_ names: inout ClassNames) -> [Event] {
        let feed = ScreenName(cls: names.intern("Feed"), ordinal: 1)
        let detail = ScreenName(cls: names.intern("Detail"), ordinal: 12)
        let long = String(repeating: "a\"b\\c ", count: 1_200) // 7,200 bytes: more than the slack
        let payloads: [EventPayload] = [
            .navCall(.push(detail, animated: true)),
            .lifecycle(detail, .willMove(toNav: true)),
            .lifecycle(detail, .viewDidLoad),
            .note(.callDropped),
            .lifecycle(feed, .viewWillDisappear(true)),
            .alertShown(text: long, presenter: feed),
            .lifecycle(detail, .viewWillAppear(true)),
            .deinitialized(feed),
            .navCall(.setStack([feed, detail], animated: false)),
            .navCall(.pop(animated: false)),
        ]
        let times = [0, 0, 0, 350, 350, 350, 99_999, 100_000, 100_000, 123_456_789]
        return zip(times, payloads).map { Event(time: $0, payload: $1) }
    }

    /// What the one-event renderers say for `log[range]` under `filter`.
    static func expected(
        _ log: [Event], _ range: Range<Int>, firstSeq: Int, filter: EventFilter, json: Bool, names: ClassNames
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in range where filter.passes(log[index].category) {
            let seq = firstSeq + index - range.lowerBound
            let line =
                json
                ? EventRenderer.json(log[index], seq: seq, names: names) : EventRenderer.text(log[index], names: names)
            bytes += Array(line.utf8) + [10]
        }
        return bytes
    }

    static func pending(_ buffer: OutputBuffer) -> [UInt8] {
        buffer.withBytes { Array($0) }
    }

    /// Bytes as text, so a failure shows lines, not numbers.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("the same bytes as one event at a time, in text and JSON, under each filter")
    func sameBytes() {
        var names = ClassNames()
        let log = Self.events(&names)
        for json in [false, true] {
            for filter in [
                EventFilter(lifecycle: true, notes: true), EventFilter(lifecycle: false, notes: false),
                EventFilter(lifecycle: true, notes: false),
            ] {
                for range in [0..<log.count, 2..<7, 3..<3] {
                    var buffer = OutputBuffer(capacity: 1 << 16)
                    let next = buffer.appendEvents(log, range, firstSeq: 41, filter: filter, json: json, names: names)
                    #expect(next == range.upperBound)
                    let want = Self.expected(log, range, firstSeq: 41, filter: filter, json: json, names: names)
                    #expect(Self.text(Self.pending(buffer)) == Self.text(want), "json \(json), \(filter), \(range)")
                }
            }
        }
    }

    @Test("a full buffer stops the pass; the rest follows after a flush, numbered on")
    func stopsWhenFull() {
        var names = ClassNames()
        let log = Self.events(&names)
        let filter = EventFilter(lifecycle: true, notes: true)
        for json in [false, true] {
            var buffer = OutputBuffer(capacity: 64)
            var written: [UInt8] = []
            var index = 0
            var passes = 0
            while index < log.count {
                index = buffer.appendEvents(
                    log, index..<log.count, firstSeq: 7 + index, filter: filter, json: json, names: names)
                written += Self.pending(buffer)
                buffer.removeAll()
                passes += 1
            }
            #expect(passes > 2)
            #expect(
                Self.text(written)
                    == Self.text(
                        Self.expected(log, 0..<log.count, firstSeq: 7, filter: filter, json: json, names: names)))
        }
    }
}
