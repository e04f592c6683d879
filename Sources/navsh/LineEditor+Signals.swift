// Signals at the prompt: the handlers only set flags (plain sig_atomic_t
// stores); `LineEditor.read` and long commands act on them between steps.

import CReadline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Flags written by signal handlers. Plain sig_atomic_t stores; they are
// touched once (forcing any lazy initialisation) before a handler is installed.
nonisolated(unsafe) var sigintFlag: sig_atomic_t = 0
nonisolated(unsafe) var sigtermFlag: sig_atomic_t = 0
nonisolated(unsafe) var sighupFlag: sig_atomic_t = 0
/// Ctrl-C was taken since the last `read` (not touched by signal handlers).
nonisolated(unsafe) var interruptedThisLine = false
nonisolated(unsafe) var sigwinchFlag: sig_atomic_t = 0
nonisolated(unsafe) var sigtstpFlag: sig_atomic_t = 0

/// Extra action to run on SIGTERM at the prompt, after the history is saved.
nonisolated(unsafe) private var terminationAction: (() -> Void)?
nonisolated(unsafe) private var terminationHandlerInstalled = false

func installHandler(_ signo: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
    #else
        action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART // poll(2) is never restarted, so it still wakes up
    sigaction(signo, &action, nil)
}

extension LineEditor {
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

    /// Ctrl-C sets a flag from now on instead of ending navsh: a lesson run
    /// with `-i` (its pauses and waits take it) before the prompt's editor exists.
    static func installInterruptHandler() {
        _ = sigintFlag
        sigintFlag = 0
        installHandler(SIGINT) { _ in sigintFlag = 1 }
    }

    /// SIGTERM or SIGHUP away from the prompt (a pause): runs the termination
    /// action (the live picture gives the screen back) and exits 143 (129).
    static func terminateNow() -> Never {
        fflush(navsh_stdout())
        terminationAction?()
        fflush(navsh_stdout())
        fflush(navsh_stderr())
        exit(sighupFlag != 0 ? 129 : 143)
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
}
