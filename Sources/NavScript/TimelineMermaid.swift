import NavigationEngine

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
        if lanes.isEmpty { lanes = [Lane(name: "nav", kind: .uikit, column: 0)] }
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
        var nextMark = 0
        /// The resets and undos before step `i`: a note across the lanes, after which the clock reads afresh.
        func marks(upTo i: Int) {
            while nextMark < timeline.marks.count, timeline.marks[nextMark].before <= i {
                out += "    Note over \(span): \(MermaidWriter.escape(timeline.marks[nextMark].kind.words))\n"
                previous = nil
                nextMark += 1
            }
        }
        for (i, step) in steps.enumerated() {
            marks(upTo: i)
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
                out += "    Note right of \(lastLane): \(MermaidWriter.escape(interval.caption))\n"
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
        marks(upTo: steps.count)
        if steps.isEmpty { out += "    Note over \(span): no events yet\n" }
        out += "```\n"
        if timeline.omitted > 0 {
            out +=
                "\n\(timeline.omitted) later event\(timeline.omitted == 1 ? "" : "s") left out: a timeline shows at most the first \(TimelineRenderer.maxEvents) of \(timeline.total).\n"
        }
        return out
    }
}
