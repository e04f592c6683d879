// `navsh explore` on a terminal (explorer.md section 5, issue 13 item 4): the
// progress line shows the rate and the queue, and Ctrl-C prints the summary
// of what was explored at once, with exit status 130.

import Foundation
import Testing

@Suite("navsh explore on a terminal")
struct ExploreInterruptTests {
    @Test("the progress line shows states/s and the queue; Ctrl-C prints the summary at once and exits 130")
    func ctrlC() throws {
        let dir = try E2E.tempDir()
        // Depth 40: far more than any test waits for, so only Ctrl-C ends it.
        let setup = try E2E.write(
            "push Home\npush List\ncheck exceptions bar\n"
                + "explore back swipe \"drag 30%\" \"drag 70%\" release \"push Detail\" \"push Profile\" pop poproot \"present Sheet\" dismiss\n",
            to: "big.nav", in: dir)
        let s = try PTYSession(
            executable: try NavshBinary.require(), arguments: ["explore", setup.path, "--depth", "40", "--jobs", "1"],
            environment: ProcessInfo.processInfo.environment)
        do {
            try s.expect("states/s, queue ", timeout: 20)
            // Wait for a few more draws, so the search is well under way.
            try s.expect("states/s, queue ", timeout: 5)
            let sent = Date()
            s.send("\u{03}")
            try s.expect("interrupted: no violation within depth ", timeout: 5)
            let took = Date().timeIntervalSince(sent)
            #expect(try s.waitForExit(timeout: 10) == 130)
            // At once: between two small batches of work, well under a second even on a loaded machine.
            #expect(took < 1.0, "the summary came \(took) s after Ctrl-C")
        } catch {
            Issue.record("\(error)\n--- transcript ---\n\(s.transcript.suffix(2000).debugDescription)")
        }
    }
}
