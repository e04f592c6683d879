import Glibc
import NavScript

/// The standard descriptors. If navsh starts with 0, 1 or 2 closed, the next
/// file it opened (a recording, the history) would get that number, and its
/// own output or diagnostics would land inside it; so the first thing navsh
/// does is open /dev/null on any of them that is closed.
enum StandardStreams {
    static func ensureOpen() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
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
        case let .failure(reason):
            let hint = reason.message == "Is a directory" ? " (navsh test runs the scripts of a folder)" : ""
            writeError("navsh: cannot read '\(path)': \(reason.message)\(hint)")
            return false
        case let .success(fd):
            close(fd)
            return true
        }
    }

    static func runFile(_ path: String, session: Session) {
        switch ScriptFile.open(path) {
        case let .failure(reason):
            session.reportUnreadable(path, reason: reason.message)
        case let .success(fd):
            let identity = realPath(path)
            session.enterScript(identity)
            session.run(lines: LineSplitter(DescriptorSource(fd, owned: true)), file: path,
                        directory: parentDirectory(of: path))
            session.leaveScript(identity)
        }
    }

    /// Stdin, whatever it is (a pipe, a terminal, a file, /dev/zero): lines
    /// longer than 1 MiB and read errors (a directory) stop it with an error.
    static func runStdin(session: Session) {
        session.run(lines: LineSplitter(DescriptorSource(0, owned: false)), file: "<stdin>")
    }
}

/// Why `record` must not write to `path`: it is a script being read now (the
/// running file, one a `source` is reading, or stdin redirected from it), so
/// each line recorded would be read again and recorded again without end.
func recordingTargetIsBeingRead(_ path: String, session: Session) -> String? {
    var target = stat()
    guard stat(path, &target) == 0 else { return nil }
    func same(_ other: stat) -> Bool { other.st_dev == target.st_dev && other.st_ino == target.st_ino }
    var input = stat()
    if fstat(0, &input) == 0, (input.st_mode & S_IFMT) == S_IFREG, same(input) {
        return "cannot record to '\(path)': it is the script being read (stdin)"
    }
    for script in session.scriptsRunning {
        var st = stat()
        if stat(script, &st) == 0, same(st) {
            return "cannot record to '\(path)': it is a script being run"
        }
    }
    return nil
}
