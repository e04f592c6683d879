import NavigationEngine

/// The drawing of the phone, as lines of text.
extension LiveView {
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
                    : "pop to \(s.incoming) \(percent)%\(s.heldByFinger ? " (finger)" : "")")
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
            status += s.isPush ? " · push \(s.incoming) \(percent)%" : " · pop to \(s.incoming) \(percent)%"
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
