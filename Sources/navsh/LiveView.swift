import CReadline
import Glibc
import NavScript
import NavigationEngine

/// `show live`: a drawing of the phone kept at the top of the terminal,
/// redrawn as the real-time clock runs, while the log scrolls below it (a
/// scroll region) and the prompt stays usable. Only on a terminal; on a
/// narrow or short one the drawing shrinks to one summary line.
final class LiveView {
    /// Rows the full drawing takes (the phone and one status line).
    static let phoneRows = 15
    /// Columns the full drawing needs.
    static let phoneColumns = 36

    private(set) var isOn = false
    private let colour: Bool
    /// What is on screen now, to redraw only on a change.
    private var drawn: [String] = []
    private var size = (rows: 0, columns: 0)
    /// Rows reserved at the top (the scroll region starts below them).
    private var reserved = 0
    private var ticksSinceDraw = 0

    init(colour: Bool) {
        self.colour = colour
    }

    /// A live view for `session` (at a terminal, `show live` draws it), set as
    /// the session's live hook and redrawn as the real-time clock steps and
    /// before a `pause` waits.
    static func attach(to session: Session, writer: OutputWriter, driver: RealTimeDriver) -> LiveView {
        let live = LiveView(colour: session.options.colour)
        live.attach(to: session, writer: writer, driver: driver)
        return live
    }

    func attach(to session: Session, writer: OutputWriter, driver: RealTimeDriver) {
        session.liveHook = { [self] on in
            writer.flush()
            return set(on, session: session)
        }
        driver.onStep = { [self] in redraw(session) }
        let pause = TerminalPause.hook(writer: writer, colour: session.options.colour)
        session.pauseHook = pause.map { wait in
            { [self] request in
                redraw(session)
                writer.flush()
                let choice = wait(request)
                redraw(session)
                return choice
            }
        }
    }

    /// The hook for `Session.liveHook`: turns the picture on or off; returns a line to print, if any.
    func set(_ on: Bool, session: Session) -> String? {
        if !on {
            stop()
            return nil
        }
        guard isatty(1) == 1 else { return "show live: stdout is not a terminal; no picture" }
        isOn = true
        drawn = []
        size = (0, 0)
        redraw(session, force: true)
        return nil
    }

    /// Gives the whole screen back to the log (on `show live off` and on exit).
    func stop() {
        guard isOn else { return }
        isOn = false
        // Clear the picture, drop the scroll region (which homes the cursor), and
        // put the cursor at the bottom so the log goes on where it was.
        var out = "\u{1B}7"
        for row in 1...max(1, reserved) { out += "\u{1B}[\(row);1H\u{1B}[2K" }
        out += "\u{1B}[r\u{1B}8"
        writeAll(out)
        reserved = 0
        drawn = []
    }

    /// Redraws when the picture changed (or every second, in case something cleared the screen).
    func redraw(_ session: Session, force: Bool = false) {
        guard isOn else { return }
        ticksSinceDraw += 1
        let now = terminalSize()
        let resized = now.rows != size.rows || now.columns != size.columns
        if resized {
            size = now
            layOut()
        }
        let lines = LiveView.render(session.model.picture, columns: size.columns, rows: reserved, colour: colour)
        guard force || resized || lines != drawn || ticksSinceDraw >= 20 else { return }
        ticksSinceDraw = 0
        drawn = lines
        var out = "\u{1B}7"
        for (index, line) in lines.enumerated() {
            out += "\u{1B}[\(index + 1);1H\u{1B}[2K" + line
        }
        out += "\u{1B}8"
        writeAll(out)
    }

    /// Sets the scroll region below the reserved rows, for the current size.
    private func layOut() {
        let rows = size.rows
        let wanted = LiveView.reservedRows(rows: rows, columns: size.columns)
        // Make room: scroll what is on screen up by the rows the picture takes,
        // then keep the log below them (setting a scroll region homes the
        // cursor, so it goes back to the bottom row after).
        var out = "\u{1B}7\u{1B}[r\u{1B}8"
        if wanted > 0, rows > wanted + 1 {
            out += "\u{1B}[\(rows);1H" + String(repeating: "\n", count: wanted)
            out += "\u{1B}[\(wanted + 1);\(rows)r"
            out += "\u{1B}[\(rows);1H"
        }
        reserved = wanted
        writeAll(out)
    }

    /// Rows the picture reserves on a terminal of this size: the full phone,
    /// one summary line, or nothing.
    static func reservedRows(rows: Int, columns: Int) -> Int {
        if rows >= phoneRows + 8, columns >= phoneColumns + 2 { return phoneRows }
        if rows >= 6, columns >= 20 { return 1 }
        return 0
    }

