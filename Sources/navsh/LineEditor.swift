// Interactive line editing for navsh, over GNU readline's callback interface.
//
// Readline is driven with rl_callback_handler_install + poll(2) on fd 0 +
// rl_callback_read_char, so the read loop can run a periodic tick (the
// real-time clock prints events above the prompt) and react to signals
// without readline's own signal handling (rl_catch_signals = 0).
//
// Signals: SIGINT, SIGTERM and SIGWINCH handlers only set a flag. The read
// loop's poll wakes up (EINTR or its bounded timeout) and acts on the flags.

import CReadline
import Glibc
import NavScript

enum LineInput: Equatable {
    case line(String)
    case interrupt
    case eof
}

// MARK: - Global state shared with C callbacks and signal handlers

// Flags written by signal handlers. Plain sig_atomic_t stores; they are
// touched once (forcing any lazy initialisation) before a handler is installed.
nonisolated(unsafe) private var sigintFlag: sig_atomic_t = 0
nonisolated(unsafe) private var sigtermFlag: sig_atomic_t = 0
nonisolated(unsafe) private var sighupFlag: sig_atomic_t = 0
/// Ctrl-C was taken since the last `read` (not touched by signal handlers).
nonisolated(unsafe) private var interruptedThisLine = false
nonisolated(unsafe) private var sigwinchFlag: sig_atomic_t = 0
nonisolated(unsafe) private var sigtstpFlag: sig_atomic_t = 0

/// What the readline line handler received for the current read.
private enum ReadlineResult {
    case none
    case line(String)
    case eof
}
nonisolated(unsafe) private var readlineResult: ReadlineResult = .none

/// Screen names Tab completes (live screens and declared classes); the C
/// completion callback reads this and asks `Completion` what the grammar
/// allows where the cursor is.
nonisolated(unsafe) private var completionScreens: [String] = []
/// What the completion in progress offers (set when it starts).
nonisolated(unsafe) private var completionWords: [String] = []
nonisolated(unsafe) private var completionWantsFiles = false
/// Matches for the completion in progress (generator state).
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0

/// Extra action to run on SIGTERM at the prompt, after the history is saved.
nonisolated(unsafe) private var terminationAction: (() -> Void)?
nonisolated(unsafe) private var terminationHandlerInstalled = false

private func installHandler(_ signo: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART // poll(2) is never restarted, so it still wakes up
    sigaction(signo, &action, nil)
}

private func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
}

/// The line being edited up to `byteOffset` (readline counts bytes).
private func lineBefore(byteOffset: Int) -> String {
    guard let buffer = navsh_rl_line_buffer(), byteOffset > 0 else { return "" }
    let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
        count: min(byteOffset, Int(navsh_rl_end())))
    return String(decoding: bytes, as: UTF8.self)
}

private func writeStdout(_ text: String) {
    // Readline draws through the C stream: what it holds goes first.
    fflush(navsh_stdout())
    if let output = LineEditor.output {
        output(text)
    } else {
        fputs(text, navsh_stdout())
        fflush(navsh_stdout())
    }
}

// MARK: - History file location

/// `$NAVSH_HISTORY` if set, else `$XDG_STATE_HOME/navsh/history`, else
/// `$HOME/.local/state/navsh/history`; nil (no history) when none of these is
/// usable or `NAVSH_HISTORY` is empty or `/dev/null`.
func historyFilePath(environment: [String: String]) -> String? {
    if let explicit = environment["NAVSH_HISTORY"] {
        return explicit.isEmpty || explicit == "/dev/null" ? nil : explicit
    }
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
        return state + "/navsh/history"
    }
    if let home = environment["HOME"], !home.isEmpty {
        return home + "/.local/state/navsh/history"
    }
    return nil
}

// MARK: - LineEditor

final class LineEditor {
    /// Where the editor's own text for stdout goes (navsh's one writer); nil: the C stream.
    nonisolated(unsafe) static var output: ((String) -> Void)?

