// Issue 36's reproductions that had no test of their own (found by a
// re-attack of dd8213d): a merge of shards cut by --max-states, a summary's
// tiny and huge numbers, explore's output to a full disk, and `navsh test`
// on a path longer than PATH_MAX.

import Foundation
import Testing

@Suite("Issue 36 reproductions kept as tests")
struct RoundThreeGapTests {
    /// The fragile gate setup the other robustness tests use.
    static let setup = RobustnessTests.gate

    /// Shard `k` of `count` of S.nav at depth `depth`, as `--json`, written as NAME.
    func shard(_ k: Int, of count: Int, depth: Int, maxStates: Int? = nil, to name: String, in dir: URL) throws {
        var arguments = [
            "explore", "S.nav", "--depth", String(depth), "--jobs", "1", "--shard", "\(k)/\(count)", "--json",
        ]
        if let maxStates { arguments += ["--max-states", String(maxStates)] }
        let run = try E2E.run(arguments, in: dir)
        #expect(run.status == 0 || run.status == 1, "\(run)")
        try E2E.write(run.stdoutData, to: name, in: dir)
    }

    @Test("item 3: a merge of shards cut by --max-states says the violation may not be the shortest")
    func cutShardsAreNamed() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.setup, to: "S.nav", in: dir)
        let whole = try E2E.run(["explore", "S.nav", "--depth", "8", "--jobs", "1"], in: dir)
        #expect(whole.stdout.contains("violated: gates after 4 steps"), "\(whole)")
        for k in [0, 4, 5] { try shard(k, of: 6, depth: 8, to: "s\(k).json", in: dir) }
        for k in [1, 2, 3] { try shard(k, of: 6, depth: 8, maxStates: 10, to: "s\(k).json", in: dir) }
        let merged = try E2E.run(["explore", "--merge"] + (0..<6).map { "s\($0).json" }, in: dir)
        #expect(merged.status == 1, "\(merged)")
        #expect(merged.stdout.contains("violated: gates after 7 steps"), "\(merged)")
        for k in [1, 2, 3] {
            #expect(
                merged.stdout.contains(
                    "note: not necessarily the shortest: shard \(k) was cut at depth 2 (complete to depth 1)"),
                "\(merged)")
        }
    }

    @Test("item 4: a summary's seconds of 1e-9 merges; 8e15 states beside it are refused")
    func tinySecondsAndHugeStates() throws {
        let dir = try E2E.tempDir()
        try E2E.write(Self.setup, to: "S.nav", in: dir)
        for k in 0..<2 { try shard(k, of: 2, depth: 5, to: "s\(k).json", in: dir) }
        let plain = try E2E.run(["explore", "--merge", "s0.json", "s1.json"], in: dir)
        func edit(_ pattern: String, _ replacement: String) throws {
            let url = dir.appendingPathComponent("s0.json")
            let text = try String(contentsOf: url, encoding: .utf8)
            let edited = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
            #expect(edited != text, "\(pattern) is in the shard")
            try E2E.write(edited, to: "s0.json", in: dir)
        }
        try edit("\"seconds\":[0-9.e+-]+", "\"seconds\":1e-9")
        let tiny = try E2E.run(["explore", "--merge", "s0.json", "s1.json"], in: dir)
        #expect(tiny.exited && tiny.status == plain.status, "\(tiny)")
        #expect(tiny.stdout.contains("violated: gates after 4 steps"), "\(tiny)")
        try edit("\"states\":[0-9]+", "\"states\":8e15")
        let huge = try E2E.run(["explore", "--merge", "s0.json", "s1.json"], in: dir)
        #expect(huge.exited && huge.status == 2, "\(huge)")
        #expect(huge.stdout.isEmpty, "\(huge)")
    }

    @Test("item 8: explore's report to a full disk exits 3, with a message, not 1")
    func fullDisk() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = try E2E.tempDir()
        try E2E.write(Self.setup, to: "S.nav", in: dir)
        let run = try E2E.run(
            ["-c", "\"$0\" explore S.nav --depth 5 > /dev/full", E2E.binary], in: dir, executable: "/bin/bash")
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains("write error"), "\(run)")
        #expect(!run.stderr.contains("cannotWrite"), "no Swift debug text: \(run)")
    }

    @Test("item 7: navsh test names a script whose path is longer than PATH_MAX, and fails")
    func pathLongerThanPathMax() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push A\n", to: "ok.nav", in: dir)
        // 20 folders of 250 characters: 5,000 bytes, past Linux's 4,096.
        let name = String(repeating: "d", count: 250)
        let script = """
            set -e
            cd "$1"
            for i in $(seq 20); do mkdir \(name); cd \(name); done
            printf 'push B\\n' > deep.nav
            """
        let made = try E2E.run(["-c", script, "bash", dir.path], in: dir, executable: "/bin/bash")
        #expect(made.status == 0, "\(made)")
        let run = try E2E.run(["test", "."], in: dir)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("FAIL") && run.stdout.contains("File name too long"), "\(run)")
        #expect(!run.stdout.contains("1 passed, 0 failed"), "\(run)")
    }
}
