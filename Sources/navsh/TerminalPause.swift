import CReadline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pause ["TEXT"]` at a terminal: prints TEXT and waits for Enter (issue 15).
enum TerminalPause {
    /// The hook for `Session.pauseHook` when stdin is a terminal; nil otherwise.
    static func hook(writer: OutputWriter) -> ((String?) -> Void)? {
        guard isatty(0) == 1 else { return nil }
        return { text in
            writer.flush()
            wait(text)
        }
    }

    /// Prints the text and reads stdin up to a newline (the terminal is in its
    /// normal mode between prompts). Ctrl-C also goes on; end of input too.
    static func wait(_ text: String?) {
        let shown = (text.map { $0.isEmpty ? "" : $0 + " " } ?? "") + "[Enter]"
        var bytes = Array(shown.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
        var byte: UInt8 = 0
        while true {
            if LineEditor.takeInterrupt() { break }
            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            let n = read(STDIN_FILENO, &byte, 1)
            if n < 0, errno == EINTR { continue }
            if n <= 0 || byte == 10 || byte == 13 { break }
        }
        // Ctrl-C or end of input leave the cursor after the text.
        if byte != 10, byte != 13 { _ = write(1, "\n", 1) }
    }
}
