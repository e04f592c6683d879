import NavigationEngine

/// How a session prints and stops.
public struct SessionOptions: Sendable {
    public var json = false
    public var echo = false
    public var bail = false
    public var quiet = false
    public var profile: Profile = .ios26
    /// `set preemption on` from the start (`navsh compare --preemption`).
    public var preemption = false
    public var undoDepth = 100
    /// ANSI colour on event lines (a terminal, NO_COLOR unset, not --color never).
    public var colour = false

    public init() {}
}

/// Runs commands against the model: parses lines, applies them, checks
/// expectations, keeps undo and the failure count, and prints through a sink.
public final class Session {
    // A session is used from one thread. Its stored properties keep Swift's
    // run-time exclusivity checks: they cost a little on every access, and
    // they turn an overlapping access into a trap instead of a silent bug.
    var current: SessionState
    /// The model as it stands.
    /// Reads a property of the model where it lies. A plain read of a class's
    /// stored struct copies the whole model first (retaining every array in it),
    /// twice a command for the fingerprint; an in-place access does not.
    func inPlace<T>(_ property: KeyPath<NavigationModel, T>) -> T {
        func read(_ model: inout NavigationModel) -> T { model[keyPath: property] }
        return read(&current.model)
    }

    /// (Hot paths use `current.model` or `inPlace`: this getter returns a copy.)
    public internal(set) var model: NavigationModel {
        get { current.model }
        // In place: a get-then-set would copy the stacks on every mutation.
        _modify { yield &current.model }
        set { current.model = newValue }
    }
    public let options: SessionOptions
    /// The program the session runs in: output, files, recording, whether it plays real time.
    let host: SessionHost
    /// Whether the host plays real time (asked once: it is checked every command).
    let hostDrivesRealTime: Bool
    /// The host's sink and loader, kept at hand.
    let output: OutputSink
    let loader: ScriptLoader

    public internal(set) var logLevel: LogLevel {
        get { current.logLevel }
        set { current.logLevel = newValue }
    }
    public internal(set) var showNotes: Bool {
        get { current.showNotes }
        set { current.showNotes = newValue }
    }
    public var clockMode: ClockMode {
        get { current.clockMode }
        set { current.clockMode = newValue }
    }
    public var speed: Double {
        get { current.speed }
        set { current.speed = newValue }
    }
    /// A person is typing at the prompt: errors print at once without a
    /// location, and the stack follows each foreground command.
    public var atPrompt = false

    /// Buffers reused from line to line by the parser.
    var parsedLine = ReusableBuffer<LocatedCommand>()
    var parseScratch = Parser.Scratch()
    var parsedLines = ParsedLines()
    /// Events of the last command that was not an expectation: the tail of `log`.
    var recent: ArraySlice<Event> { log[recentStart...] }
    /// Where the last command's events start in `log`.
    var recentStart = 0
    var seq = 0
    var pendingFailure: PendingFailure?
    var journal: UndoJournal
    /// True while undo replays commands: nothing prints, nothing counts.
    var replaying = false
    /// Scripts being run by `source`, innermost last, for cycle detection.
    var sourceStack: [String] = []
    /// How many `source` commands are running, innermost included.
    var sourceDepth = 0
    /// `source` commands run under the outermost one running now (bounded by `maxSourceIncludes`).
    var sourceIncludes = 0
    /// Set when nested `source` stops (too much work, an interrupt): every level returns.
    var sourceAborted = false
    /// Asked between the lines of a `source`: true stops it (Ctrl-C or SIGTERM at the prompt).
    public var interruptRequested: (() -> Bool)?
    /// A line ending in `\` waits for the next one.
    var continuation: (text: String, line: Int)?

    /// Failures counted against the exit status (failed commands not expected, failed expectations).
    public internal(set) var failureCount = 0
    public internal(set) var expectationFailures = 0
    public var quitRequested = false
    /// Set by `--bail` after the first failure; no more input is run.
    public internal(set) var stopped = false
    /// What `reset` returns to: the model and settings the session started with.
    public var initialState: SessionState {
        get { startState }
        set { startState = newValue }
    }
    var startState: SessionState

    /// From now on `reset` returns to a fresh model with the settings as they are now
    /// (the command line's and the prompt's defaults).
    public func keepSettingsForReset() {
        var state = current
        state.model = NavigationModel(profile: options.profile, preemption: options.preemption)
        startState = state
    }

    /// What the `explore`, `invariant` and `check` lines run so far declared (for `navsh explore`).
    public internal(set) var declarations = ExploreDeclarations()

