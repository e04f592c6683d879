// End-to-end tests: run the built navsh binary as a user would from a shell
// (files, pipes, options, exit statuses) and check stdout, stderr and the exit
// status exactly. The binary is $NAVSH_BIN, else <package root>/.build/debug/navsh.
//
// Every run has a deadline: a process still running after it is killed and the
// test fails, so a hang never blocks the run.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Harness

/// What one run of navsh produced.
struct E2ERun: CustomStringConvertible {
    var status: Int32
    var exited: Bool
    var timedOut: Bool
    var stdoutData: Data
    var stderrData: Data

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    var description: String {
        "status \(status)\(exited ? "" : " (signal)")\(timedOut ? " (timed out)" : "")\n"
            + "stdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
    }
}

struct E2EError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum E2E {
    /// A guard against hangs, not a measure of speed: generous, so a loaded machine
    /// (tests run in parallel beside other builds) does not fail a correct run.
    static let timeout: TimeInterval = 60

    /// The package root, from this file's path: <root>/Tests/navshTests/EndToEndTests.swift.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var binary: String {
        if let env = ProcessInfo.processInfo.environment["NAVSH_BIN"], !env.isEmpty { return env }
        return packageRoot.appendingPathComponent(".build/debug/navsh").path
    }

    /// A fresh temporary folder (resolved through symlinks, so paths navsh prints match).
    static func tempDir() throws -> URL {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("navsh-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base.resolvingSymlinksInPath()
    }

    @discardableResult
    static func write(_ text: String, to name: String, in dir: URL) throws -> URL {
        try write(Data(text.utf8), to: name, in: dir)
    }

    @discardableResult
    static func write(_ data: Data, to name: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    /// Runs navsh (or `executable`) with `arguments`, feeding `stdin` (nil: /dev/null),
    /// in `directory`, and waits at most `timeout` seconds.
    static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
        environment: [String: String]? = nil, executable: String? = nil,
        timeout: TimeInterval = E2E.timeout
    ) throws -> E2ERun {
        let exe = executable ?? binary
        guard FileManager.default.isExecutableFile(atPath: exe) else {
            throw E2EError("navsh binary not found at \(exe): run `swift build` first or set NAVSH_BIN")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = environment ?? ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input: Pipe?
        if stdin != nil {
            input = Pipe()
            process.standardInput = input
        } else {
            input = nil
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()

        // Stdin is fed and the output read here, on this thread (E2EPump.swift):
        // on DispatchQueue.global() the writer waited behind busy tests.
        let deadline = Date().addingTimeInterval(timeout)
        var pump = E2EPump(
            output: out.fileHandleForReading.fileDescriptor, errors: err.fileHandleForReading.fileDescriptor,
            input: input?.fileHandleForWriting.fileDescriptor, feeding: stdin ?? Data(),
            closeInput: { try? input?.fileHandleForWriting.close() })
        pump.run(until: deadline)
        var timedOut = false
        if done.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 5)
        }
        // Whatever is left after the child ended (or was killed), briefly.
        pump.run(until: Date().addingTimeInterval(5))
        pump.closeAll()
        return E2ERun(
            status: process.terminationStatus,
            exited: process.terminationReason == .exit,
            timedOut: timedOut,
            stdoutData: pump.stdout, stderrData: pump.stderr)
    }

    static func run(_ arguments: [String], stdin text: String, in directory: URL? = nil) throws -> E2ERun {
        try run(arguments, stdin: Data(text.utf8), in: directory)
    }

    static func lines(_ text: String) -> [String] {
        var result = text.components(separatedBy: "\n")
        if result.last == "" { result.removeLast() }
        return result
    }
}

/// Asserts the run finished by itself (no hang, no crash).
func expectClean(_ run: E2ERun, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!run.timedOut, "navsh did not finish in time: \(run)", sourceLocation: sourceLocation)
    #expect(run.exited, "navsh was killed by a signal: \(run)", sourceLocation: sourceLocation)
}

// MARK: - Tests

@Suite("EndToEnd")
struct EndToEndTests {
    let pushAB = """
        [    0ms] nav.pushViewController(A, animated: true)
        [    0ms] nav.pushViewController(B, animated: true)

        """

    // MARK: Running scripts

