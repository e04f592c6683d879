// Robustness of explore's shards and merge, of the files navsh writes, of the
// numbers it reads, and of navsh test (docs/robustness.md, "Round three"):
// each from a reproduction in issue 36 or 35, and failed on main 29ea1ba.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Robustness: shards and merge, files, numbers, navsh test")
struct RobustnessTests {
    static let gate = """
        use GateNavigationController fragile
        delegate Analytics
        push Welcome
        push Register
        explore back swipe "drag 70%" release "push Home gate" "push Profile" pop poproot "present Sheet nav" dismiss

        """

    /// Runs a shell command line in `dir` with $N the navsh binary.
    func sh(_ script: String, in dir: URL, timeout: TimeInterval = 60) throws -> E2ERun {
        var env = ProcessInfo.processInfo.environment
        env["N"] = E2E.binary
        return try E2E.run(["-c", script], in: dir, environment: env, executable: "/bin/sh", timeout: timeout)
    }

    func shards(_ dir: URL, _ count: Int, extra: String = "--prefix-depth 2", depth: Int = 6) throws {
        for k in 0..<count {
            let r = try sh(
                "$N explore setup.nav --depth \(depth) --jobs 1 --shard \(k)/\(count) --json \(extra) > s\(k).json",
                in: dir)
            #expect(r.status == 0 || r.status == 1, "\(r)")
        }
    }

