import NavScript
import NavigationEngine
import Testing

/// issue 37, defect 1: the real-time clock moves in slices of a few
/// milliseconds, and each slice was an undo step of its own, so the journal
/// forgot the commands after three pushes (or one, in slow motion).
@Suite("Undo by command in every clock mode")
struct UndoByCommandTests {
    func promptSession(step: Int) -> (Session, CollectingSink, SteppingClock) {
        let host = RealTimeTestHost()
        let session = Session(options: SessionOptions(), host: host)
        session.clockMode = .real
        session.atPrompt = true
        return (session, host.sink, SteppingClock(step: step))
    }

    @Test("six pushes at the live prompt, each waited for in 8 ms slices, are six undos")
    func sixPushesSixUndos() {
        let (session, _, clock) = promptSession(step: 8)
        var line = 0
        func type(_ text: String) {
            line += 1
            clock.feed(session, text, line: line)
        }
        for name in ["Home", "A", "B", "C", "D", "E", "F"] { type("push \(name)") }
        for _ in 0..<6 { type("undo") }
        #expect(session.state.stackText == ["Home"])
        #expect(session.failureCount == 0)
    }

    @Test("in slow motion the last push comes back")
    func slowMotionPush() {
        let (session, sink, clock) = promptSession(step: 1)
        clock.feed(session, "push Home", line: 1)
        clock.feed(session, "push A", line: 2)
        clock.feed(session, "push C", line: 3)
        clock.feed(session, "undo", line: 4)
        #expect(sink.lines.last == "undone: push C")
        #expect(session.state.stackText == ["Home", "A"])
    }

    @Test("at least the last 100 commands can be undone, however the clock moved")
    func hundredCommands() {
        let (session, _, clock) = promptSession(step: 8)
        var line = 0
        func type(_ text: String) {
            line += 1
            clock.feed(session, text, line: line)
            clock.tick(session, by: 24) // typing while nothing is in flight moves nothing
        }
        type("push Root")
        for index in 0..<150 { type(index % 2 == 0 ? "push S\(index)" : "pop") }
        let before = session.state.stackText
        for _ in 0..<101 { type("undo") }
        #expect(session.failureCount == 0)
        // 150 commands alternate push and pop: undoing 101 leaves Root and the first 49.
        #expect(session.state.stackText == ["Root", "S48"], "\(before) -> \(session.state.stackText)")
    }
}

/// Keeps recordings in memory and plays real time.
final class RealTimeRecordingHost: SessionHost {
    let sink = CollectingSink()
    var output: OutputSink { sink }
    let loader: ScriptLoader = MemoryLoader(files: [:])
    let drivesRealTime = true
    var lines: [String] = []

    func openRecording(_ path: String) -> Result<RecordingID, Problem> { .success(RecordingID(1)) }
    func record(_ line: String, to recording: RecordingID) { lines.append(line) }
    func closeRecording(_ recording: RecordingID) {}
}

/// issue 37, point 5: `record` at the real-time prompt writes the time that
/// passed while the user typed, so the replay meets the class's race.
@Suite("record in real time")
struct RealTimeRecordTests {
    @Test func aSwipeTypedDuringAPushReplaysAsInClass() {
        let host = RealTimeRecordingHost()
        let session = Session(options: SessionOptions(), host: host)
        session.clockMode = .real
        session.atPrompt = true
        let clock = SteppingClock(step: 10)
        var line = 0
        func type(_ text: String) {
            line += 1
            clock.feed(session, text, line: line)
        }
        type("record class.nav")
        type("push Home")
        type("push Detail")
        type("push More &")
        clock.tick(session, by: 200)
        type("swipe")
        #expect(host.lines == ["push Home", "push Detail", "push More &", "wait 200ms", "swipe"])
        let replay = Harness()
        replay.run(host.lines.joined(separator: "\n") + "\n")
        #expect(replay.session.failureCount == 0, "\(replay.sink.diagnostics)")
        #expect(replay.session.state.stackText == session.state.stackText)
        #expect(replay.session.state.clock == session.state.clock)
    }
}
