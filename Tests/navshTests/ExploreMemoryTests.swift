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
}
