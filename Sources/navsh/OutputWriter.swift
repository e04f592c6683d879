import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one writer all of navsh's own output leaves through: every byte for
/// stdout (events, command output, `--help`, `navsh test`'s report, the
/// real-time progress line, lines printed above the prompt) and every line for
/// stderr. Stdout is buffered (flushed when full, before anything goes to
/// stderr, and at the end of each prompt command) so the two stay in order on
/// a terminal.
///
/// A failed write is not ignored. The first error on stdout is kept: output
/// after it is dropped, and unless the reader simply went away (EPIPE, as in
/// `navsh ... | head -1`) it is reported once on stderr as coreutils does
/// (`navsh: write error: No space left on device`), and `finish` turns the
/// exit status into 3. EPIPE keeps the status navsh would have had.
final class OutputWriter: OutputSink {
    private var buffer = OutputBuffer(capacity: 1 << 16)
    /// Flush after every line (a person is watching).
    var lineBuffered = false
    var stdoutFD: Int32 = 1
    var stderrFD: Int32 = 2
    /// errno of the first failed write to stdout (0: none).
    private(set) var stdoutError: Int32 = 0

    init() {}

    /// Whether stdout can no longer be written (its reader left, the disk is full, it was closed).
    var stdoutFailed: Bool { stdoutError != 0 }

    /// Wrap notes and warnings at this many columns (0: never; the prompt at a terminal sets it).
    var wrapWidth = 0

    /// While set, lines go there at once (the prompt prints them above the line being typed).
    var redirect: ((String) -> Void)?

    func line(_ text: String) {
        if let redirect {
            flush()
            redirect(text + "\n")
            return
        }
        buffer.appendLine(text)
        if lineBuffered || buffer.count >= buffer.capacity { flush() }
    }

    func event(_ event: Event, seq: Int, json: Bool, colour: Bool, names: ClassNames) {
        if wrapWidth > 0, !json, TerminalWrap.wraps(event) {
            for text in TerminalWrap.render(event, width: wrapWidth, colour: colour, names: names) { line(text) }
            return
        }
        guard !colour, redirect == nil else {
            line(
                json
                    ? EventRenderer.json(event, seq: seq, names: names)
                    : EventRenderer.text(event, colour: colour, names: names))
            return
        }
        if json {
            buffer.appendJSONLine(event, seq: seq, names: names)
        } else {
            buffer.appendLine(event, names: names)
        }
        if lineBuffered || buffer.count >= buffer.capacity { flush() }
    }

    func events(
        _ log: [Event], _ range: Range<Int>, firstSeq: Int, filter: EventFilter, json: Bool, colour: Bool,
        names: ClassNames
    ) {
        // Wrapped, coloured, redirected or flushed line by line: one event at a time.
        guard !colour, redirect == nil, !lineBuffered, json || wrapWidth == 0 else {
            for index in range where filter.passes(log[index].category) {
                event(
                    log[index], seq: firstSeq &+ (index &- range.lowerBound), json: json, colour: colour, names: names)
            }
            return
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let next = buffer.appendEvents(
                log, index..<range.upperBound, firstSeq: firstSeq &+ (index &- range.lowerBound), filter: filter,
                json: json, names: names)
            index = next
            if buffer.count >= buffer.capacity { flush() }
        }
    }

    func diagnostic(_ text: String) {
        if let redirect {
            flush()
            redirect(text + "\n")
            return
        }
        error(text)
    }

    /// One line (or several, each ending in a newline) for stderr, after what stdout holds.
    func error(_ text: String) {
        flush()
        var bytes = Array(text.utf8)
        if bytes.last != 10 { bytes.append(10) }
        bytes.withUnsafeBytes { _ = writeAll(stderrFD, $0) }
    }

    /// Bytes for stderr as they are (a progress line), after what stdout holds.
    func errorRaw(_ text: String) {
        flush()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = writeAll(stderrFD, $0) }
    }

    /// Bytes for stdout as they are, at once (terminal control: the progress
    /// line, readline's redraws around a line printed above the prompt).
    func raw(_ text: String) {
        flush()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { put($0) }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withBytes { put($0) }
        buffer.removeAll()
    }

    /// Flushes, and gives the exit status to use: `status`, or 3 (output
    /// could not be written) if stdout failed for another reason than its
    /// reader leaving.
    func finish(status: Int32) -> Int32 {
        flush()
        guard stdoutError != 0, stdoutError != EPIPE else { return status }
        return Self.writeFailed
    }

    /// The exit status of a write that failed (stdout, `explore --out`).
    static let writeFailed: Int32 = 3

    private func put(_ raw: UnsafeRawBufferPointer) {
        guard stdoutError == 0 else { return } // dropped: the first error was reported
        let failure = writeAll(stdoutFD, raw)
        guard failure != 0 else { return }
        stdoutError = failure
        if failure != EPIPE {
            error("navsh: write error: \(String(cString: strerror(failure)))")
        }
    }

    /// Writes everything; returns errno of a failed write, or 0.
    private func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
        guard let base = raw.baseAddress else { return 0 }
        var offset = 0
        while offset < raw.count {
            let n = write(fd, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }
}

/// Collects diagnostics and drops events, for `navsh test`.
final class CapturingSink: OutputSink {
    var diagnostics: [String] = []
    func line(_ text: String) {}
    func diagnostic(_ text: String) { diagnostics.append(text) }
}
