import NavigationEngine

/// Draws a session's events as a sequence diagram: `timeline FILE.svg` (a
/// picture) and `timeline FILE.md` (a Mermaid `sequenceDiagram` in Markdown).
///
/// Each object gets a lane, in order of first appearance: the receiver is the
/// word before the first `.` of an event's text (`nav`, `Login#2`, `Spy`,
/// `gesture`, `alert`, `bar`, `window`); the sender is `app` for API calls
/// (call, modal), `user` for what a finger does (gesture, ui, alert taps, tab),
/// `system` for notifications and `nav` (UIKit) for lifecycle, delegate, gate
/// and bar events. Warnings, exceptions and notes span every lane. Time flows
/// down: events at the same clock instant stack in order, and a gap sized by
/// the milliseconds that passed (with a ruler) separates instants. A
/// transition in flight, from `X.viewWillAppear(true)` to the matching
/// `X.viewDidAppear(true)` or the cancelling `X.viewDidDisappear(true)`, is a
/// translucent band behind the lanes.
///
/// Pure functions of the events, standard library only; any text is escaped
/// and nothing traps on any input.
public enum TimelineRenderer {
    /// `0–1750 ms on the transition clock`: the earliest and latest times, and
    /// how often the clock went back (a `reset` starts it again at 0), so the
    /// range is right when the times do not only grow.
    static func clockRange(_ times: [Int]) -> String {
        guard let low = times.min(), let high = times.max() else { return "no events" }
        var backwards = 0
        for i in times.indices.dropFirst() where times[i] < times[i - 1] { backwards += 1 }
        let restarts =
            backwards == 0 ? "" : ", which went back \(backwards == 1 ? "once" : "\(backwards) times") (reset)"
        return "\(low)–\(high) ms on the transition clock\(restarts)"
    }

    /// At most this many events are drawn; a footer says how many were left out.
    public static let maxEvents = 5000
    /// Longer event texts are cut (with "…") in arrow labels; the SVG keeps the whole text in a tooltip.
    static let maxLabel = 110

    public static func svg(_ events: [Event]) -> String {
        SVGLayout(Timeline(events)).render()
    }

    /// A Markdown file with a ```` ```mermaid ```` `sequenceDiagram` block.
    public static func mermaid(_ events: [Event]) -> String {
        MermaidWriter(Timeline(events)).render()
    }
}

// MARK: - The model both renderers draw

enum LaneKind { case actor, uikit, screen, delegate }

struct Lane {
    var name: String
    var kind: LaneKind
}

enum NoteStyle { case warning, exception, note, frozen }

enum StepShape {
    /// An arrow from one lane to another (or to itself when equal).
    case message(from: Int, to: Int, lost: Bool)
    /// A note across every lane.
    case note(NoteStyle)
}

struct Step {
    var time: Int
    var category: EventCategory
    var text: String
    var shape: StepShape
}

/// A transition in flight, between two steps.
struct Interval {
    var start: Int
    /// nil while still in flight when the events end.
    var end: Int?
    var cancelled: Bool
    var label: String
}

struct Timeline {
    var lanes: [Lane] = []
    var steps: [Step] = []
    var intervals: [Interval] = []
    var omitted = 0
    var total = 0

    init(_ all: [Event]) {
        total = all.count
        let events = all.prefix(TimelineRenderer.maxEvents)
        omitted = all.count - events.count
        var index: [String: Int] = [:]
        var screens: Set<String> = []
        var delegates: Set<String> = []

        func lane(_ name: String) -> Int {
            if let i = index[name] { return i }
            index[name] = lanes.count
            lanes.append(Lane(name: name, kind: .uikit))
            return lanes.count - 1
        }

        for event in events {
            let text = Timeline.clean(EventRenderer.words(event))
            let receiver = Timeline.receiver(of: text)
            if let subject = event.subject.flatMap { Timeline.name(from: $0.description) } { screens.insert(subject) }
            let shape: StepShape
            switch event.category {
            case .call, .modal:
                shape = .message(from: lane("app"), to: lane(receiver ?? "nav"), lost: false)
            case .lifecycle, .gate, .delegate:
                if let receiver, event.category != .delegate, receiver != "nav" { screens.insert(receiver) }
                if let receiver, event.category == .delegate, receiver != "nav" { delegates.insert(receiver) }
                shape = .message(from: lane("nav"), to: lane(receiver ?? "nav"), lost: false)
            case .bar:
                shape = .message(from: lane("nav"), to: lane(receiver ?? "bar"), lost: false)
            case .alert:
                if text.hasPrefix("alert.") {
                    shape = .message(from: lane("user"), to: lane("alert"), lost: false)
                } else {
                    let asker = event.subject.flatMap { Timeline.name(from: $0.description) } ?? "nav"
                    shape = .message(from: lane(asker), to: lane("alert"), lost: false)
                }
            case .gesture:
                shape = .message(from: lane("user"), to: lane(receiver ?? "gesture"), lost: false)
            case .tab:
                shape = .message(from: lane("user"), to: lane(receiver ?? "tabBar"), lost: false)
            case .ui:
                if text.hasPrefix("frozen") {
                    shape = .note(.frozen)
                } else {
                    shape = .message(from: lane("user"), to: lane(receiver ?? "nav"), lost: true)
                }
            case .notify:
                if let receiver, receiver != "nav" { screens.insert(receiver) }
                shape = .message(from: lane("system"), to: lane(receiver ?? "nav"), lost: false)
            case .memory:
                let who = lane(receiver ?? "nav")
                if let receiver, receiver != "nav" { screens.insert(receiver) }
                shape = .message(from: who, to: who, lost: true)
            case .warning:
                shape = .note(.warning)
            case .exception:
                shape = .note(.exception)
            case .note:
                shape = .note(.note)
            }
            steps.append(Step(time: event.time, category: event.category, text: text, shape: shape))
        }

        let actors: Set<String> = ["app", "user", "system"]
        for i in lanes.indices {
            let name = lanes[i].name
            if actors.contains(name) {
                lanes[i].kind = .actor
            } else if ["nav", "window", "gesture", "contentGesture", "alert", "bar", "tabBar"].contains(name) {
                lanes[i].kind = .uikit
            } else if screens.contains(name) {
                lanes[i].kind = .screen
            } else if delegates.contains(name) {
                lanes[i].kind = .delegate
            }
        }
        intervals = Timeline.intervals(steps)
    }

