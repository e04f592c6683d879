import NavScript
import Testing

/// The grammar's completion builds the screen names only where a screen goes,
/// once, so the prompt can hand it a builder and build nothing per line.
@Suite("Completion: screen names built on demand")
struct CompletionTests {
    /// What `Completion.at` offers after `prefix`, and how many times it built the names.
    func complete(_ prefix: String) -> (completion: Completion, builds: Int) {
        var builds = 0
        let completion = Completion.at(prefix[...]) {
            builds += 1
            return ["Home", "Settings"]
        }
        return (completion, builds)
    }

    @Test(
        "where a screen goes, the names are built once",
        arguments: ["push ", "popto ", "setstack Home ", "present ", "expect top ", "tabs A B ", "push A; popto "])
    func screenPositions(prefix: String) {
        let (completion, builds) = complete(prefix)
        #expect(builds == 1)
        guard case .words(let words) = completion else {
            Issue.record("\(completion)")
            return
        }
        #expect(words.contains("Home") && words.contains("Settings"))
    }

    @Test(
        "elsewhere they are not built",
        arguments: ["", "pu", "push Home ", "set ", "source ", "expect top Home ", "log ", "push A; ", "use "])
    func otherPositions(prefix: String) {
        #expect(complete(prefix).builds == 0)
    }

    @Test("a session's names: live screens, then declared classes, each once")
    func sessionNames() {
        let h = Harness()
        h.session.feed(
            "screen Login gate; push Home instant; push Settings instant; push Home instant", file: "t", line: 1)
        #expect(h.session.completionScreens == ["Home", "Home#2", "Settings", "Login"])
    }
}
