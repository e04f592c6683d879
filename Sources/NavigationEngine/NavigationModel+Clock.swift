/// The transition clock: transitions end when the clock reaches them, those
/// ending at one instant in a fixed order (behaviour.md section 9).
extension NavigationModel {
    /// The earliest end among the transitions in flight that the clock can end.
    public var nextDeadline: Int? {
        var best = modalTransition?.end
        navs.forEachActive { id in
            if let end = navs.transitionEnd(id), best.map({ end < $0 }) ?? true { best = end }
        }
        return best
    }

    /// Moves the clock to `target` (real time drives it this way), appending
    /// what happens to `events`; with `recording` false, recording nothing
    /// (the same state: see `performStep(_:events:recording:)`).
    public mutating func advanceClock(to target: Int, events: inout [Event], recording: Bool = true) {
        scratch.quiet = !recording
        swap(&scratch.events, &events)
        advance(to: target)
        swap(&scratch.events, &events)
        scratch.quiet = false
    }

    /// Moves the clock to `target`, ending every transition due on the way, in time order.
    mutating func advance(to target: Int) {
        var guardCount = 0
        work(1 &+ navs.activeCandidates)
        while case (let deadline?, let due) = nextDue(), deadline <= target, guardCount < 1_000_000 {
            guardCount += 1
            work(2 &* (1 &+ navs.activeCandidates))
            clock = max(clock, deadline)
            endTransition(due)
        }
        clock = max(clock, target)
    }

    /// Runs the clock until only held or frozen pops (or nothing) remain.
    mutating func runUntilIdle() {
        var guardCount = 0
        work(1 &+ navs.activeCandidates)
        while case (let deadline?, let due) = nextDue(), guardCount < 1_000_000 {
            guardCount += 1
            work(2 &* (1 &+ navs.activeCandidates))
            clock = max(clock, deadline)
            endTransition(due)
        }
    }

    /// The earliest end the clock can reach (`nextDeadline`) and what ends there
    /// first: the modal transition (nil), or the lowest-numbered controller among
    /// those due then, as the clock's order among equals. One walk of the active
    /// controllers for both, where the deadline and then the transition due at it
    /// took one each, every turn of the clock's loop.
    private func nextDue() -> (deadline: Int?, controller: Int?) {
        var best = modalTransition?.end
        var due: Int?
        navs.forEachActive { id in
            guard let end = navs.transitionEnd(id) else { return }
            if let b = best {
                if end < b {
                    best = end
                    due = id
                } else if end == b, let d = due, id < d {
                    due = id
                }
            } else {
                best = end
                due = id
            }
        }
        return (best, due)
    }

    /// Ends what `nextDue` found due: the modal transition (nil) or controller `id`'s.
    private mutating func endTransition(_ id: Int?) {
        if let id { finishTransition(id) } else { finishModalTransition() }
    }

    /// Whether anything is in flight, held and frozen pops included.
    public var isBusy: Bool {
        if isModalTransitioning || isFrozen { return true }
        var busy = false
        navs.forEachActive { id in if navs.isTransitioning(id) == true { busy = true } }
        return busy
    }

    /// The transitions in flight, for `jobs`.
    public var jobs: [String] {
        var lines: [String] = []
        if let t = modalTransition {
            let what = t.presenting ? "present \(t.modal.screen, in: names)" : "dismiss \(t.modal.screen, in: names)"
            lines.append("\(what): \(t.end - clock)ms left")
        }
        for id in navs.keys.sorted() {
            guard let nav = navs[id] else { continue }
            if let t = nav.transition {
                let what: String
                switch t.kind {
                case .push: what = "push \(t.to, in: names)"
                case .pop: what = "pop to \(t.to, in: names)"
                case .interactive(let percent, let cancels):
                    what =
                        t.end == nil
                        ? "interactive pop held at \(percent)%"
                        : (cancels ? "interactive pop cancelling" : "interactive pop finishing")
                }
                lines.append(t.end.map { "\(what): \($0 - clock)ms left" } ?? "\(what): waits for the finger")
            }
            if frozen?.nav == id { lines.append("interactive pop: frozen, never ends") }
            if !nav.queue.isEmpty { lines.append("\(nav.queue.count) call\(nav.queue.count == 1 ? "" : "s") queued") }
        }
        return lines
    }
}
