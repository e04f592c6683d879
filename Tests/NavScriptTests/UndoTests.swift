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

    @Test("undo with nothing to undo is an error")
    func nothingToUndo() {
        expectScript("undo", diagnostics: ["t.nav:1:1: error: nothing to undo"])
    }

    @Test("undo brings a frozen UI back")
    func undoThaws() {
        expectScript("""
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
        expectScript("""
            push A
            push A#1
            expect error
            undo
            expect depth 0
            """)
    }
}
