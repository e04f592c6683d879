import NavScript
import NavigationEngine
import Testing

/// A real-time clock without a wall: it moves the clock in steps of `step`
/// ms up to the target (or until nothing the clock can end is in flight),
/// as the prompt's driver does, so the session journals the same ticks.
final class SteppingClock {
    let step: Int
    init(step: Int = 50) { self.step = step }

    func run(_ session: Session, until target: Int?) -> Bool {
        while true {
            let goal: Int
            if let target {
                goal = target
            } else if let deadline = session.state.nextDeadline {
                goal = deadline
            } else {
                return true
            }
            if session.state.clock >= goal { return true }
            session.advanceClock(to: min(goal, session.state.clock + step))
        }
    }

    /// Feeds a line as the prompt does: plays real time whenever the line asks for it.
    func feed(_ session: Session, _ text: String, line: Int) {
        var result = session.feed(text, file: "<prompt>", line: line)
        while case .wantsRealTime(let until) = result {
            _ = run(session, until: until)
            result = session.resume()
        }
    }

    /// What the prompt's tick does while the user types: the clock moves while something is in flight.
    func tick(_ session: Session, by milliseconds: Int) {
        guard session.state.nextDeadline != nil else { return }
        session.advanceClock(to: session.state.clock + milliseconds)
    }
}

/// issue 15, defect 1: `undo` at the real-time prompt.
@Suite("Undo in real time")
struct RealTimeUndoTests {
    /// A session as the prompt runs it: real clock, stack lines, errors without a location.
    func promptSession() -> (Session, CollectingSink, SteppingClock) {
        let host = RealTimeTestHost()
        let sink = host.sink
        let session = Session(options: SessionOptions(), host: host)
        let clock = SteppingClock()
        session.clockMode = .real
        session.atPrompt = true
        return (session, sink, clock)
    }

    @Test("undo after a foreground command prints no event and leaves no transition in flight")
    func undoIsSilent() {
        let (session, sink, clock) = promptSession()
        var line = 0
        func type(_ text: String) {
            line += 1
            clock.feed(session, text, line: line)
            clock.tick(session, by: 1000) // the user takes a second to type the next line
        }
        type("delegate Spy")
        type("push Home")
        type("push Details")
        let stateBeforeBack = session.state
        let historyBeforeBack = Array(session.history)
        type("back")
        let printedBeforeUndo = sink.lines.count
        type("undo")
        let afterUndo = Array(sink.lines[printedBeforeUndo...])
        #expect(afterUndo == ["undone: back"], "undo printed \(afterUndo)")
        #expect(session.state.nextDeadline == nil, "a transition is in flight after undo: \(session.state.jobs)")
        #expect(session.state == stateBeforeBack)
        #expect(
            Array(session.history) == historyBeforeBack,
            "the timeline keeps events undo took back")
        // The next command starts where `back` started.
        type("stack")
        #expect(sink.lines.last == "Home Details")
        #expect(session.state.clock == 350)
    }

    @Test("two undos in a row step back over the earlier command's ticks too")
    func undoTwice() {
        let (session, sink, clock) = promptSession()
        var line = 0
        func type(_ text: String) {
            line += 1
            clock.feed(session, text, line: line)
            clock.tick(session, by: 1000)
        }
        type("push Home")
        type("push Details")
        type("push More")
        type("undo")
        type("undo")
        #expect(sink.lines.suffix(2) == ["undone: push More", "undone: push Details"])
        #expect(session.state.stackText == ["Home"])
        #expect(session.state.nextDeadline == nil)
        #expect(session.state.clock == 0)
        #expect(
            session.history.allSatisfy {
                !EventRenderer.words($0, names: session.state.names).contains("Details")
                    && !EventRenderer.words($0, names: session.state.names).contains("More")
            })
    }
}