    // MARK: Reading event texts

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "#": return true
        default: return false
        }
    }

    /// The word before the first `.`, when the text starts with one (`Login#2.viewDidLoad()` gives `Login#2`).
    static func receiver(of text: String) -> String? {
        var name = ""
        for scalar in text.unicodeScalars {
            if isNameScalar(scalar) {
                name.unicodeScalars.append(scalar)
                if name.unicodeScalars.count > 40 { return nil }
            } else if scalar == "." {
                return name.isEmpty ? nil : name
            } else {
                // `alert "…" [Cancel] [OK]` is about the alert, though no dot follows.
                return name == "alert" ? name : nil
            }
        }
        return nil
    }

    /// A subject usable as a lane name: a word of name characters.
    static func name(from subject: String) -> String? {
        guard !subject.isEmpty, subject.unicodeScalars.count <= 40,
            subject.unicodeScalars.allSatisfy(isNameScalar)
        else { return nil }
        return subject
    }

    /// One line: control characters become spaces or U+FFFD.
    static func clean(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out.unicodeScalars.append(" ")
            case 0..<0x20, 0x7F, 0xFFFE, 0xFFFF: out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `Home.viewWillAppear(true)` as ("Home", "viewWillAppear", "true").
    static func call(_ text: String) -> (receiver: String, method: String, argument: String)? {
        guard let receiver = receiver(of: text) else { return nil }
        let rest = text.unicodeScalars.dropFirst(receiver.unicodeScalars.count + 1)
        guard let open = rest.firstIndex(of: "("), let close = rest.lastIndex(of: ")"), open < close else { return nil }
        let method = String(String.UnicodeScalarView(rest[rest.startIndex..<open]))
        let argument = String(String.UnicodeScalarView(rest[rest.index(after: open)..<close]))
        return (receiver, method, argument)
    }

    // MARK: Transitions in flight

    static func intervals(_ steps: [Step]) -> [Interval] {
        let useLifecycle = steps.contains { $0.category == .lifecycle }
        var result: [Interval] = []
        var open: [String: Int] = [:] // appearing screen -> index in result
        var operation = "transition"
        var swiping = false

        func start(_ name: String, at i: Int) {
            guard open[name] == nil else { return }
            open[name] = result.count
            result.append(
                Interval(
                    start: i, end: nil, cancelled: false, label: "\(operation)\(swiping ? " (swipe)" : "")|\(name)"))
        }
        func finish(_ name: String, at i: Int, cancelled: Bool) {
            guard let k = open[name], result.indices.contains(k) else { return }
            open[name] = nil
            result[k].end = i
            result[k].cancelled = cancelled
        }

        for (i, step) in steps.enumerated() {
            let parsed = call(step.text)
            switch step.category {
            case .call, .modal:
                if let parsed { operation = parsed.method }
            case .gesture:
                // The content pan (iOS 26) drives the same interactive pop as the edge swipe.
                let text =
                    step.text.hasPrefix("contentGesture.")
                    ? "gesture." + step.text.dropFirst("contentGesture.".count) : step.text
                if text == "gesture.began" { swiping = true }
                if text.hasPrefix("gesture.finished") || text.hasPrefix("gesture.cancelled") {
                    swiping = false
                    if !useLifecycle {
                        for name in open.keys.sorted() {
                            finish(name, at: i, cancelled: text.hasPrefix("gesture.cancelled"))
                        }
                    }
                }
            case .lifecycle where useLifecycle:
                guard let parsed, parsed.argument == "true" else { break }
                switch parsed.method {
                case "viewWillAppear": start(parsed.receiver, at: i)
                case "viewDidAppear": finish(parsed.receiver, at: i, cancelled: false)
                case "viewDidDisappear": finish(parsed.receiver, at: i, cancelled: true)
                default: break
                }
            case .delegate where !useLifecycle:
                // Without lifecycle events: willShow(X, animated: true) to didShow(X, …).
                guard let parsed, parsed.argument.hasSuffix("animated: true") else { break }
                let shown = String(parsed.argument.prefix { $0 != "," })
                if parsed.method == "willShow" { start(shown, at: i) }
                if parsed.method == "didShow" { finish(shown, at: i, cancelled: false) }
            default:
                break
            }
        }
        // A transition that starts and ends at the same instant was never in flight.
        result.removeAll { interval in
            guard let end = interval.end else { return false }
            return steps[at: interval.start]?.time == steps[at: end]?.time
        }
        for k in result.indices {
            let parts = result[k].label.split(separator: "|", maxSplits: 1)
            let op = parts.first.map(String.init) ?? "transition"
            let name = parts.count > 1 ? String(parts[1]) : "?"
            guard let end = result[k].end else {
                result[k].label = "\(op): \(name) appearing, still in flight"
                continue
            }
            let t0 = steps.indices.contains(result[k].start) ? steps[result[k].start].time : 0
            let t1 = steps.indices.contains(end) ? steps[end].time : t0
            let (ms, overflow) = t1.subtractingReportingOverflow(t0)
            let duration = overflow ? "" : " · \(ms) ms"
            result[k].label =
                result[k].cancelled
                ? "\(op): cancelled, \(name) stays hidden\(duration)"
                : "\(op): \(name) appears\(duration)"
        }
        return result
    }

    /// An event text cut to `maxLabel` characters.
    static func short(_ text: String) -> String {
        text.count > TimelineRenderer.maxLabel ? String(text.prefix(TimelineRenderer.maxLabel - 1)) + "…" : text
    }

    static func ms(_ time: Int) -> String { "\(time) ms" }
}

