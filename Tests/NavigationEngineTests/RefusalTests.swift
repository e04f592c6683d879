import NavigationEngine
import Testing

/// behaviour.md sections 1 and 2: what UIKit refuses quietly, what it raises,
/// and that a raised exception leaves the model as it was.
@Suite("Refusals and exceptions")
struct RefusalTests {
    @Test("pushing an instance already in the stack raises, and the model is unchanged")
    func pushSameInstanceTwice() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let before = sim.model
        #expect(
            sim.raising(.push("A#1")) == [
                "350ms navCall(push(A, animated: true))",
                "350ms exception(pushedTwice(A))",
            ])
        #expect(sim.model == before)
        #expect(sim.stack == ["A", "B"])
    }

    @Test("pushing the top itself again raises too")
    func pushTopAgain() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let before = sim.model
        let lines = sim.raising(.push("B#1", instant: true))
        #expect(
            lines.last
                == "350ms exception(pushedTwice(B))"
        )
        #expect(sim.model == before)
    }

    @Test("setViewControllers with the same instance twice raises, and the model is unchanged")
    func setStackWithDuplicates() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let before = sim.model
        #expect(
            sim.raising(.setStack("A B A")) == [
                "350ms navCall(setStack([A, B, A], animated: true))",
                "350ms exception(notDistinct([A, B, A]))",
            ])
        #expect(sim.model == before)
    }

    @Test("popTo a live screen that is not in the stack: ios26 warns and changes nothing")
    func popToNotInStackIOS26() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"))
        let before = sim.model
        #expect(
            withoutNotes(sim.run(.popTo("B"))) == [
                "350ms navCall(popTo(B, animated: true))",
                "350ms warning(popToMissing)",
            ])
        #expect(sim.model == before)
    }

    @Test("popTo a live screen that is not in the stack: legacy raises NSInternalInconsistencyException")
    func popToNotInStackLegacy() {
        var sim = Sim(.legacy)
        sim.given(.tabs(["A", "B"]), .push("C"))
        let before = sim.model
        let lines = sim.raising(.popTo("B"))
        #expect(lines.first == "350ms navCall(popTo(B, animated: true))")
        #expect(lines.last == "350ms exception(popToMissing)")
        #expect(sim.model == before)
    }

    @Test(
        "with one screen, pop and popToRoot return nil and change nothing",
        arguments: [
            Action.pop(animated: true), .pop(animated: false), .popToRoot(animated: true), .popToRoot(animated: false),
        ])
    func popWithOneScreen(action: Action) {
        var sim = Sim()
        sim.given(.push("A"))
        let before = sim.model
        let lines = withoutNotes(sim.run(action))
        #expect(lines.count == 1, "only the call itself: \(lines)")
        #expect(sim.model == before)
    }

    @Test("popTo the top returns nil and changes nothing")
    func popToTheTop() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let before = sim.model
        #expect(withoutNotes(sim.run(.popTo("B"))) == ["350ms navCall(popTo(B, animated: true))"])
        #expect(sim.model == before)
    }

    @Test(
        "a reference to a released or never-created instance is refused as input",
        arguments: [
            (Action.push("B#1"), "released(B)"),
            (Action.popTo("B"), "released(B)"),
            (Action.popTo("Nope"), "neverCreated(Nope)"),
            (Action.push("A#3"), "noSuchInstance(A#3, created: 1)"),
            (Action.push("Nope#2"), "noSuchInstance(Nope#2, created: 0)"),
        ])
    func badReferences(action: Action, facts: String) {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .pop(animated: true))
        let before = sim.model
        #expect(sim.refused(action)?.facts == facts)
        #expect(sim.model == before)
    }
}
