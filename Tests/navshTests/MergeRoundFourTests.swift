// `navsh explore --merge` and `--out` against the attacks of issue 36's
// last round: a sourced file changed between shards, totals that overflow,
// an endless input, `--out` onto what the search read, output errors, a
// link into another folder, shards of two builds.

import Foundation
import Testing

@Suite("navsh explore --merge, round four")
struct MergeRoundFourTests {
    /// Runs `script` under bash with $0 the navsh binary, in `dir`.
    func bash(_ script: String, in dir: URL, timeout: TimeInterval = E2E.timeout) throws -> E2ERun {
        try E2E.run(["-c", script, E2E.binary], in: dir, executable: "/bin/bash", timeout: timeout)
    }

    func read(_ name: String, in dir: URL) -> String? {
        try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    /// Shards 0..<count of `setup` at `depth`, written as PREFIX-K.json.
    func shards(_ setup: String, depth: Int, count: Int, prefix: String, in dir: URL) throws {
        for k in 0..<count {
            let run = try E2E.run(
                ["explore", setup, "--depth", String(depth), "--jobs", "1", "--shard", "\(k)/\(count)", "--json"],
                in: dir)
            #expect(run.status == 0 || run.status == 1, "\(run)")
            try E2E.write(run.stdoutData, to: "\(prefix)-\(k).json", in: dir)
        }
    }

    static let gate = RobustnessTests.gate

    @Test("A: shards made before and after a sourced file changed are not merged")
    func sourcedFileIsPartOfTheIdentity() throws {
        let dir = try E2E.tempDir()
        try E2E.write("screen Editor confirm \"Discard changes?\"\n", to: "decl.nav", in: dir)
        try E2E.write(
            "source decl.nav\npush List\nexplore back swipe \"push Editor\" \"tap OK\" pop\n", to: "top.nav", in: dir)
        try shards("top.nav", depth: 4, count: 4, prefix: "a", in: dir)
        try E2E.write("screen Editor plain\n", to: "decl.nav", in: dir)
        try shards("top.nav", depth: 4, count: 4, prefix: "b", in: dir)
        let before = try E2E.run(["explore", "--merge", "a-0.json", "a-1.json", "a-2.json", "a-3.json"], in: dir)
        #expect(before.status == 1 && before.stdout.contains("violated: confirmations after 3 steps"), "\(before)")
        let after = try E2E.run(["explore", "--merge", "b-0.json", "b-1.json", "b-2.json", "b-3.json"], in: dir)
        #expect(after.status == 0, "\(after)")
        let mixed = try E2E.run(["explore", "--merge", "b-0.json", "a-1.json", "a-2.json", "b-3.json"], in: dir)
        #expect(mixed.status == 2, "\(mixed)")
        #expect(mixed.stdout == "")
        #expect(mixed.stderr.contains("is a shard of another search") && mixed.stderr.contains("setup files"))
        #expect(
            String(decoding: try Data(contentsOf: dir.appendingPathComponent("a-0.json")), as: UTF8.self)
                .contains("\"sourced\":[\"\(dir.path)/decl.nav\"]"))
    }

