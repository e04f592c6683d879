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
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum LineInput: Equatable {
    case line(String)
    case interrupt
    case eof
}

// MARK: - State shared with the C callbacks

/// What the readline line handler received for the current read.
private enum ReadlineResult {
    case none
    case line(String)
    case eof
}
nonisolated(unsafe) private var readlineResult: ReadlineResult = .none

private func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
}

func writeStdout(_ text: String) {
    // Readline draws through the C stream: what it holds goes first.
    fflush(navsh_stdout())
    if let output = LineEditor.output {
        output(text)
    } else {
        fputs(text, navsh_stdout())
        fflush(navsh_stdout())
    }
}

// MARK: - LineEditor

final class LineEditor {
    /// Where the editor's own text for stdout goes (navsh's one writer); nil: the C stream.
    nonisolated(unsafe) static var output: ((String) -> Void)?
    /// Ctrl-L: clears the screen its own way (the live picture) and returns
    /// true, or returns false for readline's own clear.
    nonisolated(unsafe) static var onClearScreen: (() -> Bool)?
    /// The terminal was resized while the prompt waited (before readline redraws).
    nonisolated(unsafe) static var onResize: (() -> Void)?

    let historyPath: String?
    let maxHistory: Int
    var history: [String] = []
    /// Lines entered in this session and not saved yet (a save merges them
    /// into the file as it is then, so two prompts sharing it keep both).
    var unsaved: [String] = []
    /// Lines still to hand out when one accepted input held several lines
    /// (a bracketed paste of several lines).
    private var queuedLines: [String] = []
    /// True while a prompt is displayed and readline owns the terminal.
    var active = false
    /// True while the history file is being loaded (its lines are not new).
    var loading = false

    /// historyPath nil = no history file. Loads it if present. Creates parent dirs when saving.
    init(historyPath: String?, maxHistory: Int = 1000) {
        self.historyPath = historyPath
        self.maxHistory = max(0, maxHistory)

        navsh_rl_set_readline_name("navsh")
        navsh_rl_set_catch_signals(0)
        navsh_rl_set_catch_sigwinch(0)
        LineEditor.installCompletion()
        rl_bind_key(12) { count, key in
            guard let clear = LineEditor.onClearScreen, clear() else { return rl_clear_screen(count, key) }
            rl_on_new_line()
            rl_forced_update_display()
            return 0
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
                // The live picture lays itself out for the new size first, so
                // the prompt and the typed text are drawn again below it.
                LineEditor.onResize?()
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
}