    /// The recording lines go to (`record FILE`), if any.
    var recording: RecordingID?
    /// How deep in `source` the `record` command was given: lines at that depth are recorded.
    var recordDepth = 0
    /// Shows a `pause`'s text and waits for the class's choice; set only for an
    /// interactive session on a terminal (Session+Classroom.swift, Session+Lesson.swift).
    public var pauseHook: ((PauseRequest) -> PauseChoice)?
    /// The lesson whose line runs now (a script run while `pauseHook` is set).
    var currentLesson: LessonRun?
    /// A jump forward in a lesson runs its lines without printing them.
    var muted = false
    /// A pause moved the lesson (back, a section, leave): the rest of its line does not run.
    var lessonBreak = false
    /// The class left the lesson for the prompt: the scripts being run stop.
    var lessonLeft = false
    /// Columns a lesson's narration is wrapped to (0: not wrapped).
    public var textWidth = 0
    /// Turns the live picture on or off (`show live [off]`); returns a line to print, if any.
    /// Set only at the prompt on a terminal.
    public var liveHook: ((Bool) -> String?)?
    /// Writes a whole file (`timeline`) instead of the host, when set (tests).
    public var writeFile: ((_ path: String, _ contents: String) -> SessionError?)?
    /// Where each `reset` happened in the event history (counting trimmed events), for `timeline … since reset`.
    var resetMarks: [Int] = []
    /// Resets and undos for the timeline to mark, `before` counting trimmed events.
    var timelineMarks: [TimelineMark] = []
    /// The phone after each command that printed events, for `timeline FILE.html`.
    var frames = TimelineFrames()
    /// A `record` command on the line being run: it takes effect if the line succeeds.
    var recordChange: RecordChange?
    /// The clock when the last recorded line ended (or recording began).
    var recordedClock = 0
    /// The last line recorded failed and was followed by `expect error`.
    var recordedFailure = false

    /// Failures reported so far (counted or not): a line failed if this moved.
    var failureMarks = 0
    /// A command waits in wall time: the lines being run unwind into `unwinding`
    /// (innermost first), then `suspended` holds them until `resume`.
    var waitRequest: WaitRequest?
    var unwinding: [SuspendedWork] = []
    var suspended: [SuspendedWork] = []
    /// `failureMarks` when the suspended top-level line began.
    var suspendedMarks = 0
    /// Every event so far, for `timeline` (the oldest are dropped past `historyLimit`).
    /// The engine appends to it directly, so an event is stored once, not copied.
    var log: [Event] = []
    /// The last `historyLimit` events, for `timeline`.
    public var history: ArraySlice<Event> { log.suffix(Swift.max(historyLimit, 0)) }
    public var historyLimit = 50_000
    public internal(set) var historyDropped = 0

    public init(options: SessionOptions, host: SessionHost) {
        self.options = options
        self.host = host
        hostDrivesRealTime = host.drivesRealTime
        self.output = host.output
        self.loader = host.loader
        current = SessionState(model: NavigationModel(profile: options.profile, preemption: options.preemption))
        startState = current
        journal = UndoJournal(depth: options.undoDepth)
    }

    /// A session that prints to `output` and reads scripts with `loader`, and
    /// has no files to write, no recording and no real time.
    public convenience init(options: SessionOptions, output: OutputSink, loader: ScriptLoader) {
        self.init(options: options, host: SinkAndLoaderHost(output, loader))
    }

    /// Where a problem is: nil for a line typed at the prompt, located in a script
    /// (a file `source`d at the prompt included).
    func location(_ file: String, _ line: Int, _ column: Int) -> SourceLocation? {
        atPrompt && sourceDepth == 0 ? nil : SourceLocation(file: file, line: line, column: column)
    }

    // MARK: - Failures

    struct PendingFailure {
        var diagnostic: Diagnostic
        var printed: Bool
    }

    /// Records that the last command failed; `expect error` may still excuse it.
    func fail(_ problem: Problem, at location: SourceLocation?) {
        settleFailure()
        failureMarks += 1
        let diagnostic = Diagnostic(problem, at: location, names: current.model.names)
        let printNow = atPrompt
        if printNow { report(diagnostic) }
        pendingFailure = PendingFailure(diagnostic: diagnostic, printed: printNow)
    }

    /// Prints a diagnostic: its text on stderr and, with `--json`, an object on stdout.
    func report(_ diagnostic: Diagnostic) {
        output.report(diagnostic)
        if options.json {
            seq += 1
            output.line(diagnostic.json(time: model.clock, seq: seq))
        }
    }

