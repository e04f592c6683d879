// End-to-end tests of `navsh explore` (explorer.md): the binary on setup
// files, its output, its exit status, and the scripts it writes.

import Foundation
import Testing

@Suite("navsh explore end to end")
struct ExploreEndToEndTests {
    /// Output lines without the summary's timing lines, which vary from run to run.
    func stable(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.hasPrefix("64-bit fingerprints") }
            .map { line in
                guard let range = line.range(of: ", in ") else { return line }
                return String(line[..<range.lowerBound])
            }
    }

    @Test("a swipe on the root with a nil gesture delegate: the text output and exit 1")
    func textOutput() throws {
        let dir = try E2E.tempDir()
        try E2E.write("gesture-delegate none\npush Home\nexplore back swipe\n", to: "setup.nav", in: dir)
        let run = try E2E.run(["explore", "setup.nav", "--jobs", "1"], in: dir)
        #expect(run.status == 1, "\(run)")
        #expect(
            stable(run.stdout) == [
                "explore: setup.nav: 2 actions, depth 8, checks: exceptions responsive bar gates confirmations",
                "violated: responsive after 1 step (the UI froze: an interactive pop began on the root screen with nothing to pop to (gesture delegate is nil); it never ends)",
                "",
                "# counterexample: navsh test fails on it",
                "source setup.nav",
                "set clock virtual",
                "swipe &",
                "expect responsive",
                "",
                "explored 2 distinct states, 2 steps, depth 1 of 8",
                "",
            ])
        #expect(run.stdout.contains("states/s, 1 job)"))
        #expect(run.stderr == "")
    }

    @Test(
        "every counterexample written with --out fails navsh test on its last line only",
        arguments: [
            ("gesture-delegate none\npush Home\nexplore back swipe\n", "expect responsive"),
            ("screen Login gate\npush Home\npush Login\nexplore \"push Detail\" back\n", "expect gates held"),
            (
                "use UISafeNavigationController\nscreen Editor confirm \"Discard?\"\npush List\npush Editor\nexplore back \"tap OK\" \"setstack List\"\n",
                "expect confirmations held"
            ),
            ("push Home\npush A\nexplore pop \"push A#1\"\n", "push A#1 &"),
            ("push Home\ngesture-delegate none\npush List\nexplore \"push Detail\" swipe\n", "expect responsive"),
            ("set profile legacy\npush Home\npush List\nexplore \"push A\" \"push B\"\n", "expect bar intact"),
            ("push Home\ninvariant no log \"deinit\"\nexplore \"push A\" pop\n", "expect no log \"deinit\""),
            ("push Home\ninvariant depth 1\nexplore \"push A\" pop\n", "expect depth 1"),
            ("screen Login gate\npush Home\npush Login &\nexplore pop\n", "expect gates held"),
        ])
    func counterexamplesFail(setup: String, last: String) throws {
        let dir = try E2E.tempDir()
        try E2E.write(setup, to: "setups/setup.nav", in: dir)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let run = try E2E.run(["explore", "setups/setup.nav", "--out", "out/cx.nav"], in: dir)
        #expect(run.status == 1, "\(run)")
        let script = try String(contentsOf: dir.appendingPathComponent("out/cx.nav"), encoding: .utf8)
        let lines = script.split(separator: "\n").map(String.init)
        #expect(lines.first == "source ../setups/setup.nav")
        #expect(lines.last == last)
        #expect(run.stdout.contains("source setups/setup.nav\n"))
        let test = try E2E.run(["test", "out/cx.nav"], in: dir)
        #expect(test.status == 1)
        let diagnostics = test.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(diagnostics.count == 1, "\(test)")
        #expect(diagnostics.first?.hasPrefix("  out/cx.nav:\(lines.count):") == true, "\(test)")
    }

    @Test("no violation within the depth: exit 0 and how many states it saw")
    func noViolation() throws {
        let dir = try E2E.tempDir()
        try E2E.write(
            "use GateNavigationController\npush Welcome\npush Home gate\nexplore back swipe \"push Profile\" pop\n",
            to: "setup.nav", in: dir)
        let run = try E2E.run(["explore", "setup.nav", "--depth", "3"], in: dir)
        #expect(run.status == 0, "\(run)")
        let summary = stable(run.stdout).first { $0.hasPrefix("no violation") }
        #expect(summary?.hasPrefix("no violation within depth 3: ") == true, "\(run)")
        #expect(summary?.contains(" distinct states, ") == true)
        #expect(run.stdout.contains("64-bit fingerprints: probability that a collision hid a state at most "))
    }

    @Test("--jobs 1 and --jobs 2 print the same result")
    func jobsAgree() throws {
        let dir = try E2E.tempDir()
        try E2E.write(
            """
            use UISafeNavigationController
            screen Editor confirm "Discard?"
            push List
            push Editor
            check responsive gates
            explore back swipe "tap OK" "tap Cancel" "push Editor" "drag 30%" "drag 70%" release pop
            """, to: "setup.nav", in: dir)
        let one = try E2E.run(["explore", "setup.nav", "--depth", "4", "--jobs", "1", "--all"], in: dir)
        let two = try E2E.run(["explore", "setup.nav", "--depth", "4", "--jobs", "2", "--all"], in: dir)
        #expect(one.status == two.status)
        #expect(
            stable(one.stdout).filter { !$0.hasPrefix("explore:") }
                == stable(two.stdout).filter { !$0.hasPrefix("explore:") })
        #expect(one.stdout.contains(", 1 job)"))
        #expect(two.stdout.contains(", 2 jobs)"))
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            (["explore"], "navsh: 'navsh explore' needs a setup file (one with explore lines)"),
            (["explore", "setup.nav", "--depth"], "navsh: option '--depth' needs a value"),
            (
                ["explore", "setup.nav", "--jobs", "0"],
                "navsh: invalid value '0' for '--jobs' (a whole number from 1 to 1,024)"
            ),
            (["explore", "setup.nav", "--prefix-depth", "2"], "navsh: '--prefix-depth D' goes with '--shard K/N'"),
            (["explore", "missing.nav"], "navsh: cannot read 'missing.nav': No such file or directory"),
            (["explore", "plain.nav"], "navsh: explore: no 'explore ACTION...' line in plain.nav: nothing to explore"),
            (["explore", "failing.nav"], "failing.nav:2: expectation failed: expect depth 5 (the depth is 1)"),
            (
                ["explore", "bad.nav"],
                "bad.nav:2:9: error: 'explore' takes actions (navigation calls, fingers, modals, notify), not 'undo'"
            ),
        ])
    func usageErrors(arguments: [String], firstLine: String) throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Home\nexplore back\n", to: "setup.nav", in: dir)
        try E2E.write("push Home\n", to: "plain.nav", in: dir)
        try E2E.write("push Home\nexpect depth 5\nexplore back\n", to: "failing.nav", in: dir)
        try E2E.write("push Home\nexplore undo\n", to: "bad.nav", in: dir)
        let run = try E2E.run(arguments, in: dir)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == firstLine, "\(run)")
        #expect(run.stdout == "")
    }

    @Test("--json: a violation object and a summary")
    func json() throws {
        let dir = try E2E.tempDir()
        try E2E.write("gesture-delegate none\npush Home\nexplore swipe\n", to: "setup.nav", in: dir)
        let run = try E2E.run(["explore", "setup.nav", "--json"], in: dir)
        #expect(run.status == 1)
        let objects = run.stdout.split(separator: "\n").filter { !$0.contains("\"type\":\"progress\"") }
        #expect(objects.count == 2)
        #expect(objects.first?.hasPrefix("{\"type\":\"violation\",\"property\":\"responsive\",") == true)
        #expect(
            objects.first?.contains(
                "\"steps\":[\"swipe &\"],\"script\":\"source setup.nav\\nset clock virtual\\nswipe &\\nexpect responsive\\n\""
            ) == true)
        #expect(
            objects.last?.hasPrefix("{\"type\":\"summary\",\"result\":\"violation\",\"states\":2,\"steps\":1,") == true,
            "\(run)")
    }

    @Test("--profile legacy runs the setup under it and starts the script with it")
    func profile() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Home\npush List\nexplore \"push A\" \"push B\"\n", to: "setup.nav", in: dir)
        let modern = try E2E.run(["explore", "setup.nav", "--depth", "3", "--jobs", "1"], in: dir)
        #expect(modern.status == 0, "\(modern)")
        let legacy = try E2E.run(["explore", "setup.nav", "--profile", "legacy", "--out", "cx.nav"], in: dir)
        #expect(legacy.status == 1, "\(legacy)")
        #expect(legacy.stdout.contains("\nset profile legacy\nsource setup.nav\n"))
        let test = try E2E.run(["test", "cx.nav"], in: dir)
        #expect(test.status == 1)
    }
}