extension Array {
    fileprivate subscript(at i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

// MARK: - SVG

struct Palette {
    static func stroke(_ c: EventCategory) -> String {
        switch c {
        case .call: "#1d4ed8"
        case .modal: "#0f766e"
        case .lifecycle: "#4b5563"
        case .delegate: "#7c3aed"
        case .gate, .bar: "#a16207"
        case .gesture, .tab: "#c2410c"
        case .alert, .ui: "#be123c"
        case .notify: "#15803d"
        case .memory: "#374151"
        case .warning: "#d97706"
        case .exception: "#dc2626"
        case .note: "#64748b"
        }
    }

    static func lane(_ kind: LaneKind) -> (fill: String, stroke: String, text: String) {
        switch kind {
        case .actor: ("#f3f4f6", "#6b7280", "#374151")
        case .uikit: ("#dbeafe", "#1d4ed8", "#1e3a8a")
        case .screen: ("#dcfce7", "#15803d", "#14532d")
        case .delegate: ("#ede9fe", "#7c3aed", "#4c1d95")
        }
    }

    static func note(_ style: NoteStyle) -> (fill: String, stroke: String, text: String) {
        switch style {
        case .warning: ("#fef3c7", "#d97706", "#78350f")
        case .exception: ("#fee2e2", "#dc2626", "#7f1d1d")
        case .note: ("#f1f5f9", "#94a3b8", "#334155")
        case .frozen: ("#ede9fe", "#7c3aed", "#4c1d95")
        }
    }
}

struct SVGLayout {
    let timeline: Timeline
    // Geometry, in pixels.
    let charWidth = 7.25
    let font = "'DejaVu Sans Mono', Menlo, Consolas, monospace"
    let rulerX = 78.0
    let firstLaneMargin = 40.0
    let headerTop = 46.0
    let headerHeight = 30.0
    let messageRow = 26.0
    let selfRow = 30.0
    let noteLine = 15.0
    let captionHeight = 18.0

    var laneX: [Double] = []
    var headerWidth: [Double] = []
    var rightEdge = 0.0

    init(_ timeline: Timeline) {
        self.timeline = timeline
        layoutLanes()
    }

    func textWidth(_ text: String) -> Double { Double(text.count) * charWidth }

    mutating func layoutLanes() {
        let lanes = timeline.lanes
        headerWidth = lanes.map { max(84, textWidth($0.name) + 28) }
        guard !lanes.isEmpty else {
            laneX = []
            rightEdge = rulerX + 360
            return
        }
        // gaps[i] lies between lane i and lane i + 1.
        var gaps: [Double] = []
        for i in 0..<(lanes.count - 1) {
            gaps.append(((headerWidth[at: i] ?? 84) + (headerWidth[at: i + 1] ?? 84)) / 2 + 28)
        }
        var tail = (headerWidth.last ?? 84) / 2 // room right of the last lane
        // The widest label each span of lanes must hold, shortest spans first.
        var need: [Int: [Int: Double]] = [:]
        for step in timeline.steps {
            guard case .message(let from, let to, _) = step.shape else { continue }
            let label = textWidth(Timeline.short(step.text))
            if from == to {
                if to == lanes.count - 1 {
                    tail = max(tail, 44 + label + 12)
                } else {
                    need[to, default: [:]][to + 1] = max(need[to]?[to + 1] ?? 0, 44 + label + 16)
                }
            } else {
                let lo = min(from, to)
                let hi = max(from, to)
                need[lo, default: [:]][hi] = max(need[lo]?[hi] ?? 0, label + 36)
            }
        }
        var spans: [(lo: Int, hi: Int, width: Double)] = []
        for (lo, row) in need { for (hi, w) in row { spans.append((lo, hi, w)) } }
        spans.sort { ($0.hi - $0.lo, $0.lo, $0.hi) < ($1.hi - $1.lo, $1.lo, $1.hi) }
        for span in spans where span.lo < span.hi && span.hi <= gaps.count {
            let have = gaps[span.lo..<span.hi].reduce(0, +)
            if have < span.width { gaps[span.hi - 1] += span.width - have }
        }
        var x = rulerX + firstLaneMargin + max(headerWidth.first ?? 84, 110) / 2
        laneX = [x]
        for gap in gaps {
            x += gap
            laneX.append(x)
        }
        rightEdge = x + tail
    }

    // MARK: Vertical layout

    struct Row {
        var top: Double
        var anchor: Double // where the arrow (or the note's middle) is
        var bottom: Double
        var lines: [String] // note text, wrapped
        /// Where the caption of a transition starting here sits, when one does.
        var caption: Double?
    }

    struct TimeMark {
        var y: Double
        var time: Int
        var elapsed: Int? // nil for the first instant, or when time went backwards
        var gapTop: Double
        var compressed: Bool
        var groupEnd: Double = 0
    }

    var noteLeft: Double { (laneX.first ?? rulerX + 80) - 60 }
    var noteRight: Double { max((laneX.last ?? rulerX + 300) + 60, noteLeft + 340) }

    func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while word.count > columns {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(columns)))
                word = String(word.dropFirst(columns))
            }
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        if lines.count > 6 {
            lines = Array(lines.prefix(6))
            if let last = lines.last { lines[lines.count - 1] = String(last.prefix(max(1, columns - 1))) + "…" }
        }
        return lines
    }

    func rows() -> (rows: [Row], marks: [TimeMark], bottom: Double) {
        var rows: [Row] = []
        var marks: [TimeMark] = []
        var y = headerTop + headerHeight + 18
        var previous: Int?
        let columns = max(24, Int((noteRight - noteLeft - 20) / charWidth))
        let starts = Set(timeline.intervals.map(\.start))
        for (i, step) in timeline.steps.enumerated() {
            if previous != step.time {
                var elapsed: Int?
                var gap = 0.0
                var compressed = false
                if let previous {
                    let (dt, overflow) = step.time.subtractingReportingOverflow(previous)
                    if !overflow && dt > 0 {
                        elapsed = dt
                        let ideal = Double(dt) * 0.16
                        compressed = ideal > 96
                        gap = min(96, max(22, ideal))
                    } else {
                        gap = 22
                    }
                }
                if var last = marks.popLast() {
                    last.groupEnd = y
                    marks.append(last)
                }
                let gapTop = y
                y += gap
                marks.append(TimeMark(y: y, time: step.time, elapsed: elapsed, gapTop: gapTop, compressed: compressed))
                previous = step.time
            }
            var caption: Double?
            if starts.contains(i) {
                caption = y + 2
                y += captionHeight
            }
            switch step.shape {
            case .message(let from, let to, _) where from == to:
                rows.append(Row(top: y, anchor: y + 22, bottom: y + selfRow, lines: [], caption: caption))
                y += selfRow
            case .message:
                rows.append(Row(top: y, anchor: y + 19, bottom: y + messageRow, lines: [], caption: caption))
                y += messageRow
            case .note:
                let lines = wrap(step.text, columns: columns)
                let height = Double(lines.count) * noteLine + 10
                rows.append(
                    Row(top: y + 4, anchor: y + 4 + height / 2, bottom: y + 4 + height, lines: lines, caption: caption))
                y += height + 10
            }
        }
        if var last = marks.popLast() {
            last.groupEnd = y
            marks.append(last)
        }
        return (rows, marks, y + 14)
    }

    // MARK: Drawing

    func render() -> String {
        let (rows, marks, contentBottom) = rows()
        let bandCaption = timeline.intervals.map { textWidth($0.label) * (11.0 / 12.0) }.max() ?? 0
        let canvasRight = max(rightEdge, noteRight, rulerX + 28 + bandCaption) + 16
        let footerTop = contentBottom + headerHeight + 24
        let legendCategories = EventCategory.allCases.filter { c in timeline.steps.contains { $0.category == c } }
        let height = footerTop + 22 + (timeline.omitted > 0 ? 18 : 0) + (legendCategories.isEmpty ? 0 : 22) + 10
        var legendWidth = 16.0
        for category in legendCategories { legendWidth += 27 + textWidth(category.rawValue) * (11.0 / 12.0) + 16 }
        if !timeline.intervals.isEmpty {
            legendWidth += 2 * (27 + 16) + textWidth("transition in flight cancelled") * (11.0 / 12.0)
        }
        let canvasWidth = max(canvasRight + 12, legendWidth + 16, 560)

        var out = ""
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(canvasWidth))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(canvasWidth)) \(n(height))\" font-family=\"\(font)\" font-size=\"12\">\n"
        out += "<title>navsh timeline</title>\n"
        out += "<defs>\n"
        for category in EventCategory.allCases {
            let color = Palette.stroke(category)
            out +=
                "<marker id=\"head-\(category.rawValue)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(color)\"/></marker>\n"
        }
        out += "</defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(canvasWidth))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"

        // Title.
        let summary =
            timeline.steps.isEmpty
            ? "no events yet"
            : "\(timeline.steps.count) event\(timeline.steps.count == 1 ? "" : "s"), \(TimelineRenderer.clockRange(timeline.steps.map(\.time)))"
        out += "<text x=\"16\" y=\"26\" font-size=\"15\" font-weight=\"bold\" fill=\"#111827\">navsh timeline</text>"
        out += "<text x=\"148\" y=\"26\" font-size=\"12\" fill=\"#6b7280\">\(xml(summary))</text>\n"

        // Transitions in flight: bands behind everything.
        out += "<g id=\"transitions\">\n"
        var captions = "<g id=\"transition-captions\" font-size=\"11\" font-style=\"italic\">\n"
        for interval in timeline.intervals {
            guard let startRow = rows[at: interval.start] else { continue }
            let top = startRow.caption ?? startRow.top
            let bottom = interval.end.flatMap { rows[at: $0]?.bottom } ?? contentBottom
            let color = interval.cancelled ? "#f59e0b" : (interval.end == nil ? "#a855f7" : "#3b82f6")
            let ink = interval.cancelled ? "#92400e" : (interval.end == nil ? "#6b21a8" : "#1e40af")
            let left = rulerX + 8
            let height = max(4, bottom - top)
            out +=
                "<g class=\"transition\(interval.cancelled ? " cancelled" : "")\"><title>\(xml(interval.label))</title>"
            out +=
                "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(canvasRight - left))\" height=\"\(n(height))\" fill=\"\(color)\" fill-opacity=\"0.10\"/>"
            out +=
                "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"4\" height=\"\(n(height))\" fill=\"\(color)\" fill-opacity=\"0.7\"/>"
            out +=
                "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(canvasRight))\" y2=\"\(n(top))\" stroke=\"\(color)\" stroke-opacity=\"0.5\" stroke-width=\"1\"/>"
            out += "</g>\n"
            captions +=
                "<text x=\"\(n(left + 12))\" y=\"\(n(top + 13))\" fill=\"\(ink)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(xml(interval.label))</text>\n"
        }
        captions += "</g>\n"
        out += "</g>\n"

        // The time ruler and a faint line at each instant.
        out += "<g id=\"ruler\">\n"
        let rulerTop = headerTop + headerHeight + 12
        out +=
            "<line x1=\"\(n(rulerX))\" y1=\"\(n(rulerTop))\" x2=\"\(n(rulerX))\" y2=\"\(n(contentBottom))\" stroke=\"#cbd5e1\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/>\n"
        out +=
            "<text x=\"\(n(rulerX - 6))\" y=\"\(n(headerTop + 19))\" text-anchor=\"end\" font-size=\"11\" fill=\"#6b7280\">clock</text>\n"
        for mark in marks {
            out +=
                "<line x1=\"\(n(rulerX + 8))\" y1=\"\(n(mark.y))\" x2=\"\(n(canvasRight))\" y2=\"\(n(mark.y))\" stroke=\"#e5e7eb\" stroke-width=\"1\"/>"
            out +=
                "<line x1=\"\(n(rulerX))\" y1=\"\(n(mark.y))\" x2=\"\(n(rulerX))\" y2=\"\(n(max(mark.y + 4, mark.groupEnd - 4)))\" stroke=\"#334155\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
            out +=
                "<line x1=\"\(n(rulerX - 5))\" y1=\"\(n(mark.y))\" x2=\"\(n(rulerX + 5))\" y2=\"\(n(mark.y))\" stroke=\"#334155\" stroke-width=\"1.5\"/>"
            out +=
                "<text x=\"\(n(rulerX - 9))\" y=\"\(n(mark.y + 13))\" text-anchor=\"end\" font-weight=\"bold\" fill=\"#111827\">\(xml(Timeline.ms(mark.time)))</text>"
            if let elapsed = mark.elapsed {
                let mid = (mark.gapTop + mark.y) / 2 + 4
                out +=
                    "<text x=\"\(n(rulerX - 9))\" y=\"\(n(mid))\" text-anchor=\"end\" font-size=\"10\" font-style=\"italic\" fill=\"#6b7280\">+\(elapsed) ms</text>"
                if mark.compressed {
                    out +=
                        "<path d=\"M\(n(rulerX - 5)),\(n(mid - 7)) l10,-4 M\(n(rulerX - 5)),\(n(mid - 2)) l10,-4\" stroke=\"#334155\" stroke-width=\"1.2\" fill=\"none\"/>"
                }
            }
            out += "\n"
        }
        out += "</g>\n"

        // Lifelines, ending at a deinit.
        var ends: [Double?] = Array(repeating: nil, count: timeline.lanes.count)
        for (i, step) in timeline.steps.enumerated() {
            guard case .message(let from, let to, _) = step.shape, let row = rows[at: i] else { continue }
            if step.category == .memory, from == to, ends.indices.contains(to) {
                ends[to] = row.anchor - 5
            } else {
                for lane in [from, to] where ends.indices.contains(lane) && ends[lane] != nil { ends[lane] = nil }
            }
        }
        out += "<g id=\"lanes\">\n"
        for (i, lane) in timeline.lanes.enumerated() {
            guard let x = laneX[at: i] else { continue }
            let end = ends[at: i].flatMap { $0 } ?? contentBottom
            let colors = Palette.lane(lane.kind)
            out +=
                "<line x1=\"\(n(x))\" y1=\"\(n(headerTop + headerHeight))\" x2=\"\(n(x))\" y2=\"\(n(end))\" stroke=\"\(colors.stroke)\" stroke-opacity=\"0.55\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n"
        }
        for (i, lane) in timeline.lanes.enumerated() {
            guard let x = laneX[at: i], let w = headerWidth[at: i] else { continue }
            out += header(lane, x: x, width: w, top: headerTop)
            out += header(lane, x: x, width: w, top: contentBottom + 6)
        }
        out += "</g>\n"

        // Messages and notes.
        out += "<g id=\"events\">\n"
        for (i, step) in timeline.steps.enumerated() {
            guard let row = rows[at: i] else { continue }
            switch step.shape {
            case .message(let from, let to, let lost):
                guard let x1 = laneX[at: from], let x2 = laneX[at: to] else { continue }
                out += message(step, from: x1, to: x2, row: row, lost: lost)
            case .note(let style):
                out += note(step, style: style, row: row)
            }
        }
        out += "</g>\n"
        out += captions

        // Footer: legend, and what was left out.
        var y = footerTop + 16
        if !legendCategories.isEmpty {
            var x = 16.0
            out += "<g id=\"legend\" font-size=\"11\">"
            for category in legendCategories {
                let color = Palette.stroke(category)
                out +=
                    "<line x1=\"\(n(x))\" y1=\"\(n(y - 4))\" x2=\"\(n(x + 22))\" y2=\"\(n(y - 4))\" stroke=\"\(color)\" stroke-width=\"2\"/>"
                out += "<text x=\"\(n(x + 27))\" y=\"\(n(y))\" fill=\"#374151\">\(category.rawValue)</text>"
                x += 27 + textWidth(category.rawValue) * (11.0 / 12.0) + 16
            }
            if !timeline.intervals.isEmpty {
                out +=
                    "<rect x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"22\" height=\"10\" fill=\"#3b82f6\" fill-opacity=\"0.25\"/>"
                out += "<text x=\"\(n(x + 27))\" y=\"\(n(y))\" fill=\"#374151\">transition in flight</text>"
                x += 27 + textWidth("transition in flight") * (11.0 / 12.0) + 16
                out +=
                    "<rect x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"22\" height=\"10\" fill=\"#f59e0b\" fill-opacity=\"0.3\"/>"
                out += "<text x=\"\(n(x + 27))\" y=\"\(n(y))\" fill=\"#374151\">cancelled</text>"
            }
            out += "</g>\n"
            y += 22
        }
        if timeline.omitted > 0 {
            out +=
                "<text x=\"16\" y=\"\(n(y))\" font-size=\"12\" font-style=\"italic\" fill=\"#b91c1c\">\(timeline.omitted) later event\(timeline.omitted == 1 ? "" : "s") left out: a timeline shows at most the first \(TimelineRenderer.maxEvents) of \(timeline.total).</text>\n"
        }
        if timeline.steps.isEmpty {
            out +=
                "<text x=\"\(n(rulerX + 20))\" y=\"\(n(headerTop + 20))\" fill=\"#6b7280\">No events yet: run some commands first.</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    func header(_ lane: Lane, x: Double, width: Double, top: Double) -> String {
        let colors = Palette.lane(lane.kind)
        let rx = lane.kind == .actor ? 15.0 : 5.0
        var out = "<g class=\"lane\"><title>\(xml(kindName(lane.kind)))</title>"
        out +=
            "<rect x=\"\(n(x - width / 2))\" y=\"\(n(top))\" width=\"\(n(width))\" height=\"\(n(headerHeight))\" rx=\"\(n(rx))\" fill=\"\(colors.fill)\" stroke=\"\(colors.stroke)\" stroke-width=\"1.3\"/>"
        out +=
            "<text x=\"\(n(x))\" y=\"\(n(top + 19.5))\" text-anchor=\"middle\" font-weight=\"bold\"\(lane.kind == .actor ? " font-style=\"italic\"" : "") fill=\"\(colors.text)\">\(xml(lane.name))</text></g>\n"
        return out
    }

    func kindName(_ kind: LaneKind) -> String {
        switch kind {
        case .actor: "caller"
        case .uikit: "UIKit object"
        case .screen: "screen"
        case .delegate: "outside delegate"
        }
    }

    func message(_ step: Step, from x1: Double, to x2: Double, row: Row, lost: Bool) -> String {
        let color = Palette.stroke(step.category)
        let label = Timeline.short(step.text)
        let dash = step.category == .notify ? " stroke-dasharray=\"6 3\"" : ""
        var out = "<g class=\"message\"><title>\(xml("\(step.time) ms  \(step.text)"))</title>"
        let halo = "stroke=\"#ffffff\" stroke-width=\"3.5\" stroke-linejoin=\"round\" paint-order=\"stroke\""
        if x1 == x2, step.category == .memory {
            // The lifeline ends here, under a cross.
            out +=
                "<path d=\"M\(n(x1 - 7)),\(n(row.anchor - 12)) l14,14 M\(n(x1 + 7)),\(n(row.anchor - 12)) l-14,14\" stroke=\"\(color)\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
            out += "<text x=\"\(n(x1 + 14))\" y=\"\(n(row.anchor - 1))\" fill=\"\(color)\" \(halo)>\(xml(label))</text>"
        } else if x1 == x2 {
            let top = row.anchor - 12
            if lost {
                out +=
                    "<path d=\"M\(n(x1)),\(n(top)) h26 v12 h-22\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash)/>"
            } else {
                out +=
                    "<path d=\"M\(n(x1)),\(n(top)) h26 v12 h-24\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash) marker-end=\"url(#head-\(step.category.rawValue))\"/>"
            }
            out += "<text x=\"\(n(x1 + 36))\" y=\"\(n(top + 10))\" fill=\"\(color)\" \(halo)>\(xml(label))</text>"
        } else {
            let right = x2 > x1
            let end = right ? x2 - 2 : x2 + 2
            if lost {
                let stop = right ? x2 - 12 : x2 + 12
                out +=
                    "<line x1=\"\(n(x1))\" y1=\"\(n(row.anchor))\" x2=\"\(n(stop))\" y2=\"\(n(row.anchor))\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash)/>"
                out +=
                    "<path d=\"M\(n(stop - 5)),\(n(row.anchor - 5)) l10,10 M\(n(stop + 5)),\(n(row.anchor - 5)) l-10,10\" stroke=\"\(color)\" stroke-width=\"1.8\"/>"
            } else {
                out +=
                    "<line x1=\"\(n(x1))\" y1=\"\(n(row.anchor))\" x2=\"\(n(end))\" y2=\"\(n(row.anchor))\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash) marker-end=\"url(#head-\(step.category.rawValue))\"/>"
            }
            // The label sits above the arrow, near its tail.
            let lx = right ? x1 + 12 : x1 - 12
            out +=
                "<text x=\"\(n(lx))\" y=\"\(n(row.anchor - 5))\"\(right ? "" : " text-anchor=\"end\"") fill=\"\(color)\" \(halo)>\(xml(label))</text>"
        }
        out += "</g>\n"
        return out
    }

    func note(_ step: Step, style: NoteStyle, row: Row) -> String {
        let colors = Palette.note(style)
        var out = "<g class=\"note\"><title>\(xml("\(step.time) ms  \(step.text)"))</title>"
        out +=
            "<rect x=\"\(n(noteLeft))\" y=\"\(n(row.top))\" width=\"\(n(noteRight - noteLeft))\" height=\"\(n(row.bottom - row.top))\" rx=\"3\" fill=\"\(colors.fill)\" stroke=\"\(colors.stroke)\" stroke-width=\"1\"/>"
        for (k, line) in row.lines.enumerated() {
            out +=
                "<text x=\"\(n(noteLeft + 10))\" y=\"\(n(row.top + 16 + Double(k) * noteLine))\" fill=\"\(colors.text)\">\(xml(line))</text>"
        }
        out += "</g>\n"
        return out
    }

    /// A coordinate with at most one decimal.
    func n(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10
        let frac = abs(tenths % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return frac == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(frac)"
    }

    /// Text escaped for XML content and attribute values.
    func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                switch scalar.value {
                case 0x09, 0x0A, 0x0D: out += " "
                case 0..<0x20, 0x7F, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

// MARK: - Mermaid

struct MermaidWriter {
    let timeline: Timeline

    init(_ timeline: Timeline) { self.timeline = timeline }

    /// Text safe inside a Mermaid sequence diagram: entity codes for what the
    /// grammar reads (`;` ends a statement, `#` starts an entity, `:` splits
    /// a message, `%%` a comment) and for HTML, everything on one line.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": out += "#35;"
            case ";": out += "#59;"
            case ":": out += "#58;"
            case "%": out += "#37;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "\"": out += "#quot;"
            case "`": out += "#96;"
            case "{": out += "#123;"
            case "}": out += "#125;"
            case "\\": out += "#92;"
            default:
                switch scalar.value {
                case 0..<0x20, 0x7F, 0x2028, 0x2029, 0x85: out += " "
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    func render() -> String {
        var out = "# navsh timeline\n\n"
        let steps = timeline.steps
        if !steps.isEmpty {
            out +=
                "\(steps.count) event\(steps.count == 1 ? "" : "s"), \(TimelineRenderer.clockRange(steps.map(\.time))). "
            out += "Shaded boxes are transitions in flight; notes at the left give the clock time.\n\n"
        } else {
            out += "No events yet.\n\n"
        }
        out += "```mermaid\nsequenceDiagram\n"
        var lanes = timeline.lanes
        if lanes.isEmpty { lanes = [Lane(name: "nav", kind: .uikit)] }
        for (i, lane) in lanes.enumerated() {
            out += "    \(lane.kind == .actor ? "actor" : "participant") p\(i) as \(MermaidWriter.escape(lane.name))\n"
        }
        let firstLane = "p0"
        let lastLane = "p\(lanes.count - 1)"
        let span = lanes.count > 1 ? "\(firstLane),\(lastLane)" : firstLane

        // Bands as rect blocks: Mermaid needs them nested, so an interval that
        // overlaps an open one without nesting inside it is left unshaded.
        var opens: [Int: [Interval]] = [:]
        var closes: [Int: Int] = [:]
        var stack: [Int] = [] // end indices of open rects
        for interval in timeline.intervals.sorted(by: { $0.start < $1.start }) {
            let end = interval.end ?? (steps.count - 1)
            while let top = stack.last, top < interval.start { stack.removeLast() }
            if let top = stack.last, end > top { continue }
            stack.append(end)
            opens[interval.start, default: []].append(interval)
            closes[end, default: 0] += 1
        }

        var previous: Int?
        for (i, step) in steps.enumerated() {
            if previous != step.time {
                var label = "\(step.time) ms"
                if let previous {
                    let (dt, overflow) = step.time.subtractingReportingOverflow(previous)
                    if !overflow && dt > 0 { label += " (+\(dt) ms)" }
                }
                out += "    Note left of \(firstLane): \(MermaidWriter.escape(label))\n"
                previous = step.time
            }
            for interval in opens[i] ?? [] {
                out +=
                    interval.cancelled ? "    rect rgba(245, 158, 11, 0.15)\n" : "    rect rgba(59, 130, 246, 0.12)\n"
                out += "    Note right of \(lastLane): \(MermaidWriter.escape(interval.label))\n"
            }
            let text = MermaidWriter.escape(Timeline.short(step.text))
            switch step.shape {
            case .message(let from, let to, let lost):
                let arrow = lost ? "-x" : (step.category == .notify ? "-->>" : "->>")
                out += "    p\(from)\(arrow)p\(to): \(text)\n"
            case .note:
                out += "    Note over \(span): \(text)\n"
            }
            for _ in 0..<(closes[i] ?? 0) { out += "    end\n" }
        }
        if steps.isEmpty { out += "    Note over \(span): no events yet\n" }
        out += "```\n"
        if timeline.omitted > 0 {
            out +=
                "\n\(timeline.omitted) later event\(timeline.omitted == 1 ? "" : "s") left out: a timeline shows at most the first \(TimelineRenderer.maxEvents) of \(timeline.total).\n"
        }
        return out
    }
}
