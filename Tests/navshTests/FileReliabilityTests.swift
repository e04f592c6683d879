// Streams and files (issue 14 items 1, 4, 5, 6, 8, 11, 13, 15): closed
// standard descriptors, read errors and over-long lines, recording into a
// script being read, inputs that are not regular files, `navsh test` over
// symlink loops and empty or unreadable folders, exponential `source`, one
// line splitter for CRLF, and `-c` with `navsh test`.
//
// Each test runs the binary with a deadline (E2E.run), so a hang or an
// endless read fails it instead of blocking the run; runs that could grow
// memory without end on a broken build go through prlimit. Nothing depends
// on timing, and every test has its own folder.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileReliability")
struct FileReliabilityTests {
    let pushA = "[    0ms] nav.pushViewController(A, animated: true)\n"
    let pushB = "[    0ms] nav.pushViewController(B, animated: true)\n"

    /// navsh through /bin/sh, for redirections the harness does not make (`<&-`).
    func shell(_ script: String, _ arguments: [String] = [], in dir: URL) throws -> E2ERun {
        try E2E.run(["-c", script, E2E.binary] + arguments, in: dir, executable: "/bin/sh")
    }

    /// navsh with its address space limited to 2 GB, so a build that reads
    /// without bound fails the test instead of exhausting the machine.
    func limited(_ arguments: [String], in dir: URL, timeout: TimeInterval = E2E.timeout) throws -> E2ERun {
        let prlimit = "/usr/bin/prlimit"
        guard FileManager.default.isExecutableFile(atPath: prlimit) else {
            return try E2E.run(arguments, in: dir, timeout: timeout)
        }
        return try E2E.run(
            ["--as=2000000000", "--", E2E.binary] + arguments, in: dir,
            executable: prlimit, timeout: timeout)
    }

    // MARK: 1. Closed standard descriptors

