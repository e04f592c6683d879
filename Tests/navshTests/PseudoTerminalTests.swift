// End-to-end tests: drive the built navsh binary in a pseudo-terminal, the way
// a user at a terminal would. The binary is $NAVSH_BIN, else
// <package root>/.build/debug/navsh. The harness (PTYSession) is in
// TerminalHarness.swift.
//
// Every read from the terminal has a deadline, so a hang fails the test
// instead of blocking the run.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Tests

final class PseudoTerminalTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-pty" }

    private func startSession() throws -> PTYSession {
        let binary = NavshBinary.path
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
            try s.expect("stack") // the echo of what was typed
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
            try s.expect("sh") // readline completed pu -> push
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
        let binary = NavshBinary.path
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
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: historyPath),
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
            XCTAssertFalse(
                afterInterrupt.contains("Nope"), "the interrupted line ran: \(afterInterrupt.debugDescription)")
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
