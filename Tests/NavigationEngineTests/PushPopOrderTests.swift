import NavigationEngine
import Testing

/// behaviour.md section 1: the order of calls for each operation, and when
/// each call happens on the transition clock.
@Suite("Order of calls")
struct PushPopOrderTests {
    @Test("the first screen of an empty controller appears without animation, the call printed as typed")
    func firstScreen() {
        var sim = Sim()
        sim.run(.delegate("Spy"))
        #expect(
            sim.run(.push("A")) == [
                "0ms navCall(push(A, animated: true))",
                "0ms lifecycle(A, willMove(toNav: true))",
                "0ms lifecycle(A, viewDidLoad)",
                "0ms lifecycle(A, viewWillAppear(false))",
                "0ms delegateCall(receiver: outside(Spy), call: willShow(A, animated: false))",
                "0ms lifecycle(A, viewDidAppear(false))",
                "0ms lifecycle(A, didMove(toNav: true))",
                "0ms delegateCall(receiver: outside(Spy), call: didShow(A, animated: false))",
            ])
        #expect(sim.stack == ["A"])
        #expect(!sim.model.isBusy)
    }

    @Test("an animated push: the will-calls at once, the did-calls 350 ms later, willShow after both viewWill calls")
    func animatedPush() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        #expect(
            sim.run(.push("B")) == ["0ms navCall(push(B, animated: true))"] + pushOfB)
    }

    @Test("the stack changes when push is called, not when its animation ends")
    func stackChangesAtOnce() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        #expect(sim.stack == ["A", "B"])
        #expect(sim.model.isBusy)
        sim.start(.wait(349))
        #expect(sim.model.isBusy)
    }

    @Test("an animated pop: B leaves at once, its did-calls and deinit 350 ms later")
    func animatedPop() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.pop(animated: true)) == ["350ms navCall(pop(animated: true))"] + PopOfB.atOnce + PopOfB.atEnd)
        #expect(sim.stack == ["A"])
        #expect(!sim.isAlive("B"))
    }

    @Test("popTo: the screens in between get willMove at once, didMove and deinit at the end")
    func popToWithScreensInBetween() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"), .push("C"), .push("D"))
        #expect(
            sim.run(.popTo("B")) == [
                "1050ms navCall(popTo(B, animated: true))",
                "1050ms lifecycle(D, willMove(toNav: false))",
                "1050ms lifecycle(C, willMove(toNav: false))",
                "1050ms lifecycle(D, viewWillDisappear(true))",
                "1050ms lifecycle(B, viewWillAppear(true))",
                "1050ms delegateCall(receiver: outside(Spy), call: willShow(B, animated: true))",
                "1400ms lifecycle(D, viewDidDisappear(true))",
                "1400ms lifecycle(D, didMove(toNav: false))",
                "1400ms lifecycle(C, didMove(toNav: false))",
                "1400ms lifecycle(B, viewDidAppear(true))",
                "1400ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: true))",
                "1400ms deinitialized(D)",
                "1400ms deinitialized(C)",
            ])
        #expect(sim.stack == ["A", "B"])
    }

    @Test("popToRoot: the same pattern between the old top and the root")
    func popToRootWithScreensInBetween() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"), .push("C"))
        #expect(
            sim.run(.popToRoot(animated: true)) == [
                "700ms navCall(popToRoot(animated: true))",
                "700ms lifecycle(C, willMove(toNav: false))",
                "700ms lifecycle(B, willMove(toNav: false))",
                "700ms lifecycle(C, viewWillDisappear(true))",
                "700ms lifecycle(A, viewWillAppear(true))",
                "700ms delegateCall(receiver: outside(Spy), call: willShow(A, animated: true))",
                "1050ms lifecycle(C, viewDidDisappear(true))",
                "1050ms lifecycle(C, didMove(toNav: false))",
                "1050ms lifecycle(B, didMove(toNav: false))",
                "1050ms lifecycle(A, viewDidAppear(true))",
                "1050ms delegateCall(receiver: outside(Spy), call: didShow(A, animated: true))",
                "1050ms deinitialized(C)",
                "1050ms deinitialized(B)",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("setViewControllers keeping the top: no transition, no willShow/didShow; dropped screens leave and deinit")
    func setStackSameTop() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.setStack("X B")) == [
                "350ms navCall(setStack([X, B], animated: true))",
                "350ms lifecycle(A, willMove(toNav: false))",
                "350ms lifecycle(X, willMove(toNav: true))",
                "350ms lifecycle(A, didMove(toNav: false))",
                "350ms lifecycle(X, didMove(toNav: true))",
                "350ms deinitialized(A)",
            ])
        #expect(sim.stack == ["X", "B"])
    }

    @Test("setViewControllers whose top was already in the stack: a pop transition")
    func setStackPopLike() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.setStack("A")) == ["350ms navCall(setStack([A], animated: true))"] + PopOfB.atOnce + PopOfB.atEnd)
    }

    @Test("setViewControllers with a new top: a push transition; a bare name not in the stack creates an instance")
    func setStackPushLike() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        let lines = sim.run(.setStack("A B"))
        #expect(
            lines == ["0ms navCall(setStack([A, B], animated: true))"] + pushOfB)
        #expect(sim.stack == ["A", "B"])
    }

    @Test("setViewControllers on an empty controller shows its top without animation")
    func setStackOnEmptyController() {
        var sim = Sim()
        sim.run(.delegate("Spy"))
        let lines = sim.run(.setStack("A B"))
        #expect(lines.first == "0ms navCall(setStack([A, B], animated: true))")
        #expect(lines.contains("0ms lifecycle(B, viewWillAppear(false))"))
        #expect(lines.contains("0ms lifecycle(B, viewDidAppear(false))"))
        #expect(lines.last == "0ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: false))")
        #expect(lines.allSatisfy { $0.hasPrefix("0ms ") })
        #expect(sim.stack == ["A", "B"])
    }

    @Test("instant: the same order, all at one instant, before the next command")
    func instantPushAndPop() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        #expect(
            sim.run(.push("B", instant: true)) == [
                "0ms navCall(push(B, animated: false))",
                "0ms lifecycle(B, willMove(toNav: true))",
                "0ms lifecycle(B, viewDidLoad)",
                "0ms lifecycle(A, viewWillDisappear(false))",
                "0ms lifecycle(B, viewWillAppear(false))",
                "0ms delegateCall(receiver: outside(Spy), call: willShow(B, animated: false))",
                "0ms lifecycle(A, viewDidDisappear(false))",
                "0ms lifecycle(B, viewDidAppear(false))",
                "0ms lifecycle(B, didMove(toNav: true))",
                "0ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: false))",
            ])
        #expect(
            sim.run(.pop(animated: false)) == [
                "0ms navCall(pop(animated: false))",
                "0ms lifecycle(B, willMove(toNav: false))",
                "0ms lifecycle(B, viewWillDisappear(false))",
                "0ms lifecycle(A, viewWillAppear(false))",
                "0ms delegateCall(receiver: outside(Spy), call: willShow(A, animated: false))",
                "0ms lifecycle(B, viewDidDisappear(false))",
                "0ms lifecycle(B, didMove(toNav: false))",
                "0ms lifecycle(A, viewDidAppear(false))",
                "0ms delegateCall(receiver: outside(Spy), call: didShow(A, animated: false))",
                "0ms deinitialized(B)",
            ])
        #expect(sim.model.clock == 0)
    }

    @Test("root NAME: the window call and no animated call at all; the old hierarchy is released")
    func rootReplacesTheWindow() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let lines = sim.run(.root("Home"))
        #expect(
            lines == [
                "350ms windowRoot(controller: UINavigationController, roots: [Home], tabs: false)",
                "350ms lifecycle(B, viewWillDisappear(false))",
                "350ms lifecycle(B, viewDidDisappear(false))",
                "350ms deinitialized(B)",
                "350ms deinitialized(A)",
                "350ms lifecycle(Home, willMove(toNav: true))",
                "350ms lifecycle(Home, viewDidLoad)",
                "350ms lifecycle(Home, viewWillAppear(false))",
                "350ms lifecycle(Home, viewDidAppear(false))",
                "350ms lifecycle(Home, didMove(toNav: true))",
            ])
        #expect(sim.stack == ["Home"])
    }

    @Test("a delegate call is printed only when the receiver implements that method")
    func onlyImplementedDelegateMethods() {
        var sim = Sim()
        sim.given(.delegate("Spy", .didShow), .push("A"))
        let lines = sim.run(.push("B"))
        #expect(!lines.contains { $0.contains("willShow") })
        #expect(lines.last == "350ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: true))")
    }

    @Test("an animation controller delegate is asked for push and pop, with the same duration")
    func animationControllerDelegate() {
        var sim = Sim()
        sim.given(.delegate("Spy", .animationController), .push("A"))
        #expect(
            brief(sim.run(.push("B"))) == [
                "0ms navCall(push(B, animated: true))",
                "0ms delegateCall(receiver: outside(Spy), call: animationController(push: true, from: A, to: B))",
            ])
        #expect(
            brief(sim.run(.pop(animated: true))) == [
                "350ms navCall(pop(animated: true))",
                "350ms delegateCall(receiver: outside(Spy), call: animationController(push: false, from: B, to: A))",
                "700ms deinitialized(B)",
            ])
    }

    @Test(
        "instances are numbered per class and never reused",
        arguments: [
            ([Action.push("A"), .push("B"), .pop(animated: true), .push("B")], ["A", "B#2"]),
            ([Action.push("A"), .push("A"), .push("A")], ["A", "A#2", "A#3"]),
        ])
    func instanceNumbering(actions: [Action], stack: [String]) {
        var sim = Sim()
        for action in actions { sim.run(action) }
        #expect(sim.stack == stack)
    }
}