@Suite("navsh test expect-fail pragma")
struct ExpectFailPragmaTests {
    @Test("a script marked expect-fail passes only when it fails on its last line and nowhere else")
    func pragma() throws {
        let dir = try E2E.tempDir()
        try E2E.write(
            "# navsh-test: expect-fail\npush A\nexpect depth 2\n\n# trailing comment\n", to: "last.nav", in: dir)
        try E2E.write("# navsh-test: expect-fail\npush A\nexpect depth 1\n", to: "passes.nav", in: dir)
        try E2E.write("# navsh-test: expect-fail\nexpect depth 2\npush A\nexpect depth 2\n", to: "early.nav", in: dir)
        try E2E.write("push A\n# navsh-test: expect-fail\nexpect depth 2\n", to: "late-pragma.nav", in: dir)
        let run = try E2E.run(["test", "last.nav", "passes.nav", "early.nav", "late-pragma.nav"], in: dir)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                PASS last.nav
                FAIL passes.nav
                  passes.nav: expected to fail on line 3 only (# navsh-test: expect-fail)
                FAIL early.nav
                  early.nav:2: expectation failed: expect depth 2 (the depth is 0)
                  early.nav:4: expectation failed: expect depth 2 (the depth is 1)
                  early.nav: expected to fail on line 4 only (# navsh-test: expect-fail)
                FAIL late-pragma.nav
                  late-pragma.nav:3: expectation failed: expect depth 2 (the depth is 1)
                1 passed, 3 failed

                """)
    }
}
