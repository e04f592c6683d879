import NavScript
import Testing

/// issue 15 item 4: timelines of a class session.
@Suite("Timeline of a class session")
struct TimelineSpanTests {
    /// Runs `script` with the files `timeline` writes kept in memory.
    func written(_ script: String) -> (files: [String: String], harness: Harness) {
        let harness = Harness()
        let files = harness.runKeepingFiles(script)
        #expect(harness.diagnostics.isEmpty, "\(harness.diagnostics)")
        return (files, harness)
    }

    @Test("the header's range covers the whole session when a reset sent the clock back")
    func rangeAfterReset() throws {
        let (files, _) = written("push A\npush B\nreset\npush C\ntimeline t.md\ntimeline t.svg")
        let md = try #require(files["t.md"])
        #expect(md.contains("0–350 ms on the transition clock, which went back once (reset)"), "\(md.prefix(300))")
        #expect(try #require(files["t.svg"]).contains("0–350 ms on the transition clock"))
    }

    @Test("without a reset the header reads as before")
    func rangeWithoutReset() throws {
        let (files, _) = written("push A\npush B\ntimeline t.md")
        #expect(try #require(files["t.md"]).contains("events, 0–350 ms on the transition clock. "))
    }

    @Test("timeline FILE since reset draws the events after the last reset")
    func sinceReset() throws {
        let (files, harness) = written("push A\nreset\npush B\nreset\npush C\npush D\ntimeline t.md since reset")
        let md = try #require(files["t.md"])
        #expect(md.contains("pushViewController(C") && md.contains("pushViewController(D"))
        #expect(!md.contains("pushViewController(A") && !md.contains("pushViewController(B"))
        #expect(harness.sink.lines.last?.hasPrefix("wrote t.md: ") == true)
    }

    @Test("since reset after an undone reset goes back to the reset before it")
    func sinceUndoneReset() throws {
        let (files, _) = written("push A\nreset\npush B\nreset\nundo\ntimeline t.md since reset")
        let md = try #require(files["t.md"])
        #expect(md.contains("pushViewController(B") && !md.contains("pushViewController(A"))
    }

    @Test("timeline FILE last N draws the last N events")
    func lastN() throws {
        let (files, harness) = written("push A\npush B\npush C\ntimeline t.md last 2")
        #expect(harness.sink.lines.last == "wrote t.md: 2 events")
        let md = try #require(files["t.md"])
        #expect(md.contains("2 events"))
        #expect(!md.contains("pushViewController(A"))
    }

    @Test(
        "bad spans are errors",
        arguments: [
            "timeline t.md last 0", "timeline t.md last x", "timeline t.md since now",
            "timeline t.md after 2",
        ])
    func badSpans(line: String) {
        let harness = Harness()
        harness.run(line)
        #expect(harness.diagnostics.count == 1, "\(harness.diagnostics)")
    }
}
