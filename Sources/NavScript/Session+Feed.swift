import NavigationEngine

/// A command waits in wall time (`set clock real`): how long, and what follows the wait.
struct WaitRequest {
    /// The clock time to wait for; nil: until nothing the clock can end is in flight.
    var until: Int?
    /// The prompt shows the stack once the wait is over.
    var printsStack: Bool
}

/// What is left of the input being run when a command waits in wall time.
enum SuspendedWork {
    /// The rest of a line.
    case line(SuspendedLine)
    /// The rest of a script (`source`, or `run(script:)`).
    case script(SuspendedScript)
    /// The end of an input: a failure still waiting for `expect error` counts.
    case settle
}

struct SuspendedLine {
    var commands: [LocatedCommand]
    var context: LineContext
}

struct SuspendedScript {
    /// Where the lines come from (it keeps its own place).
    var reader: any ScriptLineReader
    var file: String
    var directory: String?
    /// Set when `source` runs the script: what to restore when it ends.
    var sourced: SourcedScript?
}

struct SourcedScript {
    var savedContinuation: (text: String, line: Int)?
}

/// A line being run: where it is from and what undoes it.
struct LineContext {
    var text: String
    var file: String
    var line: Int
    var directory: String?
    /// The state before a line of several commands, restored if one fails
    /// (a reference, so the context stays small to pass from line to line).
    var before: LineSnapshot?
    /// How deep in `source` the line is (a recording takes the lines at its depth).
    var depth: Int
    /// What `record` needs to know of the line (only worked out while recording).
    var recordKind: RecordKind = .ordinary
    /// `expectationFailures` when the line began.
    var expectationMarks = 0
    /// The clock when the line began (a recording writes the time that passed before it).
    var startClock = 0
}

/// How a line is recorded.
enum RecordKind {
    /// As written.
    case ordinary
    /// Not at all: it only looks (`help`, `timeline`, `quit`) or is empty.
    case skipped
    /// Only expectations: recorded if they pass.
    case expectations
    /// Only `expect error`: not recorded after a failure that was recorded with its own.
    case expectsError
    /// It did not parse: not recorded (it ran nothing), nor is the `expect error` after it.
    case unparsed
}

/// What a line of several commands restores if one of them fails.
final class LineSnapshot {
    let state: SessionState
    let journal: UndoJournal

    init(_ state: SessionState, _ journal: UndoJournal) {
        self.state = state
        self.journal = journal
    }
}

/// A `record` command on the line being run.
struct RecordChange {
    /// The recording to switch to; nil: `record off`.
    var recording: RecordingID?
    var depth: Int
}

extension Session {
    // MARK: - Input

    /// Runs one physical line of a script (joining `\` continuations) and says
    /// what happened to it. On `.wantsRealTime` the host drives the clock and
    /// calls `resume()` before feeding another line.
    @discardableResult
    public func feed(_ rawLine: String, file: String, line: Int, directory: String? = nil) -> LineResult {
        if let ended = endedResult { return ended }
        let marks = failureMarks
        startInput()
        if feedLine(rawLine, file: file, line: line, directory: directory) { return .continued }
        return outcome(since: marks)
    }

    /// The end of a script: a dangling continuation runs as it is, and a failure is settled.
    @discardableResult
    public func endOfInput(file: String, directory: String? = nil) -> LineResult {
        let marks = failureMarks
        finishInput(file: file, directory: directory)
        return outcome(since: marks)
    }

    /// Runs a whole script text (through the same line splitter as a file).
    @discardableResult
    public func run(script text: String, file: String, directory: String? = nil) -> LineResult {
        start(lines: LineSplitter(TextSource(text)), file: file, directory: directory)
    }

    /// Runs a script a line at a time and says what happened; on
    /// `.wantsRealTime` the host plays the clock and calls `resume()`.
    public func start(lines reader: any ScriptLineReader, file: String, directory: String? = nil) -> LineResult {
        if let ended = endedResult { return ended }
        let marks = failureMarks
        startInput()
        runScript(SuspendedScript(reader: reader, file: file, directory: directory, sourced: nil))
        return outcome(since: marks)
    }

    /// Runs one logical line: every command on it, or none if it does not parse.
    @discardableResult
    public func runLine(_ text: String, file: String, line: Int, directory: String? = nil) -> LineResult {
        if let ended = endedResult { return ended }
        let marks = failureMarks
        runLogicalLine(text, file: file, line: line, directory: directory)
        return outcome(since: marks)
    }

