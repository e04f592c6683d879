import NavScript
import Testing

/// `alive` with many screens, counted as work (elements read plus the
/// comparisons of any sort), never timed: the work of one `alive` for 100
/// times the screens must stay within 115 times. Linear work gives 100;
/// sorting every screen by name (n log n) gave about 128, and a scan of the
/// presentations or of the tabs for every nav (quadratic) thousands.
@Suite("Scale: alive reads each holder once")
struct AliveScaleTests {
    /// The work of the last line, after the others ran, in a fresh session.
    func workOfLastLine(_ lines: [String]) -> (steps: Int, harness: Harness) {
        let h = Harness()
        for (index, line) in lines.dropLast().enumerated() {
            h.session.feed(line, file: "alive.nav", line: index + 1)
        }
        let before = h.session.workSteps
        h.session.feed(lines.last ?? "", file: "alive.nav", line: lines.count)
        return (h.session.workSteps - before, h)
    }

    func expectLinear(
        _ make: (Int) -> [String], small: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let a = workOfLastLine(make(small))
        let b = workOfLastLine(make(small * 100))
        #expect(
            a.harness.failures == 0 && b.harness.failures == 0, "\(b.harness.diagnostics.prefix(3))",
            sourceLocation: sourceLocation)
        let ratio = Double(b.steps) / Double(max(a.steps, 1))
        #expect(
            ratio < 115, "work \(a.steps) for \(small), \(b.steps) for \(small * 100): ratio \(ratio)",
            sourceLocation: sourceLocation)
    }

    @Test("a stack of screens of distinct classes")
    func deepStack() {
        expectLinear({ n in ["push Root"] + (0..<n).map { "push S\($0) instant" } + ["alive"] }, small: 200)
    }

    @Test("nested presentations, each in its own navigation controller")
    func nestedPresentations() {
        expectLinear({ n in ["push Root"] + (0..<n).map { "present P\($0) nav instant" } + ["alive"] }, small: 30)
    }

    @Test("a tab bar of many tabs")
    func manyTabs() {
        expectLinear({ n in ["tabs " + (0..<n).map { "T\($0)" }.joined(separator: " "), "alive"] }, small: 30)
    }

    @Test("the report is unchanged: each screen once, top first, with its holders")
    func report() {
        let h = Harness()
        h.session.feed("push Root; present P nav instant; push Q instant; present Full instant", file: "t", line: 1)
        h.sink.lines.removeAll()
        h.session.feed("alive", file: "t", line: 2)
        #expect(
            h.sink.lines == [
                "Full: held by the presentation from Q",
                "Q: held by the nav presented by Root stack, position 2 of 2; its presentation of Full",
                "P: held by the nav presented by Root stack, position 1 of 2",
                "Root: held by the window's nav stack, position 1 of 1; its presentation of P",
            ])
    }
}
