// A lesson and the live picture at a terminal (issue 37, and issue 36 item 9
// and item 12's `show live` under TERM=dumb): tmux on a private server for
// what the class sees (the pane as drawn), PTYSession for the bytes written.
// Skipped where tmux is not installed. Each test failed on main 29ea1ba.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class ClassroomLessonAndLiveViewTests: TerminalTestCase {
    override var folderPrefix: String { "navsh-lesson-live" }

    private var pane: TmuxPane!

    override func setUpWithError() throws {
        try super.setUpWithError()
        pane = try TmuxPane(folder: temporaryDirectory)
    }

    override func tearDownWithError() throws {
        pane?.close()
        try super.tearDownWithError()
    }

    private func start(_ arguments: [String] = [], columns: Int = 80, rows: Int = 24, ready: String = "navsh>")
        throws
    {
        try pane.start(
            binary: try NavshBinary.require(), arguments: ["--no-init"] + arguments,
            environment: environment(history: historyPath), columns: columns, rows: rows)
        try pane.waitFor(ready)
    }

    private func lesson(_ text: String) throws -> String {
        let file = temporaryDirectory.appendingPathComponent("lesson.nav")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private let threeSections = """
        ## 1. First
        #> The first section's narration.
        push A
        pause "At A."
        ## 2. Second
        push B
        pause "At B."
        ## 3. Third
        push C
        #$ push D
        pause "At C."

        """

    // Defect 1: six pushes, six undos at the live prompt (three were undone, then "nothing to undo").
    func testSixUndosAtTheLivePrompt() throws {
        try start()
        for name in ["Home", "A", "B", "C", "D", "E", "F"] {
            try pane.type("push \(name)")
            try pane.waitFor("stack: Home\(name == "Home" ? "" : ".* \(name)")", regex: true)
        }
        for _ in 0..<6 { try pane.type("undo") }
        try pane.waitFor("undone: push A")
        try pane.type("stack")
        try pane.waitFor("^Home$", regex: true)
        XCTAssertFalse(pane.text.contains("nothing to undo"), pane.text)
    }

    // Defect 1, slow motion: the last push comes back.
    func testUndoAfterASlowPush() throws {
        try start(["--speed", "0.1"])
        try pane.type("push Home")
        try pane.waitFor("stack: Home")
        try pane.type("push C")
        try pane.waitFor("stack: Home C", timeout: 15)
        try pane.type("undo")
        try pane.waitFor("undone: push C")
        try pane.type("stack")
        try pane.waitFor("^Home$", regex: true)
    }

    // Defect 3: an Enter typed early does not skip the next pause.
    func testEarlyEnterDoesNotSkipAPause() throws {
        try start(["-i", try lesson(threeSections)], ready: "At A. [Enter]")
        try pane.keys(["Enter", "Enter", "Enter"])
        try pane.waitFor("At B. [Enter]")
        usleep(800_000)
        XCTAssertFalse(pane.text.contains("pushViewController(C"), "the early Enter skipped a pause:\n\(pane.text)")
    }

    // Defect 3 and issue 36 item 9: at a pause, Backspace goes back with the
    // state restored, Ctrl-C leaves for the prompt (navsh went on, or died with 130).
    func testBackThenControlCLeavesForThePromptWithTheState() throws {
        try start(["-i", try lesson(threeSections)], ready: "At A. [Enter]")
        try pane.keys(["Enter"])
        try pane.waitFor("At B. [Enter]")
        try pane.keys(["BSpace"])
        try pane.waitFor("back one pause")
        try pane.keys(["C-c"])
        try pane.waitFor("left the lesson")
        try pane.waitFor("navsh>")
        try pane.type("stack")
        try pane.waitFor("^A$", regex: true)
        try pane.type("quit")
        try pane.waitFor("EXIT 0")
    }

    // Defect 3: a section by number; the section skipped prints nothing; a recap at the end.
    func testJumpToASectionAndRecap() throws {
        try start(["-i", try lesson(threeSections)], ready: "At A. [Enter]")
        try pane.send("3")
        try pane.keys(["Enter"])
        try pane.waitFor("At C. [Enter]")
        XCTAssertFalse(pane.text.contains("pushViewController(B"), pane.text)
        XCTAssertTrue(pane.text.contains("3. Third"), pane.text)
        try pane.keys(["Enter"])
        try pane.waitFor("Recap")
        try pane.waitFor("try: push D")
        try pane.type("stack")
        try pane.waitFor("^A B C$", regex: true)
    }

    // Defect 3: a section by words of its heading, back to an earlier one by number.
    func testJumpToASectionByItsHeading() throws {
        try start(["-i", try lesson(threeSections)], ready: "At A. [Enter]")
        try pane.type("third")
        try pane.waitFor("At C. [Enter]")
        try pane.type("1")
        try pane.waitFor("(left the lesson", timeout: 0.5, orNot: true)
        try pane.keys(["Escape"])
        try pane.waitFor("left the lesson")
        try pane.type("stack")
        try pane.waitFor("^A$", regex: true)
    }

    // Point 7: `--live` starts a lesson animated (real clock) with the phone drawn.
    func testLiveOptionStartsALessonAnimated() throws {
        let began = Date()
        try start(
            ["--live", "--speed", "0.5", "-i", try lesson("push Home\npush Detail\npause \"look\"\n")],
            ready: "look [Enter]")
        XCTAssertGreaterThan(Date().timeIntervalSince(began), 0.6, "the push did not play in real time")
        let lines = try pane.lines()
        XCTAssertTrue(lines[0].hasPrefix("╭"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[1].contains("‹ Home") && lines[1].contains("Detail"), lines.joined(separator: "\n"))
    }

    // Defect 3: a command typed at a pause is not thrown away in silence, and the lesson waits.
    func testCommandTypedAtAPauseIsNotRunAndSaysSo() throws {
        try start(["-i", try lesson(threeSections)], ready: "At A. [Enter]")
        try pane.type("stack")
        try pane.waitFor("was not run")
        usleep(500_000)
        XCTAssertFalse(pane.text.contains("pushViewController(B"), pane.text)
    }

    // Defect 2: narration and suggestions reach the screen at a terminal, not in a pipe.
    func testNarrationAtATerminalOnly() throws {
        let file = try lesson(threeSections)
        try start(["-i", file], ready: "At A. [Enter]")
        XCTAssertTrue(pane.text.contains("The first section's narration."), pane.text)
        let run = try runPiped(
            try NavshBinary.require(), arguments: [file], environment: environment(history: historyPath), input: "")
        XCTAssertFalse(run.stdoutText.contains("narration") || run.stdoutText.contains("try:"), run.stdoutText)
    }

    // Point 5: reset after a lesson brings back the command line's speed, not the lesson's slow motion.
    func testResetKeepsTheCommandLineSpeed() throws {
        try start(["-i", try lesson("set speed 0.05\npush Home\n")])
        try pane.type("reset")
        try pane.type("push Home")
        try pane.type("push A")
        let began = Date()
        try pane.waitFor("stack: Home A", timeout: 15)
        XCTAssertLessThan(Date().timeIntervalSince(began), 4, "the push ran in the lesson's slow motion")
    }

    // Point 5: at 80 columns, help, notes and pause text fit and break at spaces only.
    func testEightyColumnsForHelpNotesAndPauses() throws {
        let file = try lesson(
            "push Home\npop\npause \"A pause with a text long enough to need two lines at eighty columns, "
                + "so that it must wrap at a space and never inside a word like navigationController.\"\n")
        try start(["-i", file], ready: "[Enter]")
        try pane.keys(["Enter"])
        try pane.waitFor("navsh>")
        try pane.type("help")
        try pane.waitFor("help COMMAND")
        let all = pane.text.components(separatedBy: "\n")
        XCTAssertTrue(all.allSatisfy { $0.count <= 80 }, all.filter { $0.count > 80 }.joined(separator: "\n"))
        let text = all.joined(separator: "\n")
        XCTAssertTrue(text.contains("navigationController."), text)
        XCTAssertTrue(text.contains("there is nothing to pop"), text)
        XCTAssertTrue(text.contains("long-press the back button and pick REF from its menu"), text)
    }

    // Point 5: typing during a foreground wait leaves no stale progress line
    // and is not merged into one; the typed line runs at the prompt after.
    func testTypingDuringAWaitLeavesNoStaleProgress() throws {
        try start(["--speed", "0.1"])
        try pane.type("push Home")
        try pane.type("push A")
        usleep(600_000)
        try pane.send("sta")
        usleep(300_000)
        try pane.send("ck")
        try pane.keys(["Enter"])
        try pane.waitFor("^Home A$", regex: true, timeout: 15)
        let lines = try pane.lines()
        XCTAssertFalse(lines.contains { $0.contains("ms left") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("navsh> stack"), lines.joined(separator: "\n"))
    }

    // Point 4: a navigation controller being presented rises over the presenting screen (the
    // picture drew the presented one behind itself, with its title in the bar).
    func testPresentedNavigationControllerRisesOverThePresenter() throws {
        try start(["--speed", "0.1"])
        try pane.type("show live")
        try pane.type("push Home")
        try pane.waitFor("stack: Home")
        try pane.type("present Sheet nav &")
        try pane.waitFor("· Sheet [1-9][0-9]?%", regex: true)
        let phone = try pane.lines()
        XCTAssertTrue(phone[1].contains("Home") && !phone[1].contains("Sheet"), phone.joined(separator: "\n"))
    }

    // Point 5: the progress line and the phone name a pop alike (`pop to Home`, not `pop Detail`).
    func testPopIsNamedAlikeOnPhoneAndProgressLine() throws {
        try start(["--speed", "0.1"])
        try pane.type("show live")
        try pane.type("push Home")
        try pane.type("push Detail")
        try pane.waitFor("stack: Home Detail", timeout: 15)
        try pane.type("pop")
        try pane.waitFor("… pop to Home")
        let lines = try pane.lines()
        XCTAssertTrue(lines.prefix(16).contains { $0.contains("· pop to Home") }, lines.joined(separator: "\n"))
    }

    // Point 5: `root` and `tabs` events name the new instances (they named the class: `Home`,
    // while `alive` said `Home#2`). A fix in the engine (NavigationModel+Fingers.swift).
    func testRootEventNamesTheInstance() throws {
        try start()
        try pane.type("root Home")
        try pane.type("root Home")
        try pane.waitFor("rootViewController: Home#2)")
        try pane.type("tabs A B")
        try pane.type("tabs A B")
        try pane.waitFor("rootViewController: A#2), UINavigationController(rootViewController: B#2)")
    }

    // Point 5: `explore` typed at the prompt says what it did and how to search.
    func testExploreAtThePromptSaysHowToSearch() throws {
        try start()
        try pane.type("explore back swipe")
        try pane.waitFor("navsh explore FILE")
    }

    // Point 5: `show l<Tab>` completes.
    func testShowLiveCompletes() throws {
        try start()
        try pane.send("show l")
        try pane.keys(["Tab"])
        try pane.waitFor("navsh> show live")
    }

    // Point 4: Ctrl-L redraws the phone at the top and the prompt, with the typed text, below it.
    func testControlLKeepsPromptBelowThePicture() throws {
        try start()
        try pane.type("show live")
        try pane.type("push Home")
        try pane.waitFor("stack: Home")
        try pane.send("sta")
        try pane.keys(["C-l"])
        usleep(500_000)
        let lines = try pane.lines()
        XCTAssertTrue(lines[0].hasPrefix("╭"), lines.joined(separator: "\n"))
        let prompt = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("navsh> sta") }, lines.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(prompt, 15, lines.joined(separator: "\n"))
        XCTAssertEqual(try pane.cursorRow(), prompt)
    }

    // Point 4: a resize keeps the prompt and the typed text, and leaves no piece of the old phone.
    func testResizeKeepsPromptAndLeavesNoPieces() throws {
        try start()
        try pane.type("show live")
        try pane.type("push Home")
        try pane.type("push Detail")
        try pane.waitFor("stack: Home Detail")
        try pane.send("sta")
        try pane.resize(columns: 60, rows: 20)
        usleep(600_000)
        var lines = try pane.lines()
        XCTAssertTrue(lines[0].contains("Detail"), lines.joined(separator: "\n"))
        XCTAssertFalse(
            lines.dropFirst().contains { $0.contains("│") || $0.contains("╭") }, lines.joined(separator: "\n"))
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("navsh> sta") }, "the prompt vanished:\n" + lines.joined(separator: "\n"))
        try pane.resize(columns: 120, rows: 40)
        usleep(600_000)
        lines = try pane.lines()
        XCTAssertTrue(lines[0].hasPrefix("╭"), lines.joined(separator: "\n"))
        XCTAssertFalse(
            lines.dropFirst(15).contains { $0.contains("│") || $0.contains("╭") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("navsh> sta") }, lines.joined(separator: "\n"))
        try pane.send("ck")
        try pane.keys(["Enter"])
        try pane.waitFor("^Home Detail$", regex: true)
    }

    // Point 4: nothing is written while the picture does not change (it was repainted every second).
    func testIdlePictureIsNotRepainted() throws {
        var env = environment(history: historyPath)
        env["TERM"] = "xterm"
        let s = try PTYSession(executable: try NavshBinary.require(), arguments: ["--no-init"], environment: env)
        s.send("show live\r")
        s.send("push Home\r")
        try s.expect("stack: Home")
        s.drain(for: 0.5)
        let before = s.transcript.utf8.count
        s.drain(for: 2.5)
        let idle = String(decoding: Array(s.transcript.utf8.dropFirst(before)), as: UTF8.self)
        XCTAssertFalse(idle.contains("\u{1B}[1;1H"), "repainted while idle: \(idle.debugDescription)")
        XCTAssertTrue(s.transcript.contains("\u{1B}[?2026h\u{1B}[?25l"), "no synchronised frame with the cursor hidden")
        s.send("quit\r")
        XCTAssertEqual(try s.waitForExit(), 0)
    }

    // Issue 36 item 9: SIGTERM at a pause of a lesson run with -i ends navsh
    // cleanly: status 143, the live picture's scroll region given back (the
    // default action left the terminal with it).
    func testSigtermAtAPauseRestoresTheTerminal() throws {
        var env = environment(history: historyPath)
        env["TERM"] = "xterm"
        let file = try lesson("show live\npush Home\npause \"look\"\npush Detail\n")
        let s = try PTYSession(
            executable: try NavshBinary.require(), arguments: ["--no-init", "-i", file], environment: env)
        try s.expect("look [Enter]")
        s.drain(for: 0.3)
        let before = s.transcript.utf8.count
        kill(s.pid, SIGTERM)
        XCTAssertEqual(try s.waitForExit(), 143)
        let after = String(decoding: Array(s.transcript.utf8.dropFirst(before)), as: UTF8.self)
        XCTAssertTrue(after.contains("\u{1B}[r"), "the scroll region stayed: \(after.debugDescription)")
    }

    // Issue 36 item 12: under TERM=dumb `show live` sends no cursor or scroll-region sequence.
    func testShowLiveUnderDumbTerminalSendsNoSequences() throws {
        try assertShowLiveSendsNoSequences(environment: environment(history: historyPath))
    }

    // Issue 36 item 12: with no TERM at all `show live` sends none either.
    func testShowLiveWithoutTermSendsNoSequences() throws {
        var env = environment(history: historyPath)
        env["TERM"] = nil
        try assertShowLiveSendsNoSequences(environment: env)
    }

    /// `show live`, a push and `quit` at the prompt: the live view refuses,
    /// and no cursor or scroll-region sequence is sent.
    private func assertShowLiveSendsNoSequences(environment env: [String: String]) throws {
        let s = try PTYSession(executable: try NavshBinary.require(), arguments: ["--no-init"], environment: env)
        s.send("show live\r")
        try s.expect("cannot draw")
        s.send("push Home\r")
        try s.expect("stack: Home")
        s.send("quit\r")
        XCTAssertEqual(try s.waitForExit(), 0)
        XCTAssertFalse(s.transcript.contains("\u{1B}[r") || s.transcript.contains(";1H"), s.transcript.debugDescription)
    }
}

