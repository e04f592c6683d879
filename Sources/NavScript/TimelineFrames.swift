import NavigationEngine

/// The phone after each command that printed events (`PhoneFrame`, its
/// transitions as start and end), for `timeline FILE.html`: the page draws,
/// at an instant, the last frame kept before it. Kept in order; a frame is
/// kept only when the events moved on (or a reset or undo changed the
/// state), and only when it differs from the one before.
struct TimelineFrames {
    struct Kept {
        /// Events in the history (counting trimmed ones) when it was kept: it shows the phone after them.
        var events: Int
        /// Timeline marks made so far (resets, undos, sections): it shows the phone after them too.
        var marks: Int
        var frame: PhoneFrame
    }

    var kept: [Kept] = []
    /// Marks made so far (not counting any that were trimmed away).
    var marksMade = 0
    /// `kept` is trimmed of frames older than the history when it reaches this.
    private var trimAt = 1024

    /// The frame to note now, unless the events have not moved since the last one.
    mutating func note(_ frame: @autoclosure () -> PhoneFrame, events: Int, oldest: Int, force: Bool) {
        // An undo took events back: what was kept after them never happened.
        // (Read in place: `kept.last` would copy a whole frame each time.)
        while !kept.isEmpty, kept[kept.count - 1].events > events { kept.removeLast() }
        if !force, !kept.isEmpty, kept[kept.count - 1].events == events, kept[kept.count - 1].marks == marksMade {
            return
        }
        let now = frame()
        if !kept.isEmpty, kept[kept.count - 1].frame == now { return }
        kept.append(Kept(events: events, marks: marksMade, frame: now))
        if kept.count >= trimAt {
            // Frames before the oldest event kept are dropped, all but the last of them.
            if let first = kept.lastIndex(where: { $0.events <= oldest }), first > 0 { kept.removeFirst(first) }
            trimAt = Swift.max(1024, 2 * kept.count)
        }
    }
}

extension Session {
    /// Keeps the phone as it is now for `timeline FILE.html` if the events moved on
    /// since the last frame (or `force`: a reset or an undo changed it without events).
    func noteFrame(force: Bool = false) {
        guard !replaying else { return }
        frames.marksMade = timelineMarks.count
        frames.note(
            inPlace(\.frame), events: historyDropped &+ log.count, oldest: historyDropped, force: force)
    }
}
