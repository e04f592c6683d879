// The pseudo-terminal harness shared by the terminal tests
// (PseudoTerminalTests, ClassroomTerminalTests): a child process on a fresh
// pseudo-terminal, reads with deadlines, and a small screen model that
// replays what was written to the terminal (carriage returns, erasures,
// readline's redraws) into the lines a person would see.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Spawning

/// What a spawned child's descriptor `fd` is: a file opened with `flags`
/// (and `mode`, when created), or a copy of a descriptor of this process.
enum ChildDescriptor {
    case open(_ fd: Int32, path: String, flags: Int32, mode: mode_t = 0)
    case copy(_ source: Int32, to: Int32)
}

/// Starts `executable` with `arguments` and `environment` by posix_spawn,
/// with no signal blocked and each of `defaultSignals` at its default action
/// (a signal the test runner ignores would otherwise be inherited), its
/// descriptors set up by `descriptors` in order, and, with `newSession`, in
/// a session of its own (setsid), so the first terminal it opens becomes its
/// controlling terminal.
func spawnChild(
    _ executable: String, arguments: [String], environment: [String: String], defaultSignals: [Int32],
    newSession: Bool = false, descriptors: [ChildDescriptor]
) throws -> pid_t {
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
    #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in descriptors {
        switch descriptor {
        case .open(let fd, let path, let flags, let mode):
            posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
        case .copy(let source, let target):
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
    }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signo in defaultSignals { sigaddset(&defaults, signo) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let session = newSession ? spawnNewSession : 0
    posix_spawnattr_setflags(&attributes, Int16(session | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard rc == 0 else { throw PTYError("posix_spawn \(executable): \(String(cString: strerror(rc)))") }
    return pid
}

/// posix_spawn's flag for a new session: glibc's value, which Swift's Glibc
/// module does not import; Darwin's header constant.
#if canImport(Darwin)
    private let spawnNewSession = Int32(POSIX_SPAWN_SETSID)
#else
    private let spawnNewSession: Int32 = 0x80
#endif

// MARK: - tmux

/// Runs the tmux client `tmuxPath` on the server socket `server` (no config
/// file) with `arguments`, its stdout in the file `out`, and returns what it
/// printed. posix_spawn and waitpid, not Process: the server the first
/// command starts outlives its client, and Process could wait on it forever.
/// The server and navsh under it start with no signal blocked or ignored.
func runTmuxClient(_ tmuxPath: String, server: String, _ arguments: [String], out: String) throws -> String {
    defer { unlink(out) }
    let pid = try spawnChild(
        tmuxPath, arguments: ["-L", server, "-f", "/dev/null"] + arguments,
        environment: ProcessInfo.processInfo.environment,
        defaultSignals: [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGHUP, SIGCHLD],
        descriptors: [
            .open(0, path: "/dev/null", flags: O_RDONLY),
            .open(1, path: out, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
            .open(2, path: "/dev/null", flags: O_WRONLY),
        ])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
}

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
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let TIOCSPTLCK: UInt = 0x4004_5431 // _IOW('T', 0x31, int)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let TIOCGPTN: UInt = 0x8004_5430 // _IOR('T', 0x30, unsigned int)
    /// Waits for output and exits are guards against hangs, not measures of
    /// speed: each allows this many times its stated timeout, so a machine
    /// loaded by parallel tests and builds does not fail a correct run.
    /// (Tests that measure real time say so with their own assertions.)
    static let patience: TimeInterval = 4

    init(
        executable: String, arguments: [String] = [], environment: [String: String],
        columns: UInt16 = 80, rows: UInt16 = 24
    ) throws {
        // posix_openpt/grantpt/unlockpt/ptsname are not visible through Swift's
        // Glibc module, so do what glibc does: open /dev/ptmx, unlock, ask the number.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PTYError("open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, PTYSession.TIOCSPTLCK, &unlock) == 0,
            ioctl(master, PTYSession.TIOCGPTN, &number) == 0
        else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw PTYError("cannot set up the pseudo-terminal: \(reason)")
        }
        let slaveName = "/dev/pts/\(number)"
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        let pid: pid_t
        do {
            // Opened after setsid, so it becomes the controlling terminal.
            pid = try spawnChild(
                executable, arguments: arguments, environment: environment,
                defaultSignals: [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGHUP],
                newSession: true,
                descriptors: [.open(0, path: slaveName, flags: O_RDWR), .copy(0, to: 1), .copy(0, to: 2)])
        } catch {
            close(master)
            throw error
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
        let deadline = Date().addingTimeInterval(timeout * PTYSession.patience)
        while true {
            if let range = find(needleBytes, from: mark) {
                let text = String(decoding: output[mark..<range.upperBound], as: UTF8.self)
                mark = range.upperBound
                return text
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw PTYError(
                    "timed out after \(timeout)s waiting for \(needle.debugDescription); "
                        + "terminal output since last match: \(pendingText.debugDescription)")
            }
            if pump(milliseconds: Int32(min(remaining, 0.1) * 1000) + 1) < 0 {
                if find(needleBytes, from: mark) == nil {
                    throw PTYError(
                        "terminal closed while waiting for \(needle.debugDescription); "
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
        let deadline = Date().addingTimeInterval(timeout * PTYSession.patience)
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let signal = status & 0x7f
                let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
                exitStatus = code
                while pump(milliseconds: 20) > 0 {} // collect the last output
                return code
            }
            if Date() >= deadline {
                throw PTYError(
                    "process did not exit within \(timeout)s; "
                        + "output since last match: \(pendingText.debugDescription)")
            }
            if pump(milliseconds: 20) < 0 { usleep(10_000) }
        }
    }
}

// MARK: - Reading without a needle

extension PTYSession {
    /// Reads whatever arrives during the next `seconds` (a bounded wait, for
    /// letting output settle before looking at the screen).
    func drain(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            if pump(milliseconds: Int32(min(remaining, 0.1) * 1000) + 1) < 0 {
                usleep(UInt32(min(remaining, 0.02) * 1_000_000))
            }
        }
    }

    /// The screen as a terminal `columns` wide would show everything written so far.
    func screen(columns: Int = 80) -> TerminalScreen {
        TerminalScreen(rendering: output, columns: columns)
    }
}

// MARK: - Screen model

/// The lines a terminal shows after replaying some output: printable text,
/// CR, LF, BS, TAB, auto-wrap, and the CSI sequences readline and navsh use
/// (erase in line/display, cursor moves). Other escape sequences (colour)
/// are consumed without effect. The scrollback is unbounded.
struct TerminalScreen: CustomStringConvertible {
    private(set) var lines: [[Character]] = [[]]
    private var row = 0
    private var column = 0
    let columns: Int

    init(rendering bytes: [UInt8], columns: Int = 80) {
        self.columns = columns
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            switch scalar {
            case "\r": column = 0
            case "\n": moveTo(row: row + 1)
            case "\u{08}": column = max(0, min(column, columns - 1) - 1)
            case "\t": column = min(columns - 1, (column / 8 + 1) * 8)
            case "\u{1B}":
                guard i < scalars.count else { break }
                let next = scalars[i]
                i += 1
                if next == "[" {
                    var parameters = ""
                    while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
                        parameters.unicodeScalars.append(scalars[i])
                        i += 1
                    }
                    guard i < scalars.count else { break }
                    let final = scalars[i]
                    i += 1
                    control(final, parameters)
                } else if next == "]" {
                    // OSC: up to BEL or ESC \.
                    while i < scalars.count, scalars[i] != "\u{07}", scalars[i] != "\u{1B}" { i += 1 }
                    if i < scalars.count { i += scalars[i] == "\u{1B}" ? 2 : 1 }
                }
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue } // BEL and other controls
                put(Character(scalar))
            }
        }
    }

    private mutating func moveTo(row newRow: Int) {
        row = max(0, newRow)
        while lines.count <= row { lines.append([]) }
    }

    private mutating func put(_ character: Character) {
        if column >= columns { // deferred auto-wrap
            moveTo(row: row + 1)
            column = 0
        }
        while lines[row].count < column { lines[row].append(" ") }
        if column < lines[row].count {
            lines[row][column] = character
        } else {
            lines[row].append(character)
        }
        column += 1
    }

    private mutating func control(_ final: Unicode.Scalar, _ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 0
        let count = max(1, first)
        switch final {
        case "K":
            switch first {
            case 1:
                for c in 0..<min(column + 1, lines[row].count) { lines[row][c] = " " }
            case 2:
                lines[row] = []
            default:
                if column < lines[row].count { lines[row].removeSubrange(column...) }
            }
        case "J":
            if first == 2 || first == 3 {
                lines = [[]]
                row = 0
                column = 0
            } else {
                if column < lines[row].count { lines[row].removeSubrange(column...) }
                if row + 1 < lines.count { lines.removeSubrange((row + 1)...) }
            }
        case "A": moveTo(row: row - count)
        case "B": moveTo(row: row + count)
        case "C": column = min(columns - 1, column + count)
        case "D": column = max(0, min(column, columns - 1) - count)
        case "G": column = min(columns - 1, count - 1)
        default: break // colour (m) and anything else: no effect on the text
        }
    }

    /// The lines, trailing blanks removed.
    var text: [String] {
        lines.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// The last line that is not blank (the prompt line, while one is shown).
    var lastNonEmptyLine: String? { text.last(where: { !$0.isEmpty }) }

    var description: String { text.joined(separator: "\n") }
}

// MARK: - Piped runs

/// One run of navsh with stdin, stdout and stderr on pipes (not a terminal).
struct PipedRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs `executable` with `input` on stdin; kills it and throws after `timeout`.
func runPiped(
    _ executable: String, arguments: [String], environment: [String: String],
    input: String = "", timeout: TimeInterval = 10
) throws -> PipedRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    try process.run()
    stdinPipe.fileHandleForWriting.write(Data(input.utf8))
    try stdinPipe.fileHandleForWriting.close()

    // Read both pipes with poll(2) against the deadline, so neither can fill up.
    let fds = [stdoutPipe.fileHandleForReading.fileDescriptor, stderrPipe.fileHandleForReading.fileDescriptor]
    var collected: [[UInt8]] = [[], []]
    var open = [true, true]
    let deadline = Date().addingTimeInterval(timeout)
    while open.contains(true) {
        let remaining = deadline.timeIntervalSinceNow
        if remaining <= 0 {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw PTYError(
                "navsh \(arguments) did not finish within \(timeout)s; stdout so far: "
                    + String(decoding: collected[0], as: UTF8.self).debugDescription)
        }
        var polls = fds.enumerated().map {
            pollfd(fd: open[$0.offset] ? $0.element : -1, events: Int16(POLLIN), revents: 0)
        }
        let ready = poll(&polls, nfds_t(polls.count), Int32(min(remaining, 0.1) * 1000) + 1)
        if ready <= 0 { continue }
        for index in 0..<2 where open[index] && polls[index].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { read(fds[index], $0.baseAddress!, $0.count) }
            if n > 0 {
                collected[index].append(contentsOf: buffer[0..<n])
            } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                open[index] = false
            }
        }
    }
    while process.isRunning {
        if Date() >= deadline {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw PTYError("navsh \(arguments) closed its output but did not exit within \(timeout)s")
        }
        usleep(5_000)
    }
    return PipedRun(status: process.terminationStatus, stdout: collected[0], stderr: collected[1])
}

