import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The executable: picks the mode from the options, runs it, returns the exit status.
enum Shell {
    static let version = "navsh 0.1.0"

    /// The process's one writer: every mode's stdout and stderr go through it.
    nonisolated(unsafe) static let writer = OutputWriter()

    /// Runs navsh; returns the exit status. All output leaves through one
    /// writer, whose write errors the status reflects.
    static func run(_ arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // A write past `ulimit -f` fails with EFBIG, reported like any failed
        // write, instead of killing navsh with a temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        if arguments.first == "explore" {
            return writer.finish(status: ExploreCommand.run(Array(arguments.dropFirst())))
        }
        let status = run(arguments, writer: writer)
        return writer.finish(status: status)
    }

    /// Text for stdout, through the writer.
    static func writeOut(_ text: String) { writer.raw(text) }

    /// A line (or lines) for stderr, through the writer.
    static func writeError(_ text: String) { writer.error(text) }

    static func run(_ arguments: [String], writer: OutputWriter) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            writer.error("navsh: \(error.message)\nTry 'navsh --help'.")
            return 2
        }
        if options.showHelp {
            writer.line(usageText)
            return 0
        }
        if options.showVersion {
            writer.line(version)
            return 0
        }
        if let paths = options.testPaths {
            return TestRunner.run(paths: paths, options: options, writer: writer)
        }
        if let paths = options.comparePaths {
            return ProfileComparison.run(paths: paths, options: options, writer: writer)
        }
        let host = ShellHost(
            output: writer, drivesRealTime: true, report: writer.error,
            outputFailed: { writer.stdoutFailed }, allowedFolders: options.allowWrite)
        let session = Session(options: sessionOptions(options), host: host)
        host.session = session
        let driver = RealTimeDriver(writer: writer, showProgress: isatty(1) == 1)
        // `navsh -i FILE` at a terminal: FILE's `pause` lines wait for the class,
        // and its `show live` draws (the prompt after it keeps the same picture).
        let live =
            options.interactiveAfter || options.live
            ? LiveView.attach(to: session, writer: writer, driver: driver) : nil
        session.speed = options.speed
        if let clock = options.clock { session.clockMode = clock }
        // `--live -i FILE`: the lesson is animated (real time) unless --clock says otherwise.
        if options.live, options.interactiveAfter, options.clock == nil { session.clockMode = .real }
        session.keepSettingsForReset()
        let stdinIsTerminal = isatty(0) == 1
        if options.interactiveAfter, stdinIsTerminal {
            // A lesson's Ctrl-C (at a pause, during a wait) leaves for the prompt; SIGTERM ends cleanly.
            LineEditor.installInterruptHandler()
            LineEditor.installTerminationHandler {
                writer.flush()
                live?.stop()
            }
            driver.interruptible = true
            session.interruptRequested = { LineEditor.interruptedSinceRead() || LineEditor.terminationPending }
            session.textWidth = TerminalPause.width
            // Notes and warnings wrap at spaces, as at the prompt.
            writer.wrapWidth = TerminalWrap.columns()
        }
        if options.live, options.interactiveAfter || options.inputs.isEmpty, let live,
            let message = live.set(true, session: session)
        {
            writer.error("navsh: --live: \(message)")
        }
        var inputs = options.inputs
        if inputs.isEmpty, !stdinIsTerminal { inputs = [.stdin] }
        // `navsh help [COMMAND]`, when no file is called help: the help it asks for.
        if case .file("help")? = inputs.first, access("help", F_OK) != 0 {
            if inputs.count == 2, case .file(let name) = inputs[1], let entry = CommandCatalog.help(for: name) {
                writeOut("usage: \(entry.usage)\n  \(entry.summary)\n  example: \(entry.example)\n")
                return 0
            }
            writeOut(usageText + "\n\nAt the prompt, help lists the commands and help COMMAND shows one.\n")
            return inputs.count == 1 ? 0 : 2
        }
        // Check every file first: an unreadable one is a usage error before anything runs.
        for case .file(let path) in inputs where !checkScriptArgument(path) {
            return 2
        }
        // No script on the command line is written while any of them runs (`timeline b.md` in a.md).
        SafeFile.protect(inputs.compactMap { if case .file(let path) = $0 { path } else { nil } })
        let wantsPrompt = (options.inputs.isEmpty && stdinIsTerminal) || options.interactiveAfter
        // The phone after each command is kept only if a page may replay it.
        session.keepsTimelineFrames = wantsPrompt || inputs.contains(where: TimelineDemand.mayDraw)
        var ended = false
        for (position, input) in inputs.enumerated() {
            if ended { break }
            let result: LineResult
            switch input {
            case .file(let path):
                host.runFolder = parentDirectory(of: path)
                result = runFile(path, session: session, driver: driver)
                host.runFolder = nil
            case .stdin:
                result = runStdin(session: session, driver: driver)
            case .commands(let text, let index):
                var line = settle(session.feed(text, file: "<command line>", line: index), session, driver)
                // Consecutive -c are one script: `-c 'pusj' -c 'expect error'` excuses the error.
                let nextIsCommands =
                    if position + 1 < inputs.count, case .commands = inputs[position + 1] { true } else { false }
                if !nextIsCommands {
                    line = settle(session.endOfInput(file: "<command line>"), session, driver)
                }
                result = line
            }
            ended = result.endsSession
        }
        if wantsPrompt, !ended {
            if isatty(0) == 1 {
                writer.flush()
                Repl(session: session, writer: writer, options: options, driver: driver, live: live).run()
            } else if options.interactiveAfter {
                // `-i FILE` with piped input goes on with the commands on stdin.
                _ = runStdin(session: session, driver: driver)
            }
        }
        live?.stop()
        session.stopRecording()
        host.closeAll()
        writer.flush()
        // A recording that lost lines is output that could not be written.
        if host.failedRecordings > 0 { return OutputWriter.writeFailed }
        return session.failureCount > 0 ? 1 : 0
    }

    /// Plays the clock in wall time for as long as the session asks, then
    /// lets it go on; returns what finally happened to the line.
    static func settle(_ result: LineResult, _ session: Session, _ driver: RealTimeDriver?) -> LineResult {
        var result = result
        while case .wantsRealTime(let until) = result {
            _ = driver?.run(session, until: until)
            result = session.resume()
        }
        return result
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
        // A terminal that says it is dumb, or says nothing (TERM unset or
        // empty), is not sent escape sequences (as the live view decides).
        let dumbTerminal = getenv("TERM").map { $0.pointee == 0 || strcmp($0, "dumb") == 0 } ?? true
        switch options.color {
        case "always": s.colour = true
        case "never": s.colour = false
        default: s.colour = isatty(1) == 1 && !noColour && !dumbTerminal && !options.json
        }
        return s
    }
}

extension LineResult {
    /// No more input runs (`quit`, or `--bail` after a failure).
    var endsSession: Bool { self == .quit || self == .stopped }
}