/// A tmux pane on a private server, running a command; what it shows, its cursor, its size.
final class TmuxPane {
    private let tmuxPath: String
    private let server = "navsh-r3-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let folder: URL

    init(folder: URL) throws {
        guard
            let found = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("tmux is not installed") }
        tmuxPath = found
        self.folder = folder
    }

    func close() { _ = try? tmux(["kill-server"]) }

    /// Starts `binary` in a pane; `EXIT status` is printed when it ends.
    func start(binary: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        let env = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let words = arguments.map { " '\($0)'" }.joined()
        try tmux([
            "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            "env -i \(env) TERM=screen '\(binary)'\(words); echo EXIT $?; sleep 30",
        ])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let out = folder.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8))").path
        return try runTmuxClient(tmuxPath, server: server, arguments, out: out)
    }

    func lines() throws -> [String] { try tmux(["capture-pane", "-p"]).components(separatedBy: "\n") }

    /// The pane's text and its scrollback.
    var text: String { (try? tmux(["capture-pane", "-p", "-J", "-S", "-200"])) ?? "" }

    func cursorRow() throws -> Int? {
        Int(try tmux(["display-message", "-p", "#{cursor_y}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func send(_ literal: String) throws { try tmux(["send-keys", "-l", literal]) }

    func keys(_ names: [String]) throws { try tmux(["send-keys"] + names) }

    func type(_ line: String) throws {
        try send(line)
        try keys(["Enter"])
        usleep(150_000)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until a line of the pane (or its scrollback) contains `needle` (or matches it, a regular expression).
    @discardableResult
    func waitFor(_ needle: String, regex: Bool = false, timeout: TimeInterval = 10, orNot: Bool = false) throws
        -> [String]
    {
        let deadline = Date().addingTimeInterval(timeout * PTYSession.patience / 2)
        while Date() < deadline {
            let lines = text.components(separatedBy: "\n")
            let found =
                regex
                ? lines.contains { $0.range(of: needle, options: .regularExpression) != nil }
                : lines.contains { $0.contains(needle) }
            if found { return lines }
            usleep(100_000)
        }
        if orNot { return [] }
        throw PTYError("timed out waiting for \(needle.debugDescription); pane:\n\(text)")
    }
}
