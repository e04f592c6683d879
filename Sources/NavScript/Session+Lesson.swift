import NavigationEngine

/// What the class chose at a pause (issue 37): go on, go back to the pause
/// before (its state restored), leave the lesson for the prompt (the state
/// kept), or go to a section by its number or words of its heading.
public enum PauseChoice: Equatable, Sendable {
    case next
    case back
    case leave
    case section(String)
}

/// What a pause shows and what it can offer.
public struct PauseRequest: Sendable {
    public var text: String?
    /// A line to show before the keys (why the last choice did nothing), if any.
    public var message: String?
    /// The lesson's `##` headings, in order (empty outside a lesson).
    public var sections: [String]
    /// Whether a pause comes before this one (back can go there).
    public var canGoBack: Bool
    /// The first pause of the lesson (the keys are explained there).
    public var isFirst: Bool
}

/// A lesson run at a terminal: a script's lines as read, so the class can go
/// back to an earlier pause or section and run from there again, the state at
/// each pause and heading, and what the lesson suggests for the class's turn.
/// A lesson larger than `maxBytes` is run as it is read, without going back.
final class LessonRun: ScriptLineReader {
    static let maxBytes = 4 << 20

    /// Where a lesson can go back to: the line to run next and the session as it was there.
    struct Stop {
        var position: Int
        var state: SessionState
        var journal: UndoJournal
        var logEnd: Int
        var text: String?
    }

    struct Section {
        var title: String
        /// Index of the heading's line in `lines`.
        var position: Int
        var stop: Stop?
    }

    private let base: any ScriptLineReader
    private var lines: [(text: String, number: Int)] = []
    private var bytes = 0
    /// How the script ended when it was read ahead (its end, or a read error to report in turn).
    private var ending: ScriptLine?
    private var endingNumber = 0
    /// The next line `next()` serves.
    var position = 0
    private var lastNumber = 0
    /// False once the lesson outgrew `maxBytes` (lines are no longer kept).
    private(set) var rewindable: Bool
    var pauses: [Stop] = []
    var sections: [Section] = []
    /// A section to reach by running on quietly (a jump forward).
    var skipTarget: Int?
    var suggestions: [String] = []
    /// A pause of this lesson was shown (the keys were explained).
    var pausedOnce = false

    init(_ base: any ScriptLineReader, canReadAhead: Bool) {
        self.base = base
        rewindable = canReadAhead
        if canReadAhead { readAll() }
    }

    /// Reads the whole script, so its sections are known from the start.
    private func readAll() {
        while rewindable, ending == nil {
            let line = base.next()
            guard case .line(let text) = line else {
                ending = line
                endingNumber = base.lineNumber
                break
            }
            lines.append((text, base.lineNumber))
            bytes += text.utf8.count
            if bytes > LessonRun.maxBytes { rewindable = false }
        }
        for (index, line) in lines.enumerated() {
            if let title = LessonRun.heading(line.text) { sections.append(Section(title: title, position: index)) }
        }
    }

    func next() -> ScriptLine {
        if position < lines.count {
            let line = lines[position]
            position += 1
            lastNumber = line.number
            return .line(line.text)
        }
        if let ending {
            lastNumber = endingNumber
            return ending
        }
        // Past what was read ahead (a lesson too large to keep, or not read ahead).
        let line = base.next()
        lastNumber = base.lineNumber
        if rewindable, case .line(let text) = line {
            lines.append((text, base.lineNumber))
            position = lines.count
        }
        return line
    }

    var lineNumber: Int { lastNumber }

    /// `## Title` without its marks, or nil.
    static func heading(_ line: String) -> String? {
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        guard text.hasPrefix("##") else { return nil }
        while let first = text.first, first == " " || first == "\t" || first == "#" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }

    /// The section whose heading is on line index `position`, if any.
    func section(at position: Int) -> Int? {
        sections.firstIndex { $0.position == position }
    }

    /// The section the line at `position` belongs to (the last heading at or before it).
    func section(containing position: Int) -> Int? {
        sections.lastIndex { $0.position < position }
    }

    /// The section a class's answer names: its number (1 is the first
    /// heading), or words its heading contains.
    func section(named query: String) -> Int? {
        let words = query.lowercased().split(separator: " ")
        guard !words.isEmpty else { return nil }
        if words.count == 1, let number = Int(words[0]) {
            return number >= 1 && number <= sections.count ? number - 1 : nil
        }
        return sections.firstIndex { section in
            let title = section.title.lowercased()
            return words.allSatisfy { title.contains($0) }
        }
    }
}

extension Session {
    /// The state kept at a pause or heading, to come back to.
    func lessonStop(_ position: Int, text: String?) -> LessonRun.Stop {
        LessonRun.Stop(
            position: position, state: current.keptAside, journal: journal, logEnd: historyDropped &+ log.count,
            text: text)
    }

    /// Makes the session as it was at `stop` (its events since then never happened).
    func restoreLesson(_ stop: LessonRun.Stop) {
        restore(stop.state)
        journal = stop.journal
        let keep = stop.logEnd &- historyDropped
        if keep >= 0, keep < log.count { log.removeSubrange(keep...) }
        recentStart = Swift.min(recentStart, log.count)
    }

