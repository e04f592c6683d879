// The fuzz harness: one input is a script. It runs through a Session (the
// parser, the engine, expectations, undo, source, record) with a discarding
// sink and an in-memory loader, and line by line through a bare
// NavigationModel whose events are rendered as text and JSON.
//
// A library target: NavFuzz (the libFuzzer entry and the plain replay tool)
// and NavScriptTests (FuzzCorpusReplayTests replays fuzz/corpus through
// `FuzzHarness.run`) both depend on it. Keep it free of anything but
// NavScript and NavigationEngine.

import NavScript
import NavigationEngine

/// Input bugs the harness finds without a crash: each is a problem string,
/// and the libFuzzer entry traps on the first one.
public enum FuzzHarness {
    /// Runs one input; returns what went wrong (empty when all is well).
    /// With `strict`, a line that printed an error must leave the session
    /// exactly as it was (model and the session's settings).
    public static func run(_ data: [UInt8], strict: Bool = false) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var hash: UInt32 = 2_166_136_261
        for b in data { hash = (hash ^ UInt32(b)) &* 16_777_619 }

        var problems: [String] = []
        // Three passes over the same script: two session configurations and the bare engine.
        problems += runSession(
            text, json: hash & 1 == 0, prompt: false, profileLegacy: hash & 2 != 0,
            echo: hash & 4 != 0, strict: false)
        problems += runSession(
            text, json: hash & 1 != 0, prompt: true, profileLegacy: hash & 8 != 0,
            echo: hash & 4 == 0, strict: strict)
        problems += runEngine(text)
        return problems
    }

    // MARK: - Through a Session

    static func runSession(
        _ text: String, json: Bool, prompt: Bool, profileLegacy: Bool,
        echo: Bool, strict: Bool
    ) -> [String] {
        var options = SessionOptions()
        options.json = json
        options.echo = echo
        options.profile = profileLegacy ? .legacy : .ios26
        options.undoDepth = 20
        let sink = NavFuzzSink(json: json, located: !prompt)
        let host = NavFuzzHost(output: sink, loader: NavFuzzLoader(selfText: text))
        let session = Session(options: options, host: host)
        session.atPrompt = prompt
        session.enterScript("fuzz.nav")
        var number = 0
        var start = text.startIndex
        while start < text.endIndex, !session.stopped, !session.quitRequested {
            number += 1
            let newline = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let line = String(text[start..<newline])
            start = newline < text.endIndex ? text.index(after: newline) : text.endIndex
            let before = SessionState(session)
            let diagnosticsBefore = sink.errors
            session.feed(line, file: "fuzz.nav", line: number)
            // `source` runs other lines, each of which stands on its own.
            if strict, prompt, sink.errors > diagnosticsBefore, !line.hasSuffix("\\"), !runsSource(line) {
                let after = SessionState(session)
                if after != before {
                    sink.problems.append("line \(number) printed an error but changed the session: \(line)")
                }
            }
            touch(session.state)
        }
        session.endOfInput(file: "fuzz.nav")
        session.leaveScript("fuzz.nav")
        touch(session.state)
        _ = session.completionWords
        return sink.problems
    }

    static func runsSource(_ line: String) -> Bool {
        guard let commands = try? Parser.parse(line: line) else { return false }
        return commands.contains { if case .source = $0.command { true } else { false } }
    }

    /// What a failed line must leave as it was.
    struct SessionState: Equatable {
        var model: NavigationModel
        var log: LogLevel
        var notes: Bool
        var clock: ClockMode
        var speed: Double
        init(_ session: Session) {
            model = session.state
            log = session.logLevel
            notes = session.showNotes
            clock = session.clockMode
            speed = session.speed
        }
    }

    // MARK: - Through the bare engine

    static func runEngine(_ text: String) -> [String] {
        var problems: [String] = []
        var model = NavigationModel()
        var seq = 0
        var lines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            guard let commands = try? Parser.parse(line: String(line)) else { continue }
            for command in commands {
                guard case .action(let action) = command.command else { continue }
                let before = model
                var events: [Event] = []
                do throws(EngineError) {
                    let outcome = try model.perform(action, events: &events)
                    if outcome.raisedException, model != before {
                        problems.append("engine: an exception changed the model: \(command.source)")
                    }
                    if !outcome.changed, model != before {
                        problems.append(
                            "engine: an action said it changed nothing but changed the model: \(command.source)")
                    }
                    if !command.background, action.startsTransitions { model.settle(events: &events) }
                    for event in events {
                        seq += 1
                        _ = EventRenderer.text(event, names: model.names)
                        let json = EventRenderer.json(event, seq: seq, names: model.names)
                        if !JSONCheck.isObject(json) { problems.append("engine: invalid JSON for an event: \(json)") }
                    }
                } catch {
                    if model != before {
                        problems.append(
                            "engine: a refused action changed the model: \(command.source) (\(error.message(names: model.names)))"
                        )
                    }
                    _ = error.message(names: model.names)
                }
                touch(model)
            }
        }
        return problems
    }

    /// Reads every public view of the model, so a crash in one shows.
    static func touch(_ model: NavigationModel) {
        var hasher = Hasher()
        hasher.combine(model)
        _ = hasher.finalize()
        _ = model.currentStack.map { model.names.text(of: $0) }
        _ = model.isBackVisible
        _ = model.swipeWouldBegin
        _ = model.contentPanWouldBegin
        _ = model.isContentPanEnabled
        _ = model.isFrozen
        _ = model.frozenReason
        _ = model.alertText
        _ = model.alertButtons
        _ = model.presentedTop
        _ = model.isBarCorrupted
        _ = model.isBusy
        _ = model.jobs
        var nodes = [model.hierarchy]
        while let node = nodes.popLast() { nodes += node.children }
        _ = model.aliveReport
        _ = model.knownClassNames
        _ = model.liveScreenNames
        for name in model.currentStack { _ = model.isAlive(name) }
    }
}

