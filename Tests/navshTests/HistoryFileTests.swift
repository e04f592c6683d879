// The prompt's history file (issue 14 items 2 and 3): navsh writes only a
// regular file the user owns, through a temporary file renamed into place;
// it never follows a symbolic link, never changes another file's mode, and
// refuses anything else with one warning. NAVSH_HISTORY empty or /dev/null
// means no history.
//
// Every wait has a deadline; nothing depends on timing beyond "the prompt
// appeared" and "the process exited".

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class HistoryFileTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-history" }

    /// Starts navsh at a prompt with `history` as NAVSH_HISTORY (nil: unset),
    /// runs `push Home`, quits, and returns the transcript.
    @discardableResult
    private func session(
        history: String?, _ environmentChange: (inout [String: String]) -> Void = { _ in },
        commands: [String] = ["push Home"]
    ) throws -> String {
        var env = environment(history: history ?? "")
        if history == nil { env["NAVSH_HISTORY"] = nil }
        environmentChange(&env)
        let s = try PTYSession(executable: try NavshBinary.require(), environment: env)
        do {
            try s.expect(Self.prompt, timeout: 10)
            for command in commands {
                s.send(command + "\r")
                try s.expect(Self.prompt)
            }
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(timeout: 10), 0)
        } catch {
            XCTFail("\(error)\n--- transcript ---\n\(s.transcript.debugDescription)")
        }
        return s.transcript
    }

    private func warnings(_ transcript: String) -> [String] {
        transcript.components(separatedBy: "\n").filter { $0.contains("warning:") }
    }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0)
        return st.st_mode
    }

    private func defaultHistory() -> String {
        temporaryDirectory.appendingPathComponent("state/navsh/history").path
    }

    // A history path that is a symbolic link to another file: the other file
    // keeps its content and its mode, the link stays a link, one warning.
    func testSymlinkedHistoryIsRefusedAndTargetUntouched() throws {
        let victim = temporaryDirectory.appendingPathComponent("victim").path
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: victim))
        XCTAssertEqual(chmod(victim, 0o644), 0)
        let link = defaultHistory()
        try FileManager.default.createDirectory(
            atPath: (link as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        XCTAssertEqual(symlink(victim, link), 0)
        let transcript = try session(history: nil)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "secret\n")
        XCTAssertEqual(mode(victim) & 0o777, 0o644)
        XCTAssertEqual(mode(link) & S_IFMT, S_IFLNK)
        let found = warnings(transcript)
        XCTAssertEqual(found.count, 1, transcript.debugDescription)
        XCTAssertTrue(found.first?.contains("symbolic link") ?? false, found.description)
    }

    // NAVSH_HISTORY naming a FIFO (a stand-in for any device): navsh neither
    // blocks opening it nor changes its mode; one warning.
    func testHistoryOnAFIFOIsRefusedAndModeUntouched() throws {
        let fifo = temporaryDirectory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let transcript = try session(history: fifo)
        XCTAssertEqual(mode(fifo) & S_IFMT, S_IFIFO)
        XCTAssertEqual(mode(fifo) & 0o777, 0o644)
        let found = warnings(transcript)
        XCTAssertEqual(found.count, 1, transcript.debugDescription)
        XCTAssertTrue(found.first?.contains("not a regular file") ?? false, found.description)
    }

    // NAVSH_HISTORY empty: no history at all (not the default location), no warning.
    func testEmptyNavshHistoryMeansNoHistory() throws {
        let transcript = try session(history: "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: defaultHistory()))
        XCTAssertEqual(warnings(transcript), [])
    }

    // NAVSH_HISTORY=/dev/null: no history, no warning, /dev/null untouched.
    func testDevNullNavshHistoryMeansNoHistory() throws {
        let before = mode("/dev/null")
        let transcript = try session(history: "/dev/null")
        XCTAssertEqual(mode("/dev/null"), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: defaultHistory()))
        XCTAssertEqual(warnings(transcript), [])
    }

    // The file is replaced by a rename: a hard link to the old file (another
    // name for it) keeps the old content, and no temporary file is left.
    func testSaveReplacesTheFileByRename() throws {
        let history = defaultHistory()
        let directory = (history as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("push Earlier\n".utf8).write(to: URL(fileURLWithPath: history))
        let other = temporaryDirectory.appendingPathComponent("other-name").path
        XCTAssertEqual(link(history, other), 0)
        let transcript = try session(history: history)
        XCTAssertEqual(warnings(transcript), [])
        XCTAssertEqual(try String(contentsOfFile: history, encoding: .utf8), "push Earlier\npush Home\nquit\n")
        XCTAssertEqual(try String(contentsOfFile: other, encoding: .utf8), "push Earlier\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["history"])
    }

    // A history file far bigger than the history navsh keeps (a runaway file,
    // here 256 MiB, sparse): only its last 4 MiB are read, its last lines are
    // recalled, and the next save trims the file to the lines kept (as
    // readline's history-file-size does). The whole file was read at start-up:
    // under a 256 MiB address-space limit navsh died before its prompt.
    func testHugeHistoryFileIsReadFromItsTailOnly() throws {
        let history = defaultHistory()
        try FileManager.default.createDirectory(
            atPath: (history as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(history, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, 256 << 20), 0)
        XCTAssertEqual(lseek(fd, 0, SEEK_END), 256 << 20)
        let tail = Array("\npush Earlier\npush Last\n".utf8)
        XCTAssertEqual(tail.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, tail.count)
        close(fd)
        let s = try PTYSession(
            executable: "/bin/sh", arguments: ["-c", "ulimit -v 262144 && exec \"$0\"", try NavshBinary.require()],
            environment: environment(history: history))
        do {
            try s.expect(Self.prompt, timeout: 10)
            s.send("\u{10}\r") // Ctrl-P (previous line), Enter
            try s.expect("nav.pushViewController(Last")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(timeout: 10), 0)
        } catch {
            XCTFail("\(error)\n--- transcript ---\n\(s.transcript.debugDescription)")
        }
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        XCTAssertEqual(saved, "push Earlier\npush Last\nquit\n")
    }
}
