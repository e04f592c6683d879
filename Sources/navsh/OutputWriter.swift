import Glibc
import NavigationEngine
import NavScript

/// The one buffered writer all output leaves through. Stdout is buffered
/// (flushed when full, before stderr writes, and at the end of each prompt
/// command); stderr goes out at once so the two stay in order on a terminal.
final class OutputWriter: OutputSink {
    @exclusivity(unchecked) private var buffer = OutputBuffer(capacity: 1 << 16)
    /// Flush after every line (a person is watching).
    @exclusivity(unchecked) var lineBuffered = false
    /// Called for every line before it is written (the REPL prints above the prompt).
    @exclusivity(unchecked) var stdoutFD: Int32 = 1

    init() {}

    /// While set, lines go there at once (readline prints them above the prompt).
    @exclusivity(unchecked) var redirect: ((String) -> Void)?

    func line(_ text: String) {
        if let redirect {
            flush()
            redirect(text + "\n")
            return
        }
        buffer.appendLine(text)
        if lineBuffered || buffer.count >= buffer.capacity { flush() }
    }

    func event(_ event: Event, seq: Int, json: Bool, colour: Bool) {
        guard !colour, redirect == nil else {
            line(json ? EventRenderer.json(event, seq: seq) : EventRenderer.text(event, colour: colour))
            return
        }
        if json {
            buffer.appendJSONLine(event, seq: seq)
        } else {
            buffer.appendLine(event)
        }
        if lineBuffered || buffer.count >= buffer.capacity { flush() }
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
        bytes.withUnsafeBytes { writeAll(2, $0) }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withBytes { writeAll(stdoutFD, $0) }
        buffer.removeAll()
    }

    private func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) {
        do {
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
