import NavigationEngine

// Where the SVG timeline puts things: lane positions, rows and the ruler.

struct SVGLayout {
    let timeline: Timeline
    // Geometry, in pixels.
    let charWidth = 7.25
    /// How much bigger the picture is drawn than its geometry (`timeline FILE.svg large`: 1.5).
    var scale = 1.0
    let font = "'DejaVu Sans Mono', Menlo, Consolas, monospace"
    let rulerX = 78.0
    let firstLaneMargin = 40.0
    let headerTop = 46.0
    let headerHeight = 30.0
    let messageRow = 26.0
    let selfRow = 30.0
    let noteLine = 15.0
    let labelLine = 14.0
    let captionHeight = 18.0
    let markHeight = 24.0
    /// A picture wider than this (a projector's 1920 pixels) wraps its arrows' labels until it fits.
    static let projectorWidth = 1920.0
    /// The label widths tried, in characters, widest first.
    static let labelColumnSteps = [64, 48, 36, 28, 24]

    /// Where each column is; a lane is drawn in its column.
    var laneX: [Double] = []
    var headerWidth: [Double] = []
    var rightEdge = 0.0
    /// nil: a label is one line, cut at `maxLabel`; else wrapped at this many characters.
    var labelColumns: Int?

    init(_ timeline: Timeline) {
        self.timeline = timeline
        layoutLanes()
        for columns in SVGLayout.labelColumnSteps where canvasWidth > SVGLayout.projectorWidth {
            labelColumns = columns
            layoutLanes()
        }
    }

    func textWidth(_ text: String) -> Double { Double(text.count) * charWidth }

    /// The x of a lane's column.
    func x(ofLane lane: Int) -> Double? { timeline.lanes[at: lane].flatMap { laneX[at: $0.column] } }

    /// An arrow's label, on one line or wrapped.
    func labelLines(_ step: Step) -> [String] {
        let text = Timeline.short(step.text)
        guard let labelColumns, text.count > labelColumns else { return [text] }
        return wrap(text, columns: labelColumns)
    }