/// The navsh binary the terminal tests drive.
enum NavshBinary {
    /// $NAVSH_BIN, else <package root>/.build/debug/navsh.
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["NAVSH_BIN"], !path.isEmpty {
            return path
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // navshTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // package root
        return packageRoot.appendingPathComponent(".build/debug/navsh").path
    }

    /// The path, or an error that says how to get the binary.
    static func require() throws -> String {
        let binary = path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw PTYError("navsh binary not found at \(binary); build it first or set NAVSH_BIN")
        }
        return binary
    }
}

/// A terminal test case with a fresh temporary folder for each test.
class TerminalTestCase: XCTestCase {
    var temporaryDirectory: URL!
    /// The folder name's prefix, per suite.
    var folderPrefix: String { "navsh-terminal" }

    override func setUpWithError() throws {
        temporaryDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(folderPrefix)-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let temporaryDirectory {
            try? FileManager.default.removeItem(at: temporaryDirectory)
        }
    }

    /// Where the history file goes by default (`$XDG_STATE_HOME/navsh/history`).
    var historyPath: String {
        temporaryDirectory.appendingPathComponent("state/navsh/history").path
    }

    /// A reproducible terminal: TERM=dumb, no inputrc, no colour, and every
    /// file navsh touches inside the test's folder.
    func environment(history: String) -> [String: String] {
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
}
