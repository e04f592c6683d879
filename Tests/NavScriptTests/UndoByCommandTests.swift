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
