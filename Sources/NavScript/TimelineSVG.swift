import NavigationEngine

// The SVG writer: draws a laid-out timeline.

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

extension SVGLayout {
    func render() -> String {
        let vertical = vertical()
        let rows = vertical.rows
        let contentBottom = vertical.bottom
        let canvasRight = canvasRight
        let canvasWidth = canvasWidth
        let legendCategories = legendCategories
        let footerTop = contentBottom + headerHeight + 24
        let height = footerTop + 22 + (timeline.omitted > 0 ? 18 : 0) + (legendCategories.isEmpty ? 0 : 22) + 10

        var out = ""
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(canvasWidth * scale))\" height=\"\(n(height * scale))\" viewBox=\"0 0 \(n(canvasWidth)) \(n(height))\" font-family=\"\(font)\" font-size=\"12\">\n"
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
            let unfinished = interval.end == nil || interval.interrupted
            let color = interval.cancelled ? "#f59e0b" : (unfinished ? "#a855f7" : "#3b82f6")
            let ink = interval.cancelled ? "#92400e" : (unfinished ? "#6b21a8" : "#1e40af")
            let left = rulerX + 8
            let height = max(4, bottom - top)
            out +=
                "<g class=\"transition\(interval.cancelled ? " cancelled" : "")\"><title>\(xml(interval.caption))</title>"
            out +=
                "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(canvasRight - left))\" height=\"\(n(height))\" fill=\"\(color)\" fill-opacity=\"0.10\"/>"
            out +=
                "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"4\" height=\"\(n(height))\" fill=\"\(color)\" fill-opacity=\"0.7\"/>"
            out +=
                "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(canvasRight))\" y2=\"\(n(top))\" stroke=\"\(color)\" stroke-opacity=\"0.5\" stroke-width=\"1\"/>"
            out += "</g>\n"
            captions +=
                "<text x=\"\(n(left + 12))\" y=\"\(n(top + 13))\" fill=\"\(ink)\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\(xml(interval.caption))</text>\n"
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
        for mark in vertical.ticks {
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

        // Lifelines, from the top (or where a lane takes over its column) to a deinit, a reset or the bottom.
        out += "<g id=\"lanes\">\n"
        for (i, lane) in timeline.lanes.enumerated() {
            guard let x = x(ofLane: i) else { continue }
            let top = vertical.laneTops[i].map { $0 + headerHeight } ?? headerTop + headerHeight
            let end: Double =
                switch lane.end {
                case .deinitialized(let step): rows[at: step].map { $0.anchor - 5 } ?? contentBottom
                case .reset(let mark): vertical.marks[at: mark] ?? contentBottom
                case nil: contentBottom
                }
            let colors = Palette.lane(lane.kind)
            out +=
                "<line x1=\"\(n(x))\" y1=\"\(n(top))\" x2=\"\(n(x))\" y2=\"\(n(end))\" stroke=\"\(colors.stroke)\" stroke-opacity=\"0.55\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n"
        }
        // A header at the top (or where the lane begins), and at the bottom under the column's last lane.
        var lastInColumn: [Int: Int] = [:]
        for (i, lane) in timeline.lanes.enumerated() { lastInColumn[lane.column] = i }
        for (i, lane) in timeline.lanes.enumerated() {
            guard let x = x(ofLane: i), let w = headerWidth[at: lane.column] else { continue }
            out += header(lane, x: x, width: w, top: vertical.laneTops[i] ?? headerTop)
            if lastInColumn[lane.column] == i { out += header(lane, x: x, width: w, top: contentBottom + 6) }
        }
        out += "</g>\n"

        // Messages and notes.
        out += "<g id=\"events\">\n"
        for (i, step) in timeline.steps.enumerated() {
            guard let row = rows[at: i] else { continue }
            switch step.shape {
            case .message(let from, let to, let lost):
                guard let x1 = x(ofLane: from), let x2 = x(ofLane: to) else { continue }
                out += message(step, from: x1, to: x2, row: row, lost: lost)
            case .note(let style):
                out += note(step, style: style, row: row)
            }
        }
        out += "</g>\n"
        out += captions
        out += marks(tops: vertical.marks, right: canvasRight)

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
        let dash = step.category == .notify ? " stroke-dasharray=\"6 3\"" : ""
        var out = "<g class=\"message\"><title>\(xml("\(step.time) ms  \(step.text)"))</title>"
        let halo = "stroke=\"#ffffff\" stroke-width=\"3.5\" stroke-linejoin=\"round\" paint-order=\"stroke\""
        if x1 == x2, step.category == .memory {
            // The lifeline ends here, under a cross.
            out +=
                "<path d=\"M\(n(x1 - 7)),\(n(row.anchor - 12)) l14,14 M\(n(x1 + 7)),\(n(row.anchor - 12)) l-14,14\" stroke=\"\(color)\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
            out += label(row.lines, x: x1 + 14, y: row.anchor - 1, attributes: " fill=\"\(color)\" \(halo)")
        } else if x1 == x2 {
            let top = row.anchor - 12
            if lost {
                out +=
                    "<path d=\"M\(n(x1)),\(n(top)) h26 v12 h-22\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash)/>"
            } else {
                out +=
                    "<path d=\"M\(n(x1)),\(n(top)) h26 v12 h-24\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.3\"\(dash) marker-end=\"url(#head-\(step.category.rawValue))\"/>"
            }
            out += label(row.lines, x: x1 + 36, y: top + 10, attributes: " fill=\"\(color)\" \(halo)")
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
            let anchor = right ? "" : " text-anchor=\"end\""
            out += label(row.lines, x: lx, y: row.anchor - 5, attributes: "\(anchor) fill=\"\(color)\" \(halo)")
        }
        out += "</g>\n"
        return out
    }

    /// An arrow's label: its last line at `y`, the others above it.
    func label(_ lines: [String], x: Double, y: Double, attributes: String) -> String {
        var out = ""
        for (k, line) in lines.enumerated() {
            let top = y - Double(lines.count - 1 - k) * labelLine
            out += "<text x=\"\(n(x))\" y=\"\(n(top))\"\(attributes)>\(xml(line))</text>"
        }
        return out
    }

    /// The resets and undos: a band across the picture with its words.
    func marks(tops: [Double], right: Double) -> String {
        guard !timeline.marks.isEmpty else { return "" }
        var out = "<g id=\"marks\">\n"
        for (mark, top) in zip(timeline.marks, tops) {
            let (kind, fill, stroke, ink, dash) =
                switch mark.kind {
                case .reset: ("reset", "#e2e8f0", "#475569", "#0f172a", " stroke-dasharray=\"6 3\"")
                case .undo: ("undo", "#fef9c3", "#ca8a04", "#713f12", " stroke-dasharray=\"6 3\"")
                case .section: ("section", "#dcfce7", "#15803d", "#14532d", "")
                }
            let words = mark.kind.words
            out += "<g class=\"mark \(kind)\"><title>\(xml(words))</title>"
            out +=
                "<rect x=\"8\" y=\"\(n(top))\" width=\"\(n(right - 8))\" height=\"\(n(markHeight))\" rx=\"3\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.2\"\(dash)/>"
            out +=
                "<text x=\"\(n(rulerX + 8))\" y=\"\(n(top + 16))\" font-weight=\"bold\" fill=\"\(ink)\">\(xml(words))</text></g>\n"
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
