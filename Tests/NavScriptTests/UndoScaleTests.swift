import NavScript
import Testing

/// Undo's work, counted (elements examined plus the state copied because of
/// checkpoints, those taken and those undo restores), never timed.
@Suite("Scale: undo")
struct UndoScaleTests {
    func work(_ lines: [String]) -> (steps: Int, failures: Int) {
        let h = Harness()
        for (index, line) in lines.enumerated() { h.session.feed(line, file: "undo.nav", line: index + 1) }
        h.session.endOfInput(file: "undo.nav")
        return (h.session.workSteps, h.failures)
    }

    /// The ratio of the work for 10 n rounds to the work for n.
    func ratio(_ make: (Int) -> [String], small: Int) -> (ratio: Double, text: String) {
        let a = work(make(small))
        let b = work(make(small * 10))
        #expect(a.failures == 0 && b.failures == 0)
        return (Double(b.steps) / Double(max(a.steps, 1)), "work \(a.steps) for \(small), \(b.steps) for \(small * 10)")
    }

    static func alternating(_ n: Int) -> [String] {
        ["push Root"] + (0..<n).flatMap { _ in ["push A instant", "push B instant", "undo"] }
    }

    /// Each round leaves the stack one deeper, and each undo restores a
    /// checkpoint that the replay or the next push changes. With stacks and
    /// a screen table in flat arrays that change copied the whole state
    /// (quadratic: 101 times the work for 10 times the rounds); in chunks
    /// it copies one chunk and the chunk list (docs/robustness.md, round
    /// three). The rounds reach past a chunk of stack (256 entries).
    @Test("two pushes and an undo, repeated")
    func alternatingPushesAndUndo() {
        let measured = ratio(Self.alternating, small: 1000)
        #expect(measured.ratio < 16, "\(measured.text): ratio \(measured.ratio)")
    }
}
