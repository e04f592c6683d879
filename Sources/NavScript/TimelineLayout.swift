import NavigationEngine

// Where the SVG timeline puts things: lane positions, rows and the ruler.

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
}
