import NavigationEngine

/// `timeline FILE [SPAN] [large]`: the session's events as a picture, as
/// Mermaid, or as a page that replays them; and the `##` sections they are
/// marked with.
extension Session {
    /// A `##` comment line (after blanks): a section's heading.
    func isHeading(_ line: String) -> Bool {
        // One pass that stops at the first byte that tells (a command's first
        // letter, for nearly every line): this runs on every line read.
        var hashes = 0
        for b in line.utf8 {
            if hashes == 0, b == 32 || b == 9 { continue }
            guard b == 35 else { return false }
            hashes += 1
            if hashes == 2 { return true }
        }
        return false
    }

    /// A `##` comment line was read: a section begins (a mark on the timeline).
    func markSection(_ line: String) {
        var text = Substring(line)
        while let first = text.first, first == " " || first == "\t" || first == "#" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        markTimeline(.section(Timeline.clean(String(text))))
    }

    /// The number a section's title starts with (`3. Modal` is 3), if any.
    static func sectionNumber(_ title: String) -> Int? {
        let digits = title.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        let rest = title.dropFirst(digits.count)
        guard rest.isEmpty || rest.first == "." || rest.first == " " || rest.first == ":" || rest.first == ")"
        else { return nil }
        return Int(digits)
    }

    /// Where section `n` begins in the history (counting trimmed events): the
    /// last heading numbered `n` (`## 3. ...`), else the `n`th heading kept.
    func sectionStart(_ n: Int) -> Int? {
        var count = 0
        var nth: Int?
        var numbered: Int?
        for mark in timelineMarks {
            guard case .section(let title) = mark.kind else { continue }
            count += 1
            if count == n { nth = mark.before }
            if Session.sectionNumber(title) == n { numbered = mark.before }
        }
        return numbered ?? nth
    }

    /// Writes `timeline FILE`; false (and a failure) when it could not.
    func writeTimeline(
        _ path: String, _ span: TimelineSpan, large: Bool, directory: String?, at here: SourceLocation?
    ) -> Bool {
        if case .sinceSection(let n) = span, sectionStart(n) == nil {
            let headings = timelineMarks.filter { if case .section = $0.kind { true } else { false } }.count
            fail(.session(.noSection(n, headings: headings)), at: here)
            return false
        }
        let (events, marks) = timelineEvents(span)
        let names = current.model.names
        let contents: String
        switch TimelineFormat(path: path) ?? .svg {
        case .svg: contents = TimelineRenderer.svg(events, marks: marks, names: names, large: large)
        case .markdown: contents = TimelineRenderer.mermaid(events, marks: marks, names: names)
        case .html: contents = timelinePage(span, title: Session.fileName(path), large: large)
        }
        if let problem = writeFile.map({ $0(path, contents) }) ?? host.writeFile(path, contents, from: directory) {
            fail(.session(problem), at: here)
            return false
        }
        say(
            "wrote \(path): \(events.count) event\(events.count == 1 ? "" : "s")\(historyDropped > 0 && span == .all ? " (the \(historyDropped) oldest were not kept)" : "")"
        )
        return true
    }

    /// The page `timeline FILE.html` writes, for the events `span` takes.
    public func timelinePage(_ span: TimelineSpan = .all, title: String, large: Bool = false) -> String {
        let (events, _) = timelineEvents(span)
        let start = historyDropped &+ log.count &- events.count
        // The marks drawn, with how many were made before the first (the frames count them).
        var marks: [TimelineMark] = []
        var firstMark: Int?
        for (i, mark) in timelineMarks.enumerated() {
            let before = mark.before &- start
            guard before >= 0, before <= events.count else { continue }
            if firstMark == nil { firstMark = i }
            marks.append(TimelineMark(before: before, kind: mark.kind))
        }
        let marksBefore = firstMark ?? timelineMarks.count
        // The frames drawn (unpacked only those): the last before the first stop, then the ones after.
        var kept: [TimelinePage.KeptFrame] = []
        for (i, f) in frames.stops.enumerated() {
            let e = f.events &- start
            guard e <= events.count else { break }
            let m = f.marks &- marksBefore
            if e < 0 || (e == 0 && m <= 0) {
                // Before the first stop: the phone as the page opens.
                if i + 1 < frames.count, Self.opensPage(frames.stops[i + 1], start: start, marksBefore: marksBefore) {
                    continue
                }
                kept = [TimelinePage.KeptFrame(events: 0, marks: 0, frame: frames.frame(at: i))]
                continue
            }
            kept.append(
                TimelinePage.KeptFrame(events: Swift.max(0, e), marks: Swift.max(0, m), frame: frames.frame(at: i)))
        }
        return TimelinePage.html(
            events, marks: marks, frames: kept, names: current.model.names, title: title, large: large)
    }

    /// Whether a frame kept at `stop` is before the page's first stop (so the page opens on it, or on a later one).
    static func opensPage(_ stop: TimelineFrames.Stop, start: Int, marksBefore: Int) -> Bool {
        let e = stop.events &- start
        return e < 0 || (e == 0 && stop.marks &- marksBefore <= 0)
    }

    /// The last part of a path.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path))
    }
}
