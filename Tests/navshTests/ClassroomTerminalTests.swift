// Pseudo-terminal tests of what a student sees at the navsh prompt in a
// classroom: real-time output arriving while they type, Ctrl-C during a
// real-time `wait`, Tab completion of live screen names, `undo`, colour, and
// `record`. They drive the built binary ($NAVSH_BIN, else
// <package root>/.build/debug/navsh) through PTYSession (TerminalHarness.swift).
//
// Every read has a deadline, so a hang fails the test fast. TERM is dumb and
// INPUTRC is /dev/null, as in PseudoTerminalTests; the progress line navsh
// draws during a foreground wait uses ESC[2K whatever TERM says, so checks
// look at the rendered screen (TerminalScreen) or tolerate that sequence.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class ClassroomTerminalTests: TerminalTestCase {
    static let prompt = "navsh> "
    static let escape = "\u{1B}"

    override var folderPrefix: String { "navsh-classroom" }

    // MARK: Helpers

    private func binary() throws -> String { try NavshBinary.require() }

    /// A clean environment; NO_COLOR=1 unless `noColor` is false.
    private func environment(noColor: Bool = true, term: String = "dumb") -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var env: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": temporaryDirectory.path,
            "TERM": term,
            "INPUTRC": "/dev/null",
            "NAVSH_HISTORY": temporaryDirectory.appendingPathComponent("state/navsh/history").path,
            "XDG_CONFIG_HOME": temporaryDirectory.appendingPathComponent("config").path,
            "XDG_STATE_HOME": temporaryDirectory.appendingPathComponent("state").path,
        ]
        if noColor { env["NO_COLOR"] = "1" }
        if let lang = inherited["LANG"] { env["LANG"] = lang }
        return env
    }

    /// Starts navsh in a pseudo-terminal and runs `body`; on failure, attaches
    /// the raw transcript and the rendered screen.
    private func withSession(
        arguments: [String] = [], noColor: Bool = true, term: String = "dumb",
        columns: UInt16 = 80, _ body: (PTYSession) throws -> Void
    ) throws {
        let session = try PTYSession(
            executable: try binary(), arguments: arguments,
            environment: environment(noColor: noColor, term: term), columns: columns)
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
    private func run(_ s: PTYSession, _ command: String, timeout: TimeInterval = 5) throws -> String {
        s.send(command + "\r")
        try s.expect(command + "\r\n") // the echo of the line
        return try s.expect(Self.prompt, timeout: timeout)
    }

    /// The output with the progress line's erase sequence (ESC[2K) taken out.
    private func withoutProgressErase(_ text: String) -> String {
        text.replacingOccurrences(of: Self.escape + "[2K", with: "")
    }

    // MARK: 1. Output arriving while the user types

    // A background push finishes while `push Mo` is half typed: its events
    // appear above the prompt, and the prompt line still reads `navsh> push Mo`.
    func testBackgroundEventsPrintAbovePartlyTypedLine() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "log full")
            try run(s, "set speed 0.25")
            let home = try run(s, "push Home")
            XCTAssertTrue(home.contains("stack: Home"), home.debugDescription)
            let background = try run(s, "push Detail &") // 350 ms / 0.25 = 1.4 s of wall time
            XCTAssertFalse(
                background.contains("Detail.viewDidAppear"),
                "the background push finished before the prompt came back: \(background.debugDescription)")

            let typed = Date()
            s.send("push Mo")
            try s.expect("push Mo")
            try s.expect("Detail.viewDidAppear(true)", timeout: 5)
            let appeared = Date().timeIntervalSince(typed)
            XCTAssertGreaterThan(
                appeared, 0.9,
                "viewDidAppear came \(appeared)s after typing began; at speed 0.25 the push takes 1.4 s")
            try s.expect("Detail.didMove(toParent: nav)", timeout: 3)
            try s.expect(Self.prompt + "push Mo", timeout: 2) // the redraw after the last event
            s.drain(for: max(0.3, 2 - Date().timeIntervalSince(typed)))

            let lines = s.screen().text
            let promptIndex = try XCTUnwrap(lines.lastIndex(where: { !$0.isEmpty }))
            XCTAssertEqual(lines[promptIndex], "navsh> push Mo", "screen:\n\(s.screen())")
            let eventIndex = try XCTUnwrap(
                lines.lastIndex(where: { $0.contains("Detail.viewDidAppear(true)") }),
                "screen:\n\(s.screen())")
            XCTAssertLessThan(eventIndex, promptIndex, "screen:\n\(s.screen())")
            XCTAssertTrue(lines[eventIndex].hasPrefix("[  350ms] "), "screen:\n\(s.screen())")
            XCTAssertEqual(
                lines.filter { $0.hasPrefix("navsh> push Mo") }.count, 1,
                "a stale copy of the half-typed line is left on screen:\n\(s.screen())")

            s.send("re\r")
            try s.expect("nav.pushViewController(More, animated: true)")
            let rest = try s.expect(Self.prompt, timeout: 5)
            XCTAssertTrue(rest.contains("stack: Home Detail More\r\n"), rest.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 2. Ctrl-C during a real-time wait

    // Ctrl-C stops a foreground `wait` within a second; the push goes on in
    // the background (`jobs` lists it) and finishes later above the prompt.
    func testControlCStopsRealTimeWait() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            try run(s, "log full")
            try run(s, "set speed 0.05")
            try run(s, "push A")
            try run(s, "push B &") // 350 ms / 0.05 = 7 s of wall time
            s.send("wait\r")
            try s.expect("wait\r\n")
            s.drain(for: 0.5)
            XCTAssertFalse(
                s.pendingText.contains(Self.prompt), "wait returned early: \(s.pendingText.debugDescription)")
            XCTAssertFalse(s.pendingText.contains("B.viewDidAppear"), s.pendingText.debugDescription)

            let interrupted = Date()
            s.send("\u{03}")
            try s.expect(" wait stopped; transitions in flight go on in the background", timeout: 1)
            try s.expect(Self.prompt, timeout: 1)
            let stoppedAfter = Date().timeIntervalSince(interrupted)
            XCTAssertLessThan(stoppedAfter, 1.0, "Ctrl-C took \(stoppedAfter)s to stop the wait")

            let jobs = try run(s, "jobs")
            XCTAssertTrue(
                jobs.contains("push B: ") && jobs.contains("ms left"),
                "jobs does not list the push in flight: \(jobs.debugDescription)")

            // Back to normal speed: the rest of the push plays out while the prompt waits.
            try run(s, "set speed 1")
            try s.expect("B.viewDidAppear(true)", timeout: 3)
            try s.expect(Self.prompt, timeout: 2)
            s.drain(for: 0.2)
            let stack = try run(s, "stack")
            XCTAssertTrue(stack.hasPrefix("A B\r\n"), stack.debugDescription)
            let idle = try run(s, "jobs")
            XCTAssertFalse(idle.contains("push B"), idle.debugDescription)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 3. Tab completes live screen names

    func testTabCompletesLiveScreenName() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            XCTAssertTrue(try run(s, "push Settings").contains("stack: Settings\r\n"))
            XCTAssertTrue(try run(s, "push Sound").contains("stack: Settings Sound\r\n"))
            XCTAssertTrue(try run(s, "push Detail").contains("stack: Settings Sound Detail\r\n"))

            s.send("popto Se\t")
            try s.expect("ttings")
            s.drain(for: 0.2)
            XCTAssertEqual(s.screen().lastNonEmptyLine, "navsh> popto Settings", "screen:\n\(s.screen())")
            s.send("\r")
            try s.expect("nav.popToViewController(Settings, animated: true)")
            let popped = try s.expect(Self.prompt, timeout: 5)
            XCTAssertTrue(popped.contains("Sound.deinit"), popped.debugDescription)
            XCTAssertTrue(popped.contains("stack: Settings\r\n"), popped.debugDescription)

            // Sound is gone: Tab no longer offers it.
            s.send("popto So\t")
            try s.expect("So")
            s.drain(for: 0.3)
            XCTAssertEqual(s.screen().lastNonEmptyLine, "navsh> popto So", "screen:\n\(s.screen())")
            s.send("\u{03}")
            try s.expect(Self.prompt)
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 4. undo at the prompt, then Ctrl-D

    func testUndoAtPromptThenControlDExitsZero() throws {
        try withSession { s in
            try s.expect(Self.prompt)
            XCTAssertTrue(try run(s, "push Home").contains("stack: Home\r\n"))
            XCTAssertTrue(try run(s, "push X").contains("stack: Home X\r\n"))
            let undone = try run(s, "undo")
            XCTAssertTrue(undone.contains("undone: push X"), undone.debugDescription)
            XCTAssertTrue(try run(s, "stack").hasPrefix("Home\r\n"))
            // Instance numbering is restored too: the next X is X again, not X#2.
            let again = try run(s, "push X")
            XCTAssertTrue(again.contains("stack: Home X\r\n"), again.debugDescription)
            s.send("\u{04}")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // MARK: 5. Colour

    // --color always colours event lines even with NO_COLOR set.
    func testColorAlwaysColoursEventLines() throws {
        try withSession(arguments: ["--color", "always"], noColor: true) { s in
            try s.expect(Self.prompt)
            let reply = try run(s, "push Home")
            let event = try XCTUnwrap(
                reply.split(separator: "\n").first { $0.contains("nav.pushViewController(Home") },
                reply.debugDescription)
            XCTAssertTrue(event.contains(Self.escape + "["), "no ESC[ in \(event.debugDescription)")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    // The default (auto) on a terminal with NO_COLOR unset colours event lines:
    // the control for the NO_COLOR, TERM=dumb and --color never tests below.
    func testAutoColoursOnTerminalWithoutNoColor() throws {
        try withSession(noColor: false, term: "vt100") { s in
            try s.expect(Self.prompt)
            let reply = try run(s, "push Home")
            let event = try XCTUnwrap(
                reply.split(separator: "\n").first { $0.contains("nav.pushViewController(Home") },
                reply.debugDescription)
            XCTAssertTrue(event.contains(Self.escape + "["), "no ESC[ in \(event.debugDescription)")
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    /// Event lines, a progress line and a diagnostic; then every ESC in the
    /// transcript but the progress line's ESC[2K must be absent.
    private func assertNoColour(arguments: [String], noColor: Bool, term: String = "dumb") throws {
        try withSession(arguments: arguments, noColor: noColor, term: term) { s in
            try s.expect(Self.prompt)
            try run(s, "log full")
            let home = try run(s, "push Home")
            XCTAssertTrue(home.contains("Home.viewDidAppear(false)"), home.debugDescription)
            let pushed = try run(s, "push B") // animated: draws the progress line
            XCTAssertTrue(pushed.contains("B.viewDidAppear(true)"), pushed.debugDescription)
            try run(s, "pusj C")
            try run(s, "expect top C")
            s.send("quit\r")
            _ = try s.waitForExit()
            let text = withoutProgressErase(s.transcript)
            XCTAssertTrue(text.contains("error: unknown command 'pusj'"), text.debugDescription)
            XCTAssertFalse(text.contains(Self.escape), "colour in \(text.debugDescription)")
        }
    }

    func testNoColorEnvironmentMeansNoColourOnTerminal() throws {
        try assertNoColour(arguments: [], noColor: true)
    }

    func testColorNeverMeansNoColourOnTerminal() throws {
        try assertNoColour(arguments: ["--color", "never"], noColor: false)
    }

    // A terminal that says it is dumb gets no colour (NO_COLOR unset, --color auto).
    func testDumbTerminalMeansNoColour() throws {
        try assertNoColour(arguments: [], noColor: false, term: "dumb")
    }

    // Piped output never has colour (NO_COLOR unset, default --color auto),
    // nor a progress line, even on the real-time clock.
    func testPipedOutputHasNoColour() throws {
        let script = """
            log full
            set clock real
            push Home
            push B
            wait
            pusj C
            expect top C

            """
        let piped = try runPiped(try binary(), arguments: [], environment: environment(noColor: false), input: script)
        XCTAssertTrue(piped.stdoutText.contains("B.viewDidAppear(true)"), piped.stdoutText.debugDescription)
        XCTAssertTrue(piped.stderrText.contains("unknown command 'pusj'"), piped.stderrText.debugDescription)
        XCTAssertFalse(piped.stdout.contains(0x1B), "ESC on piped stdout: \(piped.stdoutText.debugDescription)")
        XCTAssertFalse(piped.stderr.contains(0x1B), "ESC on piped stderr: \(piped.stderrText.debugDescription)")

        // Each -c is a line of its own (a line with an error runs none of its commands).
        let commandLine = try runPiped(
            try binary(), arguments: ["-c", "push Home; push B", "-c", "pusj"],
            environment: environment(noColor: false))
        XCTAssertTrue(
            commandLine.stdoutText.contains("nav.pushViewController(B, animated: true)"),
            commandLine.stdoutText.debugDescription)
        XCTAssertTrue(
            commandLine.stderrText.contains("unknown command 'pusj'"), commandLine.stderrText.debugDescription)
        XCTAssertFalse(commandLine.stdout.contains(0x1B), commandLine.stdoutText.debugDescription)
        XCTAssertFalse(commandLine.stderr.contains(0x1B), commandLine.stderrText.debugDescription)
    }

    // MARK: 6. record

    // What is typed between `record FILE` and `record off` (a background
    // command and failing commands included) replays as a passing script.
    func testRecordedSessionReplays() throws {
        let file = temporaryDirectory.appendingPathComponent("lesson.nav").path
        // Wide enough that `record <long temporary path>` is not horizontally
        // scrolled by readline on the dumb terminal.
        try withSession(columns: 250) { s in
            try s.expect(Self.prompt)
            try run(s, "record \(file)")
            XCTAssertTrue(try run(s, "push Home").contains("stack: Home\r\n"))
            try run(s, "push Detail &")
            XCTAssertTrue(try run(s, "pusj X").contains("error: unknown command 'pusj'"))
            XCTAssertTrue(try run(s, "popto Nowhere").contains("error: "))
            try run(s, "wait")
            XCTAssertTrue(try run(s, "pop").contains("stack: Home\r\n"))
            try run(s, "record off")
            XCTAssertTrue(try run(s, "push After").contains("stack: Home After\r\n"))
            s.send("quit\r")
            _ = try s.waitForExit() // 1: commands failed in this session
        }

        let content = try String(contentsOfFile: file, encoding: .utf8)
        let lines = content.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("push Home"), content)
        XCTAssertTrue(lines.contains("push Detail &"), content)
        XCTAssertTrue(lines.contains("popto Nowhere"), content)
        XCTAssertTrue(lines.contains("pop"), content)
        XCTAssertFalse(content.contains("After"), "recorded after `record off`: \(content)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("record") }, content)

        let replay = try runPiped(try binary(), arguments: [file], environment: environment())
        XCTAssertEqual(replay.status, 0, "replay of\n\(content)\n\(replay.stdoutText)\(replay.stderrText)")
        XCTAssertTrue(replay.stdoutText.contains("nav.popViewController(animated: true)"), replay.stdoutText)

        let test = try runPiped(try binary(), arguments: ["test", file], environment: environment())
        XCTAssertEqual(test.status, 0, "navsh test of\n\(content)\n\(test.stdoutText)\(test.stderrText)")
        XCTAssertTrue(test.stdoutText.contains("1 passed, 0 failed"), test.stdoutText)

        // Control: without the `expect error` lines the recording writes after
        // failing commands, the same script fails `navsh test`.
        let bare = temporaryDirectory.appendingPathComponent("bare.nav")
        try lines.filter { $0 != "expect error" }.joined(separator: "\n").appending("\n")
            .write(to: bare, atomically: true, encoding: .utf8)
        let control = try runPiped(try binary(), arguments: ["test", bare.path], environment: environment())
        XCTAssertEqual(
            control.status, 1,
            "navsh test of the recording without `expect error`:\n"
                + "\(control.stdoutText)\(control.stderrText)")
        XCTAssertTrue(control.stdoutText.contains("0 passed, 1 failed"), control.stdoutText)
    }
}
