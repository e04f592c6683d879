// The live picture of the phone (`show live`, issue 15 item 8), checked in a
// real terminal emulator: tmux, on a private server, capturing the pane at
// several instants of a slow transition. Skipped where tmux is not installed.
//
// Timing: at speed 0.05 a push takes 7 s of wall time; the checks are that
// the picture changes in the right direction between captures, not when.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class LiveViewTmuxTests: TerminalTestCase {
    override var folderPrefix: String { "navsh-live" }

    private var server = ""
    private var tmuxPath = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard
            let found = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw XCTSkip("tmux is not installed")
        }
        tmuxPath = found
        server = "navsh-live-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    override func tearDownWithError() throws {
        if !server.isEmpty { _ = try? tmux(["kill-server"]) }
        try super.tearDownWithError()
    }

    /// Runs the tmux client and returns what it printed. posix_spawn and
    /// waitpid, not Process: the server the first command starts outlives
    /// its client, and Process could wait on it forever.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let out = temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString.prefix(8))").path
        return try runTmuxClient(tmuxPath, server: server, arguments, out: out)
    }

    /// Starts navsh in a tmux pane of this size.
    private func start(columns: Int, rows: Int, arguments: [String] = [], waitingFor ready: String = "navsh>")
        throws
    {
        let env = environment(history: historyPath).map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let words = arguments.map { " '\($0)'" }.joined()
        try tmux([
            "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            "env -i \(env) TERM=screen '\(try NavshBinary.require())'\(words)",
        ])
        try waitFor(ready) // capture-pane drops trailing blanks
    }

    private func pane() throws -> [String] {
        try tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
    }

    private func type(_ line: String) throws {
        try tmux(["send-keys", "-l", line])
        try tmux(["send-keys", "Enter"])
    }

    @discardableResult
    private func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = try pane()
            if lines.contains(where: { $0.contains(text) }) { return lines }
            usleep(50_000)
        }
        throw PTYError(
            "timed out waiting for \(text.debugDescription); sessions: \(try tmux(["list-sessions"]))pane:\n\(try pane().joined(separator: "\n"))"
        )
    }

    /// The column where the incoming screen's left edge is drawn (the ▏ on
    /// the picture's middle content row), nil when no edge is drawn.
    private func edgeColumn(_ lines: [String]) -> Int? {
        for line in lines.prefix(14) {
            if let index = line.firstIndex(of: "▏") { return line.distance(from: line.startIndex, to: index) }
        }
        return nil
    }

    func testPictureFollowsSlowPush() throws {
        try start(columns: 100, rows: 40)
        try type("show live")
        var lines = try waitFor("(empty)")
        XCTAssertTrue(lines[0].hasPrefix("╭"), lines.joined(separator: "\n"))
        try type("log full")
        try type("set speed 0.05")
        try type("push Home")
        try waitFor("stack: Home")
        lines = try pane()
        XCTAssertTrue(lines.prefix(14).contains { $0.contains("Home") }, lines.joined(separator: "\n"))
        try type("push Detail &")
        // Capture the slide at several instants; the edge moves left each time it is seen to move.
        var edges: [Int] = []
        let deadline = Date().addingTimeInterval(12)
        while Date() < deadline {
            lines = try pane()
            if let edge = edgeColumn(lines), edges.last != edge { edges.append(edge) }
            if lines.prefix(14).contains(where: { $0.contains("‹ Home") }), edgeColumn(lines) == nil, !edges.isEmpty {
                break
            }
            usleep(300_000)
        }
        XCTAssertGreaterThanOrEqual(edges.count, 3, "the edge was seen at \(edges)")
        XCTAssertEqual(edges, edges.sorted(by: >), "the incoming screen does not slide in from the right: \(edges)")
        // At the end: Detail on top, the back button titled Home, the log and prompt below the picture.
        lines = try waitFor("Detail.viewDidAppear", timeout: 10)
        lines = try pane()
        XCTAssertTrue(lines[1].contains("‹ Home") && lines[1].contains("Detail"), lines.joined(separator: "\n"))
        try type("stack")
        lines = try waitFor("Home Detail")
        let stackRow = try XCTUnwrap(lines.lastIndex { $0 == "Home Detail" })
        XCTAssertGreaterThanOrEqual(stackRow, 15, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("╭"), "the picture scrolled away:\n" + lines.joined(separator: "\n"))
        try type("show live off")
        try type("quit")
    }

    // A lesson run with -i (issue 15): its `show live` draws the phone while the
    // file runs (at its pauses), and the prompt after it keeps the same picture.
    // It drew nothing: the live view was set up by the prompt, after the file ran.
    func testShowLiveInALessonRunWithDashI() throws {
        let lesson = temporaryDirectory.appendingPathComponent("lesson.nav").path
        try Data("show live\npush Home\npause \"look\"\npush Detail\n".utf8).write(to: URL(fileURLWithPath: lesson))
        try start(columns: 100, rows: 40, arguments: ["-i", lesson], waitingFor: "look [Enter]")
        var lines = try pane()
        XCTAssertTrue(lines[0].hasPrefix("╭"), "no picture at the pause:\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(lines.prefix(14).contains { $0.contains("Home") }, lines.joined(separator: "\n"))
        try tmux(["send-keys", "Enter"])
        lines = try waitFor("navsh>")
        lines = try waitFor("‹ Home")
        XCTAssertTrue(lines[0].hasPrefix("╭"), "no picture at the prompt:\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(lines[1].contains("‹ Home") && lines[1].contains("Detail"), lines.joined(separator: "\n"))
        try type("quit")
    }

    func testNarrowTerminalGetsOneSummaryLine() throws {
        try start(columns: 30, rows: 12)
        try type("show live")
        try type("push Home")
        let lines = try waitFor("stack: Home")
        XCTAssertTrue(lines[0].contains("Home") && lines[0].contains("ms"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("╭") }, lines.joined(separator: "\n"))
        try type("quit")
    }

    func testNoPictureOffTerminal() throws {
        let run = try runPiped(
            try NavshBinary.require(), arguments: [], environment: environment(history: historyPath),
            input: "show live\npush Home\nshow live off\n")
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(run.stdoutText, "[    0ms] nav.pushViewController(Home, animated: true)\n")
    }
}
