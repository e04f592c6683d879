import Glibc
import NavScript

/// The executable: picks the mode from the options, runs it, returns the exit status.
enum Shell {
    static let version = "navsh 0.1.0"

    static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        if arguments.first == "explore" { return ExploreCommand.run(Array(arguments.dropFirst())) }
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            writeError("navsh: \(error.message)\nTry 'navsh --help'.")
            return 2
        }
        if options.showHelp {
            writeOut(usageText + "\n")
            return 0
        }
        if options.showVersion {
            writeOut(version + "\n")
            return 0
        }
        if let paths = options.testPaths {
            return TestRunner.run(paths: paths, options: options)
        }
        if let paths = options.comparePaths {
            return ProfileComparison.run(paths: paths, options: options)
        }
        let writer = OutputWriter()
        defer { writer.flush() }
        let session = Session(options: sessionOptions(options), output: writer, loader: FileLoader())
        let driver = RealTimeDriver(writer: writer, showProgress: isatty(1) == 1)
        session.realTime = driver
        // `navsh -i FILE` at a terminal: FILE's `pause` lines wait for Enter.
        if options.interactiveAfter { session.pauseHook = TerminalPause.hook(writer: writer) }
        session.speed = options.speed
        if let clock = options.clock { session.clockMode = clock }
        session.keepSettingsForReset()
        let recorder = Recorder()
        session.recordTarget = { path in recorder.start(path, session: session) }
        session.writeFile = writeWholeFile
        let stdinIsTerminal = isatty(0) == 1
        var inputs = options.inputs
        if inputs.isEmpty, !stdinIsTerminal { inputs = [.stdin] }
        // `navsh help [COMMAND]`, when no file is called help: the help it asks for.
        if case .file("help")? = inputs.first, access("help", F_OK) != 0 {
            if inputs.count == 2, case let .file(name) = inputs[1], let entry = CommandCatalog.help(for: name) {
                writeOut("usage: \(entry.usage)\n  \(entry.summary)\n  example: \(entry.example)\n")
                return 0
            }
            writeOut(usageText + "\n\nAt the prompt, help lists the commands and help COMMAND shows one.\n")
            return inputs.count == 1 ? 0 : 2
        }
        // Check every file first: an unreadable one is a usage error before anything runs.
        for case let .file(path) in inputs where !checkScriptArgument(path) {
            return 2
        }
        for (position, input) in inputs.enumerated() {
            if session.stopped || session.quitRequested { break }
            switch input {
            case let .file(path):
                runFile(path, session: session)
            case .stdin:
                runStdin(session: session)
            case let .commands(text, index):
                session.feed(text, file: "<command line>", line: index)
                // Consecutive -c are one script: `-c 'pusj' -c 'expect error'` excuses the error.
                let nextIsCommands = if position + 1 < inputs.count, case .commands = inputs[position + 1] { true } else { false }
                if !nextIsCommands { session.endOfInput(file: "<command line>") }
            }
        }
        let wantsPrompt = (options.inputs.isEmpty && stdinIsTerminal) || options.interactiveAfter
        if wantsPrompt, !session.quitRequested, !session.stopped {
            if isatty(0) == 1 {
                writer.flush()
                Repl(session: session, writer: writer, options: options, driver: driver).run()
            } else if options.interactiveAfter {
                // `-i FILE` with piped input goes on with the commands on stdin.
                runStdin(session: session)
            }
        }
        recorder.stop()
        writer.flush()
        return session.failureCount > 0 ? 1 : 0
    }

    static func sessionOptions(_ options: Options) -> SessionOptions {
        var s = SessionOptions()
        s.json = options.json
        s.echo = options.echo
        s.bail = options.bail
        s.quiet = options.quiet
        s.profile = options.profile
        // getenv, not a copy of the whole environment: this runs at every start-up.
        let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        // A terminal that says it is dumb does not understand escape sequences.
        let dumbTerminal = getenv("TERM").map { strcmp($0, "dumb") == 0 } ?? false
        switch options.color {
        case "always": s.colour = true
        case "never": s.colour = false
        default: s.colour = isatty(1) == 1 && !noColour && !dumbTerminal && !options.json
        }
        return s
    }

    static func writeOut(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    }

    static func writeError(_ text: String) {
        var bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Writes `contents` to `path`, replacing it; the problem, or nil.
func writeWholeFile(_ path: String, _ contents: String) -> SessionError? {
    guard let file = fopen(path, "w") else { return .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    let ok = fputs(contents, file) >= 0
    let closed = fclose(file) == 0
    return ok && closed ? nil : .cannotWrite(path: path, reason: String(cString: strerror(errno)))
}

/// `record FILE`: appends each command typed from now on to FILE.
final class Recorder {
    private var file: UnsafeMutablePointer<FILE>?

    /// Starts (or with nil stops) recording; returns a problem to report, if any.
    func start(_ path: String?, session: Session) -> SessionError? {
        stop()
        guard let path else {
            session.recordHook = nil
            return nil
        }
        if let problem = recordingTargetIsBeingRead(path, session: session) { return problem }
        guard let opened = fopen(path, "a") else {
            return .cannotRecord(path: path, reason: String(cString: strerror(errno)))
        }
        file = opened
        session.recordHook = { [weak self] line in
            guard let file = self?.file else { return }
            fputs(line + "\n", file)
            fflush(file)
        }
        return nil
    }

    func stop() {
        if let file { fclose(file) }
        file = nil
    }
}
