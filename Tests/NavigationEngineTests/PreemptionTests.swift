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
                "0ms nav.pushViewController(C, animated: true)",
                "0ms note: deferred until the running transition ends",
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
                "0ms nav.pushViewController(C, animated: true)",
                "0ms note: iOS 26 pre-empted the running push of B: it completes now",
                "0ms A.viewDidDisappear(true)",
                "0ms B.viewDidAppear(true)",
                "0ms B.didMove(toParent: nav)",
                "0ms Spy.didShow(B, animated: true)",
                "0ms C.willMove(toParent: nav)",
                "0ms C.viewDidLoad()",
                "0ms B.viewWillDisappear(true)",
                "0ms C.viewWillAppear(true)",
                "0ms Spy.willShow(C, animated: true)",
            ])
        #expect(
            sim.settle() == [
                "350ms B.viewDidDisappear(true)",
                "350ms C.viewDidAppear(true)",
                "350ms C.didMove(toParent: nav)",
                "350ms Spy.didShow(C, animated: true)",
            ])
        #expect(sim.stack == ["A", "B", "C"])
    }

    @Test("rule 2: a transition the delegate's own animator runs is not pre-emptable")
    func customAnimatorQueues() {
        var sim = sim(preemption: true)
        sim.given(.delegate(OutsideDelegate(name: "Fade", methods: [.animationController])), .push("A"))
        sim.start(.push("B"))
        #expect(sim.start(.push("C")).last == "0ms note: deferred until the running transition ends")
    }

    @Test("rule 2: a pop a finger holds is pre-empted too: it completes, and the finger holds nothing")
    func heldPopCompletes() {
        var sim = sim(preemption: true)
        sim.given(.push("A"), .push("B"), .drag(percent: 30))
        #expect(
            sim.start(.push("C")) == [
                "350ms nav.pushViewController(C, animated: true)",
                "350ms note: iOS 26 pre-empted the running pop to A: it completes now",
                "350ms B.viewDidDisappear(true)",
                "350ms B.didMove(toParent: nil)",
                "350ms A.viewDidAppear(true)",
                "350ms B.deinit",
                "350ms gesture.finished",
                "350ms C.willMove(toParent: nav)",
                "350ms C.viewDidLoad()",
                "350ms A.viewWillDisappear(true)",
                "350ms C.viewWillAppear(true)",
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
                "0ms nav.pushViewController(D, animated: true)",
                "0ms note: iOS 26 pre-empted the running push of B: it completes now",
                "0ms A.viewDidDisappear(true)",
                "0ms B.viewDidAppear(true)",
                "0ms B.didMove(toParent: nav)",
                "0ms C.willMove(toParent: nav)",
                "0ms C.viewDidLoad()",
                "0ms B.viewWillDisappear(true)",
                "0ms C.viewWillAppear(true)",
                "0ms note: deferred until the running transition ends",
            ])
        sim.settle()
        #expect(sim.stack == ["A", "B", "C", "D"])
    }

    @Test("rule 4: a swipe during a push begins: the push completes, then B pops interactively")
    func swipeDuringPush() {
        var off = sim(preemption: false)
        off.given(.push("A"))
        off.start(.push("B"))
        #expect(off.start(.swipe(cancel: false)) == ["0ms gesture.shouldBegin -> false (a transition is in flight)"])
        var sim = sim(preemption: true)
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(
            sim.run(.swipe(cancel: false)) == [
                "0ms gesture.began",
                "0ms nav.popViewController(animated: true)",
                "0ms note: iOS 26 pre-empted the running push of B: it completes now",
                "0ms A.viewDidDisappear(true)",
                "0ms B.viewDidAppear(true)",
                "0ms B.didMove(toParent: nav)",
                "0ms B.willMove(toParent: nil)",
                "0ms B.viewWillDisappear(true)",
                "0ms A.viewWillAppear(true)",
                "350ms B.viewDidDisappear(true)",
                "350ms B.didMove(toParent: nil)",
                "350ms A.viewDidAppear(true)",
                "350ms B.deinit",
                "350ms gesture.finished",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("rule 5: the back button during a push pops the pushed screen")
    func backDuringPush() {
        var sim = sim(preemption: true)
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(
            sim.run(.back) == [
                "0ms bar.shouldPop(B) -> true",
                "0ms nav.popViewController(animated: true)",
                "0ms note: iOS 26 pre-empted the running push of B: it completes now",
                "0ms A.viewDidDisappear(true)",
                "0ms B.viewDidAppear(true)",
                "0ms B.didMove(toParent: nav)",
                "0ms B.willMove(toParent: nil)",
                "0ms B.viewWillDisappear(true)",
                "0ms A.viewWillAppear(true)",
                "350ms B.viewDidDisappear(true)",
                "350ms B.didMove(toParent: nil)",
                "350ms A.viewDidAppear(true)",
                "350ms B.deinit",
            ])
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