    /// 8,200 shards of one search (the shard line of a real run, renumbered), each claiming `states` and `steps`.
    func renumberedShards(_ count: Int, states: Int, in dir: URL) throws -> [String] {
        try E2E.write("push A\nexplore pop\n", to: "t.nav", in: dir)
        let run = try E2E.run(
            ["explore", "t.nav", "--depth", "1", "--jobs", "1", "--shard", "0/\(count)", "--json"], in: dir)
        #expect(run.status == 0, "\(run)")
        var names: [String] = []
        for k in 0..<count {
            let text = run.stdout.replacingOccurrences(of: "\"shard\":0,", with: "\"shard\":\(k),")
                .replacingOccurrences(of: #""states":\d+"#, with: "\"states\":\(states)", options: .regularExpression)
                .replacingOccurrences(of: #""steps":\d+"#, with: "\"steps\":\(states)", options: .regularExpression)
            try E2E.write(text, to: "s\(k).json", in: dir)
            names.append("s\(k).json")
        }
        return names
    }

    @Test("B: totals past Int are refused, not a trap; the collision bound is at most 1")
    func totalsAreChecked() throws {
        let dir = try E2E.tempDir()
        let names = try renumberedShards(8200, states: 1 << 50, in: dir)
        let run = try E2E.run(["explore", "--merge"] + names, in: dir, timeout: 120)
        #expect(run.exited && run.status == 2, "\(run)")
        #expect(run.stderr.contains("add up to more than"), "\(run)")

        let few = try E2E.tempDir()
        let four = try renumberedShards(4, states: 1 << 50, in: few)
        let text = try E2E.run(["explore", "--merge"] + four, in: few)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("collision hid a state at most 1 (too many states"), "\(text)")
        let json = try E2E.run(["explore", "--merge", "--json"] + four, in: few)
        #expect(json.stdout.contains("\"collision_probability\":1.0e0,"), "\(json)")
    }

    @Test("D: an endless input is refused at the limit, holding at most a line")
    func inputIsReadBounded() throws {
        let dir = try E2E.tempDir()
        let oneLine = try bash(
            "ulimit -v 150000; \"$0\" explore --merge <(head -c 200000000 /dev/zero | tr '\\0' a)", in: dir)
        #expect(oneLine.exited && oneLine.status == 2, "\(oneLine)")
        #expect(oneLine.stderr.contains(":1:1: error: a line over 1 MiB"), "\(oneLine)")
        let manyLines = try bash(
            "ulimit -v 150000; \"$0\" explore --merge <(yes '{\"type\":\"shard\"}' | head -c 300000000)", in: dir)
        #expect(manyLines.exited && manyLines.status == 2, "\(manyLines)")
        let empty = try bash(
            "ulimit -v 150000; \"$0\" explore --merge <(head -c 300000000 /dev/zero | tr '\\0' '\\n')", in: dir,
            timeout: 120)
        #expect(empty.exited && empty.status == 2, "\(empty)")
        #expect(empty.stderr.contains("error: over 256 MiB: not a shard's result"), "\(empty)")
    }

    @Test("E: merge --out refuses the setup, a file it sources and a shard; a setup is never removed as stale")
    func mergeOutNeverOverInputs() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "S.nav", in: dir)
        try shards("S.nav", depth: 5, count: 2, prefix: "s", in: dir)
        for target in ["S.nav", "s-0.json", "./s-1.json"] {
            let before = read(target, in: dir)
            let run = try E2E.run(["explore", "--merge", "s-0.json", "s-1.json", "--out", target], in: dir)
            #expect(run.status == 3, "\(target): \(run)")
            #expect(run.stderr.hasPrefix("navsh: explore --merge: cannot write '\(target)': it is "), "\(run)")
            #expect(read(target, in: dir) == before)
        }
        // No violation: a setup shaped much like a counterexample stays.
        try E2E.write("push Home\n", to: "b2.nav", in: dir)
        let setup = "source b2.nav\nset clock virtual\nexplore back pop\n"
        try E2E.write(setup, to: "setup.nav", in: dir)
        try shards("setup.nav", depth: 3, count: 2, prefix: "t", in: dir)
        for target in ["setup.nav", "b2.nav"] {
            let run = try E2E.run(["explore", "--merge", "t-0.json", "t-1.json", "--out", target], in: dir)
            #expect(run.status == 3, "\(run)")
        }
        #expect(read("setup.nav", in: dir) == setup)
        #expect(read("b2.nav", in: dir) == "push Home\n")
        // Another setup-like file is not a counterexample either; a counterexample is removed.
        try E2E.write("source b2.nav\nset clock virtual\npush A\n", to: "other.nav", in: dir)
        try E2E.write("source b2.nav\nset clock virtual\npop &\nwait 350ms\nexpect responsive\n", to: "cx.nav", in: dir)
        for target in ["other.nav", "cx.nav"] {
            let run = try E2E.run(["explore", "--merge", "t-0.json", "t-1.json", "--out", target], in: dir)
            #expect(run.status == 0, "\(run)")
        }
        #expect(read("other.nav", in: dir) != nil)
        #expect(read("cx.nav", in: dir) == nil)
    }

    @Test("F: explore --out refuses a file the setup sources")
    func exploreOutNeverOverSourced() throws {
        let dir = try E2E.tempDir()
        let base = Self.gate.split(separator: "\n").prefix(4).joined(separator: "\n") + "\n"
        try E2E.write(base, to: "base.nav", in: dir)
        try E2E.write("source base.nav\n" + Self.gate.split(separator: "\n")[4] + "\n", to: "top.nav", in: dir)
        let run = try E2E.run(["explore", "top.nav", "--depth", "5", "--out", "base.nav"], in: dir)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("cannot write 'base.nav': it is a file the setup sources"), "\(run)")
        #expect(read("base.nav", in: dir) == base)
        let again = try E2E.run(["explore", "top.nav", "--depth", "5"], in: dir)
        #expect(again.status == 1, "\(again)")
    }

    @Test("G: merge exits 3 when stdout cannot be written")
    func mergeWriteErrors() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "S.nav", in: dir)
        try shards("S.nav", depth: 5, count: 2, prefix: "s", in: dir)
        try E2E.write("push Home\nexplore back pop\n", to: "n.nav", in: dir)
        try shards("n.nav", depth: 3, count: 2, prefix: "u", in: dir)
        for (files, redirect) in [
            ("s-0.json s-1.json", "> /dev/full"), ("u-0.json u-1.json", "> /dev/full"),
            ("s-0.json s-1.json", ">&-"), ("u-0.json u-1.json --json", ">&-"),
        ] {
            let run = try bash("\"$0\" explore --merge \(files) \(redirect)", in: dir)
            #expect(run.status == 3, "\(files) \(redirect): \(run)")
            #expect(run.stderr.contains("navsh: write error: "), "\(run)")
        }
    }

    @Test("--out through a link into another folder: source lines relative to the file's own folder")
    func outThroughLink() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.gate, to: "S.nav", in: dir)
        try E2E.write("", to: "cx/target.nav", in: dir)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.nav").path, withDestinationPath: "cx/target.nav")
        let run = try E2E.run(["explore", "S.nav", "--depth", "5", "--out", "link.nav"], in: dir)
        #expect(run.status == 1, "\(run)")
        #expect(read("cx/target.nav", in: dir)?.hasPrefix("source ../S.nav\n") == true)
        try shards("S.nav", depth: 5, count: 2, prefix: "s", in: dir)
        try E2E.write("", to: "cx/target.nav", in: dir)
        let merged = try E2E.run(["explore", "--merge", "s-0.json", "s-1.json", "--out", "link.nav"], in: dir)
        #expect(merged.status == 1, "\(merged)")
        #expect(read("cx/target.nav", in: dir)?.hasPrefix("source ../S.nav\n") == true)
        let test = try E2E.run(["test", "cx/target.nav"], in: dir)
        #expect(test.status == 1, "the counterexample fails where it is: \(test)")
    }

    @Test("shards of two builds of navsh (the same version) are not merged")
    func buildsAreToldApart() throws {
        let dir = try E2E.tempDir()
        let other = dir.appendingPathComponent("navsh-other").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: E2E.binary))
        bytes.append(0)
        try bytes.write(to: URL(fileURLWithPath: other))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: other)
        try E2E.write(Self.gate, to: "S.nav", in: dir)
        try shards("S.nav", depth: 4, count: 2, prefix: "s", in: dir)
        let run = try E2E.run(
            ["explore", "S.nav", "--depth", "4", "--jobs", "1", "--shard", "1/2", "--json"], in: dir,
            executable: other)
        try E2E.write(run.stdoutData, to: "o-1.json", in: dir)
        let merged = try E2E.run(["explore", "--merge", "s-0.json", "o-1.json"], in: dir)
        #expect(merged.status == 2, "\(merged)")
        #expect(merged.stderr.contains("navsh versions or builds"), "\(merged)")
        let same = try E2E.run(["explore", "--merge", "s-0.json", "s-1.json"], in: dir)
        #expect(same.status == 0 || same.status == 1, "\(same)")
    }

    @Test("D: a merge of many shards holds one shard's lines, not all of them")
    func manyShardsInBoundedMemory() throws {
        let dir = try E2E.tempDir()
        // A setup sourcing 1,500 files with long names: a long shard line.
        let long = String(repeating: "n", count: 200)
        var setup = ""
        for i in 0..<1500 {
            try E2E.write("# \(i)\n", to: "d/\(long)-\(i).nav", in: dir)
            setup += "source d/\(long)-\(i).nav\n"
        }
        try E2E.write(setup + "push A\nexplore pop\n", to: "t.nav", in: dir)
        let count = 400
        let run = try E2E.run(
            ["explore", "t.nav", "--depth", "1", "--jobs", "1", "--shard", "0/\(count)", "--json"], in: dir)
        #expect(run.status == 0 && run.stdout.utf8.count > 300_000, "\(run)")
        for k in 0..<count {
            try E2E.write(
                run.stdout.replacingOccurrences(of: "\"shard\":0,", with: "\"shard\":\(k),"), to: "s\(k).json", in: dir)
        }
        // Held at once, 400 such shards take more than the limit.
        let names = (0..<count).map { "s\($0).json" }.joined(separator: " ")
        let merged = try bash("ulimit -v 200000; \"$0\" explore --merge \(names)", in: dir, timeout: 300)
        #expect(merged.exited && merged.status == 0, "\(merged)")
        #expect(merged.stdout.contains("no violation within depth 1: 400 distinct states"), "\(merged)")
    }

    @Test("a shard line merge could not read back is refused before the search")
    func unmergeableShardRefusedFirst() throws {
        let dir = try E2E.tempDir()
        let name = String(repeating: "B", count: 5000)
        try E2E.write("push A\nexplore \"push \(name)\" pop\n", to: "long.nav", in: dir)
        let run = try E2E.run(["explore", "long.nav", "--depth", "2", "--shard", "0/2", "--json"], in: dir)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout == "")
        #expect(run.stderr.contains("at most 4,096 bytes each"), "\(run)")
    }
}
