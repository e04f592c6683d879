import NavScript
import Testing

/// language.md 4.8: undo returns to the state before the last command that changed it.
@Suite("Undo")
struct UndoTests {
    @Test("undo restores the model exactly, instance numbering included")
    func undoRestoresModelAndNumbering() {
        let harness = Harness()
        harness.run("push A")
        let before = harness.session.state
        harness.run("push B\nundo")
        #expect(harness.session.state == before)
        harness.run("push B")
        #expect(harness.stack == ["A", "B"], "B is B again, not B#2")
        #expect(harness.diagnostics == [])
    }

    @Test("each undo steps one command further back, and prints what it undid")
    func stepsBack() {
        let harness = Harness()
        harness.run("push A\npush B\npush C\nundo\nundo")
        #expect(harness.stack == ["A"])
        #expect(harness.sink.lines.suffix(2) == ["undone: push C", "undone: push B"])
        #expect(harness.session.state.clock == 0, "push B started at 0 ms")
    }

    @Test(
        "a command that failed is no undo step, even when recording it trimmed the journal",
        arguments: [8, 100, 107, 200, 296, 400])
    func failedCommandAfterTrim(pushes: Int) {
        // The journal forgets its oldest entries now and then; a failed command
        // must still be taken back out of it exactly (it once stayed in when the
        // trim happened while it was recorded, and `undo` then undid `tap OK`).
        let harness = Harness()
        harness.run(
            Array(repeating: "push A instant", count: pushes).joined(separator: "\n")
                + "\ntap OK\nexpect error\nundo")
        #expect(harness.sink.lines.last == "undone: push A instant")
        #expect(harness.stack.count == pushes - 1)
        #expect(harness.failures == 0, "\(harness.diagnostics)")
    }

    @Test("a line taken back whole gives back what an undo on it took from the journal")
    func lineRollbackRestoresJournal() {
        // `undo ; tap Cancel`: the undo works, the tap fails, so the line changes
        // nothing; the `wait` it had undone is still there to be replayed later.
        let harness = Harness()
        harness.run("push A\nwait 200ms\nundo ; tap Cancel\nexpect error\npush B\nundo")
        #expect(harness.session.state.clock == 200)
        #expect(harness.stack == ["A"])
        #expect(harness.failures == 0, "\(harness.diagnostics)")
    }

    @Test("undo with nothing to undo is an error")
    func nothingToUndo() {
        expectScript("undo", diagnostics: ["t.nav:1:1: error: nothing to undo"])
    }

    @Test("undo brings a frozen UI back")
    func undoThaws() {
        expectScript(
            """
            push A
            gesture-delegate none
            swipe
            expect frozen
            undo
            expect responsive
            expect stack A
            """)
    }

    @Test("undo restores settings such as log")
    func undoRestoresLog() {
        let harness = Harness()
        harness.run("log off\nundo")
        #expect(harness.session.logLevel == .brief)
    }

    @Test("a failed command leaves nothing to undo")
    func failedCommandsAreNotUndone() {
        expectScript(
            """
            push A
            push A#1
            expect error
            undo
            expect depth 0
            """)
    }
}
