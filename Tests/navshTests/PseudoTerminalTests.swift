// End-to-end tests: drive the built navsh binary in a pseudo-terminal, the way
// a user at a terminal would. The binary is $NAVSH_BIN, else
// <package root>/.build/debug/navsh.
//
// Every read from the terminal has a deadline, so a hang fails the test
// instead of blocking the run.

import Foundation
import Glibc
import XCTest

// MARK: - Harness

struct PTYError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A child process whose stdin, stdout and stderr are the slave side of a
/// fresh pseudo-terminal, which is also its controlling terminal (so Ctrl-C
/// written to the master raises SIGINT in it).
final class PTYSession {
    let pid: pid_t
    private let master: Int32
    /// Everything read from the terminal so far.
    private(set) var output: [UInt8] = []
    /// `expect` searches from here on.
    private var mark = 0
    private var exitStatus: Int32?
    private var atEnd = false

    // Linux values (the generic ioctl encoding, same on x86_64 and arm64) of
    // constants Swift's Glibc module does not import.
    static let TIOCSPTLCK: UInt = 0x4004_5431  // _IOW('T', 0x31, int)
    static let TIOCGPTN: UInt = 0x8004_5430    // _IOR('T', 0x30, unsigned int)
    static let POSIX_SPAWN_SETSID: Int32 = 0x80

    init(executable: String, arguments: [String] = [], environment: [String: String],
         columns: UInt16 = 80, rows: UInt16 = 24) throws {
        // posix_openpt/grantpt/unlockpt/ptsname are not visible through Swift's
        // Glibc module, so do what glibc does: open /dev/ptmx, unlock, ask the number.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PTYError("open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, PTYSession.TIOCSPTLCK, &unlock) == 0,
              ioctl(master, PTYSession.TIOCGPTN, &number) == 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw PTYError("cannot set up the pseudo-terminal: \(reason)")
        }
        let slaveName = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (POSIX_SPAWN_SETSID), so it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signo in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGHUP] {
            sigaddset(&defaults, signo)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes,
                                 Int16(PTYSession.POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            close(master)
            throw PTYError("posix_spawn \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Text typed at the keyboard. Use "\r" for Enter, "\t" for Tab,
    /// "\u{03}" for Ctrl-C, "\u{04}" for Ctrl-D.
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    /// Reads whatever arrives within `milliseconds`. Returns the number of
    /// bytes read (0 on timeout), or -1 once the terminal is closed.
    @discardableResult
    private func pump(milliseconds: Int32) -> Int {
        guard !atEnd else { return -1 }
        var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fds, 1, milliseconds)
        if ready <= 0 { return 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
        if n > 0 {
            output.append(contentsOf: buffer[0..<n])
            return n
        }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return 0 }
        // EIO: every slave descriptor is closed (the child exited).
        atEnd = true
        return -1
    }

    /// Everything after the mark so far, as text.
    var pendingText: String { String(decoding: output[mark...], as: UTF8.self) }
    var transcript: String { String(decoding: output, as: UTF8.self) }

    /// Waits until `needle` appears after the mark; returns the text from the
    /// mark through the match and moves the mark past it.
    @discardableResult
    func expect(_ needle: String, timeout: TimeInterval = 5) throws -> String {
        let needleBytes = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needleBytes, from: mark) {
                let text = String(decoding: output[mark..<range.upperBound], as: UTF8.self)
                mark = range.upperBound
                return text
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw PTYError("timed out after \(timeout)s waiting for \(needle.debugDescription); "
                    + "terminal output since last match: \(pendingText.debugDescription)")
            }
            if pump(milliseconds: Int32(min(remaining, 0.1) * 1000) + 1) < 0 {
                if find(needleBytes, from: mark) == nil {
                    throw PTYError("terminal closed while waiting for \(needle.debugDescription); "
                        + "output since last match: \(pendingText.debugDescription)")
                }
            }
        }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, output.count - start >= needle.count else { return nil }
        var i = start
        while i + needle.count <= output.count {
            if output[i] == needle[0] && Array(output[i..<(i + needle.count)]) == needle {
                return i..<(i + needle.count)
            }
            i += 1
        }
        return nil
    }

    /// Waits for the child to exit (reading its output meanwhile); returns the
    /// exit status, or 128 + signal number if a signal ended it.
    func waitForExit(timeout: TimeInterval = 5) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let signal = status & 0x7f
                let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
                exitStatus = code
                while pump(milliseconds: 20) > 0 {}  // collect the last output
                return code
            }
            if Date() >= deadline {
                throw PTYError("process did not exit within \(timeout)s; "
                    + "output since last match: \(pendingText.debugDescription)")
            }
            if pump(milliseconds: 20) < 0 { usleep(10_000) }
        }
    }
}

