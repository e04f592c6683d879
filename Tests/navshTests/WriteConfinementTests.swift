// Where and what navsh writes, round four of issue 36's "no file clobbered"
// (docs/robustness.md): hard links out of a class folder, a sourced file in
// another folder, every script on the command line, the history file named
// as the script `-i` runs, `ulimit -f` with SIGXFSZ at its default, and
// colour with TERM unset. Each failed on main dd8213d.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Write confinement: links, sourced files, scripts named, history, file size, colour")
struct WriteConfinementTests {
    /// Runs a shell command line in `dir` with $N the navsh binary.
    func sh(_ script: String, in dir: URL, timeout: TimeInterval = 60) throws -> E2ERun {
        var env = ProcessInfo.processInfo.environment
        env["N"] = E2E.binary
        return try E2E.run(["-c", script], in: dir, environment: env, executable: "/bin/sh", timeout: timeout)
    }

    func text(_ name: String, in dir: URL) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    func exists(_ name: String, in dir: URL) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    /// The names in `dir`, hidden ones included (a temporary file left behind).
    func names(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test("a hard link in the class folder to a file outside it is not written by record or timeline")
    func hardLinks() throws {
        let dir = try E2E.tempDir()
        try E2E.write("keep\n", to: "victim.sh", in: dir)
        try E2E.write("push A\nrecord hl.rec\npush Evil\n", to: "class/a.nav", in: dir)
        try E2E.write("push A\ntimeline hl.md\n", to: "class/b.nav", in: dir)
        try E2E.write("push A\ntimeline own.md\nrecord own.rec\npush B\n", to: "class/c.nav", in: dir)
        let r = try sh("ln victim.sh class/hl.rec && ln victim.sh class/hl.md && $N test class", in: dir)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL class/a.nav") && r.stdout.contains("FAIL class/b.nav"), "\(r)")
        #expect(r.stdout.contains("class/a.nav:2:1: error: cannot record to 'hl.rec': it has 3 hard links"), "\(r)")
        #expect(r.stdout.contains("class/b.nav:2:1: error: cannot write 'hl.md': it has 3 hard links"), "\(r)")
        #expect(r.stdout.contains("PASS class/c.nav"), "\(r)")
        #expect(try text("victim.sh", in: dir) == "keep\n")
        #expect(try text("class/own.rec", in: dir) == "push B\n")
        // At the prompt or with -c the person typing chose the file: written as asked.
        let typed = try sh("$N -c 'record class/hl.rec' -c 'push Typed'", in: dir)
        #expect(typed.status == 0, "\(typed)")
        #expect(try text("victim.sh", in: dir) == "keep\npush Typed\n")
    }

    @Test("a file sourced from another folder writes only under the folder of the script navsh runs")
    func sourcedElsewhere() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push B\ntimeline out.md\n", to: "other/lib.nav", in: dir)
        try E2E.write("push B\ntimeline ../class/back.md\n", to: "other/back.nav", in: dir)
        try E2E.write("push A\nsource ../other/lib.nav\n", to: "class/a.nav", in: dir)
        try E2E.write("push A\nsource ../other/back.nav\n", to: "class/b.nav", in: dir)
        let r = try sh("$N test class", in: dir)
        #expect(r.stdout.contains("FAIL class/a.nav"), "\(r)")
        #expect(
            r.stdout.contains("class/../other/lib.nav:2:1: error: cannot write 'out.md': outside the script's folder"),
            "\(r)")
        #expect(!exists("other/out.md", in: dir))
        // A relative path is still taken from the sourced file's folder, as `source` takes it.
        #expect(r.stdout.contains("PASS class/b.nav"), "\(r)")
        #expect(exists("class/back.md", in: dir))
        // Run directly, or sourced at the prompt (-c), the file's folder is the one run.
        let direct = try sh("$N other/lib.nav && $N -c 'source other/lib.nav'", in: dir)
        #expect(direct.status == 0, "\(direct)")
        #expect(exists("other/out.md", in: dir))
        // --allow-write lets the library write there too.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("other/out.md"))
        let allowed = try sh("$N --allow-write other class/a.nav", in: dir)
        #expect(allowed.status == 0, "\(allowed)")
        #expect(exists("other/out.md", in: dir))
    }

    @Test("no script named on the command line is written while another runs")
    func scriptsNamed() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\ntimeline b.md\n", to: "a.md", in: dir)
        try E2E.write("push B\n", to: "b.md", in: dir)
        try E2E.write("push C\nrecord b.md\npush D\n", to: "c.md", in: dir)
        let r = try sh("$N a.md b.md; echo \"rc=$?\"; timeout 20 $N c.md b.md", in: dir)
        #expect(
            r.stderr.contains("a.md:2:1: error: cannot write 'b.md': it is a script navsh was asked to run"), "\(r)")
        #expect(r.stderr.contains("c.md:2:1: error: cannot record to 'b.md': it is a script navsh was asked to run"))
        #expect(r.stdout.contains("rc=1"), "\(r)")
        #expect(!r.stderr.contains("unknown command"), "\(r)")
        #expect(try text("b.md", in: dir) == "push B\n")
        // The same under `navsh test`: one script of the class does not replace another.
        try E2E.write("push A\ntimeline b.nav\n", to: "class/a.nav", in: dir)
        try E2E.write("push B\n", to: "class/b.nav", in: dir)
        let t = try sh("$N test class", in: dir)
        #expect(t.stdout.contains("FAIL class/a.nav") && t.stdout.contains("PASS class/b.nav"), "\(t)")
        #expect(try text("class/b.nav", in: dir) == "push B\n")
    }

    @Test(
        "the history is not saved onto the script -i runs: one warning, the script and its mode unchanged",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty"))
    func historyOntoScript() throws {
        let dir = try E2E.tempDir()
        let lesson = try E2E.write("push A\n", to: "lesson.nav", in: dir)
        chmod(lesson.path, 0o644)
        let r = try sh(
            "NAVSH_HISTORY=lesson.nav script -qec \"$N -i lesson.nav\" /dev/null <<'EOF'\npush Z\nquit\nEOF", in: dir)
        #expect(try text("lesson.nav", in: dir) == "push A\n", "\(r)")
        var st = stat()
        #expect(stat(lesson.path, &st) == 0 && st.st_mode & 0o777 == 0o644)
        let warning = "cannot write history lesson.nav: it is a script navsh was asked to run"
        #expect(r.stdout.components(separatedBy: warning).count == 2, "\(r)")
        // Another history file is saved as before.
        try E2E.write("push A\n", to: "other.nav", in: dir)
        let other = try sh(
            "NAVSH_HISTORY=h script -qec \"$N -i other.nav\" /dev/null <<'EOF'\npush Z\nquit\nEOF", in: dir)
        #expect(try text("h", in: dir).contains("push Z"), "\(other)")
    }

    @Test("ulimit -f 0: the write fails with File too large, the status says so, no temporary file is left")
    func fileSizeLimit() throws {
        let dir = try E2E.tempDir()
        try E2E.write(RobustnessTests.gate, to: "setup.nav", in: dir)
        // Output goes to pipes, which ulimit -f does not limit; only the files navsh writes are cut.
        let out = try sh("ulimit -f 0; $N explore setup.nav --depth 6 --jobs 1 --out cx.nav", in: dir)
        #expect(out.exited && out.status == 3, "\(out)")
        #expect(out.stderr.contains("File too large"), "\(out)")
        #expect(out.stdout.contains("violated: gates after 4 steps"), "\(out)")
        let timeline = try sh("ulimit -f 0; $N -c 'push A' -c 'timeline t.md'", in: dir)
        #expect(timeline.exited && timeline.status == 1, "\(timeline)")
        #expect(timeline.stderr.contains("<command line>:2:1: error: cannot write 't.md': File too large"))
        let record = try sh("ulimit -f 0; $N -c 'record r.nav' -c 'push A'", in: dir)
        #expect(record.exited && record.status == 3, "\(record)")
        #expect(record.stderr.contains("navsh: cannot write recording 'r.nav': File too large"), "\(record)")
        #expect(try names(in: dir) == ["r.nav", "setup.nav"])
    }

    @Test(
        "with TERM unset, events are not coloured, as with TERM=dumb",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty"))
    func colourWithoutTerm() throws {
        let dir = try E2E.tempDir()
        let command = "script -qec \"$N -c 'push A'\" /dev/null"
        let unset = try sh("env -u NO_COLOR -u TERM \(command)", in: dir)
        let empty = try sh("env -u NO_COLOR TERM= \(command)", in: dir)
        let dumb = try sh("env -u NO_COLOR TERM=dumb \(command)", in: dir)
        let xterm = try sh("env -u NO_COLOR TERM=xterm \(command)", in: dir)
        for run in [unset, empty, dumb] {
            #expect(run.stdout.contains("nav.pushViewController(A"), "\(run)")
            #expect(!run.stdout.contains("\u{1b}["), "\(run)")
        }
        #expect(xterm.stdout.contains("\u{1b}["), "\(xterm)")
    }
}
