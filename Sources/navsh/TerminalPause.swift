import CReadline
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pause ["TEXT"]` at a terminal (issues 15 and 37): prints TEXT and waits
/// for the class's choice, one key at a time. What was typed before the pause
/// is thrown away, so an early Enter does not skip it. Enter or Space goes
/// on; Backspace or Left goes back to the pause before; Esc, Ctrl-C or Ctrl-D
/// leaves the lesson for the prompt; a typed line (then Enter) goes to a
/// section by number or words of its heading (`b` and `q` typed that way go
/// back and leave). A typed command is not run: the pause says how to.
enum TerminalPause {
    /// The hook for `Session.pauseHook` when stdin is a terminal; nil otherwise.
    static func hook(writer: OutputWriter, colour: Bool) -> ((PauseRequest) -> PauseChoice)? {
        guard isatty(0) == 1 else { return nil }
        return { request in
            writer.flush()
            return wait(request, colour: colour)
        }
    }

    /// Columns pause text is wrapped to: the terminal's, at most 80.
    static var width: Int {
        let columns = TerminalWrap.columns()
        return columns > 0 ? min(columns, 80) : 80
    }

    static func wait(_ request: PauseRequest, colour: Bool) -> PauseChoice {
        // Typed ahead (an Enter pressed early, during a transition): not an answer.
        tcflush(STDIN_FILENO, TCIFLUSH)
        let width = self.width
        var shown = ""
        if let message = request.message { shown += dim(message, colour) + "\n" }
        let text = (request.text.map { $0.isEmpty ? "" : $0 + " " } ?? "") + "[Enter]"
        shown += Session.wrap(text, width: width).joined(separator: "\n")
        if request.isFirst { shown += "\n" + dim(keys(request, width: width), colour) }
        put(shown)
        let saved = RawInput()
        defer { saved.restore() }
        var typed = ""
        var choice: PauseChoice?
        while choice == nil {
            if LineEditor.terminationPending {
                saved.restore()
                put("\n")
                LineEditor.terminateNow()
            }
            if LineEditor.takeInterrupt() {
                choice = .leave
                break
            }
            guard let byte = readByte(timeout: 100) else { continue }
            switch byte {
            case .end:
                choice = .leave
            case .byte(let b):
                choice = answer(b, typed: &typed, width: width, request: request, colour: colour)
            }
        }
        put("\n")
        return choice ?? .next
    }

    /// The line under the first pause that says which keys do what.
    static func keys(_ request: PauseRequest, width: Int) -> String {
        var parts = ["Enter: on", "Backspace: back", "Esc: to the prompt"]
        if !request.sections.isEmpty { parts.append("1-\(request.sections.count) Enter: that section") }
        return Session.wrap(parts.joined(separator: " · "), width: width).joined(separator: "\n")
    }

    private static func answer(
        _ b: UInt8, typed: inout String, width: Int, request: PauseRequest, colour: Bool
    ) -> PauseChoice? {
        switch b {
        case 10, 13:
            if typed.isEmpty { return .next }
            let line = typed.trimmingBlanks
            typed = ""
            put("\n")
            switch line.lowercased() {
            case "": return nil
            case "b", "back": return .back
            case "q", "quit", "prompt", "exit": return .leave
            case "n", "next": return .next
            default:
                if request.sections.isEmpty || !looksLikeSection(line, request) {
                    let hint =
                        "(`\(line)` was not run: this is a pause. Enter goes on; Esc leaves the lesson "
                        + "for the prompt, where commands run, the class's state kept.)"
                    put(dim(Session.wrap(hint, width: width).joined(separator: "\n"), colour) + "\n")
                    return nil
                }
                return .section(line)
            }
        case 32 where typed.isEmpty:
            return .next
        case 127, 8:
            if typed.isEmpty { return .back }
            typed.removeLast()
            put("\u{8} \u{8}")
            return nil
        case 4:
            return .leave
        case 27:
            // An arrow key is ESC [ C (right) or ESC [ D (left); ESC alone leaves.
            guard case .byte(let second)? = readByte(timeout: 40) else { return .leave }
            guard second == 91 || second == 79, case .byte(let final)? = readByte(timeout: 40) else { return nil }
            if final == 67 { return typed.isEmpty ? .next : nil }
            if final == 68 { return typed.isEmpty ? .back : nil }
            return nil
        case 21:
            // Ctrl-U: the typed line goes.
            put(String(repeating: "\u{8} \u{8}", count: typed.count))
            typed = ""
            return nil
        default:
            guard b >= 32, b < 127 else { return nil }
            if typed.isEmpty { put("\n> ") }
            typed.append(Character(Unicode.Scalar(b)))
            put(String(Unicode.Scalar(b)))
            return nil
        }
    }

    /// Whether a typed line names a section (a number, or words of a heading).
    private static func looksLikeSection(_ line: String, _ request: PauseRequest) -> Bool {
        if Int(line) != nil { return true }
        let words = line.lowercased().split(separator: " ")
        return request.sections.contains { title in words.allSatisfy { title.lowercased().contains($0) } }
    }

    private static func dim(_ text: String, _ colour: Bool) -> String {
        colour ? "\u{1B}[90m\(text)\u{1B}[0m" : text
    }

    private enum Input {
        case byte(UInt8)
        case end
    }

    /// A byte of stdin within `timeout` milliseconds, `.end` at the end of input, nil if none came.
    private static func readByte(timeout: Int32) -> Input? {
        var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, timeout)
        if ready <= 0 { return nil }
        var byte: UInt8 = 0
        let n = read(STDIN_FILENO, &byte, 1)
        if n < 0, errno == EINTR || errno == EAGAIN { return nil }
        return n == 1 ? .byte(byte) : .end
    }

    private static func put(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// The terminal in a mode that hands each key over at once, without echo
/// (Ctrl-C still raises SIGINT); `restore` puts the mode back.
final class RawInput {
    private var saved = termios()
    private var active = false

    init() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }

    func restore() {
        guard active else { return }
        active = false
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
