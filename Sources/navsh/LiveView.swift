import CReadline
import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The terminal's rows when the picture was last laid out.
    private var laidOutRows = 0

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
        // A dumb terminal (or none named) has no cursor addressing nor scroll region.
        guard let term = getenv("TERM"), term.pointee != 0, strcmp(term, "dumb") != 0 else {
            return "show live: the terminal cannot draw (TERM is dumb or not set); no picture"
        }
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
        out += "\u{1B}[r\u{1B}8\u{1B}[?25h"
        writeAll(out)
        reserved = 0
        drawn = []
    }

    /// Redraws the rows of the picture that changed (nothing when none did),
    /// the cursor hidden and the frame synchronised (DEC mode 2026: a terminal
    /// that knows it shows the frame whole, one that does not ignores it).
    func redraw(_ session: Session, force: Bool = false) {
        guard isOn else { return }
        let now = terminalSize()
        if now.rows != size.rows || now.columns != size.columns {
            let first = size.rows == 0
            size = now
            layOut(initial: first)
            drawn = []
        }
        let lines = LiveView.render(session.model.picture, columns: size.columns, rows: reserved, colour: colour)
        guard force || lines != drawn else { return }
        var out = LiveView.beginFrame + "\u{1B}7"
        for (index, line) in lines.enumerated() where force || index >= drawn.count || drawn[index] != line {
            out += "\u{1B}[\(index + 1);1H\u{1B}[2K" + line
        }
        out += "\u{1B}8" + LiveView.endFrame
        drawn = lines
        writeAll(out)
    }

    /// Synchronised output on, cursor hidden; and the reverse.
    static let beginFrame = "\u{1B}[?2026h\u{1B}[?25l"
    static let endFrame = "\u{1B}[?25h\u{1B}[?2026l"

    /// Ctrl-L with the picture on: a clean screen, the picture at the top, the
    /// cursor at the top of the log for the prompt, which the editor redraws.
    func clearScreen(_ session: Session) {
        guard isOn else { return }
        size = terminalSize()
        reserved = LiveView.reservedRows(rows: size.rows, columns: size.columns)
        var out = LiveView.beginFrame + "\u{1B}[r\u{1B}[H\u{1B}[2J"
        if reserved > 0, size.rows > reserved + 1 { out += "\u{1B}[\(reserved + 1);\(size.rows)r" }
        out += "\u{1B}[\(reserved + 1);1H" + LiveView.endFrame
        writeAll(out)
        drawn = []
        redraw(session, force: true)
    }

    /// After a resize at the prompt: the picture laid out for the new size and
    /// the cursor on the bottom row, its line cleared, for the editor to redraw
    /// the prompt and the typed text there.
    func resized(_ session: Session) {
        guard isOn else { return }
        size = terminalSize()
        layOut(initial: false)
        drawn = []
        redraw(session, force: true)
    }

    /// Sets the scroll region below the reserved rows, for the current size.
    /// The first time, what is on screen scrolls up to make room; after a
    /// resize nothing scrolls (the log stays), the rows the old picture took
    /// beyond the new one are cleared, and the cursor goes to the bottom row.
    private func layOut(initial: Bool) {
        let rows = size.rows
        // A terminal that grows may bring back lines from its scrollback above
        // what was on screen (tmux does): the old picture is then that much lower.
        let old = reserved + max(0, rows - laidOutRows)
        laidOutRows = rows
        let wanted = LiveView.reservedRows(rows: rows, columns: size.columns)
        var out = LiveView.beginFrame
        if initial {
            // Setting a scroll region homes the cursor: it goes back to the bottom row after.
            out += "\u{1B}7\u{1B}[r\u{1B}8"
            if wanted > 0, rows > wanted + 1 { out += "\u{1B}[\(rows);1H" + String(repeating: "\n", count: wanted) }
        } else {
            // The line the cursor is on (the prompt, or the progress line) is drawn again below.
            out += "\r\u{1B}[2K\u{1B}[r"
            let stale = min(max(old, wanted), rows)
            if stale > wanted {
                for row in (wanted + 1)...stale { out += "\u{1B}[\(row);1H\u{1B}[2K" }
            }
        }
        if wanted > 0, rows > wanted + 1 { out += "\u{1B}[\(wanted + 1);\(rows)r" }
        out += "\u{1B}[\(rows);1H" + LiveView.endFrame
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
}
