import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays the transition clock in wall time: `set clock real` (the prompt's
/// default). When a line asks for real time (`LineResult.wantsRealTime`) the
/// shell calls `run`, which moves the session's clock as wall time passes and
/// draws a progress line; while the user types, `tick` moves the clock and
/// events print above the prompt. The session never calls it.
final class RealTimeDriver {
    let writer: OutputWriter
    /// Draw a progress line (only on a terminal).
    let showProgress: Bool
    /// Whether Ctrl-C can be picked up (a LineEditor installed its handler).
    var interruptible = false
    private var anchor = monotonicNow()
    private var carry = 0.0
    private var progressShown = false
    /// Called at each step of a foreground wait (the live picture redraws).
    var onStep: (() -> Void)?

    init(writer: OutputWriter, showProgress: Bool) {
        self.writer = writer
        self.showProgress = showProgress
    }

    /// Moves the clock in wall time until `target` (nil: until nothing the clock
    /// can end is in flight). Returns false if Ctrl-C or SIGTERM ended the wait.
    func run(_ session: Session, until target: Int?) -> Bool {
        restartAnchor()
        // What is typed during the wait is not echoed into the progress line
        // (nor does its Enter leave a stale copy of it above): it waits, unseen,
        // for the prompt, which shows it as typed.
        let input = showProgress && isatty(0) == 1 ? RawInput() : nil
        defer { input?.restore() }
        while true {
            // SIGTERM ends the wait at once; the prompt then saves history and exits.
            if interruptible, LineEditor.terminationPending {
                clearProgress()
                return false
            }
            if interruptible, LineEditor.takeInterrupt() {
                clearProgress()
                writer.line("  wait stopped; transitions in flight go on in the background")
                return false
            }
            let deadline = session.model.nextDeadline
            let goal: Int
            if let target {
                goal = target
            } else if let deadline {
                goal = deadline
            } else {
                break
            }
            if session.model.clock >= goal {
                if target != nil { break }
                continue
            }
            usleep(useconds_t(8_000))
            let reached = elapsedModelTime(session)
            let step = min(goal, reached)
            if step > session.model.clock {
                clearProgress()
                session.advanceClock(to: step)
                writer.flush()
            }
            drawProgress(session)
            onStep?()
        }
        clearProgress()
        return true
    }

    /// Called while the user types: the clock moves only while something is in flight.
    func tick(_ session: Session) {
        guard session.model.nextDeadline != nil else {
            restartAnchor()
            return
        }
        let reached = elapsedModelTime(session)
        if reached > session.model.clock { session.advanceClock(to: reached) }
    }

    /// After the user pressed Enter: the time spent typing while idle does not count.
    func restartAnchorIfIdle(_ session: Session) {
        if session.model.nextDeadline == nil { restartAnchor() }
    }

    func restartAnchor() {
        anchor = monotonicNow()
        carry = 0
    }

    /// The model time the wall clock has reached since the anchor, at `speed` times real speed
    /// (0.1 is slow motion: ten times slower).
    private func elapsedModelTime(_ session: Session) -> Int {
        let now = monotonicNow()
        let wall = Double(now - anchor) / 1_000_000.0
        anchor = now
        carry += wall * min(max(session.speed, 0.01), 100)
        // A pause of days (a suspended process) must not overflow the conversion.
        carry = min(carry, 86_400_000)
        let whole = Int(carry)
        carry -= Double(whole)
        return session.model.clock + whole
    }

    private func drawProgress(_ session: Session) {
        guard showProgress else { return }
        let jobs = session.model.jobs
        guard !jobs.isEmpty else { return }
        let text = "\r\u{1B}[2K  \u{2026} " + jobs.joined(separator: "; ")
        writeRaw(text)
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        writeRaw("\r\u{1B}[2K")
        progressShown = false
    }

    private func writeRaw(_ text: String) {
        writer.raw(text)
    }
}

/// Nanoseconds on the monotonic clock.
func monotonicNow() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int(ts.tv_sec) * 1_000_000_000 + Int(ts.tv_nsec)
}
