// The classroom at the prompt, on a pseudo-terminal (issue 15): slow motion
// that means slow, undo at the real-time prompt, Tab completion that follows
// the grammar, `pause` in an interactive lesson, and the live picture.
//
// Timing: the machine these run on is loaded, so no test asserts that
// something happened quickly; slow motion only makes things later, and the
// checks are that a transition is still in flight after a wall-clock delay
// far shorter than it takes, or that nothing more arrives in a long drain.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class ClassroomPromptTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-classroom2" }

    private func binary() throws -> String { try NavshBinary.require() }

    private func withSession(
        arguments: [String] = [], columns: UInt16 = 100, rows: UInt16 = 24,
        _ body: (PTYSession) throws -> Void
    ) throws {
        let session = try PTYSession(
            executable: try binary(), arguments: arguments,
            environment: environment(history: historyPath), columns: columns, rows: rows)
        do {
            try body(session)
        } catch {
            XCTFail(
                "\(error)\n--- terminal transcript ---\n\(session.transcript.debugDescription)"
                    + "\n--- screen ---\n\(session.screen(columns: Int(columns)))")
        }
    }

    /// Types `command` + Enter once the prompt is up; returns the output up to the next prompt.
    @discardableResult
    private func run(_ s: PTYSession, _ command: String, timeout: TimeInterval = 10) throws -> String {
        s.send(command + "\r")
        try s.expect(command + "\r\n")
        return try s.expect(Self.prompt, timeout: timeout)
    }

    /// The time left on `push NAME` in `jobs`, in ms (nil: not in flight).
    private func timeLeft(_ jobs: String, _ name: String) -> Int? {
        guard let range = jobs.range(of: "push \(name): ") else { return nil }
        let digits = jobs[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    // MARK: Defect 3: set speed X is X times real speed

    // At 0.1 a push of 350 ms takes 3.5 s of wall time: after a second, more
    // than half of it is still to come. (Before the fix 0.1 played ten times
    // faster, and the push was long over.)
    func testSetSpeedBelowOneIsSlowMotion() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "set speed 0.1")
            try run(s, "push Home")
            try run(s, "push B &")
            s.drain(for: 1.0)
            let jobs = try run(s, "jobs")
            let left = try XCTUnwrap(
                timeLeft(jobs, "B"), "B's push is over after 1 s at speed 0.1: \(jobs.debugDescription)")
            XCTAssertGreaterThan(left, 175, jobs.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    func testSpeedOptionBelowOneIsSlowMotion() throws {
        try withSession(arguments: ["--speed", "0.1"]) { s in
            try s.expect(Self.prompt)
            try run(s, "push Home")
            try run(s, "push B &")
            s.drain(for: 1.0)
            let jobs = try run(s, "jobs")
            let left = try XCTUnwrap(
                timeLeft(jobs, "B"), "B's push is over after 1 s at --speed 0.1: \(jobs.debugDescription)")
            XCTAssertGreaterThan(left, 175, jobs.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: Defect 1: undo at the real-time prompt

    // `back` then `undo`: undo prints only `undone: back`, and nothing
    // arrives afterwards (before the fix, Details' push was replayed into
    // flight and `Spy.didShow(Details…)` printed 350 ms later).
    func testUndoAtRealTimePromptPrintsNoEvents() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "delegate Spy")
            try run(s, "push Home")
            XCTAssertTrue(try run(s, "push Details").contains("Spy.didShow(Details, animated: true)"))
            XCTAssertTrue(try run(s, "back").contains("Details.deinit"))
            let undone = try run(s, "undo")
            XCTAssertEqual(undone, "undone: back\r\n" + Self.prompt, undone.debugDescription)
            s.drain(for: 1.5)
            XCTAssertFalse(s.pendingText.contains("Spy."), "events after undo: \(s.pendingText.debugDescription)")
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("Home Details\r\n"), stack.debugDescription)
            let jobs = try run(s, "jobs")
            XCTAssertTrue(jobs.hasPrefix("(nothing in flight)"), jobs.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: Defect 2: text typed after a Tab completion, in the same chunk

    // `pus`, Tab, `Detail` and Enter arrive in one write (a paste, ssh, a
    // fast typist). The reproduction, `tmux send-keys 'pus' Tab
    // 'Home'`, sends tmux's Home key, not the text "Home"; this is the text.
    func testTextAfterTabInSameChunkIsKept() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            s.send("pus\tHome\r")
            try s.expect("nav.pushViewController(Home, animated: true)")
            let rest = try s.expect(Self.prompt)
            XCTAssertTrue(rest.contains("stack: Home\r\n"), rest.debugDescription)
            s.send("push Settings\r")
            try s.expect(Self.prompt)
            s.send("popto Ho\t instant\r")
            let popped = try s.expect(Self.prompt)
            XCTAssertTrue(popped.contains("nav.popToViewController(Home, animated: false)"), popped.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: Defect 7: Tab completion follows the grammar

    private func completions(_ s: PTYSession, _ typed: String) throws -> [String] {
        s.send(typed + "\t\t")
        s.drain(for: 0.5)
        let screen = s.screen(columns: 100).text
        s.send("\u{03}")
        try s.expect(Self.prompt)
        s.drain(for: 0.1)
        // The listing is between the line typed and the prompt drawn again.
        // (The screen's lines have no trailing blanks.)
        let typedLine = String((Self.prompt + typed).reversed().drop { $0 == " " }.reversed())
        guard let typedRow = screen.lastIndex(where: { $0 == typedLine }) else { return [] }
        let before = screen[..<typedRow]
        guard let listingStart = before.lastIndex(where: { $0.hasPrefix("navsh>") }) else { return [] }
        return screen[(listingStart + 1)..<typedRow].flatMap { $0.split(separator: " ").map(String.init) }.sorted()
    }

    func testTabAfterGestureDelegateOffersItsThreeWords() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            XCTAssertEqual(try completions(s, "gesture-delegate "), ["controller", "none", "system"])
            XCTAssertEqual(try completions(s, "set clock "), ["real", "virtual"])
            XCTAssertEqual(
                try completions(s, "push A; use "),
                [
                    "GateNavigationController", "InteractivePopNavigationController",
                    "UINavigationController", "UISafeNavigationController", "features",
                ])
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    func testTabOnEmptyLineOffersCommandWordsOnly() throws {
        try withSession(rows: 40) { s in
            try s.expect(Self.prompt)
            s.send("\t\t")
            s.drain(for: 0.5)
            XCTAssertFalse(s.pendingText.contains("Display all"), s.pendingText.debugDescription)
            let words = try completions(s, "")
            XCTAssertTrue(words.contains("push") && words.contains("gesture-delegate"), "\(words)")
            XCTAssertFalse(words.contains("legacy") || words.contains("UINavigationController"), "\(words)")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // After `source`, `record` and `timeline`, Tab completes file names.
    func testTabCompletesFileNamesAfterSource() throws {
        let folder = temporaryDirectory.appendingPathComponent("lessons")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "push Home\n".write(to: folder.appendingPathComponent("screens.nav"), atomically: true, encoding: .utf8)
        try withSession(columns: 250) { s in
            try s.expect(Self.prompt)
            s.send("source \(folder.path)/scr\t")
            try s.expect("eens.nav ")
            s.send("\r")
            try s.expect("nav.pushViewController(Home, animated: true)")
            try s.expect(Self.prompt)
            s.send("timeline \(folder.path)/scr\t")
            try s.expect("eens.nav ")
            s.send("\u{03}")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: Defect 5: pause, headings, --echo at the prompt

    private func lesson() throws -> String {
        let file = temporaryDirectory.appendingPathComponent("lesson.nav")
        try "## Part one\n# not a heading\npush A\npause \"Look at A.\"\npush B\n"
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    // `navsh -i FILE` at a terminal stops at `pause` until Enter, and prints
    // `##` comments as headings.
    func testPauseWaitsForEnterInInteractiveLesson() throws {
        let file = try lesson()
        try withSession(arguments: ["-i", file], columns: 250) { s in
            try s.expect("Part one\r\n")
            try s.expect("nav.pushViewController(A, animated: true)")
            try s.expect("Look at A. [Enter]")
            s.drain(for: 1.0)
            XCTAssertFalse(
                s.pendingText.contains("pushViewController(B"), "did not wait: \(s.pendingText.debugDescription)")
            XCTAssertFalse(s.transcript.contains("not a heading"), s.transcript.debugDescription)
            s.send("\r")
            try s.expect("nav.pushViewController(B, animated: true)")
            try s.expect(Self.prompt)
            // `source` typed at the prompt pauses too.
            s.send("source \(file)\r")
            try s.expect("Look at A. [Enter]")
            s.drain(for: 0.5)
            XCTAssertFalse(s.pendingText.contains("pushViewController(B"), s.pendingText.debugDescription)
            s.send("\r")
            try s.expect("nav.pushViewController(B#2, animated: true)")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // Piped, as a script, or under `navsh test`, pause does nothing and `##` prints nothing.
    func testPauseDoesNothingOffTerminal() throws {
        let file = try lesson()
        let env = environment(history: historyPath)
        for arguments in [["-i", file], [file]] {
            let run = try runPiped(try binary(), arguments: arguments, environment: env, input: "")
            XCTAssertEqual(run.status, 0, run.stderrText)
            XCTAssertEqual(
                run.stdoutText,
                "[    0ms] nav.pushViewController(A, animated: true)\n"
                    + "[    0ms] nav.pushViewController(B, animated: true)\n", "\(arguments)")
        }
        let test = try runPiped(try binary(), arguments: ["test", file], environment: env)
        XCTAssertEqual(test.status, 0, test.stdoutText + test.stderrText)
    }

    // --echo at the prompt: the typed line is on screen already, and is not printed again.
    func testEchoAtPromptPrintsTypedCommandOnce() throws {
        let file = try lesson()
        try withSession(arguments: ["--echo"], columns: 250) { s in
            try s.expect(Self.prompt)
            let reply = try run(s, "push Home")
            XCTAssertFalse(reply.contains("> push Home"), reply.debugDescription)
            XCTAssertTrue(reply.contains("nav.pushViewController(Home, animated: true)"), reply.debugDescription)
            // What a script runs is still echoed (the pause's own text is not repeated).
            s.send("source \(file)\r")
            try s.expect("> push A\r\n")
            try s.expect("Look at A. [Enter]")
            XCTAssertFalse(s.transcript.contains("> pause"), s.transcript.debugDescription)
            s.send("\r")
            try s.expect("> push B\r\n")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: Item 11: polish

    // `navsh help` with no file called help prints the usage, not "cannot read 'help'".
    func testNavshHelpPrintsUsage() throws {
        let env = environment(history: historyPath)
        let help = try runPiped(try binary(), arguments: ["help"], environment: env)
        XCTAssertEqual(help.status, 0, help.stderrText)
        XCTAssertTrue(help.stdoutText.contains("usage:"), help.stdoutText)
        XCTAssertFalse(help.stderrText.contains("cannot read"), help.stderrText)
        let push = try runPiped(try binary(), arguments: ["help", "push"], environment: env)
        XCTAssertEqual(push.status, 0, push.stderrText)
        XCTAssertTrue(push.stdoutText.hasPrefix("usage: push NAME"), push.stdoutText)
    }

    // Ctrl-C during a wait: its line is indented like the stack line under it.
    func testWaitStoppedIndentedLikeStackLine() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "set speed 0.05")
            try run(s, "push A")
            s.send("push B\r")
            try s.expect("nav.pushViewController(B, animated: true)")
            s.drain(for: 0.3)
            s.send("\u{03}")
            try s.expect("wait stopped")
            try s.expect(Self.prompt, timeout: 5)
            let lines = s.screen(columns: 100).text
            let stopped = try XCTUnwrap(lines.first { $0.contains("wait stopped") }, "\(s.screen(columns: 100))")
            let stack = try XCTUnwrap(lines.last { $0.contains("stack: A B") }, "\(s.screen(columns: 100))")
            XCTAssertTrue(stack.hasPrefix("  stack:"), stack)
            XCTAssertTrue(stopped.hasPrefix("  wait stopped"), stopped.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }
}