    mutating func layoutLanes() {
        let lanes = timeline.lanes
        // The name of each column (every lane in a column has the same name).
        var columnNames = Array(repeating: "", count: timeline.columns)
        for lane in lanes where columnNames.indices.contains(lane.column) { columnNames[lane.column] = lane.name }
        headerWidth = columnNames.map { max(84, textWidth($0) + 28) }
        guard !columnNames.isEmpty else {
            laneX = []
            rightEdge = rulerX + 360
            return
        }
        // gaps[i] lies between column i and column i + 1.
        var gaps: [Double] = []
        for i in 0..<(columnNames.count - 1) {
            gaps.append(((headerWidth[at: i] ?? 84) + (headerWidth[at: i + 1] ?? 84)) / 2 + 28)
        }
        var tail = (headerWidth.last ?? 84) / 2 // room right of the last column
        // The widest label each span of columns must hold, shortest spans first.
        var need: [Int: [Int: Double]] = [:]
        for step in timeline.steps {
            guard case .message(let fromLane, let toLane, _) = step.shape,
                let from = lanes[at: fromLane]?.column, let to = lanes[at: toLane]?.column
            else { continue }
            let label = labelLines(step).map(textWidth).max() ?? 0
            if from == to {
                if to == columnNames.count - 1 {
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

    // MARK: The canvas

    /// The categories in the legend: those drawn.
    var legendCategories: [EventCategory] {
        EventCategory.allCases.filter { c in timeline.steps.contains { $0.category == c } }
    }

    /// Where the lanes, notes, bands and marks end.
    var canvasRight: Double {
        let bandCaption = timeline.intervals.map { textWidth($0.caption) * (11.0 / 12.0) }.max() ?? 0
        let markCaption = timeline.marks.map { textWidth($0.kind.words) }.max().map { $0 + 28 } ?? 0
        return max(rightEdge, noteRight, rulerX + 28 + bandCaption, rulerX + 8 + markCaption) + 16
    }

    var canvasWidth: Double {
        var legendWidth = 16.0
        for category in legendCategories { legendWidth += 27 + textWidth(category.rawValue) * (11.0 / 12.0) + 16 }
        if !timeline.intervals.isEmpty {
            legendWidth += 2 * (27 + 16) + textWidth("transition in flight cancelled") * (11.0 / 12.0)
        }
        return max(canvasRight + 12, legendWidth + 16, 560)
    }

    // MARK: Vertical layout

    struct Row {
        var top: Double
        var anchor: Double // where the arrow (or the note's middle) is
        var bottom: Double
        var lines: [String] // the note's text or the arrow's label, wrapped
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

    /// Everything placed from top to bottom.
    struct Vertical {
        /// One a step.
        var rows: [Row] = []
        var ticks: [TimeMark] = []
        /// One a reset or undo mark: the top of its band.
        var marks: [Double] = []
        /// Where a lane that takes over a column has its header, by lane.
        var laneTops: [Int: Double] = [:]
        var bottom = 0.0
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
                let cut = SVGLayout.breakPoint(word, columns: columns)
                lines.append(String(word.prefix(cut)))
                word = String(word.dropFirst(cut))
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

    /// Where a word longer than a line is cut: after the last `.`, `(`, `,`, `:`,
    /// `=`, `[` or `/` that fits, or before a `(` or `[`: never inside a name.
    /// A name longer than the line is cut where a word of it begins
    /// (`UISafeNavigation|Controller`), else it goes whole.
    static func breakPoint(_ word: String, columns: Int) -> Int {
        let chars = Array(word)
        var best = 0
        var camel = 0
        var named = false // a piece holds a letter or digit before it is cut
        for (i, c) in chars.enumerated() where i > 0 {
            named = named || chars[i - 1].isLetter || chars[i - 1].isNumber
            guard named else { continue }
            if ".(,:=[/".contains(chars[i - 1]), i <= columns { best = i }
            if c == "(" || c == "[", i <= columns { best = i }
            if c.isUppercase, chars[i - 1].isLowercase, i <= columns { camel = i }
            if i > columns, best == 0, ".(,:=[/".contains(chars[i - 1]) || c == "(" || c == "[" { break }
        }
        return best > 0 ? best : camel > 0 ? camel : chars.count
    }

    func vertical() -> Vertical {
        var v = Vertical()
        var y = headerTop + headerHeight + 18
        var previous: Int?
        var groupOpen = false
        let columns = max(24, Int((noteRight - noteLeft - 20) / charWidth))
        let starts = Set(timeline.intervals.map(\.start))
        var laneStarts: [Int: [Int]] = [:] // step -> lanes that take over a column there
        for (lane, info) in timeline.lanes.enumerated() {
            if let s = info.start { laneStarts[s, default: []].append(lane) }
        }
        var nextMark = 0
        func closeGroup() {
            if groupOpen, var last = v.ticks.popLast() {
                last.groupEnd = y
                v.ticks.append(last)
            }
            groupOpen = false
        }
        func placeMarks(upTo step: Int) {
            while nextMark < timeline.marks.count, timeline.marks[nextMark].before <= step {
                closeGroup()
                v.marks.append(y + 6)
                y += markHeight + 12
                // The clock reads afresh after a mark: no time passed is shown across it.
                previous = nil
                nextMark += 1
            }
        }
        for (i, step) in timeline.steps.enumerated() {
            placeMarks(upTo: i)
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
                closeGroup()
                let gapTop = y
                y += gap
                v.ticks.append(
                    TimeMark(y: y, time: step.time, elapsed: elapsed, gapTop: gapTop, compressed: compressed))
                groupOpen = true
                previous = step.time
            }
            var caption: Double?
            if starts.contains(i) {
                caption = y + 2
                y += captionHeight
            }
            if let lanes = laneStarts[i] {
                for lane in lanes { v.laneTops[lane] = y + 4 }
                y += headerHeight + 8
            }
            switch step.shape {
            case .message(let from, let to, _):
                let lines = labelLines(step)
                let extra = Double(lines.count - 1) * labelLine
                let (anchor, height) = from == to ? (22.0, selfRow) : (19.0, messageRow)
                v.rows.append(
                    Row(top: y, anchor: y + anchor + extra, bottom: y + height + extra, lines: lines, caption: caption))
                y += height + extra
            case .note:
                let lines = wrap(step.text, columns: columns)
                let height = Double(lines.count) * noteLine + 10
                v.rows.append(
                    Row(top: y + 4, anchor: y + 4 + height / 2, bottom: y + 4 + height, lines: lines, caption: caption))
                y += height + 10
            }
        }
        placeMarks(upTo: timeline.steps.count)
        closeGroup()
        v.bottom = y + 14
        return v
    }
}
