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
                "0ms nav.pushViewController(A, animated: true)",
                "0ms A.willMove(toParent: nav)",
                "0ms A.viewDidLoad()",
                "0ms A.viewWillAppear(false)",
                "0ms Spy.willShow(A, animated: false)",
                "0ms A.viewDidAppear(false)",
                "0ms A.didMove(toParent: nav)",
                "0ms Spy.didShow(A, animated: false)",
            ])
        #expect(sim.stack == ["A"])
        #expect(!sim.model.isBusy)
    }

    @Test("an animated push: the will-calls at once, the did-calls 350 ms later, willShow after both viewWill calls")
    func animatedPush() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        #expect(
            sim.run(.push("B")) == [
                "0ms nav.pushViewController(B, animated: true)",
                "0ms B.willMove(toParent: nav)",
                "0ms B.viewDidLoad()",
                "0ms A.viewWillDisappear(true)",
                "0ms B.viewWillAppear(true)",
                "0ms Spy.willShow(B, animated: true)",
                "350ms A.viewDidDisappear(true)",
                "350ms B.viewDidAppear(true)",
                "350ms B.didMove(toParent: nav)",
                "350ms Spy.didShow(B, animated: true)",
            ])
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
            sim.run(.pop(animated: true)) == [
                "350ms nav.popViewController(animated: true)",
                "350ms B.willMove(toParent: nil)",
                "350ms B.viewWillDisappear(true)",
                "350ms A.viewWillAppear(true)",
                "350ms Spy.willShow(A, animated: true)",
                "700ms B.viewDidDisappear(true)",
                "700ms B.didMove(toParent: nil)",
                "700ms A.viewDidAppear(true)",
                "700ms Spy.didShow(A, animated: true)",
                "700ms B.deinit",
            ])
        #expect(sim.stack == ["A"])
        #expect(!sim.isAlive("B"))
    }

    @Test("popTo: the screens in between get willMove at once, didMove and deinit at the end")
    func popToWithScreensInBetween() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"), .push("C"), .push("D"))
        #expect(
            sim.run(.popTo("B")) == [
                "1050ms nav.popToViewController(B, animated: true)",
                "1050ms D.willMove(toParent: nil)",
                "1050ms C.willMove(toParent: nil)",
                "1050ms D.viewWillDisappear(true)",
                "1050ms B.viewWillAppear(true)",
                "1050ms Spy.willShow(B, animated: true)",
                "1400ms D.viewDidDisappear(true)",
                "1400ms D.didMove(toParent: nil)",
                "1400ms C.didMove(toParent: nil)",
                "1400ms B.viewDidAppear(true)",
                "1400ms Spy.didShow(B, animated: true)",
                "1400ms D.deinit",
                "1400ms C.deinit",
            ])
        #expect(sim.stack == ["A", "B"])
    }

    @Test("popToRoot: the same pattern between the old top and the root")
    func popToRootWithScreensInBetween() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"), .push("C"))
        #expect(
            sim.run(.popToRoot(animated: true)) == [
                "700ms nav.popToRootViewController(animated: true)",
                "700ms C.willMove(toParent: nil)",
                "700ms B.willMove(toParent: nil)",
                "700ms C.viewWillDisappear(true)",
                "700ms A.viewWillAppear(true)",
                "700ms Spy.willShow(A, animated: true)",
                "1050ms C.viewDidDisappear(true)",
                "1050ms C.didMove(toParent: nil)",
                "1050ms B.didMove(toParent: nil)",
                "1050ms A.viewDidAppear(true)",
                "1050ms Spy.didShow(A, animated: true)",
                "1050ms C.deinit",
                "1050ms B.deinit",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("setViewControllers keeping the top: no transition, no willShow/didShow; dropped screens leave and deinit")
    func setStackSameTop() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.setStack("X B")) == [
                "350ms nav.setViewControllers([X, B], animated: true)",
                "350ms A.willMove(toParent: nil)",
                "350ms X.willMove(toParent: nav)",
                "350ms A.didMove(toParent: nil)",
                "350ms X.didMove(toParent: nav)",
                "350ms A.deinit",
            ])
        #expect(sim.stack == ["X", "B"])
    }

    @Test("setViewControllers whose top was already in the stack: a pop transition")
    func setStackPopLike() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(
            sim.run(.setStack("A")) == [
                "350ms nav.setViewControllers([A], animated: true)",
                "350ms B.willMove(toParent: nil)",
                "350ms B.viewWillDisappear(true)",
                "350ms A.viewWillAppear(true)",
                "350ms Spy.willShow(A, animated: true)",
                "700ms B.viewDidDisappear(true)",
                "700ms B.didMove(toParent: nil)",
                "700ms A.viewDidAppear(true)",
                "700ms Spy.didShow(A, animated: true)",
                "700ms B.deinit",
            ])
    }

    @Test("setViewControllers with a new top: a push transition; a bare name not in the stack creates an instance")
    func setStackPushLike() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        let lines = sim.run(.setStack("A B"))
        #expect(
            lines == [
                "0ms nav.setViewControllers([A, B], animated: true)",
                "0ms B.willMove(toParent: nav)",
                "0ms B.viewDidLoad()",
                "0ms A.viewWillDisappear(true)",
                "0ms B.viewWillAppear(true)",
                "0ms Spy.willShow(B, animated: true)",
                "350ms A.viewDidDisappear(true)",
                "350ms B.viewDidAppear(true)",
                "350ms B.didMove(toParent: nav)",
                "350ms Spy.didShow(B, animated: true)",
            ])
        #expect(sim.stack == ["A", "B"])
    }

    @Test("setViewControllers on an empty controller shows its top without animation")
    func setStackOnEmptyController() {
        var sim = Sim()
        sim.run(.delegate("Spy"))
        let lines = sim.run(.setStack("A B"))
        #expect(lines.first == "0ms nav.setViewControllers([A, B], animated: true)")
        #expect(lines.contains("0ms B.viewWillAppear(false)"))
        #expect(lines.contains("0ms B.viewDidAppear(false)"))
        #expect(lines.last == "0ms Spy.didShow(B, animated: false)")
        #expect(lines.allSatisfy { $0.hasPrefix("0ms ") })
        #expect(sim.stack == ["A", "B"])
    }

    @Test("instant: the same order, all at one instant, before the next command")
    func instantPushAndPop() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"))
        #expect(
            sim.run(.push("B", instant: true)) == [
                "0ms nav.pushViewController(B, animated: false)",
                "0ms B.willMove(toParent: nav)",
                "0ms B.viewDidLoad()",
                "0ms A.viewWillDisappear(false)",
                "0ms B.viewWillAppear(false)",
                "0ms Spy.willShow(B, animated: false)",
                "0ms A.viewDidDisappear(false)",
                "0ms B.viewDidAppear(false)",
                "0ms B.didMove(toParent: nav)",
                "0ms Spy.didShow(B, animated: false)",
            ])
        #expect(
            sim.run(.pop(animated: false)) == [
                "0ms nav.popViewController(animated: false)",
                "0ms B.willMove(toParent: nil)",
                "0ms B.viewWillDisappear(false)",
                "0ms A.viewWillAppear(false)",
                "0ms Spy.willShow(A, animated: false)",
                "0ms B.viewDidDisappear(false)",
                "0ms B.didMove(toParent: nil)",
                "0ms A.viewDidAppear(false)",
                "0ms Spy.didShow(A, animated: false)",
                "0ms B.deinit",
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
                "350ms window.rootViewController = UINavigationController(rootViewController: Home)",
                "350ms B.viewWillDisappear(false)",
                "350ms B.viewDidDisappear(false)",
                "350ms B.deinit",
                "350ms A.deinit",
                "350ms Home.willMove(toParent: nav)",
                "350ms Home.viewDidLoad()",
                "350ms Home.viewWillAppear(false)",
                "350ms Home.viewDidAppear(false)",
                "350ms Home.didMove(toParent: nav)",
            ])
        #expect(sim.stack == ["Home"])
    }

    @Test("a delegate call is printed only when the receiver implements that method")
    func onlyImplementedDelegateMethods() {
        var sim = Sim()
        sim.given(.delegate("Spy", .didShow), .push("A"))
        let lines = sim.run(.push("B"))
        #expect(!lines.contains { $0.contains("willShow") })
        #expect(lines.last == "350ms Spy.didShow(B, animated: true)")
    }

    @Test("an animation controller delegate is asked for push and pop, with the same duration")
    func animationControllerDelegate() {
        var sim = Sim()
        sim.given(.delegate("Spy", .animationController), .push("A"))
        #expect(
            brief(sim.run(.push("B"))) == [
                "0ms nav.pushViewController(B, animated: true)",
                "0ms Spy.animationController(for: push, from: A, to: B)",
            ])
        #expect(
            brief(sim.run(.pop(animated: true))) == [
                "350ms nav.popViewController(animated: true)",
                "350ms Spy.animationController(for: pop, from: B, to: A)",
                "700ms B.deinit",
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
