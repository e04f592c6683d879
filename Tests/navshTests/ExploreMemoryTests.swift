import Foundation
import Testing

/// `navsh explore` reports its own peak memory, not that of the process
/// that started it: on Linux `getrusage`'s `ru_maxrss` keeps the high-water
/// mark of the memory a process had before it ran navsh (a Python bench that
/// forks, say), which made small searches look like 14 MiB or more.
@Suite("navsh explore memory figures")
struct ExploreMemoryTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "the peak memory is navsh's own, even when the process that ran it held 200 MB",
        .enabled(if: python != nil, "needs python3 to hold memory before it runs navsh"))
    func peakIsOwn() throws {
        let dir = try E2E.tempDir()
        try E2E.write("push Home\nexplore \"push A\" pop\n", to: "setup.nav", in: dir)
        // Python fills 200 MB, then becomes navsh (execv keeps the process).
        let program = """
            import os, sys
            hold = bytearray(200_000_000)
            for i in range(0, len(hold), 4096): hold[i] = 1
            os.execv(sys.argv[1], ["navsh", "explore", "setup.nav", "--depth", "2", "--json"])
            """
        let run = try E2E.run(["-c", program, E2E.binary], in: dir, executable: Self.python ?? "/usr/bin/python3")
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.stdout.split(separator: "\n").last { $0.contains("\"type\":\"summary\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let peak = try #require(object["max_rss_bytes"] as? Int)
        #expect(peak > 1_000_000)
        #expect(peak < 100_000_000, "navsh reported \(peak) bytes: the 200 MB were Python's")
    }

    /// The setup the attack on dd8213d used: legacy, a gate, deep enough
    /// that the search outgrows a few MiB.
    static let legacyGate = E2E.packageRoot.appendingPathComponent("scripts/findings/setups/legacy-gate.nav")

    @Test(
        "under ulimit -d or -v, explore with several jobs stops as at --max-states, with its summary",
        arguments: ["ulimit -d 15000", "ulimit -d 12000", "ulimit -v 28000", "ulimit -v 33000"], [2, 4])
    func tightLimitWithJobs(limit: String, jobs: Int) throws {
        let dir = try E2E.tempDir()
        let setup = try String(contentsOf: Self.legacyGate, encoding: .utf8)
        try E2E.write(setup, to: "legacy-gate.nav", in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["N"] = E2E.binary
        let run = try E2E.run(
            ["-c", "\(limit); exec \"$N\" explore legacy-gate.nav --depth 40 --jobs \(jobs)"], in: dir,
            environment: environment, executable: "/bin/sh", timeout: 300)
        #expect(run.exited && run.status == 0, "\(run)")
        #expect(!run.stderr.contains("Fatal error"), "\(run)")
        // "search cut at N distinct states (the memory ulimit -d leaves: M MiB)"
        #expect(
            run.stdout.contains("search cut at") && run.stdout.contains("the memory \(limit.prefix(9)) leaves"),
            "\(run)")
        #expect(run.stdout.contains("64-bit fingerprints:"), "\(run)")
    }
}
