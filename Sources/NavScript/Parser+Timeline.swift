import NavigationEngine

/// `timeline FILE.svg|FILE.md|FILE.html [since reset | since section N | last N] [large]`
/// (language.md 4.9).
extension Parser {
    static func parseTimeline(_ w: inout Words) throws(ParseError) -> Command {
        let token = try w.next(.timelineFile)
        guard TimelineFormat(path: token.text) != nil else {
            throw ParseError(column: token.column, .timelineFileType(token.text))
        }
        var span = TimelineSpan.all
        if let next = w.peek, next.quoted || next.text != "large" {
            if try w.keyword(["since", "last"]) == "since" {
                if try w.keyword(["reset", "section"]) == "reset" {
                    span = .sinceReset
                } else {
                    let count = try w.next(.number)
                    guard let n = Int(count.text), n >= 1, n < 1_000_000_000 else {
                        throw ParseError(column: count.column, .invalidSectionNumber(count.text))
                    }
                    span = .sinceSection(n)
                }
            } else {
                let count = try w.next(.number)
                guard let n = Int(count.text), n >= 1, n < 1_000_000_000 else {
                    throw ParseError(column: count.column, .invalidEventCount(count.text))
                }
                span = .last(n)
            }
        }
        let large = w.accept("large")
        return .timeline(token.text, span, large: large)
    }
}

/// What `timeline` writes, by the file's extension.
enum TimelineFormat {
    case svg, markdown, html

    init?(path: String) {
        if path.hasSuffix(".svg") {
            self = .svg
        } else if path.hasSuffix(".md") {
            self = .markdown
        } else if path.hasSuffix(".html") {
            self = .html
        } else {
            return nil
        }
    }
}
