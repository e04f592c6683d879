import NavigationEngine
import Testing

/// behaviour.md section 5b: iOS 26's pre-emption of a running transition
/// (`set preemption on`), one test per rule.
@Suite("Pre-emption of a running transition (iOS 26)")
struct PreemptionTests {
    /// A simulator in ios26 with pre-emption set as asked.
    func sim(preemption: Bool) -> Sim {
        var sim = Sim()
        sim.given(.setPreemption(preemption))
        return sim
    }

    @Test("rule 1: off by default, a push during a push waits in the queue")
    func offByDefault() {
        var sim = Sim()
        #expect(!sim.model.preemption)
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(
            sim.start(.push("C")) == [
                "0ms navCall(push(C, animated: true))",
                "0ms note(deferred)",
            ])
    }

    @Test("rule 1: legacy has no pre-emption: set preemption is refused and changes nothing")
    func legacyRefuses() {
        var sim = Sim(.legacy)
        let before = sim.model
        #expect(sim.refused(.setPreemption(true))?.error == .noPreemptionBeforeIOS26)
        #expect(sim.model == before)
    }

    @Test("rule 3: a push during a push completes the running one at once, then runs")
    func pushPreemptsPush() {
        var sim = sim(preemption: true)
        sim.given(.delegate("Spy"), .push("A"))
        sim.start(.push("B"))
        #expect(
            sim.start(.push("C")) == [
                "0ms navCall(push(C, animated: true))",
                "0ms note(preempted(push: true, cancelling: false, to: B))",
                "0ms lifecycle(A, viewDidDisappear(true))",
                "0ms lifecycle(B, viewDidAppear(true))",
                "0ms lifecycle(B, didMove(toNav: true))",
                "0ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: true))",
                "0ms lifecycle(C, willMove(toNav: true))",
                "0ms lifecycle(C, viewDidLoad)",
                "0ms lifecycle(B, viewWillDisappear(true))",
                "0ms lifecycle(C, viewWillAppear(true))",
                "0ms delegateCall(receiver: outside(Spy), call: willShow(C, animated: true))",
            ])
        #expect(
            sim.settle() == [
                "350ms lifecycle(B, viewDidDisappear(true))",
                "350ms lifecycle(C, viewDidAppear(true))",
                "350ms lifecycle(C, didMove(toNav: true))",
                "350ms delegateCall(receiver: outside(Spy), call: didShow(C, animated: true))",
            ])
        #expect(sim.stack == ["A", "B", "C"])
    }

    @Test("rule 2: a transition the delegate's own animator runs is not pre-emptable")
    func customAnimatorQueues() {
        var sim = sim(preemption: true)
        sim.given(.delegate(OutsideDelegate(name: "Fade", methods: [.animationController])), .push("A"))
        sim.start(.push("B"))
        #expect(sim.start(.push("C")).last == "0ms note(deferred)")
    }

    @Test("rule 2: a pop a finger holds is pre-empted too: it completes, and the finger holds nothing")
    func heldPopCompletes() {
        var sim = sim(preemption: true)
        sim.given(.push("A"), .push("B"), .drag(percent: 30))
        #expect(
            sim.start(.push("C")) == [
                "350ms navCall(push(C, animated: true))",
                "350ms note(preempted(push: false, cancelling: false, to: A))",
                "350ms lifecycle(B, viewDidDisappear(true))",
                "350ms lifecycle(B, didMove(toNav: false))",
                "350ms lifecycle(A, viewDidAppear(true))",
                "350ms deinitialized(B)",
                "350ms gestureFinished",
                "350ms lifecycle(C, willMove(toNav: true))",
                "350ms lifecycle(C, viewDidLoad)",
                "350ms lifecycle(A, viewWillDisappear(true))",
                "350ms lifecycle(C, viewWillAppear(true))",
            ])
        #expect(sim.refused(.release)?.error == .noSwipeHeld)
    }

    @Test("rule 3: a call whose pre-emption started another transition waits for it")
    func preemptionStartsAnother() {
        var sim = sim(preemption: true)
        sim.given(.delegate(OutsideDelegate(name: "Fade", methods: [.animationController])), .push("A"))
        sim.start(.push("B"))
        sim.start(.push("C"))
        sim.given(.delegate(nil))
        #expect(
            sim.start(.push("D")) == [
                "0ms navCall(push(D, animated: true))",
                "0ms note(preempted(push: true, cancelling: false, to: B))",
                "0ms lifecycle(A, viewDidDisappear(true))",
                "0ms lifecycle(B, viewDidAppear(true))",
                "0ms lifecycle(B, didMove(toNav: true))",
                "0ms lifecycle(C, willMove(toNav: true))",
                "0ms lifecycle(C, viewDidLoad)",
                "0ms lifecycle(B, viewWillDisappear(true))",
                "0ms lifecycle(C, viewWillAppear(true))",
                "0ms note(deferred)",
            ])
        sim.settle()
        #expect(sim.stack == ["A", "B", "C", "D"])
    }

    /// A pop of B while its push from `A` runs, at 0 ms: the push completes
    /// at once, then B pops with the usual 350 ms. A swipe and the back
    /// button both do this.
    static let popOfPushedB = [
        "0ms navCall(pop(animated: true))",
        "0ms note(preempted(push: true, cancelling: false, to: B))",
        "0ms lifecycle(A, viewDidDisappear(true))",
        "0ms lifecycle(B, viewDidAppear(true))",
        "0ms lifecycle(B, didMove(toNav: true))",
        "0ms lifecycle(B, willMove(toNav: false))",
        "0ms lifecycle(B, viewWillDisappear(true))",
        "0ms lifecycle(A, viewWillAppear(true))",
        "350ms lifecycle(B, viewDidDisappear(true))",
        "350ms lifecycle(B, didMove(toNav: false))",
        "350ms lifecycle(A, viewDidAppear(true))",
        "350ms deinitialized(B)",
    ]

    @Test("rule 4: a swipe during a push begins: the push completes, then B pops interactively")
    func swipeDuringPush() {
        var off = sim(preemption: false)
        off.given(.push("A"))
        off.start(.push("B"))
        #expect(off.start(.swipe(cancel: false)) == ["0ms gestureRefused(transitionInFlight)"])
        var sim = sim(preemption: true)
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(
            sim.run(.swipe(cancel: false)) == ["0ms gestureBegan"] + Self.popOfPushedB + ["350ms gestureFinished"])
        #expect(sim.stack == ["A"])
    }

    @Test("rule 5: the back button during a push pops the pushed screen")
    func backDuringPush() {
        var sim = sim(preemption: true)
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(
            sim.run(.back) == ["0ms barShouldPop(B, answer: true)"] + Self.popOfPushedB)
    }

    @Test("rule 6: with a nil gesture delegate a swipe during a push no longer freezes; on the root it still does")
    func nilDelegateFreeze() {
        var sim = sim(preemption: true)
        sim.given(.gestureDelegate(.none), .push("A"))
        sim.start(.push("B"))
        sim.run(.swipe(cancel: false))
        #expect(!sim.model.isFrozen)
        #expect(sim.stack == ["A"])
        sim.run(.swipe(cancel: false))
        #expect(sim.model.isFrozen)
    }
}
