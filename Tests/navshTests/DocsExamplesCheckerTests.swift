// Tests of scripts/docs-examples, the check that keeps the console examples of
// README.md and docs/ true (scripts/test runs it on the real pages). Here it
// runs on small pages of our own, so that a checker that stopped comparing,
// or stopped finding the examples, fails here rather than passing everything.
// The binary is $NAVSH_BIN, else <package root>/.build/debug/navsh.

import Foundation
import Testing

@Suite("Docs examples checker")
struct DocsExamplesCheckerTests {
    struct Result {
        var status: Int32
        var output: String
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs scripts/docs-examples on a page with `text`, stdout and stderr together.
    func check(page text: String) throws -> Result {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("navsh-docs-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("page.md")
        try Data(text.utf8).write(to: page)

        var env = ProcessInfo.processInfo.environment
        if (env["NAVSH_BIN"] ?? "").isEmpty {
            env["NAVSH_BIN"] = Self.packageRoot.appendingPathComponent(".build/debug/navsh").path
        }
        let process = Process()
        process.executableURL = Self.packageRoot.appendingPathComponent("scripts/docs-examples")
        process.arguments = [page.path]
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: data, as: UTF8.self).replacingOccurrences(of: page.path, with: "PAGE"))
    }

    @Test("a true example passes, a drifted one fails with the differing line")
    func driftIsCaught() throws {
        let result = try check(
            page: """
                # A page

                ```console
                $ navsh -c 'push Home'; echo "exit status $?"
                [    0ms] nav.pushViewController(Home, animated: true)
                exit status 0
                ```

                ```console
                $ navsh -c 'push Home; pop'
                [    0ms] nav.pushViewController(Home, animated: true)
                [  350ms] nav.popViewController(animated: true)
                ```

                """)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.lines.first == "PASS PAGE:3", "\(result.output)")
        #expect(result.lines.contains("FAIL PAGE:9"), "\(result.output)")
        #expect(result.lines.contains("    -[  350ms] nav.popViewController(animated: true)"), "\(result.output)")
        #expect(result.lines.contains("    +[    0ms] nav.popViewController(animated: true)"), "\(result.output)")
        #expect(result.lines.suffix(2) == ["1 passed, 1 failed", ""], "\(result.output)")
    }

    @Test("the commands of a block share a copy of docs/examples, and stderr counts")
    func filesAndStderr() throws {
        let result = try check(
            page: """
                ```console
                $ head -n 1 checks/gate.nav > copy.nav; cat copy.nav
                # A gate closes the way back behind the user.
                $ navsh copy.nav -c 'push A'; echo "on stderr" >&2
                [    0ms] nav.pushViewController(A, animated: true)
                on stderr
                ```

                """)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.lines.suffix(2) == ["1 passed, 0 failed", ""], "\(result.output)")
    }

    @Test("a page with no console block, an empty block or an indented one fails")
    func nothingToRunFails() throws {
        let none = try check(page: "# Nothing here\n\n```\n$ navsh -c stack\n```\n")
        #expect(none.status == 1, "\(none.output)")
        #expect(none.lines.suffix(2) == ["0 passed, 1 failed", ""], "\(none.output)")

        let empty = try check(page: "```console\n```\n\n- a list\n\n  ```console\n  $ navsh -c stack\n  ```\n")
        #expect(empty.status == 1, "\(empty.output)")
        #expect(empty.lines.contains("FAIL PAGE:1"), "\(empty.output)")
        #expect(empty.lines.contains("FAIL PAGE:6"), "\(empty.output)")
        #expect(empty.lines.suffix(2) == ["0 passed, 2 failed", ""], "\(empty.output)")
    }
}
