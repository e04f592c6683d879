import NavigationEngine

/// A lesson run interactively (issue 15): `pause` waits for Enter, and
/// comments that start with `##` print as headings.
extension Session {
    /// `pause ["TEXT"]`: runs the pause hook, which the executable sets only
    /// when stdin is a terminal and the session is interactive (the prompt,
    /// `navsh -i FILE`, a `source` typed at the prompt). Without one (scripts,
    /// pipes, `navsh test`) it does nothing.
    func pause(_ text: String?) {
        guard let pauseHook, !replaying, !muted else { return }
        lessonPause(text, hook: pauseHook)
    }

    /// A comment line (`#` after blanks): a heading, narration or a suggestion may be one.
    func isComment(_ line: String) -> Bool {
        var utf8 = line.utf8[...]
        while let first = utf8.first, first == 32 || first == 9 { utf8 = utf8.dropFirst() }
        return utf8.first == 35
    }

    /// Prints `## Text` as a heading: a blank line, then the text (bold on a colour terminal).
    func showHeading(_ line: String) {
        guard !options.quiet, !muted else { return }
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" || first == "#" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        if options.json {
            say(String(text), kind: "heading")
            return
        }
        output.line("")
        output.line(options.colour ? "\u{1B}[1m\(text)\u{1B}[0m" : "\(text)")
    }
}

extension Command {
    var isPause: Bool {
        if case .pause = self { true } else { false }
    }
}

extension Session {
    /// Whether `error: UIKit raised …` names only the exception. At the prompt, when the
    /// exception's event line has just printed it, only the exception's name
    /// (the reason is one line up); in scripts, with `log off`, `--quiet` or
    /// `--json`, the whole reason, since the error is read on its own.
    var exceptionShownAbove: Bool {
        atPrompt && !options.quiet && !options.json && logLevel != .off && shouldPrint(.exception)
    }
}

extension Action {
    /// Whether the command can change a navigation stack (the prompt prints
    /// the stack after those only): declarations, settings and notifications cannot.
    var canChangeStack: Bool {
        switch self {
        case .screen, .use, .delegate, .gestureDelegate, .setDuration, .setProfile, .setPreemption, .notify: false
        default: true
        }
    }
}

extension Session {
    /// The events `timeline` draws (all kept, those since the last reset, or
    /// the last N), and the resets and undos among them.
    func timelineEvents(_ span: TimelineSpan) -> (events: [Event], marks: [TimelineMark]) {
        let kept = history
        let drawn: ArraySlice<Event>
        switch span {
        case .all:
            drawn = kept
        case .sinceReset:
            if let mark = resetMarks.last {
                let start = Swift.max(kept.startIndex, Swift.min(kept.endIndex, mark &- historyDropped))
                drawn = kept[start...]
            } else {
                drawn = kept
            }
        case .last(let n):
            drawn = kept.suffix(n)
        case .sinceSection(let n):
            drawn =
                kept[Swift.max(kept.startIndex, Swift.min(kept.endIndex, (sectionStart(n) ?? 0) &- historyDropped))...]
        }
        let start = historyDropped &+ drawn.startIndex
        let marks = timelineMarks.compactMap { mark -> TimelineMark? in
            let before = mark.before &- start
            guard before >= 0, before <= drawn.count else { return nil }
            return TimelineMark(before: before, kind: mark.kind)
        }
        return (Array(drawn), marks)
    }

    /// Keeps a reset or an undo for the timeline, where the history ends now
    /// (the last `TimelineRenderer.maxMarks` are kept, as a picture draws no more).
    func markTimeline(_ kind: TimelineMark.Kind) {
        let end = historyDropped &+ log.count
        // An undo took events back: marks made after them (the last ones, as
        // marks are in order) now sit where the history ends.
        var i = timelineMarks.count - 1
        while i >= 0, timelineMarks[i].before > end {
            timelineMarks[i].before = end
            i -= 1
        }
        if timelineMarks.count >= 2 * TimelineRenderer.maxMarks {
            timelineMarks.removeFirst(timelineMarks.count - TimelineRenderer.maxMarks)
        }
        timelineMarks.append(TimelineMark(before: end, kind: kind))
    }
}

extension Session {
    /// `explore`, `invariant` or `check` typed at the prompt: they declare a
    /// search that `navsh explore FILE` runs; nothing searches here, so the
    /// prompt says how to run one (as psql answers a meta-command it has no
    /// use for at once, instead of ignoring it).
    func explainSearchAtPrompt() {
        guard atPrompt, sourceStack.isEmpty else { return }
        let count = declarations.actions.count
        say(
            "declared for a search (\(count) action\(count == 1 ? "" : "s") so far); nothing is searched at the prompt."
        )
        say("  To search, put the setup and these lines in a file: navsh explore FILE")
    }
}