    private func terminalSize() -> (rows: Int, columns: Int) {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 {
            return (Int(ws.ws_row), Int(ws.ws_col))
        }
        return (24, 80)
    }

    private func writeAll(_ text: String) {
        fflush(navsh_stdout())
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    // MARK: - Drawing

    /// The picture as lines of text (each at most `columns` wide), `rows` of them.
    static func render(_ p: PhonePicture, columns: Int, rows: Int, colour: Bool) -> [String] {
        if rows <= 0 { return [] }
        if rows < phoneRows { return [fit(summary(p), columns)] }
        return phone(p, colour: colour).map { fit($0, columns) }
    }

    /// One line: `[Notes] ‹ Home | Details ← push 40% | alert | FROZEN`.
    static func summary(_ p: PhonePicture) -> String {
        var parts: [String] = []
        if !p.tabs.isEmpty {
            parts.append(
                p.tabs.enumerated().map { $0.offset == p.selectedTab ? "[\($0.element)]" : $0.element }
                    .joined(separator: " "))
        }
        var bar = ""
        switch p.back {
        case .system(let title): bar += "‹ \(title) | "
        case .custom: bar += "(custom back) | "
        case .none: break
        }
        bar += p.title ?? "(empty)"
        parts.append(bar)
        if let s = p.slide {
            let percent = Int((s.progress * 100).rounded())
            parts.append(
                s.isPush
                    ? "push \(s.incoming) \(percent)%"
                    : "pop \(s.outgoing) \(percent)%\(s.heldByFinger ? " (finger)" : "")")
        }
        if let sheet = p.sheet { parts.append("sheet \(sheet.screen) \(Int((sheet.height * 100).rounded()))%") }
        if let text = p.alertText { parts.append("alert \"\(text)\"") }
        if p.frozenReason != nil { parts.append("FROZEN") }
        parts.append("\(p.clock)ms")
        return parts.joined(separator: " · ")
    }

    /// Inner width of the phone's screen.
    static let inner = phoneColumns - 2
    /// Rows of the content area (between the bar and the tab bar).
    static let contentRows = 8

    static func phone(_ p: PhonePicture, colour: Bool) -> [String] {
        let w = inner
        var lines: [String] = []
        let frozen = p.frozenReason != nil
        if frozen {
            let side = String(repeating: "─", count: (w - 8) / 2)
            let rest = String(repeating: "─", count: w - 8 - side.count)
            let label = colour ? "\u{1B}[1;31m FROZEN \u{1B}[0m" : " FROZEN "
            lines.append("╭" + side + label + rest + "╮")
        } else {
            lines.append("╭" + String(repeating: "─", count: w) + "╮")
        }
        lines.append("│" + navigationBar(p, w) + "│")
        lines.append("├" + String(repeating: "─", count: w) + "┤")
        var content = contentArea(p, w)
        if let sheet = p.sheet { overlaySheet(sheet, on: &content, w) }
        if let text = p.alertText { overlayAlert(text, p.alertButtons, on: &content, w) }
        for row in content { lines.append("│" + row + "│") }
        lines.append("├" + String(repeating: "─", count: w) + "┤")
        lines.append("│" + tabBar(p, w) + "│")
        lines.append("╰" + String(repeating: "─", count: w) + "╯")
        // The status line under the phone.
        var status = "  \(p.clock)ms"
        if let s = p.slide {
            let percent = Int((s.progress * 100).rounded())
            status += s.isPush ? " · push \(s.incoming) \(percent)%" : " · pop \(s.outgoing) \(percent)%"
            if s.heldByFinger { status += " (finger)" }
        }
        if let sheet = p.sheet, sheet.height < 1 {
            status += " · \(sheet.screen) \(Int((sheet.height * 100).rounded()))%"
        }
        if p.frozenReason != nil { status += " · FROZEN: every touch is ignored" }
        lines.append(status)
        lines.append("")
        return lines
    }

    static func navigationBar(_ p: PhonePicture, _ w: Int) -> String {
        // During a slide the bar shows the screen that is more than half on.
        var title = p.title ?? ""
        var back = p.back
        if let s = p.slide {
            let incomingShown = s.isPush ? s.progress >= 0.5 : s.progress >= 0.5
            if s.isPush, !incomingShown {
                title = s.outgoing
                back = p.stack.count >= 3 ? .system(p.stack[p.stack.count - 3]) : .none
            } else if !s.isPush, !incomingShown {
                title = s.outgoing
                back = .system(s.incoming)
            }
        }
        var left: String
        switch back {
        case .system(let name): left = "‹ " + clip(name, 9)
        case .custom: left = "[Back]"
        case .none: left = ""
        }
        var row = Array(centred(clip(title, w - 2 * 12), w, fill: " "))
        for (i, c) in left.enumerated() where i + 1 < w { row[i + 1] = c }
        return String(row)
    }

    /// The screens in the content area: the top one, or two sliding.
    static func contentArea(_ p: PhonePicture, _ w: Int) -> [String] {
        var rows = [[Character]](repeating: Array(repeating: " ", count: w), count: contentRows)
        let middle = contentRows / 2
        func panel(_ name: String, at offset: Int, edge: Bool) {
            // The panel spans [offset, offset + w); only its visible part is drawn.
            let from = max(0, offset)
            let to = min(w, offset + w)
            guard from < to else { return }
            for r in 0..<contentRows {
                for x in from..<to { rows[r][x] = " " }
                if edge, offset > 0 { rows[r][offset] = "▏" }
            }
            let label = Array(clip(name, w - 4))
            let start = offset + (w - label.count) / 2
            for (i, c) in label.enumerated() {
                let x = start + i
                if x >= from, x < to, !(edge && x == offset && offset > 0) { rows[middle][x] = c }
            }
        }
        if let s = p.slide {
            let parallax = Double(w) * 0.3
            if s.isPush {
                // The old top drifts left a little; the new one slides in from the right.
                panel(s.outgoing, at: -Int((parallax * s.progress).rounded()), edge: false)
                panel(s.incoming, at: Int((Double(w) * (1 - s.progress)).rounded()), edge: true)
            } else {
                // The screen below comes back from the left; the top slides out to the right.
                panel(s.incoming, at: -Int((parallax * (1 - s.progress)).rounded()), edge: false)
                let x = Int((Double(w) * s.progress).rounded())
                panel(s.outgoing, at: x, edge: true)
                if s.heldByFinger, x > 0, x < w { rows[middle + 1][x] = "●" }
            }
        } else if let title = p.title {
            panel(title, at: 0, edge: false)
        } else {
            panel("(empty)", at: 0, edge: false)
        }
        return rows.map { String($0) }
    }

    /// A presented screen rising from the bottom, `height` of the content area.
    static func overlaySheet(_ sheet: PhonePicture.Sheet, on rows: inout [String], _ w: Int) {
        let covered = Int((Double(contentRows) * sheet.height).rounded())
        guard covered > 0 else { return }
        let first = contentRows - covered
        for r in first..<contentRows {
            if r == first {
                rows[r] = "╭" + String(repeating: "─", count: w - 2) + "╮"
            } else {
                var line = Array("│" + String(repeating: " ", count: w - 2) + "│")
                if r == first + 1 || (covered >= 4 && r == first + covered / 2) {
                    let label = Array(clip(sheet.screen, w - 4))
                    if r == first + max(1, covered / 2) || covered < 4 {
                        let start = (w - label.count) / 2
                        for (i, c) in label.enumerated() { line[start + i] = c }
                    }
                }
                rows[r] = String(line)
            }
        }
    }

    /// The alert, centred, with its text and buttons.
    static func overlayAlert(_ text: String, _ buttons: [String], on rows: inout [String], _ w: Int) {
        let boxWidth = w - 4
        let textLines = wrapWords(text, boxWidth - 4).prefix(2)
        let buttonLine = buttons.map { "[\($0)]" }.joined(separator: "  ")
        var box: [String] = ["╭" + String(repeating: "─", count: boxWidth - 2) + "╮"]
        for line in textLines { box.append("│" + centred(line, boxWidth - 2, fill: " ") + "│") }
        box.append("│" + centred(buttonLine, boxWidth - 2, fill: " ") + "│")
        box.append("╰" + String(repeating: "─", count: boxWidth - 2) + "╯")
        let first = max(0, (contentRows - box.count) / 2)
        for (i, line) in box.enumerated() where first + i < rows.count {
            rows[first + i] = "  " + line + "  "
        }
    }

    static func tabBar(_ p: PhonePicture, _ w: Int) -> String {
        guard !p.tabs.isEmpty else { return centred("", w, fill: " ") }
        let items = p.tabs.enumerated().map {
            $0.offset == p.selectedTab ? "[\(clip($0.element, 10))]" : clip($0.element, 10)
        }
        return centred(items.joined(separator: "  "), w, fill: " ")
    }

    // MARK: Text helpers (characters, not bytes: the drawing uses box-drawing characters)

    static func clip(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    static func centred(_ text: String, _ width: Int, fill: Character) -> String {
        let t = clip(text, width)
        let left = (width - t.count) / 2
        return String(repeating: fill, count: left) + t + String(repeating: fill, count: width - left - t.count)
    }

    static func fit(_ line: String, _ columns: Int) -> String {
        line.count <= columns || line.contains("\u{1B}") ? line : String(line.prefix(columns))
    }

    /// Words wrapped to `width` columns (a word longer than that is cut).
    static func wrapWords(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let word = clip(String(word), width)
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