    /// Goes on after the host drove the clock for `.wantsRealTime`: the rest of
    /// the line (and of any script it was running) runs. Returns what happened
    /// to the line, which may be another wait.
    public func resume() -> LineResult {
        guard let wait = waitRequest else { return .ok }
        waitRequest = nil
        if wait.printsStack {
            say(
                stackLine(),
                kind: "stack")
        }
        while waitRequest == nil, let work = suspended.popLast() {
            switch work {
            case .line(let rest): runCommands(rest.commands[...], rest.context)
            case .script(let rest): runScript(rest)
            case .settle: settleFailure()
            }
        }
        return outcome(since: suspendedMarks)
    }

    /// Whether `resume` has work to finish.
    public var isWaitingForRealTime: Bool { waitRequest != nil }

    // MARK: - Running

    var endedResult: LineResult? {
        if stopped { return .stopped }
        if quitRequested { return .quit }
        return nil
    }

    /// What happened since `failureMarks` was `marks`; a wait moves what is left to `suspended`.
    func outcome(since marks: Int) -> LineResult {
        if let wait = waitRequest {
            suspended.append(contentsOf: unwinding.reversed())
            unwinding.removeAll()
            suspendedMarks = marks
            return .wantsRealTime(until: wait.until)
        }
        if let ended = endedResult { return ended }
        return failureMarks != marks ? .failed : .ok
    }

    /// A new line at the prompt or a new script: no lesson move is pending.
    func startInput() {
        lessonLeft = false
        lessonBreak = false
    }

    /// Runs a physical line; returns true if it ends in `\` and waits for the next one.
    func feedLine(_ rawLine: String, file: String, line: Int, directory: String?) -> Bool {
        guard !stopped, !quitRequested else { return false }
        var text = rawLine
        var startLine = line
        if let pending = continuation {
            text = pending.text + rawLine
            startLine = pending.line
            continuation = nil
        } else {
            if isHeading(rawLine) { markSection(rawLine) }
            if pauseHook != nil, isComment(rawLine) { classroomComment(rawLine) }
        }
        if endsWithContinuation(text) {
            continuation = (String(text.dropLast()), startLine)
            return true
        }
        runLogicalLine(text, file: file, line: startLine, directory: directory)
        return false
    }

    /// The end of an input: a dangling continuation runs, then a failure waiting for `expect error` counts.
    func finishInput(file: String, directory: String?) {
        if let pending = continuation {
            continuation = nil
            runLogicalLine(pending.text, file: file, line: pending.line, directory: directory)
            if waitRequest != nil {
                unwinding.append(.settle)
                return
            }
        }
        settleFailure()
    }

    /// Runs a script's lines from where its reader is; at its end, settles and
    /// (for `source`) restores what the including line had. Returns false when
    /// it stopped early (a read error, a line too long, an interrupt, too much
    /// nested work). On a wait in real time it puts itself in `unwinding`.
    @discardableResult
    func runScript(_ script: SuspendedScript) -> Bool {
        var script = script
        // At a terminal, in an interactive session, a script is a lesson: its
        // lines are kept so a pause can go back (stdin is read as it comes).
        if pauseHook != nil, !replaying, !(script.reader is LessonRun) {
            script.reader = LessonRun(script.reader, canReadAhead: script.file != "<stdin>")
        }
        let reader = script.reader
        let lesson = reader as? LessonRun
        let file = script.file
        let directory = script.directory
        var complete = true
        reading: while !stopped, !quitRequested {
            if lessonLeft { break }
            if sourceDepth > 0 {
                if sourceAborted {
                    complete = false
                    break
                }
                if let interruptRequested, interruptRequested() {
                    sourceAborted = true
                    complete = false
                    fail(.session(.interrupted), at: location(file, reader.lineNumber + 1, 1))
                    break
                }
            } else if host.inputShouldStop {
                break
            } else if lesson != nil, let interruptRequested, interruptRequested() {
                // Ctrl-C between the lines of a lesson run with -i: the prompt, state kept.
                leaveLesson()
                break
            }
            switch reader.next() {
            case .line(let text):
                currentLesson = lesson
                _ = feedLine(text, file: file, line: reader.lineNumber, directory: directory)
                lessonBreak = false
                if waitRequest != nil {
                    unwinding.append(.script(script))
                    return true
                }
            case .end:
                break reading
            case .failed(let message):
                finishInput(file: file, directory: directory)
                fail(
                    .session(.readFailed(reason: message)),
                    at: SourceLocation(file: file, line: reader.lineNumber, column: 1))
                settleFailure()
                endScript(script)
                return false
            }
        }
        finishInput(file: file, directory: directory)
        if waitRequest != nil {
            // The dangling continuation waits; the script ends after it (its reader is at the end).
            unwinding.append(.script(script))
            return complete
        }
        if let lesson {
            recapLesson(lesson)
            if currentLesson === lesson { currentLesson = nil }
        }
        endScript(script)
        return complete
    }