    /// `pause ["TEXT"]` in an interactive session: waits for the class's choice.
    func lessonPause(_ text: String?, hook: (PauseRequest) -> PauseChoice) {
        guard let lesson = currentLesson, lesson.rewindable else {
            // Outside a lesson (typed at the prompt): go on or leave.
            let choice = hook(
                PauseRequest(text: text, message: nil, sections: [], canGoBack: false, isFirst: false))
            if choice == .leave { leaveLesson() }
            return
        }
        if lesson.skipTarget != nil { return }
        let here = lesson.position
        var index: Int
        if let known = lesson.pauses.firstIndex(where: { $0.position == here }) {
            index = known
            lesson.pauses[known] = lessonStop(here, text: text)
        } else {
            index = lesson.pauses.firstIndex { $0.position > here } ?? lesson.pauses.count
            lesson.pauses.insert(lessonStop(here, text: text), at: index)
        }
        let arrived = index
        var message: String?
        while true {
            let request = PauseRequest(
                text: lesson.pauses[index].text, message: message, sections: lesson.sections.map(\.title),
                canGoBack: index > 0, isFirst: !lesson.pausedOnce)
            lesson.pausedOnce = true
            message = nil
            switch hook(request) {
            case .next:
                if index != arrived { jumpLesson(lesson, to: lesson.pauses[index]) }
                return
            case .back:
                if index == 0 {
                    message = "(this is the first pause)"
                } else {
                    index -= 1
                    restoreLesson(lesson.pauses[index])
                    message = "(back one pause: the class is as it was here)"
                }
            case .leave:
                leaveLesson()
                return
            case .section(let query):
                guard let target = lesson.section(named: query) else {
                    message =
                        lesson.sections.isEmpty
                        ? "(this lesson has no ## sections)"
                        : "(no section \"\(query)\": 1 to \(lesson.sections.count), or words of a heading)"
                    continue
                }
                let section = lesson.sections[target]
                if let stop = section.stop {
                    jumpLesson(lesson, to: stop)
                } else {
                    // Not reached yet: run on quietly up to its heading (from this pause).
                    if index != arrived { lesson.position = lesson.pauses[index].position }
                    lesson.skipTarget = target
                    muted = true
                    lessonBreak = true
                }
                return
            }
        }
    }

    /// Runs the lesson on from `stop`, the session as it was there.
    func jumpLesson(_ lesson: LessonRun, to stop: LessonRun.Stop) {
        restoreLesson(stop)
        lesson.position = stop.position
        lessonBreak = true
    }

    /// Leaves the lessons being run for the prompt; the state stays.
    func leaveLesson() {
        lessonLeft = true
        lessonBreak = true
        muted = false
        say("(left the lesson; the class is where it stopped)")
    }

    /// A comment line of a lesson run at a terminal: a heading (`##`), the
    /// teacher's narration (`#>`) or a suggestion for the class (`#$`).
    func classroomComment(_ line: String) {
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        guard text.hasPrefix("#") else { return }
        if isHeading(line) {
            if let lesson = currentLesson, lesson.rewindable, let index = lesson.section(at: lesson.position - 1) {
                if lesson.skipTarget == index {
                    lesson.skipTarget = nil
                    muted = false
                }
                if lesson.sections[index].stop == nil {
                    lesson.sections[index].stop = lessonStop(lesson.position - 1, text: nil)
                }
            }
            showHeading(line)
            return
        }
        guard text.hasPrefix("#>") || text.hasPrefix("#$") else { return }
        let suggestion = text.hasPrefix("#$")
        var body = text.dropFirst(2)
        if body.first == " " { body = body.dropFirst() }
        while let last = body.last, last == " " || last == "\t" || last == "\r" { body = body.dropLast() }
        if suggestion, let lesson = currentLesson, !lesson.suggestions.contains(String(body)) {
            lesson.suggestions.append(String(body))
        }
        guard !options.quiet, !muted else { return }
        if options.json {
            say(String(body), kind: suggestion ? "suggestion" : "narration")
            return
        }
        if suggestion {
            let shown = "  try: \(body)"
            output.line(options.colour ? "\u{1B}[1m\(shown)\u{1B}[0m" : shown)
            return
        }
        for piece in Session.wrap(String(body), width: textWidth) { output.line(piece) }
    }

    /// The end of a lesson run at a terminal: its sections and suggestions again.
    func recapLesson(_ lesson: LessonRun) {
        muted = false
        guard !lessonLeft, !lesson.sections.isEmpty, !lesson.pauses.isEmpty, !options.quiet, !options.json else {
            return
        }
        output.line("")
        output.line(options.colour ? "\u{1B}[1mRecap\u{1B}[0m" : "Recap")
        for (index, section) in lesson.sections.enumerated() {
            let title = section.title
            let numbered = title.hasPrefix("\(index + 1).") ? title : "\(index + 1). \(title)"
            for piece in Session.wrap(numbered, width: textWidth, indent: 2) { output.line(piece) }
        }
        for suggestion in lesson.suggestions { output.line("  try: \(suggestion)") }
    }

    /// `text` cut at spaces into lines of at most `width` columns (0: not cut),
    /// each after `indent` spaces; a word longer than a line is not cut.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        let pad = String(repeating: " ", count: indent)
        guard width > indent + 10, text.count + indent > width else { return [pad + text] }
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if indent + current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                result.append(pad + current)
                current = String(word)
            }
        }
        if !current.isEmpty { result.append(pad + current) }
        return result
    }
}
