import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive prompt: readline, history, completion, init file.
struct Repl {
    let session: Session
    let writer: OutputWriter
    let options: Options
    let driver: RealTimeDriver
    /// The live view a file run with -i set up (its picture stays), if any.
    var live: LiveView?

    func run() {
        let environment = currentEnvironment()
        let editor = LineEditor(historyPath: historyFilePath(environment: environment))
        let live = self.live ?? LiveView(colour: session.options.colour)
        LineEditor.installTerminationHandler {
            writer.flush()
            live.stop()
        }
        writer.lineBuffered = true
        // Lines the line editor prints (a newline after ^C, text above the prompt) go through the writer.
        LineEditor.output = { writer.raw($0) }
        if !options.noInit, let initFile = initFilePath(environment), access(initFile, R_OK) == 0 {
            // An error in the init file is reported with its location; the session goes on and can still exit 0.
            var ended = false
            session.withoutCounting { ended = Shell.runFile(initFile, session: session, driver: driver).endsSession }
            if ended {
                editor.saveHistory()
                return
            }
        }
        session.atPrompt = true
        live.attach(to: session, writer: writer, driver: driver)
        // Ctrl-C, SIGTERM or SIGHUP stop a long `source` between two of its lines.
        session.interruptRequested = { LineEditor.interruptedSinceRead() || LineEditor.terminationPending }
        live.redraw(session)
        LineEditor.onClearScreen = {
            guard live.isOn else { return false }
            live.clearScreen(session)
            return true
        }
        LineEditor.onResize = { live.resized(session) }
        // Real time is the prompt's default; scripts keep the virtual clock unless asked.
        if options.clock == nil { session.clockMode = .real }
        if options.inputs.isEmpty {
            session.keepSettingsForReset()
        } else {
            // After `-i FILE`, `reset` goes back to the command line's settings,
            // not to those the lesson set (its slow motion).
            var start = session.initialState
            start.clockMode = session.clockMode
            session.initialState = start
        }
        driver.interruptible = true
        // Built when Tab asks, from the session as it is then: not after every line.
        LineEditor.setCompletionScreens { session.completionScreens }
        var lineNumber = 0
        reading: while true {
            writer.flush()
            writer.wrapWidth = TerminalWrap.columns()
            session.textWidth = TerminalPause.width
            let input = editor.read(prompt: "navsh> ") {
                guard session.clockMode == .real else { return }
                writer.redirect = { editor.printAbove($0) }
                driver.tick(session)
                writer.redirect = nil
                live.redraw(session)
            }
            driver.restartAnchorIfIdle(session)
            switch input {
            case .eof:
                break reading
            case .interrupt:
                continue
            case .line(let text):
                lineNumber += 1
                editor.addHistory(text)
                let result = Shell.settle(session.feed(text, file: "<prompt>", line: lineNumber), session, driver)
                if result.endsSession { break reading }
                writer.flush()
                live.redraw(session)
            }
        }
        session.endOfInput(file: "<prompt>")
        writer.flush()
        writer.wrapWidth = 0
        live.stop()
        editor.saveHistory()
    }

    func initFilePath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return "\(config)/navsh/init.nav" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.config/navsh/init.nav" }
        return nil
    }
}

/// The environment variables the prompt reads (its history and init files),
/// by `getenv`: Darwin's headers do not declare `environ`.
func currentEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    for name in ["NAVSH_HISTORY", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "HOME"] {
        if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
}
