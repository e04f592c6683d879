// `navsh explore --shard K/N --prefix-depth D` run by GNU parallel, and
// `navsh explore --merge` (explorer.md section 6): the merged result is the
// unsharded one.

import Foundation
import Testing

@Suite("navsh explore in shards")
struct ExploreShardTests {
    /// GNU parallel's path, if it is installed (scripts install it with apt-get: Debian package `parallel`).
    static var parallel: String? {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: dir + "/parallel") {
            return dir + "/parallel"
        }
        return nil
    }

    /// The lines of a text result without the timing and the summary (whose counts differ between one run and shards).
    func verdict(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter {
                !$0.hasPrefix("64-bit fingerprints") && !$0.hasPrefix("explored ")
                    && !$0.hasPrefix("no violation within depth ")
            }
    }

    @Test(
        "4 shards under parallel -j 2, merged: the unsharded verdict, length and counterexample",
        .enabled(
            if: ExploreShardTests.parallel != nil,
            "skipped: GNU parallel is not installed (apt-get install -y parallel; scripts/test installs it as root)"),
        arguments: [
            // A violation (a frozen UI after a swipe-driven sequence).
            (
                "push Home\ngesture-delegate none\npush List\nexplore \"push Detail\" swipe back \"push Other\" pop\n",
                6, 1
            ),
            // A gate broken after a few steps.
            ("screen Login gate\npush Home\npush Login\nexplore \"push Detail\" back pop \"push A\"\n", 6, 1),
            // Violations longer than the prefix: 4 steps, found in shards other than 0 too.
            (
                "use GateNavigationController fragile\ndelegate Analytics\npush Welcome\npush Register\nexplore back swipe \"drag 70%\" release \"push Home gate\" \"push Profile\" pop poproot \"present Sheet nav\" dismiss\n",
                5, 1
            ),
            ("use InteractivePopNavigationController\npush Home\npush List\nexplore \"push Detail\" swipe\n", 6, 1),
            // None: the safe controller keeps its promises.
            (
                "set profile legacy\nuse GateNavigationController\npush Welcome\npush Register\ncheck gates\nexplore back swipe \"push Home gate\" \"push Profile\" pop\n",
                6, 0
            ),
            (
                "use GateNavigationController\npush Welcome\npush Home gate\nexplore back swipe \"push Profile\" pop\n",
                5, 0
            ),
        ])
    func shardsMatchOneRun(setup: String, depth: Int, status: Int32) throws {
        let parallel = try #require(Self.parallel)
        let dir = try E2E.tempDir()
        try E2E.write(setup, to: "setup.nav", in: dir)
        let one = try E2E.run(["explore", "setup.nav", "--depth", String(depth), "--jobs", "1"], in: dir, timeout: 60)
        #expect(one.status == status, "\(one)")

        let shards = try E2E.run(
            [
                "-j", "2", "--halt", "never", E2E.binary, "explore", "setup.nav", "--depth", String(depth), "--jobs",
                "1",
                "--shard", "{}/4", "--prefix-depth", "2", "--json", ">", "shard-{}.json", ":::", "0", "1", "2", "3",
            ], in: dir, executable: parallel, timeout: 120)
        // parallel's status is the number of shards that exited non-zero: those that found a violation (status 1).
        #expect(shards.stderr == "", "\(shards)")
        let merged = try E2E.run(
            ["explore", "--merge", "shard-0.json", "shard-1.json", "shard-2.json", "shard-3.json"], in: dir)
        #expect(merged.status == one.status, "\(merged)")
        #expect(verdict(merged.stdout) == verdict(one.stdout), "\(merged)\n\(one)")
        let mergedSummary = merged.stdout.split(separator: "\n").first {
            $0.hasPrefix("explored ") || $0.hasPrefix("no violation within depth ")
        }
        #expect(mergedSummary?.contains("4 shards") == true, "\(merged)")
        if status == 1 { #expect(one.stdout.contains("violated: ")) }

        // In JSON too, and one shard missing is an error, not a smaller answer.
        let json = try E2E.run(
            ["explore", "--merge", "shard-3.json", "shard-1.json", "shard-0.json", "shard-2.json", "--json"], in: dir)
        #expect(json.status == one.status)
        #expect(json.stdout.contains("\"shards\":4"), "\(json)")
        let missing = try E2E.run(["explore", "--merge", "shard-0.json", "shard-1.json", "shard-2.json"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing shard 3 of 4"), "\(missing)")
    }

    @Test("bad shard options are usage errors")
    func usage() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Home\nexplore \"push A\" pop\n", to: "setup.nav", in: dir)
        for args in [
            ["--shard", "4/4", "--prefix-depth", "2", "--json"], ["--prefix-depth", "2", "--json"],
            ["--shard", "x", "--prefix-depth", "1", "--json"], ["--shard", "0/2", "--prefix-depth", "1"],
        ] {
            let run = try E2E.run(["explore", "setup.nav"] + args, in: dir)
            #expect(run.status == 2, "\(args): \(run)")
            #expect(run.stderr.hasPrefix("navsh: "), "\(run)")
        }
        try E2E.write("{\"type\":\"summary\"}\n", to: "bad.json", in: dir)
        let bad = try E2E.run(["explore", "--merge", "bad.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("the first line is not a shard line"), "\(bad)")
    }
}
