import NavigationEngine

/// `record FILE`: the lines typed from now on, as written, so that running the
/// file from the state in which recording began reaches the same state
/// (language.md 4.8). A line is recorded when it has run: a line that failed
/// (and so changed nothing) is followed by `expect error`; a `record` command
/// takes effect only if its line succeeds, and that line is not recorded.
extension Session {
    /// Runs `record FILE` / `record off`: opens the file now (to report a
    /// problem on this line); the switch happens when the line succeeds.
    func requestRecording(_ path: String?, directory: String?, at here: SourceLocation?) -> Bool {
        var change = RecordChange(recording: nil, depth: sourceStack.count)
        if let path {
            switch host.openRecording(path, from: directory) {
            case .failure(let problem):
                fail(problem, at: here)
                return false
            case .success(let id):
                change.recording = id
            }
        }
        // A second `record` on the line replaces the first.
        if let earlier = recordChange?.recording { host.closeRecording(earlier) }
        recordChange = change
        return true
    }

    /// A line has run (or failed as a whole): a `record` on it takes effect or
    /// is dropped, and a line of the recorded session is written.
    func lineEnded(_ context: borrowing LineContext, ok: Bool) {
        if let change = recordChange {
            recordChange = nil
            if ok {
                // The line that switches recordings is in neither.
                if let recording { host.closeRecording(recording) }
                recording = change.recording
                recordDepth = change.depth
                recordedFailure = false
                recordedClock = inPlace(\.clock)
                return
            }
            // A line that failed changed nothing: the recording stays as it was
            // (and, if one is on, takes the line like any other failed line).
            if let opened = change.recording { host.closeRecording(opened) }
        }
        guard let recording, context.depth == recordDepth, !replaying else { return }
        switch context.recordKind {
        case .skipped:
            return
        case .unparsed:
            recordedFailure = true
            return
        case .expectations:
            // A failed check is not part of the session a replay reaches.
            if expectationFailures != context.expectationMarks { return }
        case .expectsError:
            // The failure before it was recorded with its `expect error` already.
            if recordedFailure {
                recordedFailure = false
                return
            }
        case .ordinary:
            break
        }
        // In real time the clock ran while the user typed (something was in
        // flight): the replay waits as long before the line, so that a swipe
        // typed half a second into a push meets the push where the class saw it.
        if context.startClock > recordedClock {
            host.record("wait \(context.startClock - recordedClock)ms", to: recording)
        }
        host.record(context.text, to: recording)
        recordedClock = inPlace(\.clock)
        recordedFailure = !ok
        if !ok { host.record("expect error", to: recording) }
    }

    /// How a parsed line is recorded.
    func recordKind(of commands: ArraySlice<LocatedCommand>) -> RecordKind {
        var onlyLooks = true
        var onlyExpectations = true
        for located in commands {
            switch located.command {
            case .help, .timeline, .quit, .pause: onlyExpectations = false
            case .expect: onlyLooks = false
            default:
                onlyLooks = false
                onlyExpectations = false
            }
        }
        if onlyLooks { return .skipped }
        if onlyExpectations {
            if commands.count == 1, case .expect(.error) = commands[commands.startIndex].command {
                return .expectsError
            }
            return .expectations
        }
        return .ordinary
    }

    /// Stops recording (the end of the session).
    public func stopRecording() {
        if let recording { host.closeRecording(recording) }
        recording = nil
    }

    /// The `  stack: …` line printed at the prompt after a command that can
    /// change the stack: every name up to 24, else the bottom two and the
    /// top 20 around a count, so a long stack prints a bounded line.
    func stackLine() -> String {
        let stack = model.currentStack
        let names = current.model.names
        guard stack.count > 24 else {
            return "  stack: \(stack.map { names.text(of: $0) }.joined(separator: " "))"
        }
        let bottom = stack.prefix(2).map { names.text(of: $0) }.joined(separator: " ")
        let top = stack.suffix(20).map { names.text(of: $0) }.joined(separator: " ")
        return "  stack: \(bottom) … (\(stack.count - 22) more) … \(top)"
    }
}
