import Foundation
import NavFuzzHarness
import Testing

// Replays every committed fuzz input (fuzz/corpus: the scenario seeds, the
// hand-written seeds and the crashers the fuzzer found once fixed) through the
// fuzz target's own entry, `FuzzHarness.run` (the NavFuzzHarness library that
// the fuzz executable links too), without the sanitizer. A crash fails
// the run; a problem the harness detects (invalid JSON, an unlocated
// diagnostic, an engine action that failed but changed the model) fails the test.
// fuzz/known-crashers holds reproducers of bugs not fixed yet: they are not replayed.

@Suite("Fuzz corpus replay")
struct FuzzCorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(in folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
    }

    static let corpus = files(in: "fuzz/corpus")

    @Test("the corpus holds the scenario seeds")
    func seeded() {
        #expect(Self.corpus.count >= 12)
        #expect(Self.corpus.contains { $0.lastPathComponent.hasPrefix("scenario-") })
    }

    @Test("every corpus input runs cleanly", arguments: corpus)
    func replay(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let problems = FuzzHarness.run([UInt8](data))
        #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems)")
    }

    @Test("the dictionary parses: one keyword=\"...\" entry per line")
    func dictionary() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("fuzz/navsh.dict"), encoding: .utf8)
        let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(entries.count > 50)
        for entry in entries {
            #expect(entry.contains("=\"") && entry.hasSuffix("\""), "\(entry)")
            #expect(
                !entry.contains("\\n") && !entry.contains("\\t"),
                "libFuzzer takes only \\\\, \\\" and \\xNN escapes: \(entry)")
        }
    }
}
