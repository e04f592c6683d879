// A recording that cannot be written (a full disk, `ulimit -f`) is output
// that could not be written: exit status 3, as stdout and `explore --out`
// (docs/robustness.md, "Exit statuses"). It was 1, the status of a failed
// command.

import Foundation
import Testing

@Suite("A recording that cannot be written")
struct RecordWriteErrorTests {
    /// Runs `script` under /bin/sh with `$N` the navsh binary, a file-size
    /// limit of 0 and SIGXFSZ ignored, so a write past the limit fails with EFBIG.
    func underFileSizeLimit(_ script: String, in dir: URL) throws -> E2ERun {
        var env = ProcessInfo.processInfo.environment
        env["N"] = E2E.binary
        return try E2E.run(
            ["-c", "ulimit -f 0; trap '' XFSZ; " + script], in: dir, environment: env, executable: "/bin/sh")
    }

    static let tooLarge = "navsh: cannot write recording 'rec.nav': File too large\n"

    @Test func commandLine() throws {
        let dir = try E2E.tempDir()
        let run = try underFileSizeLimit("$N -c 'record rec.nav' -c 'push A' -c 'push B'", in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr == Self.tooLarge)
        #expect(run.stdout.contains("pushViewController(B"), "the session goes on: \(run)")
    }

    @Test func script() throws {
        let dir = try E2E.tempDir()
        try E2E.write("record rec.nav\npush A\npush B\n", to: "s.nav", in: dir)
        let run = try underFileSizeLimit("$N s.nav", in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr == Self.tooLarge)
    }

    /// A failed expectation as well: the write failure decides, as with stdout.
    @Test func withAFailedExpectation() throws {
        let dir = try E2E.tempDir()
        try E2E.write("record rec.nav\npush A\nexpect top B\n", to: "s.nav", in: dir)
        let run = try underFileSizeLimit("$N s.nav", in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("s.nav:3: expectation failed"), "\(run)")
    }

    /// Under `navsh test` the file fails and says why; the status is 3.
    @Test func navshTest() throws {
        let dir = try E2E.tempDir()
        try E2E.write("record rec.nav\npush A\npush B\n", to: "s.nav", in: dir)
        try E2E.write("push A\n", to: "ok.nav", in: dir)
        let run = try underFileSizeLimit("$N test s.nav ok.nav", in: dir)
        expectClean(run)
        #expect(run.status == 3, "\(run)")
        #expect(
            run.stdout
                == "FAIL s.nav\n  navsh: cannot write recording 'rec.nav': File too large\nPASS ok.nav\n1 passed, 1 failed\n"
        )
    }

    /// A recording that was written is no failure.
    @Test func aWrittenRecordingIsNoFailure() throws {
        let dir = try E2E.tempDir()
        let run = try E2E.run(["-c", "record rec.nav", "-c", "push A"], in: dir)
        expectClean(run)
        #expect(run.status == 0, "\(run)")
        #expect(try String(contentsOf: dir.appendingPathComponent("rec.nav"), encoding: .utf8) == "push A\n")
    }
}