    @Test func scriptFileRuns() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B\nstack\n", to: "a.nav", in: dir)
        let run = try E2E.run(["a.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == pushAB + "A B\n")
        #expect(run.stderr == "")
    }

    @Test func severalFilesShareOneSession() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B\n", to: "one.nav", in: dir)
        try E2E.write("pop\nstack\nexpect stack A\nexpect released B\n", to: "two.nav", in: dir)
        let run = try E2E.run(["one.nav", "two.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(
            run.stdout == pushAB + """
                [  350ms] nav.popViewController(animated: true)
                [  700ms] B.deinit
                A

                """)
        #expect(run.stderr == "")
    }

    @Test(
        "stdin is read when it is not a terminal, with no prompt and no echo",
        arguments: [[], ["-"]])
    func stdinPipe(arguments: [String]) throws {
        let run = try E2E.run(arguments, stdin: "push A\npush B\nstack\n")
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == pushAB + "A B\n")
        #expect(run.stderr == "")
    }

    @Test func stdinBetweenFilesInOrder() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "first.nav", in: dir)
        try E2E.write("stack\n", to: "last.nav", in: dir)
        let run = try E2E.run(["first.nav", "-", "last.nav"], stdin: "push S\n", in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                [    0ms] nav.pushViewController(A, animated: true)
                [    0ms] nav.pushViewController(S, animated: true)
                A S

                """)
        #expect(run.stderr == "")
    }

    @Test func stdinScriptDoesNotTouchHistory() throws {
        let dir = try E2E.tempDir()
        let history = dir.appendingPathComponent("history")
        var env = ProcessInfo.processInfo.environment
        env["NAVSH_HISTORY"] = history.path
        env["XDG_STATE_HOME"] = dir.appendingPathComponent("state").path
        let run = try E2E.run([], stdin: Data("push A\n".utf8), environment: env)
        expectClean(run)
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: history.path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("state").path))
    }

    @Test func repeatedDashC() throws {
        let run = try E2E.run(["-c", "push A", "-c", "push B; stack"])
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == pushAB + "A B\n")
        #expect(run.stderr == "")
    }

    @Test func dashCLinesAreNumberedByOccurrence() throws {
        let run = try E2E.run(["-c", "push A", "-c", "stack", "-c", "  pusj B"])
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(run.stderr == "<command line>:3:3: error: unknown command 'pusj' (did you mean 'push'?)\n")
    }

    @Test func doubleDashEndsOptions() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Dash\n", to: "-x.nav", in: dir)
        let run = try E2E.run(["--", "-x.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "[    0ms] nav.pushViewController(Dash, animated: true)\n")
        #expect(run.stderr == "")

        let withoutDashes = try E2E.run(["-x.nav"], in: dir)
        expectClean(withoutDashes)
        #expect(withoutDashes.status == 2)
        #expect(withoutDashes.stdout == "")
        #expect(withoutDashes.stderr == "navsh: unknown option '-x.nav'\nTry 'navsh --help'.\n")

        // After `--`, an option name is a file name.
        let optionAsFile = try E2E.run(["--", "--json"], in: dir)
        expectClean(optionAsFile)
        #expect(optionAsFile.status == 2)
        #expect(optionAsFile.stdout == "")
        #expect(optionAsFile.stderr == "navsh: cannot read '--json': No such file or directory\n")
    }

    @Test func shebangLineIsAComment() throws {
        let dir = try E2E.tempDir()
        let script = try E2E.write("#!/usr/bin/env navsh\npush A\nstack\n", to: "run.nav", in: dir)
        let viaArgument = try E2E.run([script.path])
        expectClean(viaArgument)
        #expect(viaArgument.status == 0)
        #expect(viaArgument.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(viaArgument.stderr == "")

        // Executed directly, with navsh found on PATH by /usr/bin/env.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/env") else { return }
        chmod(script.path, 0o755)
        var env = ProcessInfo.processInfo.environment
        let binDir = URL(fileURLWithPath: E2E.binary).deletingLastPathComponent().path
        env["PATH"] = binDir + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let direct = try E2E.run([], environment: env, executable: script.path)
        expectClean(direct)
        #expect(direct.status == 0)
        #expect(direct.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(direct.stderr == "")
    }

    @Test func backslashContinuesTheLine() throws {
        let dir = try E2E.tempDir()
        try E2E.write("setstack A \\\n  B \\\n  C\nstack\npusj\n", to: "cont.nav", in: dir)
        let run = try E2E.run(["cont.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.setViewControllers([A, B, C], animated: true)\nA B C\n")
        // The error after the joined lines keeps its own physical line number.
        #expect(run.stderr == "cont.nav:5:1: error: unknown command 'pusj' (did you mean 'push'?)\n")
    }

    @Test func quitEndsTheSession() throws {
        let run = try E2E.run(["-c", "push A", "-c", "quit", "-c", "push B"])
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(run.stderr == "")

        let piped = try E2E.run([], stdin: "push A\nexit\npush B\n")
        expectClean(piped)
        #expect(piped.status == 0)
        #expect(piped.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(piped.stderr == "")
    }

    /// The harness itself: a process that hangs is killed at the deadline.
    @Test func harnessKillsAHangingProcess() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/sleep") else { return }
        let started = Date()
        let run = try E2E.run(["30"], executable: "/bin/sleep", timeout: 1)
        #expect(run.timedOut)
        #expect(!run.exited)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    // MARK: Exit statuses

    struct StatusCase: Sendable, CustomStringConvertible {
        var name: String
        var script: String
        var status: Int32
        var stderr: String
        var description: String { name }
    }

    static let statusCases: [StatusCase] = [
        StatusCase(name: "all well", script: "push A\nexpect stack A\n", status: 0, stderr: ""),
        StatusCase(
            name: "UIKit refusing quietly is no failure", script: "push A\npop\nexpect stack A\n",
            status: 0, stderr: ""),
        StatusCase(
            name: "failed expectation", script: "push A\nexpect stack X\n", status: 1,
            stderr: "s.nav:2: expectation failed: expect stack X (the stack is A)\n"),
        StatusCase(
            name: "failed command", script: "push A\npusj B\n", status: 1,
            stderr: "s.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)\n"),
        StatusCase(
            name: "failed command then expect error", script: "push A\npusj B\nexpect error\n",
            status: 0, stderr: ""),
        StatusCase(
            name: "expect error after a command that succeeded", script: "push A\npop\nexpect error\n",
            status: 1, stderr: "s.nav:3: expectation failed: expect error (the command succeeded)\n"),
        StatusCase(
            name: "UIKit exception", script: "push A\npush B\npush A#1\n", status: 1,
            stderr: "s.nav:3:1: error: UIKit raised NSInvalidArgumentException: "
                + "Pushing the same view controller instance more than once is not supported (A)\n"),
        StatusCase(
            name: "UIKit exception then expect error", script: "push A\npush B\npush A#1\nexpect error\n",
            status: 0, stderr: ""),
        StatusCase(
            name: "session carries on after a failure",
            script: "expect depth 1\npush A\nexpect depth 2\n", status: 1,
            stderr: "s.nav:1: expectation failed: expect depth 1 (the depth is 0)\n"
                + "s.nav:3: expectation failed: expect depth 2 (the depth is 1)\n"),
    ]

    @Test(arguments: statusCases)
    func exitStatus(_ c: StatusCase) throws {
        let dir = try E2E.tempDir()
        try E2E.write(c.script, to: "s.nav", in: dir)
        let run = try E2E.run(["s.nav"], in: dir)
        expectClean(run)
        #expect(run.status == c.status)
        #expect(run.stderr == c.stderr)
        #expect(!run.stdout.contains("error"))
        #expect(!run.stdout.contains("expectation failed"))
    }

    struct UsageCase: Sendable, CustomStringConvertible {
        var arguments: [String]
        var stderr: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(
            arguments: ["--jsn"],
            stderr: "navsh: unknown option '--jsn' (did you mean '--json'?)\nTry 'navsh --help'.\n"),
        UsageCase(
            arguments: ["--bial", "x.nav"],
            stderr: "navsh: unknown option '--bial' (did you mean '--bail'?)\nTry 'navsh --help'.\n"),
        UsageCase(
            arguments: ["--qiet"],
            stderr: "navsh: unknown option '--qiet' (did you mean '--quiet'?)\nTry 'navsh --help'.\n"),
        UsageCase(arguments: ["missing.nav"], stderr: "navsh: cannot read 'missing.nav': No such file or directory\n"),
        UsageCase(
            arguments: ["-c", "push A", "missing.nav"],
            stderr: "navsh: cannot read 'missing.nav': No such file or directory\n"),
        UsageCase(
            arguments: ["test", "missing.nav"], stderr: "navsh: cannot read 'missing.nav': No such file or directory\n"),
        // One number rule for `--speed X` and `set speed X`: no hexadecimal, exponent or sign.
        UsageCase(
            arguments: ["--speed", "0x1p3", "-c", "clock"],
            stderr: "navsh: invalid speed '0x1p3' (a number from 0.01 to 100)\nTry 'navsh --help'.\n"),
        UsageCase(
            arguments: ["--speed=1e2", "-c", "clock"],
            stderr: "navsh: invalid speed '1e2' (a number from 0.01 to 100)\nTry 'navsh --help'.\n"),
        UsageCase(
            arguments: ["--speed", "+5", "-c", "clock"],
            stderr: "navsh: invalid speed '+5' (a number from 0.01 to 100)\nTry 'navsh --help'.\n"),
        // `navsh test` runs files: a -c it would ignore is a usage error.
        UsageCase(
            arguments: ["test", "-c", "pusj", "missing.nav"],
            stderr: "navsh: option '-c' does not apply to 'navsh test'\nTry 'navsh --help'.\n"),
        UsageCase(
            arguments: ["compare", "-i", "x.nav"],
            stderr: "navsh: option '-i' does not apply to 'navsh compare'\nTry 'navsh --help'.\n"),
        // `--preemption` chooses what `navsh compare` compares (behaviour.md 5b).
        UsageCase(
            arguments: ["--preemption", "-c", "clock"],
            stderr:
                "navsh: option '--preemption' applies only to 'navsh compare' (in a script: set preemption on)\nTry 'navsh --help'.\n"
        ),
    ]

    /// `navsh compare --preemption`: iOS 26 without and with pre-emption (behaviour.md 5b).
    @Test func compareWithPreemptionPutsTheTwoIOS26BehavioursSideBySide() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B &\npush C\n", to: "p.nav", in: dir)
        let run = try E2E.run(["compare", "--unified", "--preemption", "p.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                --- ios26
                +++ preemption
                 [    0ms] nav.pushViewController(A, animated: true)
                 [    0ms] nav.pushViewController(B, animated: true)
                 [    0ms] nav.pushViewController(C, animated: true)
                -[    0ms] note: deferred until the running transition ends
                +[    0ms] note: iOS 26 pre-empted the running push of B: it completes now
                1 line differ

                """)
    }

    @Test func aByteOrderMarkOpeningAFileIsSkipped() throws {
        let dir = try E2E.tempDir()
        try E2E.write("\u{FEFF}push A\npusj B\n", to: "bom.nav", in: dir)
        let run = try E2E.run(["bom.nav"], in: dir)
        expectClean(run)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(run.stderr == "bom.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)\n")
    }

    @Test func bidirectionalOverridesInADiagnosticAreEscaped() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push \u{202E}A\n", to: "rlo.nav", in: dir)
        let run = try E2E.run(["rlo.nav"], in: dir)
        expectClean(run)
        #expect(run.stderr == "rlo.nav:1:6: error: '\\u{202E}A' is not a valid screen reference (NAME or NAME#N)\n")
    }

    @Test(arguments: usageCases)
    func usageErrorsExitTwo(_ c: UsageCase) throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(c.arguments, in: dir)
        expectClean(run)
        #expect(run.status == 2)
        #expect(run.stderr == c.stderr)
        #expect(run.stdout == "")
    }

    @Test func unreadableFileExitsTwo() throws {
        guard getuid() != 0 else { return } // root reads everything
        let dir = try E2E.tempDir()
        let file = try E2E.write("push A\n", to: "locked.nav", in: dir)
        chmod(file.path, 0)
        let run = try E2E.run(["locked.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 2)
        #expect(run.stderr == "navsh: cannot read 'locked.nav': Permission denied\n")
    }

    // MARK: Diagnostics

    struct DiagnosticCase: Sendable, CustomStringConvertible {
        var line: String
        var diagnostic: String
        var description: String { line }
    }

    static let diagnosticCases: [DiagnosticCase] = [
        DiagnosticCase(line: "pusj A", diagnostic: "d.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)"),
        DiagnosticCase(
            line: "   pusj A", diagnostic: "d.nav:2:4: error: unknown command 'pusj' (did you mean 'push'?)"),
        DiagnosticCase(
            line: "push \"A", diagnostic: "d.nav:2:6: error: unterminated quote (a '\"' opened here is never closed)"),
        DiagnosticCase(
            line: "drag 150%",
            diagnostic: "d.nav:2:6: error: invalid percentage '150%' (a whole number from 0% to 100%)"),
        DiagnosticCase(
            line: "wait -3s", diagnostic: "d.nav:2:6: error: invalid duration '-3s': durations are never negative"),
        DiagnosticCase(
            line: "push 9A", diagnostic: "d.nav:2:6: error: '9A' is not a valid screen reference (NAME or NAME#N)"),
        DiagnosticCase(line: "push B; pop; frob", diagnostic: "d.nav:2:14: error: unknown command 'frob'"),
    ]

    @Test(arguments: diagnosticCases)
    func diagnosticsGoToStderrWithLocation(_ c: DiagnosticCase) throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n\(c.line)\nstack\n", to: "d.nav", in: dir)
        let run = try E2E.run(["d.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stderr == c.diagnostic + "\n")
        // A line with an error changes nothing, and the script goes on.
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
    }

    // MARK: Output options

    @Test func jsonPrintsOnlyJSONObjects() throws {
        let run = try E2E.run([
            "--json", "-c", "push A; push B; pop", "-c", "stack; clock; show; jobs; alive",
            "-c", "expect stack Z", "-c", "pusj",
        ])
        expectClean(run)
        #expect(run.status == 1)
        #expect(
            run.stderr == "<command line>:3: expectation failed: expect stack Z (the stack is A)\n"
                + "<command line>:4:1: error: unknown command 'pusj' (did you mean 'push'?)\n")
        var objects: [[String: Any]] = []
        for line in E2E.lines(run.stdout) {
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            let object = parsed as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            if let object { objects.append(object) }
        }
        // Command output (stack, show, ...) comes as objects of category "output", with the same fields.
        #expect(
            objects.allSatisfy {
                $0["t_ms"] is Int && $0["seq"] is Int && $0["category"] is String && $0["text"] is String
            })
        // Diagnostics come as objects too, in order, located, with their text as on stderr.
        let diagnostics = objects.filter { ["error", "expectation"].contains($0["category"] as? String) }
        #expect(
            diagnostics.map {
                "\($0["category"] ?? "") \($0["line"] ?? "") \($0["column"] ?? "") \($0["message"] ?? "") \($0["suggestion"] ?? "")"
            } == [
                "expectation 3 1 expect stack Z (the stack is A) <null>",
                "error 4 1 unknown command 'pusj' push",
            ])
        #expect(diagnostics.map { ($0["text"] as? String ?? "") + "\n" }.joined() == run.stderr)
        let events = objects.filter { !["output", "error", "expectation"].contains($0["category"] as? String) }
        let summary = events.map { e -> String in
            "\(e["t_ms"] as? Int ?? -1) \(e["category"] as? String ?? "?") \(e["text"] as? String ?? "?")"
        }
        #expect(
            summary == [
                "0 call nav.pushViewController(A, animated: true)",
                "0 call nav.pushViewController(B, animated: true)",
                "350 call nav.popViewController(animated: true)",
                "700 memory B.deinit",
            ])
        let seqs = events.compactMap { $0["seq"] as? Int }
        #expect(seqs.count == events.count)
        #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "seq must increase: \(seqs)")
        #expect(!run.stdout.contains("[    0ms]"))
    }

    @Test func jsonCategoriesWithLogFull() throws {
        let run = try E2E.run(["--json", "-c", "log full", "-c", "push A"])
        expectClean(run)
        #expect(run.status == 0)
        let objects = E2E.lines(run.stdout).compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(objects.count == E2E.lines(run.stdout).count)
        let summary = objects.map {
            "\($0["t_ms"] as? Int ?? -1) \($0["seq"] as? Int ?? -1) \($0["category"] as? String ?? "?") \($0["text"] as? String ?? "?")"
        }
        #expect(
            summary == [
                "0 1 call nav.pushViewController(A, animated: true)",
                "0 2 lifecycle A.willMove(toParent: nav)",
                "0 3 lifecycle A.viewDidLoad()",
                "0 4 lifecycle A.viewWillAppear(false)",
                "0 5 lifecycle A.viewDidAppear(false)",
                "0 6 lifecycle A.didMove(toParent: nav)",
            ])
    }

    @Test func quietPrintsOnlyDiagnosticsAndExpectationResults() throws {
        let run = try E2E.run(["--quiet", "-c", "push A; push B; stack; clock", "-c", "expect stack A", "-c", "pusj"])
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "<command line>:2: expectation failed: expect stack A (the stack is A B)\n"
                + "<command line>:3:1: error: unknown command 'pusj' (did you mean 'push'?)\n")
    }

    @Test func quietSeesEveryEventForExpectations() throws {
        let run = try E2E.run(["--quiet", "-c", "push A; push B", "-c", "expect log \"pushViewController(B\""])
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
    }

    @Test func echoPrintsEachCommandBeforeItsEvents() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B\nstack\n", to: "e.nav", in: dir)
        let run = try E2E.run(["--echo", "e.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                > push A
                [    0ms] nav.pushViewController(A, animated: true)
                > push B
                [    0ms] nav.pushViewController(B, animated: true)
                > stack
                A B

                """)
        #expect(run.stderr == "")
    }

    @Test func bailStopsAtTheFirstFailedExpectation() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\nexpect stack X\npush B\nexpect stack Y\n", to: "b.nav", in: dir)
        try E2E.write("push C\n", to: "after.nav", in: dir)
        let bail = try E2E.run(["--bail", "b.nav", "after.nav"], in: dir)
        expectClean(bail)
        #expect(bail.status == 1)
        #expect(bail.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(bail.stderr == "b.nav:2: expectation failed: expect stack X (the stack is A)\n")

        let noBail = try E2E.run(["b.nav", "after.nav"], in: dir)
        expectClean(noBail)
        #expect(noBail.status == 1)
        #expect(noBail.stdout == pushAB + "[  350ms] nav.pushViewController(C, animated: true)\n")
        #expect(
            noBail.stderr == "b.nav:2: expectation failed: expect stack X (the stack is A)\n"
                + "b.nav:4: expectation failed: expect stack Y (the stack is A B)\n")
    }

    @Test func bailStopsAtTheFirstFailedCommand() throws {
        let run = try E2E.run(["--bail", "-c", "push A", "-c", "pusj", "-c", "push B"])
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(run.stderr == "<command line>:2:1: error: unknown command 'pusj' (did you mean 'push'?)\n")
    }

    @Test func bailLetsAnExpectedErrorPass() throws {
        let dir = try E2E.tempDir()
        try E2E.write("pusj\nexpect error\npush A\n", to: "ok.nav", in: dir)
        let run = try E2E.run(["--bail", "ok.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(run.stderr == "")
    }

    @Test func version() throws {
        let run = try E2E.run(["--version"])
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let lines = E2E.lines(run.stdout)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("navsh ") == true)
    }

    @Test func help() throws {
        let run = try E2E.run(["--help"])
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("usage: navsh"))
        for word in [
            "--json", "--echo", "--bail", "--profile", "--clock", "--speed", "--color", "--quiet",
            "--no-init", "--version", "--help", "-c", "-i", "test", "--",
        ] {
            #expect(run.stdout.contains(word), "--help does not mention \(word)")
        }
    }

    // MARK: navsh test

    @Test func testModeSearchesFoldersRecursively() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\nexpect stack A\n", to: "suite/ok.nav", in: dir)
        try E2E.write("push A\nexpect stack B\n", to: "suite/sub/bad.nav", in: dir)
        try E2E.write("pusj\nexpect error\n", to: "suite/sub/err.nav", in: dir)
        try E2E.write("push A\nfrob\n", to: "suite/sub/deeper/broken.nav", in: dir)
        try E2E.write("expect stack Nope\n", to: "suite/sub/notes.txt", in: dir)
        let run = try E2E.run(["test", "suite"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                PASS suite/ok.nav
                FAIL suite/sub/bad.nav
                  suite/sub/bad.nav:2: expectation failed: expect stack B (the stack is A)
                FAIL suite/sub/deeper/broken.nav
                  suite/sub/deeper/broken.nav:2:1: error: unknown command 'frob'
                PASS suite/sub/err.nav
                2 passed, 2 failed

                """)
    }

    @Test func testModeAllPassingExitsZero() throws {
        let dir = try E2E.tempDir()
        // Each file runs in a fresh session: the second does not see the first's A.
        try E2E.write("push A\nexpect stack A\n", to: "one.nav", in: dir)
        try E2E.write("push B\nexpect stack B\n", to: "two.nav", in: dir)
        let run = try E2E.run(["test", "one.nav", "two.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "PASS one.nav\nPASS two.nav\n2 passed, 0 failed\n")
        #expect(run.stderr == "")
    }

    @Test func testModeNeedsAPath() throws {
        let run = try E2E.run(["test"])
        expectClean(run)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("navsh: "))
    }

    // MARK: source

    @Test func sourceIsRelativeToTheIncludingScript() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Lib\n", to: "lib/inner.nav", in: dir)
        try E2E.write("source inner.nav\n", to: "lib/outer.nav", in: dir)
        let main = try E2E.write("source lib/outer.nav\nstack\n", to: "main.nav", in: dir)
        // Run from another folder: the paths resolve against the scripts, not the working directory.
        let run = try E2E.run([main.path], in: URL(fileURLWithPath: "/"))
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "[    0ms] nav.pushViewController(Lib, animated: true)\nLib\n")
        #expect(run.stderr == "")
    }

    @Test func sourceCycleIsRefused() throws {
        let dir = try E2E.tempDir()
        let c1 = try E2E.write("push A\nsource c2.nav\n", to: "c1.nav", in: dir)
        let c2 = try E2E.write("source c1.nav\n", to: "c2.nav", in: dir)
        let run = try E2E.run([c1.path], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(
            run.stderr == "\(c2.path):1:1: error: source cycle: 'c1.nav' is already being run "
                + "(\(c1.path) -> \(c2.path) -> \(c1.path))\n")
    }

    @Test func sourcingItselfIsRefused() throws {
        let dir = try E2E.tempDir()
        try E2E.write("source self.nav\n", to: "self.nav", in: dir)
        let run = try E2E.run(["self.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        let selfPath = dir.appendingPathComponent("self.nav").path
        #expect(
            run.stderr
                == "self.nav:1:1: error: source cycle: 'self.nav' is already being run (\(selfPath) -> \(selfPath))\n")
    }

    // MARK: Hostile input

    @Test("a 1 MB line is an error, not a crash", arguments: [false, true])
    func megabyteLine(viaStdin: Bool) throws {
        let dir = try E2E.tempDir()
        let word = String(repeating: "y", count: 1 << 20)
        let script = "push A\n\(word)\nstack\n"
        let run: E2ERun
        let name: String
        if viaStdin {
            run = try E2E.run([], stdin: Data(script.utf8), in: dir)
            name = "<stdin>"
        } else {
            try E2E.write(script, to: "big.nav", in: dir)
            run = try E2E.run(["big.nav"], in: dir)
            name = "big.nav"
        }
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(run.stderr.hasPrefix("\(name):2:1: error: "))
        #expect(E2E.lines(run.stderr).count == 1)
    }

    struct BytesCase: Sendable, CustomStringConvertible {
        var name: String
        var line: [UInt8]
        var diagnostic: String
        var description: String { name }
    }

    static let bytesCases: [BytesCase] = [
        BytesCase(
            name: "invalid UTF-8 in a name", line: Array("push ".utf8) + [0xFF, 0xFE] + Array("B".utf8),
            diagnostic: "x.nav:2:6: error: invalid UTF-8 in input"),
        BytesCase(
            name: "invalid UTF-8 inside a word", line: Array("push B".utf8) + [0xFF] + Array("C".utf8),
            diagnostic: "x.nav:2:7: error: invalid UTF-8 in input"),
        BytesCase(
            name: "a lone continuation byte", line: [0x80],
            diagnostic: "x.nav:2:1: error: invalid UTF-8 in input"),
        BytesCase(
            name: "NUL byte", line: Array("push ".utf8) + [0] + Array("B".utf8),
            diagnostic: "x.nav:2:6: error: NUL byte in input"),
        BytesCase(
            name: "NUL byte after a word", line: Array("push B ".utf8) + [0],
            diagnostic: "x.nav:2:8: error: NUL byte in input"),
    ]

    @Test(arguments: bytesCases)
    func badBytesGiveLocatedErrors(_ c: BytesCase) throws {
        let dir = try E2E.tempDir()
        var bytes = Array("push A\n".utf8)
        bytes += c.line
        bytes += Array("\nstack\n".utf8)
        try E2E.write(Data(bytes), to: "x.nav", in: dir)
        let run = try E2E.run(["x.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(run.stderr == c.diagnostic + "\n")
    }

    @Test func badBytesOnStdin() throws {
        let bytes = Array("push A\n".utf8) + [0xC3, 0x28] + Array("\nstack\n".utf8)
        let run = try E2E.run([], stdin: Data(bytes))
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
        #expect(run.stderr == "<stdin>:2:1: error: invalid UTF-8 in input\n")
    }

    // MARK: SIGPIPE

    /// `navsh script | head -1`: the reader goes away after one line.
    @Test(arguments: [[], ["--json"]])
    func brokenPipeExitsQuietly(options: [String]) throws {
        let dir = try E2E.tempDir()
        var script = "push A\n"
        for _ in 0..<20_000 { script += "push B instant\npop instant\n" }
        try E2E.write(script, to: "long.nav", in: dir)

        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw E2EError("pipe failed") }
        let readFD = fds[0]
        let writeFD = fds[1]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: E2E.binary)
        process.arguments = options + ["long.nav"]
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(fileDescriptor: writeFD, closeOnDealloc: false)
        let err = Pipe()
        process.standardError = err
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        close(writeFD)
        let errReader = E2EReader(err.fileHandleForReading)

        // Read the first line, like `head -1`, then close the pipe.
        var first: [UInt8] = []
        var byte: UInt8 = 0
        while read(readFD, &byte, 1) == 1, byte != 10 { first.append(byte) }
        close(readFD)

        var timedOut = false
        if done.wait(timeout: .now() + E2E.timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 5)
        }
        let errData = errReader.wait(timeout: E2E.timeout)
        #expect(!timedOut)
        #expect(!first.isEmpty)
        #expect(process.terminationReason == .exit, "navsh died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: errData, as: UTF8.self) == "")
    }

    // MARK: record

    @Test func recordWritesAReplayableScript() throws {
        let dir = try E2E.tempDir()
        let record = dir.appendingPathComponent("rec.nav")
        let run = try E2E.run(
            [
                "-c", "record rec.nav", "-c", "push A; push B", "-c", "pop",
                "-c", "record off", "-c", "push C",
            ], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let text = try String(contentsOf: record, encoding: .utf8)
        #expect(!text.contains("push C"), "a command after 'record off' was recorded:\n\(text)")
        #expect(!text.contains("record"), "the record command itself was recorded:\n\(text)")

        let replay = try E2E.run(["rec.nav"], in: dir)
        expectClean(replay)
        #expect(replay.status == 0)
        #expect(replay.stderr == "")
        #expect(
            replay.stdout == pushAB + """
                [  350ms] nav.popViewController(animated: true)
                [  700ms] B.deinit

                """)
    }

    @Test func recordAppends() throws {
        let dir = try E2E.tempDir()
        let record = try E2E.write("push Root\n", to: "rec.nav", in: dir)
        let run = try E2E.run(["-c", "record rec.nav", "-c", "push A"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        let text = try String(contentsOf: record, encoding: .utf8)
        #expect(text.hasPrefix("push Root\n"))
        #expect(text.contains("push A"))

        let replay = try E2E.run(["rec.nav", "-c", "stack"], in: dir)
        expectClean(replay)
        #expect(replay.stdout.hasSuffix("Root A\n"))
    }

    @Test func recordToAnUnwritablePlaceIsAnError() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(["-c", "record no/such/dir/rec.nav", "-c", "push A"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\n")
        #expect(run.stderr.hasPrefix("<command line>:1:1: error: "))
        #expect(run.stderr.contains("no/such/dir/rec.nav"))
    }
}
