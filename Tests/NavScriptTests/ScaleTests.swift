import NavScript
import NavigationEngine
import Testing

/// Scale without quadratic work, measured as operations (elements the engine
/// examines plus elements undo checkpoints copy), never as seconds: the work
/// for ten times the input must stay within a constant factor of ten.
@Suite("Scale: work grows linearly")
struct ScaleTests {
    /// Runs the lines in a fresh session; returns the work done and the session.
    func work(_ lines: [String]) -> (steps: Int, harness: Harness) {
        let h = Harness()
        for (index, line) in lines.enumerated() {
            h.session.feed(line, file: "scale.nav", line: index + 1)
        }
        h.session.endOfInput(file: "scale.nav")
        return (h.session.workSteps, h)
    }

    /// `work(10n) / work(n)` stays under `limit` (linear: about 10; quadratic: about 100).
    func expectLinear(
        _ make: (Int) -> [String], small: Int, limit: Double = 16,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let a = work(make(small))
        let b = work(make(small * 10))
        #expect(
            a.harness.failures == 0 && b.harness.failures == 0, "\(b.harness.diagnostics.prefix(3))",
            sourceLocation: sourceLocation)
        let ratio = Double(b.steps) / Double(max(a.steps, 1))
        #expect(
            ratio < limit, "work \(a.steps) for \(small), \(b.steps) for \(small * 10): ratio \(ratio)",
            sourceLocation: sourceLocation)
    }

    @Test("a 100,000-deep stack: push, pop, popto, poproot")
    func deepStack() {
        expectLinear(
            { (n: Int) -> [String] in
                var lines = ["push Root"]
                lines += (0..<n).map { "push S\($0) instant" }
                lines.append("expect depth \(n + 1)")
                lines += (0..<(n / 2)).map { _ in "pop instant" }
                lines += ["popto S\(n / 4)", "expect top S\(n / 4)", "poproot", "expect depth 1"]
                return lines
            }, small: 10_000)
    }

    @Test("10,000 live instances of one class: references, notify, alive")
    func manyInstances() {
        expectLinear(
            { (n: Int) -> [String] in
                var lines = ["push A"]
                lines += (1..<n).map { _ in "push A instant" }
                lines += [
                    "expect alive A#1 A#\(n)", "popto A#\(n / 2)", "expect top A#\(n / 2)", "notify memoryWarning",
                    "expect released A#\(n)", "setstack A#1 Fresh", "expect stack A Fresh",
                ]
                return lines
            }, small: 1_000)
    }

    @Test("long scripts: 100,000 lines of pushes and pops")
    func longScript() {
        expectLinear(
            { (n: Int) -> [String] in
                (0..<n).map { (i: Int) -> String in i % 4 < 2 ? "push S\(i % 7)" : "pop" }
            }, small: 10_000, limit: 12)
    }

    @Test("a new class on every line: 100,000 distinct class names")
    func manyClasses() {
        // Every class ever created keeps its instance counter, so the state grows
        // with the script even though the stack does not; undo's checkpoints must
        // be spaced by that size, or each one copies every counter (a script of
        // 1,000,000 such lines took 106 s instead of 1.7 s).
        expectLinear(
            { (n: Int) -> [String] in
                var lines = ["push Home"]
                for i in 0..<n { lines += ["push Distinct\(i)", "pop"] }
                lines.append("expect depth 1")
                return lines
            }, small: 10_000)
        var model = NavigationModel()
        for i in 0..<1_000 {
            var events: [Event] = []
            _ = try? model.perform(
                .push(ScreenRef(className: "Counted\(i)"), gate: false, animated: false), events: &events)
            _ = try? model.perform(.pop(animated: false), events: &events)
        }
        #expect(
            model.weight >= 1_000, "the counters of 1,000 classes count in the state's size (weight \(model.weight))")
    }

    @Test("undo stays cheap on a deep stack")
    func undoOnDeepStack() {
        expectLinear(
            { (n: Int) -> [String] in
                var lines = ["push Root"]
                lines += (0..<n).map { "push S\($0) instant" }
                lines += (0..<50).map { _ in "undo" }
                lines.append("expect depth \(n - 49)")
                return lines
            }, small: 5_000)
    }

    @Test("one tabs line of 10,000 names")
    func manyTabs() {
        // Each tab's controller took the lowest free id by scanning the table from 1.
        expectLinear(
            { (n: Int) -> [String] in
                [
                    "tabs " + (0..<n).map { "T\($0)" }.joined(separator: " "), "expect top T0", "tabs Again",
                    "expect top Again",
                ]
            }, small: 1_000)
    }

    @Test("10,000 nested presentations, each in its own navigation controller")
    func nestedPresentations() {
        // Every command read every controller (the fingerprint, the weight, the next
        // deadline, the queues after a modal transition) and every `present` searched
        // the modals for its presenter: ratio 96.6 with those scans counted. The table
        // now keeps those sums as slots change (NavTable+Summary.swift) and the modals
        // count their presenters (ModalStack.swift).
        expectLinear(
            { (n: Int) -> [String] in
                ["push Root"] + (0..<n).map { "present P\($0) nav instant" } + ["expect top P\(n - 1)"]
            }, small: 200)
    }
}
