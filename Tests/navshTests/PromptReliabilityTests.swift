// The prompt (issue 14 items 3, 6, 14, 15): SIGHUP saves the history like
// SIGTERM; two prompts sharing the history file both keep their lines; a
// write that fails (a full disk) leaves the old file whole; Ctrl-C and
// SIGTERM stop a long `source` between its lines; an error in init.nav is
// reported and the session goes on (exit 0); errors in a file sourced at
// the prompt carry FILE:LINE.
//
// No test depends on timing: each waits for a visible marker (the prompt,
// an event) with a deadline, and the long `source` waits in real time for
// ten minutes, so only an interrupt can end it within the deadline.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class PromptReliabilityTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-prompt" }

    private func start(
        _ executable: String? = nil, arguments: [String] = [],
        history: String? = nil
    ) throws -> PTYSession {
        try PTYSession(
            executable: executable ?? NavshBinary.require(), arguments: arguments,
            environment: environment(history: history ?? historyPath), columns: 250)
    }

    private func check(_ s: PTYSession, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            XCTFail("\(error)\n--- transcript ---\n\(s.transcript.debugDescription)")
        }
    }

    @discardableResult
    private func run(_ s: PTYSession, _ command: String) throws -> String {
        s.send(command + "\r")
        try s.expect(command + "\r\n")
        return try s.expect(Self.prompt)
    }

    private func historyText(_ path: String? = nil) -> String {
        (try? String(contentsOfFile: path ?? historyPath, encoding: .utf8)) ?? ""
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: 3. History is not lost

    // Closing the terminal (SIGHUP) saves the history like SIGTERM; status 129.
    func testSighupSavesHistory() throws {
        let s = try start()
        check(s) {
            try s.expect(Self.prompt)
            try run(s, "push Home")
            XCTAssertEqual(kill(s.pid, SIGHUP), 0)
            XCTAssertEqual(try s.waitForExit(timeout: 5), 129)
        }
        XCTAssertEqual(historyText(), "push Home\n")
    }

    // Two prompts share the file: the first to quit does not lose its lines
    // when the second quits (each save merges into the file as it is then).
    func testTwoPromptsKeepBothHistories() throws {
        let first = try start()
        let second = try start()
        check(first) {
            try first.expect(Self.prompt)
            try run(first, "push First")
        }
        check(second) {
            try second.expect(Self.prompt)
            try run(second, "push Second")
        }
        check(first) {
            first.send("quit\r")
            XCTAssertEqual(try first.waitForExit(), 0)
        }
        check(second) {
            second.send("quit\r")
            XCTAssertEqual(try second.waitForExit(), 0)
        }
        XCTAssertEqual(historyText(), "push First\nquit\npush Second\nquit\n")
    }

    // A save that cannot be written whole (here the file-size limit stands in
    // for a full disk) leaves the old file as it was, not cut mid-line, and
    // leaves no temporary file behind.
    func testFailedSaveLeavesOldHistoryWhole() throws {
        let prlimit = "/usr/bin/prlimit"
        guard FileManager.default.isExecutableFile(atPath: prlimit) else { throw XCTSkip("no prlimit") }
        let old = "push Earlier1\npush Earlier2\npush Earlier3\n"
        let history = try write(old, "state/navsh/history")
        let s = try start(
            "/bin/sh",
            arguments: [
                "-c", "trap '' XFSZ; exec \(prlimit) --fsize=60 -- \"$0\"",
                try NavshBinary.require(),
            ])
        check(s) {
            try s.expect(Self.prompt)
            try run(s, "push SomethingLonger")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
            XCTAssertEqual(
                s.transcript.components(separatedBy: "\n").filter { $0.contains("warning:") }.count, 1,
                s.transcript.debugDescription)
        }
        XCTAssertEqual(historyText(history), old)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: (history as NSString).deletingLastPathComponent),
            ["history"])
    }

    // MARK: 6. Ctrl-C and SIGTERM stop a long source

    /// Starts navsh, sources a script that pushes Started and then waits
    /// ten minutes, runs `stop` once Started is pushed, and checks that the
    /// script's last line (`push After`) never ran.
    private func stopLongSource(_ stop: (PTYSession) throws -> Void) throws {
        let script = try write("push Started\nwait 600s\npush After\n", "long.nav")
        let s = try start()
        check(s) {
            try s.expect(Self.prompt)
            s.send("source \(script)\r")
            try s.expect("pushViewController(Started")
            try stop(s)
        }
        XCTAssertFalse(s.transcript.contains("(After"), s.transcript.debugDescription)
    }

    func testControlCStopsSource() throws {
        try stopLongSource { s in
            s.send("\u{03}")
            let reply = try s.expect(Self.prompt, timeout: 5)
            XCTAssertTrue(reply.contains("error: interrupted"), reply.debugDescription)
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("Started\r\n"), stack.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    func testSigtermStopsSource() throws {
        try stopLongSource { s in
            XCTAssertEqual(kill(s.pid, SIGTERM), 0)
            XCTAssertEqual(try s.waitForExit(timeout: 5), 143)
        }
        XCTAssertTrue(historyText().contains("source "), historyText())
    }

    // MARK: 14. An error in init.nav

    func testInitErrorIsReportedAndSessionExitsZero() throws {
        let initFile = try write("pusj\npush Home\n", "config/navsh/init.nav")
        let s = try start()
        check(s) {
            try s.expect(Self.prompt)
            XCTAssertTrue(
                s.transcript.contains("\(initFile):1:1: error: unknown command 'pusj'"),
                s.transcript.debugDescription)
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("Home\r\n"), stack.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 15. Errors in a file sourced at the prompt carry FILE:LINE

    func testSourcedFileErrorsAreLocated() throws {
        let script = try write("push A\npusj B\nexpect depth 5\n", "bad.nav")
        let s = try start()
        check(s) {
            try s.expect(Self.prompt)
            let reply = try run(s, "source \(script)")
            XCTAssertTrue(reply.contains("\(script):2:1: error: unknown command 'pusj'"), reply.debugDescription)
            XCTAssertTrue(reply.contains("\(script):3: expectation failed"), reply.debugDescription)
            // A line typed at the prompt still has no location.
            let typed = try run(s, "pusj")
            XCTAssertTrue(typed.hasPrefix("error: unknown command"), typed.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }
}
