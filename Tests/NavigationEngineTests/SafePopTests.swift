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
                "0ms nav.pushViewController(Editor, animated: true)",
                "0ms nav.safeDelegate = Editor",
            ])
    }

    @Test("the back button goes through the overridden pop: it asks, and the bar answers false")
    func backAsks() {
        var sim = editing()
        #expect(
            sim.run(.back) == [
                "350ms nav.popViewController(animated: true)",
                "350ms Editor.shouldPop(Editor) -> false",
                "350ms alert \"Discard?\" [Cancel] [OK]",
                "350ms bar.shouldPop(Editor) -> false",
            ])
        #expect(sim.model.alertText == "Discard?")
        #expect(sim.stack == ["List", "Editor"])
    }

    @Test("OK runs the stored pop with the same arguments; Cancel drops it")
    func okAndCancel() {
        var sim = editing()
        sim.run(.back)
        #expect(sim.run(.tap("Cancel")) == ["350ms alert.tap Cancel"])
        #expect(sim.model.alertText == nil)
        #expect(sim.stack == ["List", "Editor"])
        sim.run(.back)
        #expect(
            brief(sim.run(.tap("OK"))) == [
                "350ms alert.tap OK",
                "350ms nav.popViewController(animated: true)",
                "350ms nav.safeDelegate = nil",
                "700ms Editor.deinit",
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
            (Action.backMenu(ref("List")), "nav.popToViewController(List, animated: true)"),
            (Action.swipe(cancel: false), "nav.popViewController(animated: true)"),
            (Action.pop(animated: true), "nav.popViewController(animated: true)"),
            (Action.popToRoot(animated: true), "nav.popToRootViewController(animated: true)"),
        ])
    func everyPopAsks(action: Action, call: String) {
        var sim = editing()
        let lines = sim.run(action)
        #expect(lines.contains("350ms \(call)"))
        #expect(lines.contains("350ms Editor.shouldPop(Editor) -> false"))
        #expect(sim.model.alertText == "Discard?")
        #expect(sim.stack == ["List", "Editor"])
    }

    @Test("a refused swipe ends with no transition")
    func swipeRefused() {
        var sim = editing()
        #expect(
            sim.run(.swipe(cancel: false)) == [
                "350ms gesture.began",
                "350ms nav.popViewController(animated: true)",
                "350ms Editor.shouldPop(Editor) -> false",
                "350ms alert \"Discard?\" [Cancel] [OK]",
                "350ms gesture.cancelled (pop refused)",
            ])
        #expect(!sim.model.isBusy)
    }

    @Test("tab re-tap asks before popping to the root")
    func tabRetapAsks() {
        var sim = editing(tabs: true)
        let lines = sim.run(.tab("List"))
        #expect(
            lines == [
                "350ms tab: reselect List",
                "350ms nav.popToRootViewController(animated: true)",
                "350ms Editor.shouldPop(Editor) -> false",
                "350ms alert \"Discard?\" [Cancel] [OK]",
            ])
        sim.run(.tap("OK"))
        #expect(sim.stack == ["List"])
    }

    @Test("setViewControllers is not overridden, so it does not ask")
    func setStackDoesNotAsk() {
        var sim = editing()
        let lines = sim.run(.setStack("List"))
        #expect(!lines.contains { $0.contains("shouldPop") })
        #expect(sim.model.alertText == nil)
        #expect(sim.stack == ["List"])
    }

    @Test("while the alert is up every touch but tap is ignored")
    func alertBlocksTouches() {
        var sim = editing()
        sim.run(.back)
        #expect(sim.run(.back) == ["350ms ignored: back (an alert is up)"])
        #expect(sim.run(.backMenu(ref("List"))) == ["350ms ignored: backmenu (an alert is up)"])
        #expect(sim.run(.swipe(cancel: false)) == ["350ms ignored: swipe (an alert is up)"])
        #expect(!sim.model.swipeWouldBegin)
    }

    @Test(
        "tapping a button that is not on screen is refused as input",
        arguments: [
            (false, "OK", "no alert is on screen to tap 'OK'"),
            (true, "Maybe", "the alert has no button 'Maybe' (it has Cancel, OK)"),
        ])
    func badTaps(alertUp: Bool, button: String, message: String) {
        var sim = editing()
        if alertUp { sim.run(.back) }
        let before = sim.model
        #expect(sim.refused(.tap(button))?.message == message)
        #expect(sim.model == before)
    }
}