    @Test("shards of different profiles or setups are refused")
    func differentSearches() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        try shards(dir, 3)
        let legacy = try sh(
            "$N explore setup.nav --depth 6 --jobs 1 --shard 0/3 --json --profile legacy --prefix-depth 2 > s0.json",
            in: dir)
        #expect(legacy.status <= 1)
        var merged = try sh("$N explore --merge s0.json s1.json s2.json", in: dir)
        #expect(merged.status == 2, "\(merged)")
        #expect(merged.stderr.contains("profiles"), "\(merged)")
        try shards(dir, 3)
        try E2E.write(Self.gate + "screen Editor plain\n", to: "setup.nav", in: dir)
        _ = try sh("$N explore setup.nav --depth 6 --jobs 1 --shard 2/3 --json --prefix-depth 2 > s2.json", in: dir)
        merged = try sh("$N explore --merge s0.json s1.json s2.json", in: dir)
        #expect(merged.status == 2, "\(merged)")
        #expect(merged.stderr.contains("setup files"), "\(merged)")
    }

    @Test("a shard's claims are checked, two runs in a file refused, forgeries refused and escaped")
    func claimsChecked() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        try shards(dir, 2)
        let files = try (0..<2).map {
            try String(contentsOf: dir.appendingPathComponent("s\($0).json"), encoding: .utf8)
        }
        let withViolation = try #require(files.firstIndex { $0.contains("\"type\":\"violation\"") })
        // The violation line removed, the summary still saying violation.
        let cut = files[withViolation].split(separator: "\n").filter { !$0.contains("\"type\":\"violation\"") }
        try E2E.write(cut.joined(separator: "\n") + "\n", to: "s\(withViolation).json", in: dir)
        var merged = try sh("$N explore --merge s0.json s1.json", in: dir)
        #expect(merged.status == 2, "\(merged)")
        // Two runs in one file.
        try E2E.write(files[withViolation] + files[withViolation], to: "s\(withViolation).json", in: dir)
        merged = try sh("$N explore --merge s0.json s1.json", in: dir)
        #expect(merged.status == 2 && merged.stderr.contains("two runs"), "\(merged)")
        // A forged counterexample.
        let forged = files[withViolation].split(separator: "\n").map { line -> String in
            guard line.contains("\"type\":\"violation\"") else { return String(line) }
            return
                "{\"type\":\"violation\",\"property\":\"gates\\u001b[31m\",\"explanation\":\"x\",\"length\":0,\"steps\":[],\"script\":\"rm -rf ~\\n\",\"path\":[]}"
        }
        try E2E.write(forged.joined(separator: "\n") + "\n", to: "s\(withViolation).json", in: dir)
        merged = try sh("$N explore --merge s0.json s1.json", in: dir)
        #expect(merged.status == 2, "\(merged)")
        #expect(!merged.stdout.contains("rm -rf") && !merged.stderr.contains("\u{1b}"), "\(merged)")
    }

    @Test("numbers in a shard are bounded, not trapped on")
    func numbers() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        try shards(dir, 2)
        let s0 = try String(contentsOf: dir.appendingPathComponent("s0.json"), encoding: .utf8)
        for (from, to) in [
            ("\"seconds\":", "\"seconds\":1e300,\"x\":"), ("\"states\":", "\"states\":8e15,\"x\":"),
            ("\"of\":2", "\"of\":1e12"), ("\"of\":2", "\"of\":100000000"), ("\"of\":2", "\"of\":1000000"),
        ] {
            try E2E.write(s0.replacingOccurrences(of: from, with: to), to: "m.json", in: dir)
            let merged = try sh("$N explore --merge m.json s1.json", in: dir, timeout: 20)
            #expect(merged.exited && merged.status == 2 && merged.stderr.utf8.count < 2000, "\(to): \(merged)")
        }
        let jobs = try sh("$N explore setup.nav --depth 3 --jobs 281474976710656", in: dir)
        #expect(jobs.exited && jobs.status == 2, "\(jobs)")
        let batch = try sh("NAVSH_EXPLORE_BATCH=9223372036854775807 $N explore setup.nav --depth 3 --jobs 2", in: dir)
        #expect(batch.exited && batch.status == 0, "\(batch)")
    }

    @Test("out of memory stops the search with its summary")
    func memoryBudget() throws {
        let dir = try E2E.tempDir()
        try E2E.write(
            "set profile legacy\nuse GateNavigationController\npush Welcome\npush Register\ncheck gates\nexplore back swipe \"push Home gate\" \"push Profile\" pop\n",
            to: "setup.nav", in: dir)
        let r = try sh("ulimit -v 150000; $N explore setup.nav --depth 40 --jobs 1", in: dir, timeout: 600)
        #expect(r.exited && r.status == 0, "\(r)")
        #expect(r.stdout.contains("search cut at") && r.stdout.contains("ulimit -v"), "\(r)")
    }

    @Test("files kept whole, scripts and FIFOs never written")
    func files() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        var r = try sh("$N explore setup.nav --depth 5 --out setup.nav", in: dir)
        #expect(r.status == 3, "\(r)")
        #expect(try String(contentsOf: dir.appendingPathComponent("setup.nav"), encoding: .utf8) == Self.gate)
        try E2E.write("old\n", to: "out.nav", in: dir)
        r = try sh("ulimit -f 0; trap '' XFSZ; $N explore setup.nav --depth 5 --out out.nav", in: dir)
        #expect(r.status == 3 && !r.stderr.contains("cannotWrite"), "\(r)")
        #expect(try String(contentsOf: dir.appendingPathComponent("out.nav"), encoding: .utf8) == "old\n")
        try E2E.write("push A\ntimeline self.md\n", to: "self.md", in: dir)
        r = try sh("$N self.md", in: dir)
        #expect(r.status == 1, "\(r)")
        #expect(
            try String(contentsOf: dir.appendingPathComponent("self.md"), encoding: .utf8)
                == "push A\ntimeline self.md\n")
        r = try sh(
            "mkfifo p.svg p.nav q.nav; $N -c 'push A; timeline p.svg'; echo $?; $N -c 'record p.nav'; echo $?; $N explore setup.nav --depth 3 --out q.nav; echo $?",
            in: dir, timeout: 30)
        #expect(!r.timedOut && r.stdout.hasSuffix("1\n1\n3\n"), "\(r)")
    }

    /// setpriv(1), to run navsh as nobody when the tests run as root (root reads a mode-000 file).
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "a history file its owner cannot read is not replaced",
        .enabled(if: geteuid() != 0 || setpriv != nil, "as root, needs setpriv to run navsh as nobody"))
    func unreadableHistory() throws {
        let dir = try E2E.tempDir()
        let history = try E2E.write("secret\n", to: "h", in: dir)
        // As root, navsh runs as nobody, who owns the folder and the file (a mode-000 file stops only others than root).
        var prefix = ""
        if geteuid() == 0, let setpriv = Self.setpriv {
            chown(dir.path, 65534, 65534)
            chown(history.path, 65534, 65534)
            prefix = "\(setpriv) --reuid=65534 --regid=65534 --clear-groups "
        }
        chmod(history.path, 0)
        defer { chmod(history.path, 0o600) }
        let r = try sh("NAVSH_HISTORY=h \(prefix)script -qec \"$N\" /dev/null <<'EOF'\npush A\nquit\nEOF", in: dir)
        #expect(r.stdout.contains("navsh> quit"), "navsh did not run: \(r)")
        #expect(r.stdout.contains("cannot read it") || r.stderr.contains("cannot read it"), "\(r)")
        chmod(history.path, 0o600)
        #expect(try String(contentsOf: history, encoding: .utf8) == "secret\n")
    }

    @Test("navsh test fails on links to nothing, not skips them")
    func danglingLinks() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/ok.nav", in: dir)
        let r = try sh("ln -s nowhere t/gone.nav; ln -s loop.nav t/loop.nav; $N test t", in: dir)
        #expect(r.status == 1 && r.stdout.contains("FAIL t/gone.nav") && r.stdout.contains("FAIL t/loop.nav"), "\(r)")
        let only = try sh("mkdir u; ln -s nowhere u/gone.nav; $N test u", in: dir)
        #expect(
            only.status == 1 && only.stdout.contains("FAIL u/gone.nav") && !only.stdout.contains("no .nav"), "\(only)")
    }

    @Test("merge options honoured or refused, --out, default prefix depth")
    func mergeOptions() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        try shards(dir, 3, extra: "") // no --prefix-depth: D = 2
        for option in ["--all", "--depth 3", "--profile legacy", "--jobs 2"] {
            let r = try sh("$N explore --merge s0.json s1.json s2.json \(option)", in: dir)
            #expect(r.status == 2, "\(option): \(r)")
        }
        var r = try sh("$N explore --merge s0.json s1.json s2.json --out merged.nav && cat merged.nav", in: dir)
        #expect(r.status == 1 && r.stdout.contains("source setup.nav"), "\(r)")
        r = try sh("$N test merged.nav", in: dir)
        #expect(r.status == 1, "\(r)")
        r = try sh("$N explore --merge s0.json s1.json s2.json --out nodir/x.nav", in: dir)
        #expect(r.status == 3 && !r.stderr.contains("cannotWrite("), "\(r)")
        r = try sh("cat s0.json | $N explore --merge - s1.json s2.json; echo $?; $N explore --merge . s1.json", in: dir)
        #expect(r.stdout.contains("violated") && r.stderr.contains("Is a directory"), "\(r)")
    }

    @Test("--all --out writes the shortest counterexample and says which")
    func allOut() throws {
        let dir = try E2E.tempDir()
        try E2E.write(
            "push Home\nexplore \"present Sheet\" \"tap Cancel\" \"push B\"\ninvariant no log \"Sheet.viewDidAppear\"\ninvariant no log \"B.viewDidLoad\"\ncheck none\n",
            to: "setup.nav", in: dir)
        let r = try sh("$N explore setup.nav --depth 4 --all --out out.nav; cat out.nav", in: dir)
        #expect(r.stderr.contains("the shortest found"), "\(r)")
        #expect(r.stdout.contains("push B &\nexpect no log \"B.viewDidLoad\""), "\(r)")
    }

    @Test("a script writes only in its own folder unless --allow-write")
    func confinement() throws {
        let dir = try E2E.tempDir()
        try E2E.write("keep\n", to: "victim.sh", in: dir)
        try E2E.write("push A\nrecord ../victim.sh\npush B\n", to: "class/a.nav", in: dir)
        try E2E.write("push A\ntimeline ../README.md\n", to: "class/b.nav", in: dir)
        try E2E.write("push A\ntimeline t.md\n", to: "class/c.nav", in: dir)
        let r = try sh("$N test class", in: dir)
        #expect(r.stdout.contains("FAIL class/a.nav") && r.stdout.contains("FAIL class/b.nav"), "\(r)")
        #expect(r.stdout.contains("PASS class/c.nav"), "\(r)")
        #expect(try String(contentsOf: dir.appendingPathComponent("victim.sh"), encoding: .utf8) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("README.md").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("class/t.md").path))
        let allowed = try sh("$N --allow-write . class/b.nav", in: dir)
        #expect(allowed.status == 0, "\(allowed)")
    }

    @Test("escaped names, threads made, stale --out, SIGTERM, a reader gone")
    func smaller() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "t/x\u{1b}[31m.nav", in: dir)
        var r = try sh("$N test t", in: dir)
        #expect(!r.stdout.contains("\u{1b}"), "\(r)")
        try E2E.write(Self.gate, to: "setup.nav", in: dir)
        // Under ulimit -v not every thread asked for can be made: the summary says how many were.
        r = try sh("ulimit -v 400000; $N explore setup.nav --depth 2 --jobs 1000", in: dir)
        #expect(r.status == 0 && !r.stdout.contains("1000 jobs"), "\(r)")
        try E2E.write("set profile legacy\nsource x.nav\nset clock virtual\npop &\n", to: "out.nav", in: dir)
        r = try sh("$N explore setup.nav --depth 1 --out out.nav; test -e out.nav; echo $?", in: dir)
        #expect(r.stdout.hasSuffix("1\n"), "\(r)")
        try E2E.write(
            "set profile legacy\nuse GateNavigationController\npush Welcome\npush Register\ncheck gates\nexplore back swipe \"push Home gate\" \"push Profile\" pop\n",
            to: "big.nav", in: dir)
        r = try sh(
            "$N explore big.nav --depth 40 --max-states 100000000 > o.txt & p=$!; sleep 3; kill -TERM $p; wait $p; echo $?; cat o.txt",
            in: dir, timeout: 120)
        #expect(r.stdout.hasPrefix("143\n") && r.stdout.contains("interrupted"), "\(r)")
        r = try sh("$N explore big.nav --depth 40 --max-states 100000000 | head -1", in: dir, timeout: 60)
        #expect(!r.timedOut, "\(r)")
        r = try sh(
            "HOME=$PWD/nohome XDG_STATE_HOME=rel script -qec \"$N\" /dev/null <<'EOF'\npush A\nquit\nEOF\ntest -e nohome; echo $?; test -e rel; echo $?",
            in: dir)
        #expect(r.stdout.hasSuffix("1\n1\n"), "\(r)")
    }

    @Test("two pushes and an undo, repeated, replay a bounded run (not a growing one)")
    func undoAlternation() throws {
        let dir = try E2E.tempDir()
        var script = ""
        for i in 0..<16_000 { script += "push A\(i) &\npush B\(i) &\nundo\n" }
        try E2E.write(script, to: "undo.nav", in: dir)
        // 16,000 rounds: 29ea1ba replayed up to an eighth of the stack at each undo (minutes); now seconds.
        let r = try sh("$N undo.nav > /dev/null", in: dir, timeout: 60)
        #expect(!r.timedOut && r.status == 0, "\(r)")
    }

    @Test("the prompt's stack line is bounded")
    func stackLine() throws {
        let dir = try E2E.tempDir()
        try E2E.write((0..<30).map { "push S\($0) instant\n" }.joined(), to: "st.nav", in: dir)
        let r = try sh("printf 'source st.nav\\nquit\\n' | script -qec \"$N --no-init\" /dev/null", in: dir)
        #expect(r.stdout.contains("stack: S0 S1 … (8 more) … S10 S11"), "\(r)")
        #expect(
            !r.stdout.contains(
                "S0 S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 S11 S12 S13 S14 S15 S16 S17 S18 S19 S20 S21 S22 S23 S24"))
    }
}
