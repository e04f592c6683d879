import NavScript
import NavigationEngine
import Testing

/// A host that plays real time itself: the test moves the clock, as the shell does.
final class RealTimeTestHost: SessionHost {
    let sink = CollectingSink()
    var output: OutputSink { sink }
    let loader: ScriptLoader
    let drivesRealTime = true

    init(files: [String: String] = [:]) {
        loader = MemoryLoader(files: files)
    }
}

/// `feed` says what happened to the line, and a wait in wall time is the
/// host's to play: the session never calls up for the clock.
@Suite("Session: feed returns what happened to the line")
struct LineResultTests {
    func session(files: [String: String] = [:]) -> (Session, RealTimeTestHost) {
        let host = RealTimeTestHost(files: files)
        return (Session(options: SessionOptions(), host: host), host)
    }

    @Test func okFailedContinuedQuit() {
        let (s, _) = session()
        #expect(s.feed("push A", file: "t.nav", line: 1) == .ok)
        #expect(s.feed("pusj B", file: "t.nav", line: 2) == .failed)
        #expect(s.feed("expect error", file: "t.nav", line: 3) == .ok)
        #expect(s.feed("expect top B", file: "t.nav", line: 4) == .failed)
        #expect(s.feed("push B \\", file: "t.nav", line: 5) == .continued)
        #expect(s.feed("instant", file: "t.nav", line: 6) == .ok)
        #expect(s.feed("quit", file: "t.nav", line: 7) == .quit)
        #expect(s.feed("push C", file: "t.nav", line: 8) == .quit)
        #expect(s.state.stackText == ["A", "B"])
    }

    @Test func bailStops() {
        var options = SessionOptions()
        options.bail = true
        let s = Session(options: options, host: RealTimeTestHost())
        #expect(s.feed("push A", file: "t.nav", line: 1) == .ok)
        // The failure counts (and stops the session) once no `expect error` follows.
        #expect(s.feed("popto Nowhere", file: "t.nav", line: 2) == .failed)
        #expect(s.endOfInput(file: "t.nav") == .stopped)
        #expect(s.feed("push B", file: "t.nav", line: 3) == .stopped)
    }

    @Test func aWaitInRealTimeIsTheHostsToPlay() {
        let (s, host) = session()
        #expect(s.feed("set clock real", file: "t.nav", line: 1) == .ok)
        // The first push starts a transition and the line stops until the host has played it.
        #expect(s.feed("push A; push B; expect top B", file: "t.nav", line: 2) == .wantsRealTime(until: nil))
        #expect(s.state.clock == 0)
        #expect(s.isWaitingForRealTime)
        #expect(!host.sink.lines.contains { $0.contains("push B") || $0.contains("B)") })
        // The host moves the clock (here all at once) and lets the line go on.
        s.advanceClock(to: 350)
        #expect(s.resume() == .wantsRealTime(until: nil)) // push B starts its own transition
        s.advanceClock(to: 700)
        #expect(s.resume() == .ok)
        #expect(s.state.stackText == ["A", "B"])
        #expect(!s.isWaitingForRealTime)
    }

    @Test func aTimedWaitNamesItsEnd() {
        let (s, _) = session()
        s.feed("set clock real", file: "t.nav", line: 1)
        #expect(s.feed("wait 250ms", file: "t.nav", line: 2) == .wantsRealTime(until: 250))
        s.advanceClock(to: 250)
        #expect(s.resume() == .ok)
        #expect(s.state.clock == 250)
    }

    @Test func aSourcedScriptWaitsAndGoesOn() {
        let (s, _) = session(files: ["./lesson.nav": "push A\npush B\nexpect top B\n"])
        s.feed("set clock real", file: "t.nav", line: 1)
        var result = s.feed("source lesson.nav; expect depth 2", file: "t.nav", line: 2, directory: ".")
        var waits = 0
        while case .wantsRealTime = result {
            waits += 1
            s.advanceClock(to: s.state.clock + 1_000)
            result = s.resume()
        }
        #expect(result == .ok)
        #expect(waits == 2)
        #expect(s.failureCount == 0)
        // The script's end was reached after the waits: the next line is a plain one again.
        #expect(s.feed("source lesson.nav", file: "t.nav", line: 3, directory: ".") == .wantsRealTime(until: nil))
    }

    @Test func aLineThatFailsAfterAWaitIsTakenBackWhole() {
        let (s, _) = session()
        s.feed("set clock real", file: "t.nav", line: 1)
        #expect(s.feed("push A; popto Nowhere", file: "t.nav", line: 2) == .wantsRealTime(until: nil))
        s.advanceClock(to: 350)
        #expect(s.resume() == .failed)
        #expect(s.state.currentStack.isEmpty)
    }

    @Test func withoutRealTimeTheClockIsVirtual() {
        let h = Harness()
        h.session.feed("set clock real", file: "t.nav", line: 1)
        #expect(h.session.feed("push A; push B", file: "t.nav", line: 2) == .ok)
        #expect(h.session.state.clock == 350)
    }
}
