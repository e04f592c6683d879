import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notes and warnings at a terminal, wrapped at spaces to its width: a
/// terminal wraps a long line wherever the column ends, mid-word (issue 15).
/// Only where the prompt runs at a terminal; scripts, pipes and `--json`
/// print each event on one line as before.
enum TerminalWrap {
    /// The terminal's columns when stdout is one, else 0 (no wrapping).
    static func columns() -> Int {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return 0 }
        return Int(size.ws_col)
    }

    /// Whether an event's line is wrapped: navsh's explanations and UIKit's warnings.
    static func wraps(_ event: Event) -> Bool {
        event.category == .note || event.category == .warning
    }

    /// `text` (an event's line, without colour) in lines of at most `width`
    /// columns, cut at spaces; the lines after the first are indented under
    /// the text that follows `note: ` or `warning: `. A word longer than a
    /// line is not cut.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width >= 20, text.count > width else { return [text] }
        var indent = 0
        if let close = text.firstIndex(of: "]") {
            let rest = text[close...].dropFirst(2) // after "] "
            indent = text.distance(from: text.startIndex, to: rest.startIndex)
            if let colon = rest.firstIndex(of: ":"), rest.distance(from: rest.startIndex, to: colon) <= 12 {
                indent += rest.distance(from: rest.startIndex, to: colon) + 2
            }
        }
        if indent > width / 2 { indent = 0 }
        var result: [String] = []
        var rest = Substring(text)
        var pad = ""
        while rest.count > width - pad.count {
            let room = width - pad.count
            let cut: Substring.Index
            if let space = rest.prefix(room + 1).lastIndex(of: " "), space > rest.startIndex {
                cut = space
            } else if let space = rest[rest.index(rest.startIndex, offsetBy: room)...].firstIndex(of: " ") {
                cut = space
            } else {
                break
            }
            result.append(pad + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
            pad = String(repeating: " ", count: indent)
        }
        if !rest.isEmpty { result.append(pad + rest) }
        return result
    }

    /// The wrapped lines of an event, with its colours when `colour`.
    static func render(_ event: Event, width: Int, colour: Bool, names: ClassNames) -> [String] {
        let plain = lines(EventRenderer.text(event, names: names), width: width)
        guard colour, plain.count > 1 else {
            return plain.count > 1 ? plain : [EventRenderer.text(event, colour: colour, names: names)]
        }
        let tint = EventRenderer.colour(event.category)
        return plain.enumerated().map { index, line in
            guard index == 0, let close = line.firstIndex(of: "]") else { return tint + line + "\u{1B}[0m" }
            let stamp = line[...close]
            return "\u{1B}[90m\(stamp)\u{1B}[0m " + tint + line[close...].dropFirst(2) + "\u{1B}[0m"
        }
    }
}
