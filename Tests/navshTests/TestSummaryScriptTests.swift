// scripts/test's summary names what failed (scripts/lib/test-summary.sh), so a
// failed CI run shows what broke without its full log. These run the shell
// functions on logs shaped like those of swift test and navsh test.

import Foundation
import Testing

@Suite("scripts/test summary")
struct TestSummaryScriptTests {
    /// Runs `FUNCTION LOG` from scripts/lib/test-summary.sh on `log`; returns its stdout.
    func summarize(_ function: String, _ log: String) throws -> String {
        let dir = try E2E.tempDir()
        let file = try E2E.write(log, to: "part.log", in: dir)
        let library = E2E.packageRoot.appendingPathComponent("scripts/lib/test-summary.sh").path
        let run = try E2E.run(
            ["-c", ". \"$0\" && \(function) \"$1\"", library, file.path],
            executable: "/bin/bash")
        expectClean(run)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        return run.stdout
    }

    @Test func namesFailedSwiftTestingTestsWithTheirPlace() throws {
        let log = """
            ◇ Test run started.
            ◇ Test good() started.
            ✔ Test good() passed after 0.001 seconds.
            ◇ Test brokenPipeExitsQuietly(options:) started.
            ✘ Test brokenPipeExitsQuietly(options:) recorded an issue with 1 argument options → ["--json"] at EndToEndTests.swift:780:9: Expectation failed: (process.terminationStatus → 1) == 0
            ✘ Test brokenPipeExitsQuietly(options:) failed after 0.812 seconds with 1 issue.
            ✘ Test "a 100,000-deep stack: push, pop, popto, poproot" recorded an issue at ScaleTests.swift:31:9: Expectation failed
            ✘ Test "a 100,000-deep stack: push, pop, popto, poproot" failed after 2.000 seconds with 1 issue.
            ✘ Suite EndToEndTests failed after 3.000 seconds with 1 issue.
            ✘ Test run with 211 tests in 30 suites failed after 5.2 seconds with 2 issues.

            """
        #expect(
            try summarize("failing_swift_tests", log) == """
                "a 100,000-deep stack: push, pop, popto, poproot" (ScaleTests.swift:31)
                brokenPipeExitsQuietly(options:) (EndToEndTests.swift:780)

                """)
        #expect(try summarize("count_failing_swift_tests", log) == "2\n")
    }

    @Test func namesFailedXCTestCases() throws {
        let log = """
            Test Case 'PseudoTerminalTests.testPromptPrintsAbove' started at 2026-11-30 20:00:00.000
            /work/Tests/navshTests/PseudoTerminalTests.swift:40: error: PseudoTerminalTests.testPromptPrintsAbove : XCTAssertTrue failed
            Test Case 'PseudoTerminalTests.testPromptPrintsAbove' failed (1.203 seconds)
            Test Case 'PseudoTerminalTests.testOther' passed (0.1 seconds)
            Executed 2 tests, with 1 failure (0 unexpected) in 1.3 (1.3) seconds

            """
        #expect(try summarize("failing_xctests", log) == "XCTest PseudoTerminalTests.testPromptPrintsAbove\n")
    }

    @Test func namesFailedNavFilesWithTheirFirstDiagnostic() throws {
        let log = """
            PASS scripts/a.nav
            FAIL scripts/lessons/gates.nav
              scripts/lessons/gates.nav:12:1: error: expectation failed: top is Login, expected Home
              scripts/lessons/gates.nav:14:1: error: expectation failed: depth is 2, expected 3
            FAIL scripts/stories/b.nav
            PASS scripts/z.nav
            1 passed, 2 failed

            """
        #expect(
            try summarize("failing_nav_files", log) == """
                scripts/lessons/gates.nav -- scripts/lessons/gates.nav:12:1: error: expectation failed: top is Login, expected Home
                scripts/stories/b.nav

                """)
    }
}
