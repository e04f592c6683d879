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
        var counted = model // `aliveReport` adds to the work count
        _ = counted.aliveReport
        _ = model.knownClassNames
        _ = model.liveScreenNames
        for name in model.currentStack { _ = model.isAlive(name) }
    }
}
