import NavigationEngine
import Testing

/// language.md 4.5 and behaviour.md section 3: the transition clock, and calls
/// made while a transition is in flight.
@Suite("The transition clock")
struct ClockTests {
    @Test(
        "each kind of transition takes its default duration",
        arguments: [
            (Action.push("B"), 350),
            (Action.pop(animated: true), 350),
            (Action.present("M"), 400),
        ])
    func defaultDurations(action: Action, duration: Int) {
        var sim = Sim()
        sim.given(.push("A"), .push("X"), .wait(1000))
        let start = sim.model.clock
        sim.run(action)
        #expect(sim.model.clock == start + duration)
    }

    @Test("dismiss takes 400 ms")
    func dismissDuration() {
        var sim = Sim()
        sim.given(.push("A"), .present("M"))
        let lines = sim.run(.dismiss(animated: true))
        #expect(lines.first == "400ms dismiss(receiver: A, presented: M, animated: true)")
        #expect(sim.model.clock == 800)
    }

    @Test(
        "set duration changes the length of that kind of transition",
        arguments: [
            (TransitionKind.push, Action.push("B"), 1000),
            (.pop, .pop(animated: true), 20),
            (.present, .present("M"), 1),
            (.push, .push("B"), 0),
        ])
    func setDuration(kind: TransitionKind, action: Action, ms: Int) {
        var sim = Sim()
        sim.given(.push("A"), .push("X"))
        sim.run(.setDuration(kind, milliseconds: ms))
        let start = sim.model.clock
        sim.run(action)
        #expect(sim.model.clock == start + ms)
    }

    @Test("a background command does not wait: the next starts at the same instant")
    func backgroundDoesNotWait() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(sim.model.clock == 0)
        #expect(sim.model.isBusy)
        #expect(sim.model.jobs == ["push B: 350ms left"])
    }

    @Test("wait DURATION runs the clock exactly that long, ending what falls due")
    func waitDuration() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(sim.run(.wait(349)) == [])
        #expect(sim.model.clock == 349)
        #expect(sim.model.jobs == ["push B: 1ms left"])
        #expect(brief(sim.run(.wait(1))) == [])
        #expect(sim.model.clock == 350)
        #expect(!sim.model.isBusy)
        sim.run(.wait(5000))
        #expect(sim.model.clock == 5350)
    }

    @Test("wait runs the clock until nothing is in flight")
    func waitUntilIdle() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        let lines = sim.run(.waitUntilIdle)
        #expect(lines.last == "350ms lifecycle(B, didMove(toNav: true))")
        #expect(!sim.model.isBusy)
        #expect(sim.run(.waitUntilIdle) == [])
        #expect(sim.model.clock == 350)
    }

    @Test("ios26: a navigation call during a transition is queued, and runs in order when it ends")
    func queuedCallsIOS26() {
        var sim = Sim()
        sim.given(.push("A"))
        #expect(sim.start(.push("B")).first == "0ms navCall(push(B, animated: true))")
        #expect(
            sim.start(.push("C")) == [
                "0ms navCall(push(C, animated: true))",
                "0ms note(deferred)",
            ])
        #expect(
            sim.start(.pop(animated: true)) == [
                "0ms navCall(pop(animated: true))",
                "0ms note(deferred)",
            ])
        #expect(sim.stack == ["A", "B"])
        #expect(sim.model.jobs == ["push B: 350ms left", "2 calls queued"])
        let lines = sim.settle()
        #expect(lines.contains("350ms lifecycle(C, viewWillAppear(true))"))
        #expect(lines.contains("700ms lifecycle(C, viewDidAppear(true))"))
        #expect(lines.contains("700ms lifecycle(C, viewWillDisappear(true))"))
        #expect(lines.last == "1050ms deinitialized(C)")
        #expect(sim.stack == ["A", "B"])
        #expect(sim.model.clock == 1050)
    }

    @Test("legacy: a nested push runs at once, cuts the running one short and corrupts the bar")
    func nestedPushLegacy() {
        var sim = Sim(.legacy)
        sim.given(.push("A"))
        sim.start(.push("B"))
        let lines = sim.start(.push("C"))
        #expect(
            withoutNotes(brief(lines)) == [
                "0ms navCall(push(C, animated: true))",
                "0ms warning(nestedAnimation(pop: false))",
                "0ms warning(unexpectedTransitionState)",
                "0ms warning(unbalancedAppearance(B))",
            ])
        #expect(sim.stack == ["A", "B", "C"])
        #expect(sim.model.isBarCorrupted)
        sim.settle()
        #expect(sim.model.isBarCorrupted, "the nested call's own transition does not repair the bar")
        sim.run(.push("D"))
        #expect(!sim.model.isBarCorrupted, "a later transition that ends undisturbed repairs it")
    }

    @Test("legacy: a nested pop warns about a nested pop animation")
    func nestedPopLegacy() {
        var sim = Sim(.legacy)
        sim.given(.push("A"))
        sim.start(.push("B"))
        let lines = sim.start(.pop(animated: true))
        #expect(lines.contains("0ms warning(nestedAnimation(pop: true))"))
        #expect(sim.model.isBarCorrupted)
    }

    @Test("legacy: pushing an instance whose own push is animating raises Can't add self as subview")
    func addSelfAsSubviewLegacy() {
        var sim = Sim(.legacy)
        sim.given(.push("A"))
        sim.start(.push("B"))
        let before = sim.model
        #expect(
            sim.raising(.push("B#1")) == [
                "0ms navCall(push(B, animated: true))",
                "0ms exception(addSelfAsSubview)",
            ])
        #expect(sim.model == before)
    }

    @Test(
        "a navigation call during a modal transition is dropped, naming the method called",
        arguments: [
            (Action.push("R"), "push"),
            (.pop(animated: true), "pop"),
            (.popToRoot(animated: true), "popToRoot"),
        ])
    func navigationCallDuringPresentation(action: Action, method: String) {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        sim.start(.present("M"))
        let before = sim.model.currentStack
        let lines = sim.start(action)
        #expect(lines.contains("350ms warning(callDuringPresentation(\(method)))"))
        #expect(sim.model.currentStack == before)
    }

    @Test("a held drag is in flight, but neither wait nor a foreground command can end it")
    func heldDragIsNotEndedByTheClock() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .drag(percent: 40))
        #expect(sim.model.isBusy)
        #expect(sim.run(.waitUntilIdle) == [])
        #expect(sim.model.clock == 350)
        sim.run(.wait(10_000))
        #expect(sim.model.isBusy)
        #expect(sim.model.jobs == ["interactive pop held at 40%: waits for the finger"])
        #expect(sim.stack == ["A"])
    }
}
