// Write errors are reported and fail the run (issue 14, items 9 and 10): a
// full disk or a closed stdout is said on stderr as coreutils says it, with a
// non-zero exit status; a reader that goes away (EPIPE) is not an error, but
// the exit status stays the one navsh would have had.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Write errors")
struct WriteErrorTests {
    /// Runs navsh through /bin/sh so stdout can be redirected (`> /dev/full`, `>&-`).
    func shell(_ command: String, in dir: URL) throws -> E2ERun {
        try E2E.run(["-c", command, E2E.binary], in: dir, executable: "/bin/sh")
    }

    static let fullDisk = "navsh: write error: No space left on device\n"

    @Test(arguments: [
        "\"$0\" script.nav > /dev/full",
        "\"$0\" -c 'push A' > /dev/full",
        "\"$0\" --json script.nav > /dev/full",
        "\"$0\" test script.nav > /dev/full",
        "\"$0\" compare script.nav > /dev/full",
        "\"$0\" --help > /dev/full",
        "\"$0\" --version > /dev/full",
    ])
    func aFullDiskIsAnError(command: String) throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\npush B\n", to: "script.nav", in: dir)
        let run = try shell(command, in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr == Self.fullDisk)
    }

    /// (With fd 1 closed, the script navsh opens gets it, read-only: writes fail with EBADF.
    /// Were fd 1 reopened on /dev/null for writing, this output would be lost without a word.)
    @Test func aClosedStdoutIsAnError() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "script.nav", in: dir)
        let run = try shell("\"$0\" script.nav >&-", in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr == "navsh: write error: Bad file descriptor\n")
    }

    @Test func aFailureKeepsItsStatusOnAFullDisk() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\nexpect top B\n", to: "script.nav", in: dir)
        let run = try shell("\"$0\" script.nav > /dev/full", in: dir)
        expectClean(run)
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix(Self.fullDisk), "\(run)")
        #expect(run.stderr.contains("script.nav:2: expectation failed"))
    }

    /// A device is not a file navsh records into (issue 36: no file but a regular one is written).
    @Test func recordingToADeviceIsRefused() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(["-c", "record /dev/full", "-c", "push A", "-c", "push B"], in: dir)
        expectClean(run)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr == "<command line>:1:1: error: cannot record to '/dev/full': not a regular file: not written\n")
    }

    /// `navsh ... | head -1` under pipefail: the reader leaves after one line.
    func readOneLineThenClose(_ arguments: [String], in dir: URL) throws -> (
        status: Int32, first: String, stderr: String
    ) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw E2EError("pipe failed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: E2E.binary)
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
        let err = Pipe()
        process.standardError = err
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        close(fds[1])
        let errReader = E2EReader(err.fileHandleForReading)
        var first: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1, byte != 10 { first.append(byte) }
        close(fds[0])
        if done.wait(timeout: .now() + 60) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 5)
            throw E2EError("navsh did not finish")
        }
        let errData = errReader.wait(timeout: E2E.timeout)
        #expect(process.terminationReason == .exit, "navsh died of signal \(process.terminationStatus)")
        return (
            process.terminationStatus, String(decoding: first, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    @Test func aFailedTestKeepsItsStatusWhenTheReaderLeaves() throws {
        let dir = try E2E.tempDir()
        // More PASS lines than navsh's buffer and a pipe hold (over 128 KiB), so
        // navsh is still writing when the reader leaves.
        let name = "passes-with-a-name-long-enough-to-fill-a-pipe-soon"
        for index in 0..<2_500 { try E2E.write("push A\n", to: "many/t\(1000 + index)-\(name).nav", in: dir) }
        try E2E.write("push A\nexpect top B\n", to: "many/z-fails.nav", in: dir)
        let run = try readOneLineThenClose(["test", "many"], in: dir)
        #expect(run.first == "PASS many/t1000-\(name).nav")
        #expect(run.status == 1)
        #expect(run.stderr == "")
    }

    @Test func aScriptKeepsItsStatusWhenTheReaderLeaves() throws {
        let dir = try E2E.tempDir()
        var script = "push A\nexpect top B\n"
        for _ in 0..<20_000 { script += "push B instant\npop instant\n" }
        try E2E.write(script, to: "long.nav", in: dir)
        let run = try readOneLineThenClose(["long.nav"], in: dir)
        #expect(!run.first.isEmpty)
        #expect(run.status == 1)
        #expect(run.stderr.contains("long.nav:2: expectation failed"), "\(run.stderr)")
    }
}

@Suite("record in every mode")
struct RecordEverywhereTests {
    @Test func recordWorksUnderNavshTest() throws {
        let dir = try E2E.tempDir()
        try E2E.write("record rec.nav\npush A; push B\npop\n", to: "t.nav", in: dir)
        let run = try E2E.run(["test", "t.nav"], in: dir)
        expectClean(run)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "PASS t.nav\n1 passed, 0 failed\n")
        let text = try String(contentsOf: dir.appendingPathComponent("rec.nav"), encoding: .utf8)
        #expect(text == "push A; push B\npop\n")
    }

    @Test func aFailedLineIsRecordedWithExpectError() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(
            [
                "-c", "record rec.nav", "-c", "push A; popto Nowhere", "-c", "expect error",
                "-c", "source missing.nav", "-c", "expect error", "-c", "push B",
            ], in: dir)
        expectClean(run)
        #expect(run.status == 0, "\(run)")
        let text = try String(contentsOf: dir.appendingPathComponent("rec.nav"), encoding: .utf8)
        #expect(text == "push A; popto Nowhere\nexpect error\nsource missing.nav\nexpect error\npush B\n")
        let replay = try E2E.run(["rec.nav", "-c", "stack"], in: dir)
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout.hasSuffix("\nB\n"))
    }
}
