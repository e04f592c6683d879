import NavScript
import NavigationEngine
import Testing

/// Keeps recordings in memory.
final class RecordingHost: SessionHost {
    let sink = CollectingSink()
    var output: OutputSink { sink }
    let loader: ScriptLoader
    var files: [String: [String]] = [:]
    var open: [Int: String] = [:]
    var next = 1

    init(files: [String: String] = [:]) { loader = MemoryLoader(files: files) }

    func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        if path.hasPrefix("/proc/") {
            return .failure(.session(.cannotRecord(path: path, reason: "Permission denied")))
        }
        open[next] = path
        files[path, default: []] += []
        next += 1
        return .success(RecordingID(next - 1))
    }

    func record(_ line: String, to recording: RecordingID) {
        guard let path = open[recording.value] else { return }
        files[path, default: []].append(line)
    }

    func closeRecording(_ recording: RecordingID) { open[recording.value] = nil }
}

/// `record FILE` keeps the session so that the file, run from the state in
/// which recording began, reaches the same state (language.md 4.8).
@Suite("record: a recording replays the session")
struct RecordTests {
    func run(_ lines: [String], files: [String: String] = [:]) -> (Session, RecordingHost) {
        let host = RecordingHost(files: files)
        let session = Session(options: SessionOptions(), host: host)
        for (index, line) in lines.enumerated() { session.feed(line, file: "t.nav", line: index + 1, directory: ".") }
        session.endOfInput(file: "t.nav")
        return (session, host)
    }

    /// Runs `recorded` from a fresh session after `setup`: the state it reaches, and its failures.
    func replay(_ recorded: [String], after setup: [String] = [], files: [String: String] = [:]) -> (
        NavigationModel, Int
    ) {
        let (session, _) = run(setup + recorded, files: files)
        return (session.state, session.failureCount)
    }

    @Test func aLineOfSeveralCommandsIsRecordedAsWritten() {
        let (_, host) = run(["record r.nav", "push A; push B", "push C; popto Nowhere", "expect error"])
        // Recorded command by command, the replay would push C and not take the line back.
        #expect(host.files["r.nav"] == ["push A; push B", "push C; popto Nowhere", "expect error"])
    }

    @Test func aFailedSourceIsFollowedByExpectError() {
        let (session, host) = run(["record r.nav", "push A", "source missing.nav", "expect error", "push B"])
        #expect(host.files["r.nav"] == ["push A", "source missing.nav", "expect error", "push B"])
        #expect(session.failureCount == 0)
        let (state, failures) = replay(host.files["r.nav"] ?? [])
        #expect(failures == 0)
        #expect(state == session.state)
    }

    @Test func aLineWithAnErrorDoesNotStartRecording() {
        let (_, host) = run(["record r.nav; push A#9", "expect error", "push B"])
        #expect(host.files["r.nav"] ?? [] == [])
        #expect(host.open.isEmpty)
    }

    @Test func aLineWithAnErrorDoesNotStopRecording() {
        let (_, host) = run(["record r.nav", "push A", "record off; push A#9", "expect error", "push B"])
        #expect(host.files["r.nav"] == ["push A", "record off; push A#9", "expect error", "push B"])
    }

    @Test func theReplayReachesTheSameState() {
        let lines = [
            "push Home", "record r.nav", "push A; push B", "pusj C", "expect error", "pop; pop; pop; pop", "undo",
            "screen L gate", "push L", "set duration push 10ms", "push M &", "wait", "expect top M",
            "expect top Nope", "source part.nav; push N", "reset", "push Again",
        ]
        let files = ["./part.nav": "push P\npush Q\n"]
        for cut in 2...lines.count {
            let (session, host) = run(Array(lines[..<cut]), files: files)
            let recorded = host.files["r.nav"] ?? []
            let (state, failures) = replay(recorded, after: ["push Home"], files: files)
            #expect(state == session.state, "after \(lines[cut - 1]): \(recorded)")
            #expect(failures == 0, "\(recorded)")
        }
    }
}