    /// What `source` restores when its script ends.
    func endScript(_ script: SuspendedScript) {
        guard let sourced = script.sourced else { return }
        continuation = sourced.savedContinuation
        sourceDepth -= 1
        if !sourceStack.isEmpty { sourceStack.removeLast() }
    }

    func endsWithContinuation(_ text: String) -> Bool {
        // The usual line: no backslash at the end (its last byte read where it lies).
        let last = text.utf8.withContiguousStorageIfAvailable { $0.last } ?? text.utf8.last
        guard last == 92 else { return false }
        var count = 0
        for b in text.utf8.reversed() {
            if b == 92 { count += 1 } else { break }
        }
        return count % 2 == 1
    }

    /// Parses a logical line and runs its commands.
    func runLogicalLine(_ text: String, file: String, line: Int, directory: String?) {
        guard !stopped, !quitRequested else { return }
        // A UTF-8 byte order mark opening a file is not part of its first command.
        if line == 1, text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) {
            return runLogicalLine(
                String(decoding: text.utf8.dropFirst(3), as: UTF8.self), file: file, line: line,
                directory: directory)
        }
        let depth = sourceStack.count
        if let known = parsedLines.commands(for: text) {
            return runParsed(known, text: text, file: file, line: line, directory: directory, depth: depth)
        }
        // The parse buffers are taken while the line runs (a `source` on it parses
        // other lines with fresh ones) and given back after, capacity kept.
        var commands = parsedLine
        parsedLine = ReusableBuffer()
        defer { parsedLine = commands }
        do {
            try Parser.parse(line: text, into: &commands, scratch: &parseScratch)
        } catch {
            settleFailure()
            startRecent()
            fail(error.problem, at: location(file, line, error.column))
            var context = LineContext(
                text: text, file: file, line: line, directory: directory, before: nil, depth: depth)
            context.recordKind = .unparsed
            lineEnded(context, ok: false)
            return
        }
        parsedLines.parsed(text, commands.elements)
        runParsed(commands.elements, text: text, file: file, line: line, directory: directory, depth: depth)
    }

    /// Runs the commands a line parsed to.
    func runParsed(
        _ commands: ArraySlice<LocatedCommand>, text: String, file: String, line: Int, directory: String?, depth: Int
    ) {
        // A line of several commands is taken back whole if one fails, undo's
        // journal included (an `undo` on the line took an entry out of it); a
        // single command changes nothing when it fails, so needs no copy.
        let before = commands.count > 1 ? LineSnapshot(current.keptAside, journal) : nil
        var context = LineContext(
            text: text, file: file, line: line, directory: directory, before: before, depth: depth)
        if recording != nil {
            context.recordKind = recordKind(of: commands)
            context.expectationMarks = expectationFailures
            context.startClock = inPlace(\.clock)
        }
        runCommands(commands, context)
    }

    /// Runs the commands of a line, from the first of `commands` on.
    func runCommands(_ commands: ArraySlice<LocatedCommand>, _ context: borrowing LineContext) {
        var index = commands.startIndex
        while index < commands.endIndex, !stopped, !quitRequested, !lessonBreak {
            let ok = execute(commands[index], file: context.file, line: context.line, directory: context.directory)
            index += 1
            if !ok {
                if let before = context.before {
                    restore(before.state)
                    journal = before.journal
                    noteFrame(force: true)
                }
                lineEnded(context, ok: false)
                return
            }
            if waitRequest != nil {
                unwinding.append(.line(SuspendedLine(commands: Array(commands[index...]), context: copy context)))
                return
            }
        }
        lineEnded(context, ok: true)
    }
}
