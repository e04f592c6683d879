import NavigationEngine
import Testing

/// behaviour.md section 5: the interactive pop gesture.
@Suite("The interactive pop gesture")
struct GestureTests {
    @Test("a full swipe pops like popViewController(animated: true) and finishes 350 ms later")
    func fullSwipe() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.swipe(cancel: false))
                == ["350ms gestureBegan", "350ms navCall(pop(animated: true))"] + PopOfB.atOnce + PopOfB.atEnd
                + ["700ms gestureFinished"])
        #expect(sim.stack == ["A"])
    }

    @Test("a cancelled swipe in ios26: the screen that stays gets willShow/didShow; B is back on the stack")
    func cancelledSwipeIOS26() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.swipe(cancel: true))
                == ["350ms gestureBegan", "350ms navCall(pop(animated: true))"] + PopOfB.atOnce
                + ["700ms gestureCancelled(popRefused: false)"] + PopOfB.undone)
        #expect(sim.stack == ["A", "B"])
        #expect(sim.isAlive("B"))
    }

    @Test("a cancelled swipe in legacy: no willShow/didShow for the screen that stays")
    func cancelledSwipeLegacy() {
        var sim = Sim(.legacy)
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        let lines = sim.run(.swipe(cancel: true))
        #expect(
            lines.filter { $0.contains("outside(Spy)") } == [
                "350ms delegateCall(receiver: outside(Spy), call: willShow(A, animated: true))"
            ])
        #expect(lines.last == "700ms lifecycle(B, viewDidAppear(true))")
        #expect(sim.stack == ["A", "B"])
    }

    @Test("the stack loses B when the swipe begins and gets it back when it cancels")
    func stackDuringHeldSwipe() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        sim.run(.drag(percent: 30))
        #expect(sim.stack == ["A"])
        sim.run(.release)
        #expect(sim.stack == ["A", "B"])
    }

    @Test(
        "release finishes above 50 % in (1 - p) x 350 ms, and cancels otherwise in p x 350 ms",
        arguments: [
            (40, "350ms gestureReleased(percent: 40, cancels: true, remaining: 140)", 490, ["A", "B"]),
            (60, "350ms gestureReleased(percent: 60, cancels: false, remaining: 140)", 490, ["A"]),
            (30, "350ms gestureReleased(percent: 30, cancels: true, remaining: 105)", 455, ["A", "B"]),
            (80, "350ms gestureReleased(percent: 80, cancels: false, remaining: 70)", 420, ["A"]),
            (50, "350ms gestureReleased(percent: 50, cancels: true, remaining: 175)", 525, ["A", "B"]),
            (100, "350ms gestureReleased(percent: 100, cancels: false, remaining: 0)", 350, ["A"]),
            (0, "350ms gestureReleased(percent: 0, cancels: true, remaining: 0)", 350, ["A", "B"]),
        ])
    func dragAndRelease(percent: Int, released: String, endsAt: Int, stack: [String]) {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        #expect(
            sim.run(.drag(percent: percent)) == [
                "350ms gestureBegan",
                "350ms navCall(pop(animated: true))",
                "350ms lifecycle(B, willMove(toNav: false))",
                "350ms lifecycle(B, viewWillDisappear(true))",
                "350ms lifecycle(A, viewWillAppear(true))",
            ])
        let lines = sim.run(.release)
        #expect(lines.first == released)
        #expect(lines.last?.hasPrefix("\(endsAt)ms ") == true)
        #expect(sim.model.clock == endsAt)
        #expect(sim.stack == stack)
        #expect(!sim.model.isBusy)
    }

    @Test("moving a held drag changes its percentage; release with nothing held is refused")
    func moveHeldDrag() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .drag(percent: 20))
        #expect(sim.run(.drag(percent: 70)) == ["350ms gestureChanged(percent: 70)"])
        #expect(sim.run(.release).first == "350ms gestureReleased(percent: 70, cancels: false, remaining: 105)")
        #expect(sim.refused(.release)?.error == .noSwipeHeld)
    }

    @Test(
        "UIKit's own gesture delegate refuses, with its reason",
        arguments: [
            ([Action.push("A")], "gestureRefused(noPreviousScreen)"),
            (
                [Action.screen("C", [.customBack(alert: nil)]), .push("A"), .push("C")],
                "gestureRefused(customBack(C))"
            ),
            (
                [Action.screen("H", [.hidesBack]), .push("A"), .push("H")],
                "gestureRefused(hidesBack(H))"
            ),
            (
                [Action.delegate("Spy", .animationController), .push("A"), .push("B")],
                "gestureRefused(animatorWithoutInteraction)"
            ),
        ])
    func systemRefusals(setup: [Action], refusal: String) {
        var sim = Sim()
        for action in setup { sim.run(action) }
        #expect(!sim.model.swipeWouldBegin)
        let before = sim.model.currentStack
        let lines = sim.run(.swipe(cancel: false))
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix(" " + refusal) == true)
        #expect(sim.model.currentStack == before)
        #expect(!sim.model.isFrozen)
    }

    @Test("UIKit's own gesture delegate refuses while a transition is in flight")
    func systemRefusesDuringTransition() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(sim.start(.swipe(cancel: false)) == ["0ms gestureRefused(transitionInFlight)"])
    }

    @Test("an animation controller with an interaction controller lets the swipe begin and drive it")
    func interactionControllerDelegate() {
        var sim = Sim()
        sim.given(.delegate("Spy", .animationController, .interactionController), .push("A"), .push("B"))
        #expect(sim.model.swipeWouldBegin)
        let lines = sim.run(.swipe(cancel: false))
        #expect(
            lines.contains(
                "350ms delegateCall(receiver: outside(Spy), call: animationController(push: false, from: B, to: A))"))
        #expect(lines.contains("350ms delegateCall(receiver: outside(Spy), call: interactionController(to: A))"))
    }

    @Test("with no gesture delegate a swipe on the root freezes the UI, and every touch is then ignored")
    func noneFreezesOnTheRoot() {
        var sim = Sim()
        sim.given(.push("A"))
        #expect(sim.run(.gestureDelegate(.none)) == ["0ms gestureDelegateAssigned(none)"])
        let frozen = sim.run(.swipe(cancel: false))
        #expect(frozen.count == 2)
        #expect(frozen.first == "0ms gestureBegan")
        #expect(frozen.last?.hasPrefix("0ms frozen(") == true)
        #expect(sim.model.isFrozen)
        #expect(sim.model.isBusy)
        #expect(sim.run(.back) == ["0ms touchIgnored(back, because: frozen)"])
        #expect(sim.run(.swipe(cancel: false)) == ["0ms touchIgnored(swipe, because: frozen)"])
        #expect(sim.run(.drag(percent: 10)) == ["0ms touchIgnored(drag, because: frozen)"])
        #expect(sim.run(.waitUntilIdle) == [])
        #expect(sim.model.isFrozen)
    }

    @Test("with no gesture delegate a swipe during a push freezes the UI; root brings back a responsive one")
    func noneFreezesDuringPush() {
        var sim = Sim()
        sim.given(.gestureDelegate(.none), .push("A"))
        sim.start(.push("B"))
        #expect(sim.run(.swipe(cancel: false)).contains { $0.hasPrefix("0ms frozen(") })
        #expect(sim.model.isFrozen)
        sim.run(.root("Z"))
        #expect(!sim.model.isFrozen)
        #expect(sim.stack == ["Z"])
    }

    @Test("the controller as gesture delegate refuses on the root and while pushing")
    func controllerGuard() {
        var sim = Sim()
        sim.given(.use("InteractivePopNavigationController"), .push("A"))
        #expect(sim.run(.swipe(cancel: false)) == ["0ms gestureRefused(singleScreen)"])
        sim.run(.push("B"))
        #expect(sim.model.swipeWouldBegin)
        #expect(sim.run(.swipe(cancel: false)).last == "700ms gestureFinished")
    }

    @Test("the fragile guard sticks once an outside delegate replaced the controller")
    func fragileGuardSticks() {
        var sim = Sim()
        sim.given(.use("InteractivePopNavigationController", fragile: true))
        #expect(withoutNotes(sim.run(.delegate("Out"))) == ["0ms delegateAssigned(outside(Out))"])
        sim.given(.push("A"), .push("B"))
        #expect(sim.run(.swipe(cancel: false)) == ["350ms gestureRefused(pushing)"])
    }

    @Test("the controller's guard does not cover pops: a swipe during a pop freezes the UI")
    func controllerGuardDuringPop() {
        var sim = Sim()
        sim.given(.use("InteractivePopNavigationController"), .push("A"), .push("B"), .push("C"))
        sim.start(.pop(animated: true))
        let lines = sim.start(.swipe(cancel: false))
        #expect(lines.count == 2)
        #expect(lines.first == "700ms gestureBegan")
        #expect(lines.last?.hasPrefix("700ms frozen(") == true)
        #expect(sim.model.isFrozen)
    }
}