    let historyPath: String?
    let maxHistory: Int
    private var history: [String] = []
    /// Lines entered in this session and not saved yet (a save merges them
    /// into the file as it is then, so two prompts sharing it keep both).
    private var unsaved: [String] = []
    /// Lines still to hand out when one accepted input held several lines
    /// (a bracketed paste of several lines).
    private var queuedLines: [String] = []
    /// True while a prompt is displayed and readline owns the terminal.
    private var active = false

    /// historyPath nil = no history file. Loads it if present. Creates parent dirs when saving.
    init(historyPath: String?, maxHistory: Int = 1000) {
        self.historyPath = historyPath
        self.maxHistory = max(0, maxHistory)

        navsh_rl_set_readline_name("navsh")
        navsh_rl_set_catch_signals(0)
        navsh_rl_set_catch_sigwinch(0)
        navsh_rl_set_attempted_completion_function { text, start, _ in
            // Never fall back to readline's own filename completion: file
            // names are offered only where the grammar takes one.
            navsh_rl_set_attempted_completion_over(1)
            guard let text else { return nil }
            let before = lineBefore(byteOffset: Int(start))
            switch Completion.at(before[...], screens: completionScreens) {
            case .words(let words):
                completionWords = words
                completionWantsFiles = false
            case .files(let plus):
                completionWords = plus
                completionWantsFiles = true
                navsh_rl_set_filename_completion_desired(1)
            }
            return rl_completion_matches(text) { prefixPointer, state in
                if state == 0 {
                    let prefix = prefixPointer.map { String(cString: $0) } ?? ""
                    var seen = Set<String>()
                    completionMatches = completionWords.filter {
                        $0.hasPrefix(prefix) && seen.insert($0).inserted
                    }.sorted()
                    if completionWantsFiles, let prefixPointer {
                        var fileState: Int32 = 0
                        while let match = rl_filename_completion_function(prefixPointer, fileState) {
                            fileState += 1
                            let name = String(cString: match)
                            free(match)
                            if seen.insert(name).inserted { completionMatches.append(name) }
                        }
                    }
                    completionIndex = 0
                }
                guard completionIndex < completionMatches.count else { return nil }
                let word = completionMatches[completionIndex]
                completionIndex += 1
                return strdup(word)
            }
        }
        using_history()
        if self.maxHistory > 0 { stifle_history(Int32(clamping: self.maxHistory)) }
        loadHistory()

        _ = sigintFlag
        _ = sigwinchFlag
        sigintFlag = 0
        sigwinchFlag = 0
        installHandler(SIGINT) { _ in sigintFlag = 1 }
        installHandler(SIGWINCH) { _ in sigwinchFlag = 1 }
    }

    // MARK: Signals

    /// Installs a SIGTERM handler. A SIGTERM that arrives while `read` waits at
    /// the prompt restores the terminal, saves the history, runs `onTerm`, and
    /// exits with status 143. A SIGTERM that arrives while a command runs is
    /// acted on at the next `read` or `handlePendingTermination()` call.
    static func installTerminationHandler(_ onTerm: (() -> Void)? = nil) {
        terminationAction = onTerm
        _ = sigtermFlag
        _ = sighupFlag
        if !terminationHandlerInstalled {
            terminationHandlerInstalled = true
            installHandler(SIGTERM) { _ in sigtermFlag = 1 }
            // The terminal closed (its window, an ssh session): save like SIGTERM, exit 129.
            installHandler(SIGHUP) { _ in
                sighupFlag = 1
                sigtermFlag = 1
            }
        }
    }

    /// True once SIGTERM or SIGHUP arrived (only with installTerminationHandler).
    static var terminationPending: Bool { sigtermFlag != 0 }