/// Collects nothing but checks every line: JSON lines must be JSON, and
/// diagnostics must be located (in a script, and in a file sourced at the
/// prompt) or unlocated (a line typed at the prompt).
final class NavFuzzSink: OutputSink {
    let json: Bool
    let located: Bool
    var problems: [String] = []
    var errors = 0
    var lines = 0

    init(json: Bool, located: Bool) {
        self.json = json
        self.located = located
    }

    func line(_ text: String) {
        lines += 1
        if json, !JSONCheck.isObject(text) { note("stdout line is not a JSON object: \(text)") }
        if text.utf8.contains(10) { note("stdout line contains a newline: \(text)") }
    }

    func diagnostic(_ text: String) {
        note("diagnostic given as text, not as a value: \(text)")
    }

    func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        let text = diagnostic.text
        if text.utf8.contains(where: { $0 < 32 && $0 != 9 }) {
            note("diagnostic contains a control character: \(text)")
        }
        if let location = diagnostic.location {
            if location.file.isEmpty || location.line < 1 || location.column < 1 {
                note("diagnostic with an impossible location \(location): \(text)")
            }
            // At the prompt only lines of a sourced file are located.
            if !located, !location.file.hasPrefix("lib/") {
                note("prompt diagnostic located in \(location.file): \(text)")
            }
        } else if located, !isAboutTheCommandLine(diagnostic) {
            note("diagnostic without FILE:LINE[:COL]: \(text)")
        }
    }

    private func isAboutTheCommandLine(_ diagnostic: Diagnostic) -> Bool {
        if case .session(.unreadableInput) = diagnostic.problem { true } else { false }
    }

    private func note(_ problem: String) {
        if problems.count < 20 { problems.append(problem) }
    }
}

/// `source` reads from memory: a few fixed scripts, a cycle, and the input itself.
/// Files written and recordings taken in memory; an absolute or empty path is refused.
final class NavFuzzHost: SessionHost {
    let output: OutputSink
    let loader: ScriptLoader
    var recorded = 0

    init(output: OutputSink, loader: ScriptLoader) {
        self.output = output
        self.loader = loader
    }

    func writeFile(_ path: String, _ contents: String) -> SessionError? {
        path.hasPrefix("/") || path.isEmpty ? .cannotWrite(path: path, reason: "Permission denied") : nil
    }

    func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        if path.hasPrefix("/") || path.isEmpty {
            return .failure(.session(.cannotRecord(path: path, reason: "Permission denied")))
        }
        return .success(RecordingID(1))
    }

    func record(_ line: String, to recording: RecordingID) { recorded += 1 }
}

