import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard descriptors. If navsh starts with 0, 1 or 2 closed, the next
/// file it opened (a recording, the history) would get that number, and its
/// own output or diagnostics would land inside it; so the first thing navsh
/// does is open /dev/null on any of them that is closed.
enum StandardStreams {
    static func ensureOpen() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            // Read-only for all three: a closed stdin reads as empty, and writing to
            // a closed stdout or stderr fails (as with gnulib's stdopen), so a closed
            // stdout is reported (`write error: Bad file descriptor`) instead of
            // output vanishing into /dev/null.
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }
}

/// Running scripts from files and stdin, a line at a time.
extension Shell {
    /// Checks a script named on the command line before anything runs; false
    /// (with the message printed) if it cannot be run: a usage error.
    static func checkScriptArgument(_ path: String) -> Bool {
        switch ScriptFile.open(path) {
        case .failure(let reason):
            let hint = reason.message == "Is a directory" ? " (navsh test runs the scripts of a folder)" : ""
            writeError("navsh: cannot read '\(path)': \(reason.message)\(hint)")
            return false
        case .success(let fd):
            close(fd)
            return true
        }
    }

    /// Runs a script file; returns `.quit` or `.stopped` if it ended the session.
    @discardableResult
    static func runFile(_ path: String, session: Session, driver: RealTimeDriver? = nil) -> LineResult {
        switch ScriptFile.open(path) {
        case .failure(let reason):
            session.reportUnreadable(path, reason: reason.message)
            return session.stopped ? .stopped : .failed
        case .success(let fd):
            let identity = realPath(path)
            session.enterScript(identity)
            defer { session.leaveScript(identity) }
            return settle(
                session.start(
                    lines: LineSplitter(DescriptorSource(fd, owned: true)), file: path,
                    directory: parentDirectory(of: path)), session, driver)
        }
    }

    /// Stdin, whatever it is (a pipe, a terminal, a file, /dev/zero): lines
    /// longer than 1 MiB and read errors (a directory) stop it with an error.
    @discardableResult
    static func runStdin(session: Session, driver: RealTimeDriver? = nil) -> LineResult {
        settle(session.start(lines: LineSplitter(DescriptorSource(0, owned: false)), file: "<stdin>"), session, driver)
    }
}

/// Why `record` must not write to `path`: it is a script being read now (the
/// running file, one a `source` is reading, or stdin redirected from it), so
/// each line recorded would be read again and recorded again without end.
func recordingTargetIsBeingRead(_ path: String, session: Session) -> SessionError? {
    var target = stat()
    guard stat(path, &target) == 0 else { return nil }
    func same(_ other: stat) -> Bool { other.st_dev == target.st_dev && other.st_ino == target.st_ino }
    var input = stat()
    if fstat(0, &input) == 0, (input.st_mode & S_IFMT) == S_IFREG, same(input) {
        return .cannotRecord(path: path, reason: "it is the script being read (stdin)")
    }
    for script in session.scriptsRunning {
        var st = stat()
        if stat(script, &st) == 0, same(st) {
            return .cannotRecord(path: path, reason: "it is a script being run")
        }
    }
    return nil
}

extension ExpectedFailure {
    /// `lastLine(of:)` for a script file, read through the same line splitter
    /// as the run (so CRLF lines count alike), a line at a time: only the
    /// first line is read when it is not the pragma. Nil if the file cannot be read.
    static func lastLine(ofFile path: String) -> Int? {
        guard case .success(let fd) = ScriptFile.open(path) else { return nil }
        let reader = LineSplitter(DescriptorSource(fd, owned: true))
        guard case .line(let first) = reader.next(),
            first.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(pragma)
        else { return nil }
        var last = 0
        while true {
            switch reader.next() {
            case .line(let text):
                let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                if !trimmed.isEmpty, !trimmed.hasPrefix("#") { last = reader.lineNumber }
            case .end:
                return last == 0 ? nil : last
            case .failed:
                return nil
            }
        }
    }
}
