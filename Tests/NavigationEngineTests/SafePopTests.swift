import NavigationEngine
import Testing

/// behaviour.md section 6: UISafeNavigationController asks its safe delegate
/// before every pop made through its overridden pop methods.
@Suite("UISafeNavigationController")
struct SafePopTests {
    /// A safe controller showing [List, Editor], Editor confirming "Discard?".
    func editing(tabs: Bool = false) -> Sim {
        var sim = Sim()
        sim.given(.use("UISafeNavigationController"), .screen("Editor", [.confirm("Discard?")]))
        if tabs { sim.run(.tabs(["List", "Other"])) } else { sim.run(.push("List")) }
        sim.run(.push("Editor"))
        return sim
    }

    @Test("the confirming screen becomes the safe delegate in viewWillAppear")
    func safeDelegateIsSet() {
        var sim = Sim()
        sim.given(.use("UISafeNavigationController"), .screen("Editor", [.confirm("Discard?")]), .push("List"))
        #expect(
            brief(sim.run(.push("Editor"))) == [
                "0ms navCall(push(Editor, animated: true))",
                "0ms safeDelegateAssigned(screen: Editor, set: true)",
            ])
    }

    @Test("the back button goes through the overridden pop: it asks, and the bar answers false")
    func backAsks() {
        var sim = editing()
        #expect(
            sim.run(.back) == [
                "350ms navCall(pop(animated: true))",
                "350ms shouldPop(asker: Editor, top: Editor)",
                "350ms alertShown(text: Discard?, presenter: nil)",
                "350ms barShouldPop(Editor, answer: false)",
            ])
        #expect(sim.model.alertText == "Discard?")
        #expect(sim.stack == ["List", "Editor"])
    }

    @Test("OK runs the stored pop with the same arguments; Cancel drops it")
    func okAndCancel() {
        var sim = editing()
        sim.run(.back)
        #expect(sim.run(.tap("Cancel")) == ["350ms alertTapped(button: Cancel)"])
        #expect(sim.model.alertText == nil)
        #expect(sim.stack == ["List", "Editor"])
        sim.run(.back)
        #expect(
            brief(sim.run(.tap("OK"))) == [
                "350ms alertTapped(button: OK)",
                "350ms navCall(pop(animated: true))",
                "350ms safeDelegateAssigned(screen: Editor, set: false)",
                "700ms deinitialized(Editor)",
            ])
        #expect(sim.stack == ["List"])
    }

    @Test("an OK whose stored popTo raises (iOS 12) leaves the state as it was before the tap")
    func okThatRaisesRollsBack() {
        var sim = Sim(.legacy)
        sim.given(.use("UISafeNavigationController"), .screen("Editor", [.confirm("Discard?")]))
        sim.given(.tabs(["List", "Other"]), .push("Editor"))
        // Other is alive but in another tab's stack: the popTo asks first, and OK raises.
        sim.run(.popTo(ref("Other"), animated: true))
        #expect(sim.model.alertText == "Discard?")
        let before = sim.model
        sim.raising(.tap("OK"))
        #expect(sim.outcome?.exception == .popToMissing)
        #expect(sim.model == before)
    }

    @Test(
        "every way back asks first",
        arguments: [
            (Action.backMenu(ref("List")), "navCall(popTo(List, animated: true))"),
            (Action.swipe(cancel: false), "navCall(pop(animated: true))"),
            (Action.pop(animated: true), "navCall(pop(animated: true))"),
            (Action.popToRoot(animated: true), "navCall(popToRoot(animated: true))"),
        ])
    func everyPopAsks(action: Action, call: String) {
        var sim = editing()
        let lines = sim.run(action)
        #expect(lines.contains("350ms \(call)"))
        #expect(lines.contains("350ms shouldPop(asker: Editor, top: Editor)"))
        #expect(sim.model.alertText == "Discard?")
        #expect(sim.stack == ["List", "Editor"])
    }

    @Test("a refused swipe ends with no transition")
    func swipeRefused() {
        var sim = editing()
        #expect(
            sim.run(.swipe(cancel: false)) == [
                "350ms gestureBegan",
                "350ms navCall(pop(animated: true))",
                "350ms shouldPop(asker: Editor, top: Editor)",
                "350ms alertShown(text: Discard?, presenter: nil)",
                "350ms gestureCancelled(popRefused: true)",
            ])
        #expect(!sim.model.isBusy)
    }

    @Test("tab re-tap asks before popping to the root")
    func tabRetapAsks() {
        var sim = editing(tabs: true)
        let lines = sim.run(.tab("List"))
        #expect(
            lines == [
                "350ms tabSelected(name: List, reselected: true)",
                "350ms navCall(popToRoot(animated: true))",
                "350ms shouldPop(asker: Editor, top: Editor)",
                "350ms alertShown(text: Discard?, presenter: nil)",
            ])
        sim.run(.tap("OK"))
        #expect(sim.stack == ["List"])
    }

    @Test("setViewControllers is not overridden, so it does not ask")
    func setStackDoesNotAsk() {
        var sim = editing()
        let lines = sim.run(.setStack("List"))
        #expect(!lines.contains { $0.contains("shouldPop(") || $0.contains("ShouldPop(") })
        #expect(sim.model.alertText == nil)
        #expect(sim.stack == ["List"])
    }

    @Test("while the alert is up every touch but tap is ignored")
    func alertBlocksTouches() {
        var sim = editing()
        sim.run(.back)
        #expect(sim.run(.back) == ["350ms touchIgnored(back, because: alertUp)"])
        #expect(sim.run(.backMenu(ref("List"))) == ["350ms touchIgnored(backMenu, because: alertUp)"])
        #expect(sim.run(.swipe(cancel: false)) == ["350ms touchIgnored(swipe, because: alertUp)"])
        #expect(!sim.model.swipeWouldBegin)
    }

    @Test(
        "tapping a button that is not on screen is refused as input",
        arguments: [
            (false, "OK", "noAlert(button: OK)"),
            (true, "Maybe", "noSuchButton(Maybe, available: [Cancel, OK])"),
        ])
    func badTaps(alertUp: Bool, button: String, facts: String) {
        var sim = editing()
        if alertUp { sim.run(.back) }
        let before = sim.model
        #expect(sim.refused(.tap(button))?.facts == facts)
        #expect(sim.model == before)
    }
}