struct NavFuzzLoader: ScriptLoader {
    var selfText: String

    static let files: [String: String] = [
        "a.nav": "push A\npush B\nexpect stack A B",
        "b.nav": "source a.nav; pop\n",
        "cycle.nav": "push C\nsource cycle.nav\n",
        "ping.nav": "source pong.nav",
        "pong.nav": "source ping.nav",
        "bad.nav": "pusj X\nexpect error\n\"open",
        "cont.nav": "push D \\",
        "gate.nav": "use GateNavigationController\npush W\npush R\npush H gate\n",
        "alert.nav": "screen E custom-back \"Sure?\"\npush H\npush E\nback\n",
    ]

    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        if path == "fuzz.nav" {
            return .success(LoadedScript(displayName: "fuzz.nav", identity: "fuzz.nav", directory: nil, text: selfText))
        }
        if path == "unreadable.nav" { return .failure(LoadFailure(path: path, reason: "Permission denied")) }
        guard let text = NavFuzzLoader.files[path] else {
            return .failure(LoadFailure(path: path, reason: "No such file or directory"))
        }
        return .success(LoadedScript(displayName: "lib/\(path)", identity: path, directory: "lib", text: text))
    }
}

/// A strict JSON checker (RFC 8259), enough to validate renderer output.
enum JSONCheck {
    static func isObject(_ text: String) -> Bool {
        var parser = Scanner(bytes: Array(text.utf8))
        parser.skipSpace()
        guard parser.peek == 123, parser.value(depth: 0) else { return false }
        parser.skipSpace()
        return parser.i == parser.bytes.count
    }

    struct Scanner {
        var bytes: [UInt8]
        var i = 0
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let b = peek, b == 32 || b == 9 || b == 10 || b == 13 { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            for b in word.utf8 {
                guard peek == b else { return false }
                i += 1
            }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < 64 else { return false }
            skipSpace()
            guard let b = peek else { return false }
            switch b {
            case 123: // {
                i += 1
                skipSpace()
                if peek == 125 {
                    i += 1
                    return true
                }
                while true {
                    skipSpace()
                    guard peek == 34, string() else { return false }
                    skipSpace()
                    guard peek == 58 else { return false }
                    i += 1
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    if peek == 44 {
                        i += 1
                        continue
                    }
                    if peek == 125 {
                        i += 1
                        return true
                    }
                    return false
                }
            case 91: // [
                i += 1
                skipSpace()
                if peek == 93 {
                    i += 1
                    return true
                }
                while true {
                    guard value(depth: depth + 1) else { return false }
                    skipSpace()
                    if peek == 44 {
                        i += 1
                        continue
                    }
                    if peek == 93 {
                        i += 1
                        return true
                    }
                    return false
                }
            case 34: return string()
            case 116: return literal("true")
            case 102: return literal("false")
            case 110: return literal("null")
            default: return number()
            }
        }

        mutating func string() -> Bool {
            guard peek == 34 else { return false }
            i += 1
            while let b = peek {
                i += 1
                if b == 34 { return true }
                if b < 32 { return false }
                if b == 92 {
                    guard let e = peek else { return false }
                    i += 1
                    switch e {
                    case 34, 92, 47, 98, 102, 110, 114, 116: continue
                    case 117:
                        for _ in 0..<4 {
                            guard let h = peek, (48...57).contains(h) || (97...102).contains(h) || (65...70).contains(h)
                            else { return false }
                            i += 1
                        }
                    default: return false
                    }
                }
            }
            return false
        }

        mutating func number() -> Bool {
            let start = i
            if peek == 45 { i += 1 }
            guard let first = peek, (48...57).contains(first) else { return false }
            if first == 48 { i += 1 } else { while let d = peek, (48...57).contains(d) { i += 1 } }
            if peek == 46 {
                i += 1
                guard let d = peek, (48...57).contains(d) else { return false }
                while let d = peek, (48...57).contains(d) { i += 1 }
            }
            if peek == 101 || peek == 69 {
                i += 1
                if peek == 43 || peek == 45 { i += 1 }
                guard let d = peek, (48...57).contains(d) else { return false }
                while let d = peek, (48...57).contains(d) { i += 1 }
            }
            return i > start
        }
    }
}