    /// Returns true (and clears it) if Ctrl-C (SIGINT) arrived since the last
    /// call or the last `read`. For long-running commands (a real-time wait)
    /// to poll between steps.
    static func takeInterrupt() -> Bool {
        if sigintFlag != 0 {
            sigintFlag = 0
            interruptedThisLine = true
            return true
        }
        return false
    }

    /// True if Ctrl-C arrived since the last `read`, even if a real-time wait
    /// already took it: a `source` asks between its lines, and stops.
    static func interruptedSinceRead() -> Bool {
        _ = takeInterrupt()
        return interruptedThisLine
    }

    /// If SIGTERM (or SIGHUP) is pending: save the history, run the termination
    /// action, exit 143 (129).
    func handlePendingTermination() {
        guard sigtermFlag != 0 else { return }
        if active {
            rl_callback_handler_remove()
            active = false
            writeStdout("\n")
        }
        fflush(navsh_stdout())
        saveHistory()
        terminationAction?()
        fflush(navsh_stdout())
        fflush(navsh_stderr())
        exit(sighupFlag != 0 ? 129 : 143)
    }

    // MARK: Reading

    /// Reads one line at the prompt. Ctrl-C discards the line and returns
    /// .interrupt; Ctrl-D on an empty line returns .eof; `tick` runs every
    /// `tickMilliseconds` while waiting for input.
    func read(prompt: String, tickMilliseconds: Int = 50, tick: (() -> Void)? = nil) -> LineInput {
        handlePendingTermination()
        if !queuedLines.isEmpty {
            return .line(queuedLines.removeFirst())
        }
        sigintFlag = 0 // a Ctrl-C typed while a command ran does not discard this line
        interruptedThisLine = false
        fflush(navsh_stdout())
        fflush(navsh_stderr())

        readlineResult = .none
        rl_callback_handler_install(prompt) { linePointer in
            if let linePointer {
                readlineResult = .line(String(cString: linePointer))
                free(linePointer)
            } else {
                readlineResult = .eof
            }
            // Removing the handler here stops readline from redisplaying the prompt.
            rl_callback_handler_remove()
        }
        active = true
        // Ctrl-Z at the prompt: hand the terminal back in its normal mode
        // before stopping. Outside `read` the default action is right.
        _ = sigtstpFlag
        sigtstpFlag = 0
        installHandler(SIGTSTP) { _ in sigtstpFlag = 1 }
        defer { signal(SIGTSTP, SIG_DFL) }

        let period = max(1, tickMilliseconds)
        var nextTick = monotonicMilliseconds() + period

        while true {
            if sigtermFlag != 0 {
                handlePendingTermination()
            }
            if sigintFlag != 0 {
                sigintFlag = 0
                discardLineAfterInterrupt()
                return .interrupt
            }
            if sigwinchFlag != 0 {
                sigwinchFlag = 0
                rl_resize_terminal()
            }
            if sigtstpFlag != 0 {
                sigtstpFlag = 0
                suspend()
            }

            var now = monotonicMilliseconds()
            if now >= nextTick {
                if let tick {
                    tick()
                }
                now = monotonicMilliseconds()
                nextTick = now + period
            }
            // Bounded so a signal that lands just before poll() is still seen soon.
            let timeout = Int32(max(0, min(nextTick - now, tick == nil ? 100 : period)))

            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                active = false
                return .eof
            }
            if ready == 0 { continue }

            if fds.revents & Int16(POLLIN) != 0 {
                repeat {
                    rl_callback_read_char()
                } while navsh_rl_pending_input() != 0 && isWaitingForLine
                if let result = finishedResult() {
                    return result
                }
            } else if fds.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                rl_callback_handler_remove()
                active = false
                writeStdout("\n")
                return .eof
            }
        }
    }

    /// Stops the process (Ctrl-Z) with the terminal restored; on `fg`,
    /// takes the terminal back and redraws the prompt and the line.
    private func suspend() {
        rl_cleanup_after_signal()
        fflush(navsh_stdout())
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued.
        installHandler(SIGTSTP) { _ in sigtstpFlag = 1 }
        rl_reset_after_signal()
        rl_on_new_line()
        rl_forced_update_display()
    }

    private var isWaitingForLine: Bool {
        if case .none = readlineResult { return true }
        return false
    }

    private func finishedResult() -> LineInput? {
        switch readlineResult {
        case .none:
            return nil
        case .eof:
            active = false
            readlineResult = .none
            writeStdout("\n")
            return .eof
        case .line(let text):
            active = false
            readlineResult = .none
            // A bracketed paste can deliver several lines at once.
            if text.contains(where: { $0 == "\n" || $0 == "\r" }) {
                var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
                    .map(String.init)
                if lines.last == "" { lines.removeLast() }
                if lines.isEmpty { return .line("") }
                queuedLines = Array(lines.dropFirst())
                return .line(lines[0])
            }
            return .line(text)
        }
    }

    private func discardLineAfterInterrupt() {
        queuedLines = []
        // Leave the cursor after what was typed, show ^C like a terminal would,
        // and drop the line.
        navsh_rl_set_point(navsh_rl_end())
        rl_redisplay()
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_echo_signal_char(SIGINT)
        rl_replace_line("", 0)
        rl_callback_handler_remove()
        active = false
        readlineResult = .none
        writeStdout("\n")
    }

    // MARK: Output above the prompt

    /// Prints text above the prompt while the user is typing, then redraws the
    /// prompt and the partly typed line intact.
    func printAbove(_ text: String) {
        let output = text.hasSuffix("\n") ? text : text + "\n"
        guard active else {
            writeStdout(output)
            return
        }
        fflush(navsh_stdout())
        rl_clear_visible_line()
        writeStdout(output)
        rl_on_new_line()
        rl_forced_update_display()
        fflush(navsh_stdout())
    }

    // MARK: History

    /// Adds a non-empty line to history (skipped if identical to the previous entry).
    func addHistory(_ line: String) {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        guard !line.contains(where: { $0 == "\n" || $0 == "\r" }) else { return }
        if history.last == line { return }
        history.append(line)
        if history.count > maxHistory {
            history.removeFirst(history.count - maxHistory)
        }
        if maxHistory > 0 {
            add_history(line)
        }
        if !loading { unsaved.append(line) }
    }

    private var loading = false

    private func loadHistory() {
        guard let historyPath else { return }
        loading = true
        for line in HistoryFile.read(historyPath) { addHistory(line) }
        loading = false
    }

    /// Adds this session's lines to the history file (mode 0600) as it is now,
    /// keeping at most maxHistory entries, through a temporary file renamed
    /// into place under a lock (HistoryFile). On failure,
    /// or when the path is not a regular file the user owns, prints one warning
    /// line to stderr, leaves the file alone and carries on.
    func saveHistory() {
        guard let historyPath else { return }
        func warn(_ reason: String) {
            fputs("navsh: warning: cannot write history \(historyPath): \(reason)\n", navsh_stderr())
            fflush(navsh_stderr())
        }
        if let slash = historyPath.lastIndex(of: "/"), slash != historyPath.startIndex {
            let parent = String(historyPath[..<slash])
            if let reason = makeDirectories(parent) {
                warn(reason)
                return
            }
        }
        if let reason = HistoryFile.append(unsaved, to: historyPath, keeping: maxHistory) {
            warn(reason)
        } else {
            unsaved = []
        }
    }

    /// mkdir -p; returns an error description or nil.
    private func makeDirectories(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            return (st.st_mode & S_IFMT) == S_IFDIR ? nil : "\(path) is not a directory"
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            if let reason = makeDirectories(String(path[..<slash])) { return reason }
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            return String(cString: strerror(errno))
        }
        return nil
    }

    // MARK: Completion

    /// Screen names Tab completes where the grammar takes a screen (live
    /// screens and declared classes).
    static func setCompletionScreens(_ screens: [String]) {
        completionScreens = screens
    }
}
