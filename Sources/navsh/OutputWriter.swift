import Glibc
import NavigationEngine
import NavScript

/// The one buffered writer all output leaves through. Stdout is buffered
/// (flushed when full, before stderr writes, and at the end of each prompt
/// command); stderr goes out at once so the two stay in order on a terminal.
final class OutputWriter: OutputSink {
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    /// Flush after every line (a person is watching).
    var lineBuffered = false
    /// Called for every line before it is written (the REPL prints above the prompt).
    var stdoutFD: Int32 = 1

    init() {
        buffer.reserveCapacity(capacity)
    }

    /// While set, lines go there at once (readline prints them above the prompt).
    var redirect: ((String) -> Void)?

    func line(_ text: String) {
        if let redirect {
            flush()
            redirect(text + "\n")
            return
        }
        buffer.append(contentsOf: text.utf8)
        buffer.append(10)
        if lineBuffered || buffer.count >= capacity { flush() }
    }

    func event(_ event: Event, seq: Int, json: Bool, colour: Bool) {
        guard !colour, redirect == nil else {
            line(json ? EventRenderer.json(event, seq: seq) : EventRenderer.text(event, colour: colour))
            return
        }
        if json {
            EventRenderer.appendJSON(event, seq: seq, to: &buffer)
            buffer.append(10)
        } else {
            EventRenderer.appendLine(event, to: &buffer)
        }
        if lineBuffered || buffer.count >= capacity { flush() }
    }

    func diagnostic(_ text: String) {
        if let redirect {
            flush()
            redirect(text + "\n")
            return
        }
        flush()
        var bytes = Array(text.utf8)
        bytes.append(10)
        writeAll(2, bytes)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        writeAll(stdoutFD, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { _exit(0) } // the reader went away: stop quietly
                    return
                }
                offset += n
            }
        }
    }
}

/// Collects diagnostics and drops events, for `navsh test`.
final class CapturingSink: OutputSink {
    var diagnostics: [String] = []
    func line(_ text: String) {}
    func diagnostic(_ text: String) { diagnostics.append(text) }
}