    @Test("stdin closed at start: no crash", arguments: [["$0"], ["$0", "-"], ["$0", "-i", "a.nav"]])
    func closedStdin(_ command: [String]) throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "a.nav", in: dir)
        let run = try shell("exec \(command.map { $0 == "$0" ? "\"$0\"" : $0 }.joined(separator: " ")) <&-", in: dir)
        expectClean(run)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
    }

    @Test("stderr closed at start: diagnostics do not land in a recording")
    func closedStderrKeepsRecordingClean() throws {
        let dir = try E2E.tempDir()
        let run = try shell(#"exec "$0" -c 'record rec.nav' -c 'push A' -c 'pusj' 2>&-"#, in: dir)
        expectClean(run)
        let recording = try String(contentsOf: dir.appendingPathComponent("rec.nav"), encoding: .utf8)
        #expect(!recording.contains("error"), "\(recording.debugDescription)")
        #expect(recording.contains("push A"))
    }

    @Test("stdout closed at start: events do not land in a recording")
    func closedStdoutKeepsRecordingClean() throws {
        let dir = try E2E.tempDir()
        let run = try shell(#"exec "$0" -c 'record rec.nav' -c 'push A' -c 'pusj' >&-"#, in: dir)
        expectClean(run)
        let recording = try String(contentsOf: dir.appendingPathComponent("rec.nav"), encoding: .utf8)
        #expect(!recording.contains("pushViewController"), "\(recording.debugDescription)")
    }

    // MARK: 4. Read errors and over-long lines

    /// A line of `push A` followed by 2 MiB of blanks: valid, but past the limit.
    func longLine() -> String { "push A" + String(repeating: " ", count: 2 << 20) }

    @Test("a line over 1 MiB in a file is a located error; the rest does not run")
    func overlongLineInFile() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push B\n\(longLine())\nstack\n", to: "long.nav", in: dir)
        let run = try limited(["long.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == pushB)
        #expect(run.stderr.hasPrefix("long.nav:2:1: error: line longer than 1048576 bytes"), "\(run)")
    }

    @Test("a line over 1 MiB on stdin is a located error")
    func overlongLineOnStdin() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push B\n\(longLine())\nstack\n", to: "long.txt", in: dir)
        // Redirected by the shell, not fed through a pipe by the harness.
        let run = try shell(#"exec /usr/bin/prlimit --as=2000000000 -- "$0" < long.txt"#, in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == pushB)
        #expect(run.stderr.hasPrefix("<stdin>:2:1: error: line longer than"), "\(run)")
    }

    @Test("a line over 1 MiB fails its file under navsh test")
    func overlongLineFailsTest() throws {
        let dir = try E2E.tempDir()
        try E2E.write("\(longLine())\n", to: "t/long.nav", in: dir)
        let run = try limited(["test", "t"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("FAIL t/long.nav\n  t/long.nav:1:1: error: line longer than"), "\(run)")
    }

    @Test("a line over 1 MiB in a sourced file is a located error")
    func overlongLineInSource() throws {
        let dir = try E2E.tempDir()
        try E2E.write("\(longLine())\npush B\n", to: "long.nav", in: dir)
        let run = try limited(["-c", "source long.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("long.nav:1:1: error: line longer than"), "\(run)")
    }

    @Test("stdin that is a directory: a read error, exit 1")
    func stdinIsADirectory() throws {
        let dir = try E2E.tempDir()
        let run = try shell(#"exec "$0" < ."#, in: dir)
        expectClean(run)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("<stdin>:1:1: error: read error: Is a directory"), "\(run)")
    }

    // MARK: 5. Recording into a script being read

    @Test("record into the running script is refused", arguments: ["file", "stdin", "source"])
    func recordIntoRunningScript(_ how: String) throws {
        let dir = try E2E.tempDir()
        let script = "record main.nav\npush A\n"
        try E2E.write(script, to: "main.nav", in: dir)
        let run: E2ERun
        switch how {
        case "file": run = try E2E.run(["main.nav"], in: dir, timeout: 10)
        case "stdin": run = try shell(#"exec "$0" < main.nav"#, in: dir)
        default: run = try E2E.run(["-c", "source main.nav"], in: dir, timeout: 10)
        }
        expectClean(run)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("error: cannot record to 'main.nav'"), "\(run)")
        #expect(try String(contentsOf: dir.appendingPathComponent("main.nav"), encoding: .utf8) == script)
    }

    // MARK: 6. Inputs that are not regular files

    @Test("source of a device is a located error")
    func sourceDevice() throws {
        let dir = try E2E.tempDir()
        let run = try limited(["-c", "push A; source /dev/zero"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "<command line>:1:9: error: cannot read '/dev/zero': not a regular file (a script is a regular file or stdin)\n",
            "\(run)")
    }

    @Test("a device as a script on the command line is a usage error")
    func deviceOnCommandLine() throws {
        let dir = try E2E.tempDir()
        let run = try limited(["/dev/zero"], in: dir)
        expectClean(run)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("navsh: cannot read '/dev/zero': not a regular file"), "\(run)")
    }

    @Test("stdin from a device stops at the line limit")
    func stdinFromDevice() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(
            ["-c", #"exec /usr/bin/prlimit --as=2000000000 -- "$0" < /dev/zero"#, E2E.binary],
            in: dir, executable: "/bin/sh")
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("<stdin>:1:1: error: line longer than"), "\(run)")
    }

    @Test("a FIFO named *.nav fails under navsh test instead of hanging")
    func fifoUnderTest() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/a.nav", in: dir)
        #expect(mkfifo(dir.appendingPathComponent("t/b.nav").path, 0o644) == 0)
        let run = try E2E.run(["test", "t"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                PASS t/a.nav
                FAIL t/b.nav
                  navsh: cannot read 't/b.nav': not a regular file (a script is a regular file or stdin)
                1 passed, 1 failed

                """, "\(run)")
    }

    // MARK: 8. Work that grows too fast

    @Test("navsh test does not follow folder symlinks")
    func testWalkSkipsFolderLinks() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/a.nav", in: dir)
        try E2E.write("push B\n", to: "outside/b.nav", in: dir)
        for (name, target) in [("x", "."), ("y", "."), ("up", ".."), ("out", "../outside")] {
            #expect(symlink(target, dir.appendingPathComponent("t/\(name)").path) == 0)
        }
        #expect(symlink("a.nav", dir.appendingPathComponent("t/link.nav").path) == 0)
        let run = try E2E.run(["test", "t"], in: dir)
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "PASS t/a.nav\nPASS t/link.nav\n2 passed, 0 failed\n", "\(run)")
    }

    @Test("nested source is bounded: a chain sourcing the next twice stops with a located error")
    func exponentialSource() throws {
        let dir = try E2E.tempDir()
        let depth = 30
        for level in 0..<depth {
            try E2E.write("source f\(level + 1).nav\nsource f\(level + 1).nav\n", to: "f\(level).nav", in: dir)
        }
        try E2E.write("# the end of the chain\n", to: "f\(depth).nav", in: dir)
        let run = try E2E.run(["-c", "source f0.nav", "-c", "push A"], in: dir, timeout: 20)
        expectClean(run)
        #expect(run.status == 1)
        let lines = E2E.lines(run.stderr)
        #expect(lines.count == 1, "\(run)")
        #expect(
            lines.first?.hasSuffix("error: more than 10000 nested 'source' commands for one line; stopped") ?? false,
            "\(run)")
        // The next line runs as usual.
        #expect(run.stdout == pushA)
    }

    // MARK: 11. Folders and exit statuses

    @Test("navsh test on an empty folder fails")
    func testEmptyFolder() throws {
        let dir = try E2E.tempDir()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let run = try E2E.run(["test", "empty"], in: dir)
        expectClean(run)
        #expect(run.status == 1)
        #expect(run.stdout == "FAIL empty\n  navsh: no .nav files in this folder\n0 passed, 1 failed\n", "\(run)")
    }

    @Test("navsh test on a folder it cannot read fails")
    func testUnreadableFolder() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/a.nav", in: dir)
        try E2E.write("push B\n", to: "t/locked/b.nav", in: dir)
        let locked = dir.appendingPathComponent("t/locked").path
        #expect(chmod(locked, 0) == 0)
        defer { chmod(locked, 0o755) }
        let run: E2ERun
        if geteuid() == 0 {
            // Root reads any folder: run as nobody (the folders are world-readable but `locked`).
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else { return }
            chmod(dir.path, 0o755)
            run = try E2E.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", "--", E2E.binary, "test", "t"],
                in: dir, executable: setpriv)
            if run.stderr.contains("setpriv:") || run.stderr.contains("Permission denied") && run.stdout.isEmpty {
                return // the binary is not reachable as nobody here
            }
        } else {
            run = try E2E.run(["test", "t"], in: dir)
        }
        expectClean(run)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout == """
                FAIL t/locked
                  navsh: cannot read folder 't/locked': Permission denied
                PASS t/a.nav
                1 passed, 1 failed

                """, "\(run)")
    }

    @Test("navsh compare on a folder is a usage error")
    func compareFolder() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(["compare", dir.path], in: dir)
        expectClean(run)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("navsh: cannot read '\(dir.path)': Is a directory"), "\(run)")
    }

    // MARK: 13. One line splitter

    @Test("source of a CRLF file runs line by line, like the file run directly")
    func sourceCRLF() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\r\npush B\r\nstack\r\n", to: "crlf.nav", in: dir)
        let direct = try E2E.run(["crlf.nav"], in: dir)
        let sourced = try E2E.run(["-c", "source crlf.nav"], in: dir)
        expectClean(direct)
        expectClean(sourced)
        #expect(direct.status == 0 && sourced.status == 0, "\(direct)\n\(sourced)")
        #expect(direct.stdout == pushA + pushB + "A B\n")
        #expect(sourced.stdout == direct.stdout)
        #expect(sourced.stderr == "")
    }

    // MARK: 15. -c with navsh test

    @Test(
        "navsh test -c is a usage error",
        arguments: [
            ["test", "-c", "push A", "t"], ["test", "t", "-i", "a.nav"],
            ["compare", "-c", "push A"],
        ])
    func testWithDashC(_ arguments: [String]) throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/a.nav", in: dir)
        let run = try E2E.run(arguments, in: dir)
        expectClean(run)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("navsh: option '"), "\(run)")
    }
}
