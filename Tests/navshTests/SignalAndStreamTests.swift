// Signals and streams: SIGTERM at the prompt saves the history; a history
// file that cannot be written is a warning, never a failure; EOF in the
// middle of a line (piped, from a file, and Ctrl-D at the prompt); Ctrl-C
// while a long script runs from a pipe.
//
// Already covered elsewhere: Ctrl-C at the prompt
// (PseudoTerminalTests.testControlCDiscardsLine), Ctrl-C during a real-time
// wait (ClassroomTerminalTests.testControlCStopsRealTimeWait), SIGPIPE when
// stdout closes (EndToEndTests.brokenPipeExitsQuietly).
//
// The binary is $NAVSH_BIN, else <package root>/.build/debug/navsh. Every
// read and every wait has a deadline, so a hang fails the test fast.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class SignalAndStreamTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-signals" }

    // MARK: Helpers

    private func binary() throws -> String { try NavshBinary.require() }

    /// Starts navsh in a pseudo-terminal and runs `body`; on failure, attaches
    /// the raw transcript and the rendered screen.
    private func withSession(history: String? = nil, _ body: (PTYSession) throws -> Void) throws {
        let session = try PTYSession(
            executable: try binary(),
            environment: environment(history: history ?? historyPath))
        do {
            try body(session)
        } catch {
            XCTFail(
                "\(error)\n--- terminal transcript ---\n\(session.transcript.debugDescription)"
                    + "\n--- screen ---\n\(session.screen())")
        }
    }

    /// Types `command` + Enter once the prompt is up; returns the output up to the next prompt.
    @discardableResult
    private func run(_ s: PTYSession, _ command: String, timeout: TimeInterval = 5) throws -> String {
        s.send(command + "\r")
        try s.expect(command + "\r\n") // the echo of the line
        return try s.expect(Self.prompt, timeout: timeout)
    }

    private func historyLines(_ path: String) -> [String] {
        let content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return content.split(separator: "\n").map(String.init)
    }

    private func assertMode0600(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, "no history file at \(path)", file: file, line: line)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "history is not a regular file", file: file, line: line)
        XCTAssertEqual(
            info.st_mode & 0o777, 0o600,
            "history file mode is \(String(info.st_mode & 0o777, radix: 8))", file: file, line: line)
    }

    /// A path whose parent cannot be created: it runs through a regular file
    /// (chmod-based denial does not stop root, this does).
    private func historyUnderARegularFile() throws -> String {
        let blocker = temporaryDirectory.appendingPathComponent("blocker")
        try Data("not a directory\n".utf8).write(to: blocker)
        return blocker.appendingPathComponent("sub/history").path
    }

    /// Checks that `run` ended by itself, neither timed out nor killed by a
    /// signal, with `status`.
    private func expectExit(_ run: E2ERun, status: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(run.timedOut, run.description, file: file, line: line)
        XCTAssertTrue(run.exited, "navsh died of a signal: \(run)", file: file, line: line)
        XCTAssertEqual(run.status, status, run.description, file: file, line: line)
    }

    /// The lines written to the terminal that contain `needle` (taken from the
    /// transcript, not the screen, so a long line is not split by wrapping).
    private func terminalLines(_ s: PTYSession, containing needle: String) -> [String] {
        s.transcript.components(separatedBy: "\n")
            .map { $0.replacingOccurrences(of: "\r", with: "") }
            .filter { $0.contains(needle) }
    }

    /// Checks that exactly one `warning:` line was written and that it is
    /// about the history; returns the warning lines.
    @discardableResult
    private func oneHistoryWarning(_ s: PTYSession, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let warnings = terminalLines(s, containing: "warning:")
        XCTAssertEqual(warnings.count, 1, "transcript: \(s.transcript.debugDescription)", file: file, line: line)
        XCTAssertTrue(warnings.first?.contains("history") ?? false, warnings.description, file: file, line: line)
        return warnings
    }

    // MARK: 1. SIGTERM at the prompt saves the history

    // A few commands, then SIGTERM while the prompt waits: navsh saves the
    // history (mode 0600, the typed lines) and exits with status 143.
    func testSigtermAtPromptSavesHistoryAndExits143() throws {
        let history = historyPath
        XCTAssertFalse(FileManager.default.fileExists(atPath: history))
        try withSession { s in
            try s.expect(Self.prompt)
            let home = try run(s, "push Home")
            XCTAssertTrue(home.contains("stack: Home"), home.debugDescription)
            try run(s, "push Detail")
            try run(s, "stack")
            s.drain(for: 0.2)
            XCTAssertEqual(kill(s.pid, SIGTERM), 0, "kill: \(String(cString: strerror(errno)))")
            let status = try s.waitForExit(timeout: 3)
            XCTAssertEqual(status, 143, "SIGTERM at the prompt: exit status \(status)")
            XCTAssertFalse(s.transcript.contains("warning"), s.transcript.debugDescription)
        }
        assertMode0600(history)
        XCTAssertEqual(historyLines(history), ["push Home", "push Detail", "stack"])
    }

    // SIGTERM while a line is half typed: the history is saved without the
    // unfinished line (it was never entered), and the status is still 143.
    func testSigtermWithPartlyTypedLineSavesOnlyEnteredLines() throws {
        let history = historyPath
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "push Home")
            s.send("push Unfinished")
            try s.expect("Unfinished")
            s.drain(for: 0.1)
            XCTAssertEqual(kill(s.pid, SIGTERM), 0)
            XCTAssertEqual(try s.waitForExit(timeout: 3), 143)
        }
        assertMode0600(history)
        XCTAssertEqual(historyLines(history), ["push Home"])
    }

    // SIGTERM appends to what an earlier session saved, and a history file
    // created with a looser mode is tightened to 0600.
    func testSigtermKeepsEarlierHistoryAndTightensMode() throws {
        let history = historyPath
        try FileManager.default.createDirectory(
            atPath: (history as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data("push Earlier\n".utf8).write(to: URL(fileURLWithPath: history))
        XCTAssertEqual(chmod(history, 0o644), 0)
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "push Later")
            XCTAssertEqual(kill(s.pid, SIGTERM), 0)
            XCTAssertEqual(try s.waitForExit(timeout: 3), 143)
        }
        assertMode0600(history)
        XCTAssertEqual(historyLines(history), ["push Earlier", "push Later"])
    }

    // MARK: 2. A history file that cannot be written is a warning

    // The history path runs through a regular file: the session works, `quit`
    // exits 0, and one `warning:` line names the history file.
    func testUnwritableHistoryWarnsOnQuitAndExitsZero() throws {
        let history = try historyUnderARegularFile()
        try withSession(history: history) { s in
            try s.expect(Self.prompt)
            let home = try run(s, "push Home")
            XCTAssertTrue(home.contains("stack: Home"), home.debugDescription)
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("Home\r\n"), stack.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
            let warnings = oneHistoryWarning(s)
            XCTAssertTrue(warnings.first?.contains(history) ?? false, warnings.description)
            XCTAssertFalse(s.transcript.contains("error"), s.transcript.debugDescription)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: history))
    }

    // The same with Ctrl-D on an empty line.
    func testUnwritableHistoryWarnsOnControlDAndExitsZero() throws {
        let history = try historyUnderARegularFile()
        try withSession(history: history) { s in
            try s.expect(Self.prompt)
            try run(s, "push Home")
            s.send("\u{04}")
            XCTAssertEqual(try s.waitForExit(), 0)
            oneHistoryWarning(s)
        }
    }

    // The history path is a directory: opening it for writing fails; still a
    // warning and status 0 (and loading it at start-up is no failure either).
    func testHistoryPathIsADirectoryWarnsAndExitsZero() throws {
        let history = temporaryDirectory.appendingPathComponent("history-dir").path
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        try withSession(history: history) { s in
            try s.expect(Self.prompt)
            let home = try run(s, "push Home")
            XCTAssertTrue(home.contains("stack: Home"), home.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
            oneHistoryWarning(s)
        }
    }

    // SIGTERM with an unwritable history: the warning, then the usual 143.
    func testUnwritableHistoryOnSigtermWarnsAndExits143() throws {
        let history = try historyUnderARegularFile()
        try withSession(history: history) { s in
            try s.expect(Self.prompt)
            try run(s, "push Home")
            XCTAssertEqual(kill(s.pid, SIGTERM), 0)
            XCTAssertEqual(try s.waitForExit(timeout: 3), 143)
            oneHistoryWarning(s)
        }
    }

    // MARK: 3. EOF in the middle of a line (pipes and files)

    private let pushA = "[    0ms] nav.pushViewController(A, animated: true)\n"
    private let pushB = "[    0ms] nav.pushViewController(B, animated: true)\n"

    /// `printf 'push A\npush B' | navsh`: the last line, with no newline, runs.
    func testPipedLastLineWithoutNewlineRuns() throws {
        let run = try E2E.run([], stdin: "push A\npush B")
        expectExit(run, status: 0)
        XCTAssertEqual(run.stdout, pushA + pushB)
        XCTAssertEqual(run.stderr, "")
    }

    /// A command that prints, as the unterminated last line: its output is complete.
    func testPipedLastLineWithoutNewlinePrintsCompleteOutput() throws {
        let run = try E2E.run([], stdin: "push A\npush B\nstack")
        expectExit(run, status: 0)
        XCTAssertEqual(run.stdout, pushA + pushB + "A B\n")
        XCTAssertEqual(run.stderr, "")
    }

    /// `printf 'push A\npush \\' | navsh`: the continuation at EOF leaves
    /// `push` with no screen, a located error on line 2; status 1, no crash.
    func testPipedContinuationAtEOFIsALocatedError() throws {
        let run = try E2E.run([], stdin: "push A\npush \\")
        expectExit(run, status: 1)
        XCTAssertEqual(run.stdout, pushA)
        let lines = E2E.lines(run.stderr)
        XCTAssertEqual(lines.count, 1, run.stderr.debugDescription)
        XCTAssertNotNil(
            lines.first?.range(of: #"^<stdin>:2:[0-9]+: error: "#, options: .regularExpression),
            run.stderr.debugDescription)
        XCTAssertTrue(run.stderr.contains("push"), run.stderr.debugDescription)
    }

    /// `printf 'push A\npush B \\' | navsh`: a continuation at EOF after a
    /// complete command runs it (no error, status 0).
    func testPipedContinuationAfterCompleteCommandAtEOFRuns() throws {
        let run = try E2E.run([], stdin: "push A\npush B \\")
        expectExit(run, status: 0)
        XCTAssertEqual(run.stdout, pushA + pushB)
        XCTAssertEqual(run.stderr, "")
    }

    /// A script file ending without a newline behaves like the pipe.
    func testFileLastLineWithoutNewlineRuns() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B\nstack", to: "nonl.nav", in: dir)
        let run = try E2E.run(["nonl.nav"], in: dir)
        expectExit(run, status: 0)
        XCTAssertEqual(run.stdout, pushA + pushB + "A B\n")
        XCTAssertEqual(run.stderr, "")
    }

    /// A script file ending in a continuation: a located error naming the file.
    func testFileContinuationAtEOFIsALocatedError() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush \\", to: "cont.nav", in: dir)
        let run = try E2E.run(["cont.nav"], in: dir)
        expectExit(run, status: 1)
        XCTAssertEqual(run.stdout, pushA)
        let lines = E2E.lines(run.stderr)
        XCTAssertEqual(lines.count, 1, run.stderr.debugDescription)
        XCTAssertNotNil(
            lines.first?.range(of: #"^cont\.nav:2:[0-9]+: error: "#, options: .regularExpression),
            run.stderr.debugDescription)
    }

    // MARK: 4. Ctrl-D in the middle of a line at the prompt

    // `push A`, Ctrl-D without Enter: readline's delete-char at the end of a
    // non-empty line does nothing (no exit, nothing runs); Enter then runs
    // the line; Ctrl-D on the empty line exits 0.
    func testControlDOnNonEmptyLineDoesNotExit() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("push A")
            try s.expect("push A")
            s.send("\u{04}")
            s.drain(for: 0.4)
            XCTAssertFalse(
                s.pendingText.contains("pushViewController"),
                "Ctrl-D ran the line: \(s.pendingText.debugDescription)")
            XCTAssertEqual(s.screen().lastNonEmptyLine, "navsh> push A", "screen:\n\(s.screen())")
            s.send("\r")
            try s.expect("nav.pushViewController(A, animated: true)")
            let reply = try s.expect(Self.prompt)
            XCTAssertTrue(reply.contains("stack: A"), reply.debugDescription)
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("A\r\n"), stack.debugDescription)
            s.send("\u{04}")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
        XCTAssertEqual(historyLines(historyPath), ["push A", "stack"])
    }

    // Ctrl-D with the cursor inside the line deletes the character under it
    // (readline's delete-char): `push AB`, Ctrl-B, Ctrl-D, Enter pushes A.
    func testControlDInsideLineDeletesCharacter() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("push AB")
            try s.expect("push AB")
            s.send("\u{02}") // Ctrl-B: back one character, onto B
            s.send("\u{04}") // Ctrl-D: delete it
            s.drain(for: 0.3)
            XCTAssertEqual(s.screen().lastNonEmptyLine, "navsh> push A", "screen:\n\(s.screen())")
            s.send("\r")
            let reply = try s.expect(Self.prompt)
            XCTAssertTrue(reply.contains("nav.pushViewController(A, animated: true)"), reply.debugDescription)
            XCTAssertFalse(reply.contains("AB"), reply.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 5. Ctrl-C while a long script runs from a pipe

    // `yes 'push A; pop' | navsh`, then SIGINT: navsh stops within a second,
    // with status 130 or killed by SIGINT.
    func testSigintStopsEndlessPipedScript() throws {
        let navsh = try binary()
        let yes = ["/usr/bin/yes", "/bin/yes"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let yes else { throw XCTSkip("no yes(1) on this system") }

        var script: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&script) == 0, pipe(&output) == 0 else {
            throw PTYError("pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so neither child holds the other's pipe ends open.
        for fd in script + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { [script[0], script[1], output[0], output[1]].forEach { if $0 >= 0 { close($0) } } }

        let producer = try spawnWithDefaultSignals(
            yes, arguments: ["push A; pop"],
            environment: environment(history: historyPath),
            stdin: -1, stdout: script[1], stderr: -1)
        defer { reap(producer, timeout: 2, force: true) }
        let shell = try spawnWithDefaultSignals(
            navsh, arguments: [],
            environment: environment(history: historyPath),
            stdin: script[0], stdout: output[1], stderr: output[1])
        var reaped = false
        defer { if !reaped { reap(shell, timeout: 2, force: true) } }
        close(script[0])
        script[0] = -1
        close(script[1])
        script[1] = -1
        close(output[1])
        output[1] = -1

        // Wait until navsh is visibly running the script.
        var collected: [UInt8] = []
        let started = Date().addingTimeInterval(5)
        let marker = Array("nav.popViewController".utf8)
        func read(for milliseconds: Int32) -> Bool {
            var fds = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, milliseconds) > 0 else { return true }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(output[0], $0.baseAddress!, $0.count) }
            if n > 0 {
                if collected.count < 1 << 20 { collected.append(contentsOf: buffer[0..<n]) }
                return true
            }
            return n < 0 && (errno == EINTR || errno == EAGAIN)
        }
        while !contains(collected, marker) {
            XCTAssertTrue(
                Date() < started,
                "navsh showed no output within 5 s: "
                    + String(decoding: collected.prefix(500), as: UTF8.self).debugDescription)
            if Date() >= started { return }
            _ = read(for: 100)
        }
        var status: Int32 = 0
        XCTAssertEqual(waitpid(shell, &status, WNOHANG), 0, "navsh stopped before SIGINT")

        let interrupted = Date()
        XCTAssertEqual(kill(shell, SIGINT), 0)
        var exited = false
        while Date().timeIntervalSince(interrupted) < 5 {
            let r = waitpid(shell, &status, WNOHANG)
            if r == shell {
                exited = true
                break
            }
            _ = read(for: 10) // keep the output pipe drained so navsh never blocks writing
        }
        reaped = exited
        let elapsed = Date().timeIntervalSince(interrupted)
        XCTAssertTrue(exited, "navsh still running 5 s after SIGINT")
        guard exited else { return }
        XCTAssertLessThan(elapsed, 1.0, "navsh took \(elapsed)s to stop after SIGINT")
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        XCTAssertEqual(code, 130, "status after SIGINT: \(signal == 0 ? "exit \(code)" : "signal \(signal)")")
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle { return true }
            i += 1
        }
        return false
    }
}

// MARK: - Spawning with known signal dispositions

/// Starts `executable` with SIGINT, SIGTERM, SIGQUIT, SIGPIPE and SIGHUP at
/// their defaults. A descriptor of -1 means /dev/null.
private func spawnWithDefaultSignals(
    _ executable: String, arguments: [String], environment: [String: String],
    stdin: Int32, stdout: Int32, stderr: Int32
) throws -> pid_t {
    let descriptors = [(stdin, Int32(0)), (stdout, Int32(1)), (stderr, Int32(2))].map { source, target in
        source >= 0
            ? ChildDescriptor.copy(source, to: target)
            : .open(target, path: "/dev/null", flags: target == 0 ? O_RDONLY : O_WRONLY)
    }
    return try spawnChild(
        executable, arguments: arguments, environment: environment,
        defaultSignals: [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGHUP], descriptors: descriptors)
}

/// Waits up to `timeout` for `pid`; with `force`, kills it first.
private func reap(_ pid: pid_t, timeout: TimeInterval, force: Bool) {
    if force { kill(pid, SIGKILL) }
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid || (r < 0 && errno == ECHILD) { return }
        usleep(5_000)
    }
}