    /// A failure not followed by `expect error` counts. At the prompt it is
    /// only reported: a person's typo does not make the session exit 1 (as in
    /// psql or sqlite3); scripts, `-c` and `-i FILE` count as usual.
    func settleFailure() {
        guard let failure = pendingFailure else { return }
        pendingFailure = nil
        if !failure.printed { report(failure.diagnostic) }
        if atPrompt { return }
        failureCount += 1
        if options.bail { stopped = true }
    }

    func expectationFailed(_ source: String, _ failure: ExpectationFailure, at location: SourceLocation?) {
        // A failure still waiting for `expect error` prints first, to keep the order.
        if var pending = pendingFailure, !pending.printed {
            report(pending.diagnostic)
            pending.printed = true
            pendingFailure = pending
        }
        failureMarks += 1
        report(Diagnostic(.expectation(source: source, failure), at: location, names: current.model.names))
        expectationFailures += 1
        if atPrompt { return }
        failureCount += 1
        if options.bail { stopped = true }
    }

    // MARK: - Printing

    /// Starts a new command's events: they begin at the end of `log`. The
    /// oldest events go once the log holds twice the limit (so trimming is
    /// amortised to one move an event).
    func startRecent() {
        guard historyLimit > 0 else {
            // No history kept: the log holds only the command at hand.
            log.removeAll(keepingCapacity: true)
            recentStart = 0
            return
        }
        if log.count > 2 * historyLimit {
            let drop = log.count - historyLimit
            historyDropped += drop
            log.removeFirst(drop)
        }
        recentStart = log.count
    }

    /// Prints the events of `log` from `start` on.
    func printEvents(from start: Int) {
        let end = log.count
        guard !options.quiet, !muted, logLevel != .off else {
            seq += end - start
            return
        }
        guard start < end else { return }
        let firstSeq = seq &+ 1
        seq += end - start
        // The command's events in one call: the sink renders them in one pass
        // (decided on the category alone, so an event not printed is not read).
        output.events(
            log, start..<end, firstSeq: firstSeq, filter: eventFilter,
            json: options.json, colour: options.colour, names: current.model.names)
    }

    /// Which events the log prints now.
    var eventFilter: EventFilter { EventFilter(lifecycle: logLevel == .full, notes: showNotes) }

    func shouldPrint(_ category: EventCategory) -> Bool { eventFilter.passes(category) }

    /// A line that is not an event (command output); in JSON an object like an event's.
    func say(_ text: String, kind: String = "output") {
        guard !options.quiet, !muted else { return }
        if options.json {
            seq += 1
            output.line(EventRenderer.jsonOutput(text, kind: kind, time: model.clock, seq: seq))
        } else {
            output.line(text)
        }
    }

    // MARK: - Undo

    /// Notes that `command` is about to change the state.
    func journal(_ command: Command, background: Bool = false, label: String) {
        guard !replaying else { return }
        var entry = JournalEntry(command: command, background: background, label: label)
        entry.logMark = historyDropped &+ log.count
        journal.record(entry, weight: model.weight, before: current)
    }

    /// Elements examined or copied so far (engine loops plus undo checkpoints): the
    /// operation count the scale tests compare across sizes.
    public var workSteps: Int { model.workSteps &+ journal.copySteps }

    /// The model as it stands, for tests and the explorer.
    public var state: NavigationModel { model }

    /// Words for Tab completion: commands, keywords and live screen names.
    public var completionWords: [String] {
        CommandCatalog.names + CommandCatalog.keywords + model.liveScreenNames + model.knownClassNames
    }
}

extension Session {
    /// A file given on the command line could not be opened.
    public func reportUnreadable(_ path: String, reason: String) {
        fail(.session(.unreadableInput(path: path, reason: reason)), at: nil)
        settleFailure()
    }

    /// Marks a script as running, so `source` of it from inside is a cycle.
    public func enterScript(_ identity: String?) {
        if let identity { sourceStack.append(identity) }
    }

    public func leaveScript(_ identity: String?) {
        if identity != nil, !sourceStack.isEmpty { sourceStack.removeLast() }
    }
}

extension Session {
    /// Moves the clock to `time` as real time passes, printing what happens.
    public func advanceClock(to time: Int) {
        guard time > model.clock else { return }
        let delta = time - model.clock
        var entry = JournalEntry(
            command: .action(.wait(milliseconds: delta)), background: false, label: "wait", isTick: true)
        entry.logMark = historyDropped &+ log.count
        journal.record(entry, weight: model.weight, before: current)
        let start = log.count
        model.advanceClock(to: time, events: &log)
        noteFrame()
        printEvents(from: start)
    }

    /// Whether the clock runs in wall time now.
    var runsInRealTime: Bool { clockMode == .real && hostDrivesRealTime && !muted }
}