// MARK: - Tests

final class PseudoTerminalTests: XCTestCase {
    static let prompt = "navsh> "

    private var temporaryDirectory: URL!

    override func setUpWithError() throws {
        temporaryDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("navsh-pty-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let temporaryDirectory {
            try? FileManager.default.removeItem(at: temporaryDirectory)
        }
    }

    /// $NAVSH_BIN, else <package root>/.build/debug/navsh.
    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["NAVSH_BIN"], !path.isEmpty {
            return path
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // navshTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        return packageRoot.appendingPathComponent(".build/debug/navsh").path
    }

    private var historyPath: String {
        temporaryDirectory.appendingPathComponent("state/navsh/history").path
    }

    private func environment(history: String) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var env: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": temporaryDirectory.path,
            "TERM": "dumb",
            "INPUTRC": "/dev/null",
            "NAVSH_HISTORY": history,
            "NO_COLOR": "1",
            "XDG_CONFIG_HOME": temporaryDirectory.appendingPathComponent("config").path,
            "XDG_STATE_HOME": temporaryDirectory.appendingPathComponent("state").path,
        ]
        if let lang = inherited["LANG"] { env["LANG"] = lang }
        return env
    }

    private func startSession() throws -> PTYSession {
        let binary = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw PTYError("navsh binary not found at \(binary); build it first or set NAVSH_BIN")
        }
        return try PTYSession(executable: binary, environment: environment(history: historyPath))
    }

    /// Runs `body`; on failure, attaches the whole terminal transcript.
    private func withSession(_ body: (PTYSession) throws -> Void) throws {
        let session = try startSession()
        do {
            try body(session)
        } catch {
            XCTFail("\(error)\n--- terminal transcript ---\n\(session.transcript)")
        }
    }

    // (a) The prompt appears; `push Home` then `stack` prints a line containing Home.
    func testPromptPushAndStack() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("push Home\r")
            try s.expect(Self.prompt)
            s.send("stack\r")
            try s.expect("stack")           // the echo of what was typed
            let reply = try s.expect(Self.prompt)
            XCTAssertTrue(reply.contains("Home"), "stack output lacks Home: \(reply.debugDescription)")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // (b) Tab completion: `pu` Tab ` Home` Enter runs `push Home`.
    func testTabCompletesCommandWord() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("pu\t")
            try s.expect("sh")              // readline completed pu -> push
            s.send(" Home\r")
            try s.expect(Self.prompt)
            s.send("stack\r")
            try s.expect("stack")
            let reply = try s.expect(Self.prompt)
            XCTAssertTrue(reply.contains("Home"), "push Home did not run: \(reply.debugDescription)")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // (c) The history file exists after `quit`, mode 0600, with the typed lines.
    func testHistoryFileWrittenWithMode0600() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("push Home\r")
            try s.expect(Self.prompt)
            s.send("stack\r")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
        var info = stat()
        XCTAssertEqual(stat(historyPath, &info), 0, "no history file at \(historyPath)")
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "history file mode is \(String(info.st_mode & 0o777, radix: 8))")
        let content = (try? String(contentsOfFile: historyPath, encoding: .utf8)) ?? ""
        let lines = content.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("push Home"), "history: \(content.debugDescription)")
        XCTAssertTrue(lines.contains("stack"), "history: \(content.debugDescription)")
    }

    // (c) Piped input never writes the history file.
    func testPipedInputDoesNotWriteHistory() throws {
        let binary = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw PTYError("navsh binary not found at \(binary); build it first or set NAVSH_BIN")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.environment = environment(history: historyPath)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("push A\n".utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("navsh with piped input did not exit within 5 s")
            return
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: historyPath),
                       "piped input wrote the history file")
    }

    // (d) Ctrl-D on an empty line exits with status 0.
    func testControlDOnEmptyLineExits() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("\u{04}")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // (e) Ctrl-C at the prompt discards the typed line; the session continues.
    func testControlCDiscardsLine() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("push Nope")
            try s.expect("Nope")
            s.send("\u{03}")
            try s.expect(Self.prompt)
            s.send("stack\r")
            try s.expect("stack")
            let afterInterrupt = try s.expect(Self.prompt)
            XCTAssertFalse(afterInterrupt.contains("Nope"), "the interrupted line ran: \(afterInterrupt.debugDescription)")
            s.send("push Home\r")
            try s.expect(Self.prompt)
            s.send("stack\r")
            try s.expect("stack")
            let reply = try s.expect(Self.prompt)
            XCTAssertTrue(reply.contains("Home"), "session did not continue: \(reply.debugDescription)")
            XCTAssertFalse(reply.contains("Nope"))
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }
}
