import NavigationEngine

/// `timeline FILE.html`: one self-contained page that replays the session on
/// its clock, the phone drawn beside the events (docs/timeline-page.md).
///
/// The data are the events, the marks (resets, undos, `##` sections) and the
/// phone's frames (`PhoneFrame`, kept after each command that printed events),
/// as one JSON object in the page; the page's script (TimelinePageScript*.swift)
/// draws a frame at any instant, its style is TimelinePageStyle.swift. The
/// page fetches nothing: no font, no script, no image. Its size is linear in
/// the events: each frame is written once, and a frame is kept only when the
/// events moved on.
public enum TimelinePage {
    /// A frame kept during the session, with where it was kept.
    public struct KeptFrame: Sendable {
        /// Events drawn before it (0: before the first).
        public var events: Int
        /// Marks drawn before it (0: before the first).
        public var marks: Int
        public var frame: PhoneFrame

        public init(events: Int, marks: Int, frame: PhoneFrame) {
            self.events = events
            self.marks = marks
            self.frame = frame
        }
    }

    /// The page: `title` heads it, `large` opens it in the large mode.
    public static func html(
        _ events: [Event], marks: [TimelineMark], frames: [KeptFrame], names: ClassNames, title: String,
        large: Bool = false
    ) -> String {
        let data = json(events, marks: marks, frames: frames, names: names, title: title, large: large)
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        out += "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<title>\(xml(title)) · navsh</title>\n<style>\n\(TimelinePageStyle.css)</style>\n</head>\n"
        out += "<body class=\"\(large ? "large" : "")\">\n\(TimelinePageStyle.body)"
        out += "<script type=\"application/json\" id=\"session\">\(data)</script>\n"
        out += "<script>\n\(TimelinePageScript.phone)\(TimelinePageScript.player)</script>\n</body>\n</html>\n"
        return out
    }

    /// The page's data: a JSON object (docs/timeline-page.md says what each field holds).
    static func json(
        _ events: [Event], marks: [TimelineMark], frames: [KeptFrame], names: ClassNames, title: String,
        large: Bool
    ) -> String {
        let categories = EventCategory.allCases
        var categoryIndex: [EventCategory: Int] = [:]
        for (i, c) in categories.enumerated() { categoryIndex[c] = i }
        var out = "{\"title\":\(string(title)),\"large\":\(large),\"cats\":["
        out += categories.map { string($0.rawValue) }.joined(separator: ",")
        out += "],\n\"ev\":["
        for (i, event) in events.enumerated() {
            if i > 0 { out += ",\n" }
            let text = Timeline.clean(Timeline.words(event, names))
            out += "[\(event.time),\(categoryIndex[event.category] ?? 0),\(string(text))]"
        }
        // The stops, in order: an event (its index) or a mark (-1 - its index), marks first at a place.
        let sorted = marks.sorted { $0.before < $1.before }
        var stops: [Int] = []
        var stopOfEvent: [Int] = []
        var stopOfMark: [Int] = []
        var nextMark = 0
        func passMarks(upTo i: Int) {
            while nextMark < sorted.count, sorted[nextMark].before <= i {
                stopOfMark.append(stops.count)
                stops.append(-1 - nextMark)
                nextMark += 1
            }
        }
        for i in events.indices {
            passMarks(upTo: i)
            stopOfEvent.append(stops.count)
            stops.append(i)
        }
        passMarks(upTo: Int.max)
        out += "],\n\"st\":[\(stops.map(String.init).joined(separator: ","))],\n\"mk\":["
        out += sorted.map { "[\($0.kind.code),\(string($0.kind.pageWords))]" }.joined(separator: ",\n")
        // Each distinct frame once; the stop from which each applies.
        var table: [PhoneFrame: Int] = [:]
        var tableText: [String] = []
        var placed: [(stop: Int, frame: Int)] = []
        for kept in frames {
            let eventStop = kept.events >= 1 ? stopOfEvent[at: Swift.min(kept.events, events.count) - 1] ?? -1 : -1
            let markStop = kept.marks >= 1 ? stopOfMark[at: Swift.min(kept.marks, sorted.count) - 1] ?? -1 : -1
            let stop = Swift.max(eventStop, markStop)
            let index: Int
            if let known = table[kept.frame] {
                index = known
            } else {
                index = tableText.count
                table[kept.frame] = index
                tableText.append(encode(kept.frame, names))
            }
            if let last = placed.last, last.stop == stop {
                placed[placed.count - 1].frame = index
            } else if placed.last.map({ $0.stop < stop }) ?? true {
                placed.append((stop, index))
            }
        }
        out += "],\n\"ft\":[\(tableText.joined(separator: ",\n"))],\n\"fs\":["
        out += placed.map { "\($0.stop),\($0.frame)" }.joined(separator: ",")
        out += "]}"
        return out
    }

    /// A frame as the page's script reads it (an array, field by field).
    static func encode(_ f: PhoneFrame, _ names: ClassNames) -> String {
        func name(_ s: ScreenName) -> String { string(names.text(of: s)) }
        func opt(_ s: ScreenName?) -> String { s.map(name) ?? "null" }
        func opt(_ s: String?) -> String { s.map(string) ?? "null" }
        func opt(_ n: Int?) -> String { n.map(String.init) ?? "null" }
        func flag(_ b: Bool) -> String { b ? "1" : "0" }
        let back: String =
            switch f.back {
            case .none: "0,null"
            case .system(let title): "1,\(name(title))"
            case .custom: "2,null"
            }
        let slide = f.slide.map { s in
            "[\(name(s.incoming)),\(name(s.outgoing)),\(flag(s.isPush)),\(s.start),\(opt(s.end)),\(opt(s.percent)),\(flag(s.cancels)),\(flag(s.byContentPan))]"
        }
        let sheet = f.sheet.map { s in
            "[\(name(s.screen)),\(flag(s.inNavigation)),\(flag(s.presenting)),\(opt(s.start)),\(opt(s.end))]"
        }
        let frozen = f.frozenReason.map { EventRenderer.words($0) }
        let tabs = f.tabs.map(string).joined(separator: ",")
        return
            "[\(opt(f.title)),\(back),\(f.depth),\(slide ?? "null"),\(sheet ?? "null"),\(opt(f.behind)),\(f.behindDepth),\(flag(f.fullScreen)),\(opt(f.alertText)),\(opt(frozen)),[\(tabs)],\(opt(f.selectedTab))]"
    }

    /// A JSON string, safe inside `<script>`: no `<` (so no `</script>` or `<!--`) but escaped.
    static func string(_ text: String) -> String {
        let json = EventRenderer.jsonString(Timeline.clean(text))
        guard json.utf8.contains(UInt8(ascii: "<")) else { return json }
        var out = ""
        for c in json.unicodeScalars {
            if c == "<" { out += "\\u003c" } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    static func xml(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

extension TimelineMark.Kind {
    /// 0 a reset, 1 an undo, 2 a section: the page's code.
    var code: Int {
        switch self {
        case .reset: 0
        case .undo: 1
        case .section: 2
        }
    }

    /// What the page's list says at the mark.
    var pageWords: String {
        switch self {
        case .section(let title): title
        default: words
        }
    }
}
