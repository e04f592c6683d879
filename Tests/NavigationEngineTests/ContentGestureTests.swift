import NavigationEngine
import Testing

/// behaviour.md section 5a: iOS 26's content-area pop gesture
/// (`interactiveContentPopGestureRecognizer`), one test or table per rule.
@Suite("The content-area pop gesture (iOS 26)")
struct ContentGestureTests {
    /// The top line of `show` for the current controller's top screen.
    func topLabel(_ model: NavigationModel) -> String {
        func find(_ node: HierarchyNode) -> String? {
            if node.label.contains("(top") { return node.label }
            for child in node.children { if let found = find(child) { return found } }
            return nil
        }
        return find(model.hierarchy) ?? ""
    }

    @Test("rule 1: on by default in ios26: a content pan pops like the edge swipe and finishes 350 ms later")
    func onByDefault() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(sim.model.isContentPanEnabled)
        #expect(sim.model.contentPanWouldBegin)
        #expect(
            sim.run(.contentSwipe(cancel: false))
                == ["350ms contentGestureBegan", "350ms navCall(pop(animated: true))"] + PopOfB.atOnce + PopOfB.atEnd
                + ["700ms contentGestureFinished"])
        #expect(sim.stack == ["A"])
    }

    @Test(
        "legacy has no content pan: each command is refused as input and changes nothing",
        arguments: [
            Action.contentSwipe(cancel: false), .contentSwipe(cancel: true), .contentDrag(percent: 40),
            .setContentSwipe(false), .setContentSwipe(true),
        ])
    func legacyRefuses(_ action: Action) {
        var sim = Sim(.legacy)
        sim.given(.push("A"), .push("B"))
        let before = sim.model
        #expect(sim.refused(action)?.error == .noContentPanBeforeIOS26)
        #expect(sim.model == before)
        #expect(!sim.model.contentPanWouldBegin)
        #expect(!sim.model.isContentPanEnabled)
    }

    @Test("rule 2: content-swipe off sets isEnabled; a pan then does nothing; on brings it back")
    func enabledSwitch() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        #expect(
            sim.run(.setContentSwipe(false)) == ["350ms contentPanEnabledAssigned(false)"])
        #expect(!sim.model.isContentPanEnabled)
        #expect(!sim.model.contentPanWouldBegin)
        #expect(sim.model.swipeWouldBegin, "the edge swipe is another recognizer")
        #expect(
            sim.run(.contentSwipe(cancel: false)) == [
                "350ms touchIgnored(swipeContent, because: contentPanDisabled)"
            ])
        #expect(sim.stack == ["A", "B"])
        #expect(
            sim.run(.setContentSwipe(true)) == ["350ms contentPanEnabledAssigned(true)"])
        #expect(sim.model.contentPanWouldBegin)
    }

    @Test("rule 2: isEnabled belongs to one controller: a presented navigation controller has its own, on")
    func enabledPerController() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .setContentSwipe(false), .present("Sheet", nav: true), .push("Step"))
        #expect(sim.model.contentPanWouldBegin)
        sim.run(.dismiss(animated: true))
        #expect(!sim.model.contentPanWouldBegin)
    }

    @Test("rule 3: gesture-delegate none leaves the content pan to UIKit's delegate: no freeze on the root")
    func nilEdgeDelegateDoesNotReachIt() {
        var sim = Sim()
        sim.given(.gestureDelegate(.none), .push("A"))
        #expect(sim.model.swipeWouldBegin, "the nil edge delegate lets the edge swipe begin, and freeze")
        #expect(!sim.model.contentPanWouldBegin)
        #expect(
            sim.run(.contentSwipe(cancel: false)) == ["0ms contentGestureRefused(noPreviousScreen)"])
        #expect(!sim.model.isFrozen)
    }

    @Test("rule 3: the seed's controller delegate lets the edge swipe past a custom back button, not the content pan")
    func controllerDelegateDoesNotReachIt() {
        var sim = Sim()
        sim.given(
            .use("InteractivePopNavigationController"), .screen("E", [.customBack(alert: nil)]),
            .push("L"), .push("E"))
        #expect(sim.model.swipeWouldBegin)
        #expect(!sim.model.contentPanWouldBegin)
        #expect(
            sim.run(.contentSwipe(cancel: false)) == [
                "350ms contentGestureRefused(customBack(E))"
            ])
        #expect(sim.stack == ["L", "E"])
    }

    @Test("rule 3: the fragile guard's stuck isPushingViewController does not stop the content pan")
    func stuckPushFlagDoesNotReachIt() {
        var sim = Sim()
        sim.given(.use("InteractivePopNavigationController", fragile: true), .delegate("Out"), .push("A"), .push("B"))
        #expect(!sim.model.swipeWouldBegin)
        #expect(sim.model.contentPanWouldBegin)
        #expect(sim.run(.contentSwipe(cancel: false)).last == "700ms contentGestureFinished")
        #expect(sim.stack == ["A"])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var given: [Action]
        var background: Action?
        var reason: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        .init(name: "the root screen", given: [.push("A")], reason: "noPreviousScreen"),
        .init(
            name: "a push in flight", given: [.push("A")], background: .push("B"), reason: "transitionInFlight"),
        .init(
            name: "a pop in flight", given: [.push("A"), .push("B"), .push("C")], background: .pop(animated: true),
            reason: "transitionInFlight"),
        .init(
            name: "a presentation in flight", given: [.push("A"), .push("B")], background: .present("S", nav: true),
            reason: "transitionInFlight"),
        .init(
            name: "a hidden back button", given: [.screen("H", [.hidesBack]), .push("A"), .push("H")],
            reason: "hidesBack(H)"),
        .init(
            name: "a custom back button",
            given: [.screen("C", [.customBack(alert: "Leave?")]), .push("A"), .push("C")],
            reason: "customBack(C)"),
        .init(
            name: "a gate under GateNavigationController: trimmed to the root",
            given: [.use("GateNavigationController"), .push("A"), .push("B"), .push("C", gate: true)],
            reason: "noPreviousScreen"),
        .init(
            name: "an animation controller without an interaction controller",
            given: [.delegate("Fade", .animationController), .push("A"), .push("B")],
            reason: "animatorWithoutInteraction"),
    ]

    @Test("rule 4: UIKit's delegate refuses where it refuses the edge swipe", arguments: refusals)
    func refusesLikeTheSystemDelegate(_ r: Refusal) {
        for edge in [GestureDelegate.system, .none, .controller] {
            var sim = Sim()
            sim.given(.gestureDelegate(edge))
            for action in r.given { sim.run(action) }
            if let background = r.background { sim.start(background) }
            let before = sim.stack
            #expect(!sim.model.contentPanWouldBegin, "\(edge)")
            let lines = sim.start(.contentSwipe(cancel: false))
            #expect(
                lines.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? $0 }
                    == ["contentGestureRefused(\(r.reason))"], "\(edge)")
            #expect(sim.stack == before)
            #expect(!sim.model.isFrozen, "rule 8: never frozen (\(edge))")
        }
    }

    @Test("rule 4 as facts: the refusal is a typed payload of the content recognizer, not the edge one")
    func typedRefusal() {
        var sim = Sim()
        sim.given(.screen("C", [.customBack(alert: nil)]), .push("A"), .push("C"))
        sim.start(.contentSwipe(cancel: false))
        let c = sim.name("C")
        #expect(sim.events.map(\.payload) == [.contentGestureRefused(.customBack(c))])
        #expect(sim.events.first?.category == .gesture)
        #expect(sim.events.first?.payload.isReport == true)
        // The first content pan changes what `show` prints; the next refusal changes nothing.
        #expect(sim.outcome?.changed == true)
        sim.start(.contentSwipe(cancel: false))
        #expect(sim.outcome?.changed == false)
    }

    @Test("rule 4: with an interaction controller too, the content pan begins and drives it")
    func interactionControllerLetsItBegin() {
        var sim = Sim()
        sim.given(.delegate("Fade", .animationController, .interactionController), .push("A"), .push("B"))
        #expect(sim.model.contentPanWouldBegin)
        let lines = sim.run(.contentSwipe(cancel: false))
        #expect(lines.contains("350ms delegateCall(receiver: outside(Fade), call: interactionController(to: A))"))
        #expect(lines.last == "700ms contentGestureFinished")
    }

    @Test("rule 5: one finger drives one recognizer: a held edge swipe makes the content pan fail, and back")
    func requireToFail() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        sim.run(.drag(percent: 40))
        #expect(
            sim.run(.contentSwipe(cancel: false)) == [
                "350ms touchIgnored(swipeContent, because: edgeSwipeHeld)"
            ])
        #expect(
            sim.run(.contentDrag(percent: 70)) == [
                "350ms touchIgnored(dragContent, because: edgeSwipeHeld)"
            ])
        #expect(sim.run(.release).first == "350ms gestureReleased(percent: 40, cancels: true, remaining: 140)")
        #expect(sim.stack == ["A", "B"])
        sim.run(.contentDrag(percent: 40))
        #expect(sim.run(.drag(percent: 70)) == ["490ms touchIgnored(drag, because: contentPanHeld)"])
        #expect(sim.run(.swipe(cancel: false)) == ["490ms touchIgnored(swipe, because: contentPanHeld)"])
        #expect(sim.run(.release).first == "490ms contentGestureReleased(percent: 40, cancels: true, remaining: 140)")
    }

    @Test("rule 6: the pop goes through popViewController, so UISafeNavigationController asks first")
    func safeControllerAsks() {
        var sim = Sim()
        sim.given(
            .use("UISafeNavigationController"), .screen("Editor", [.confirm("Discard?")]),
            .push("Home"), .push("Editor"))
        let lines = sim.run(.contentSwipe(cancel: false))
        #expect(lines.first == "350ms contentGestureBegan")
        #expect(lines.contains("350ms navCall(pop(animated: true))"))
        #expect(lines.contains("350ms alertShown(text: Discard?, presenter: nil)"))
        #expect(lines.last == "350ms contentGestureCancelled(popRefused: true)")
        #expect(sim.model.alertText == "Discard?")
        #expect(sim.stack == ["Home", "Editor"])
        sim.run(.tap("OK"))
        #expect(sim.stack == ["Home"])
    }

    @Test("rule 7: cancelled in ios26, the screen that stays gets willShow/didShow; B is back")
    func cancelled() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        let lines = sim.run(.contentSwipe(cancel: true))
        #expect(
            Array(lines.suffix(7)) == ["700ms contentGestureCancelled(popRefused: false)"] + PopOfB.undone)
        #expect(sim.stack == ["A", "B"])
    }

    @Test("rule 7: drag content holds the pop, moves it, and release finishes it above 50 %")
    func dragAndRelease() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        #expect(sim.run(.contentDrag(percent: 30)).first == "350ms contentGestureBegan")
        #expect(sim.model.isBusy)
        #expect(sim.run(.waitUntilIdle) == [], "the clock cannot move a held pan")
        #expect(sim.run(.contentDrag(percent: 80)) == ["350ms contentGestureChanged(percent: 80)"])
        #expect(sim.run(.contentDrag(percent: 80)) == [])
        #expect(
            sim.run(.contentSwipe(cancel: false)) == [
                "350ms touchIgnored(swipeContent, because: contentPanHeld)"
            ])
        let released = sim.run(.release)
        #expect(released.first == "350ms contentGestureReleased(percent: 80, cancels: false, remaining: 70)")
        #expect(released.last == "420ms contentGestureFinished")
        #expect(sim.stack == ["A"])
    }

    @Test("rule 8: a frozen UI (from the edge swipe) ignores the content pan")
    func frozenIgnoresIt() {
        var sim = Sim()
        sim.given(.gestureDelegate(.none), .push("A"), .swipe(cancel: false))
        #expect(sim.model.isFrozen)
        #expect(sim.run(.contentSwipe(cancel: false)) == ["0ms touchIgnored(swipeContent, because: frozen)"])
        #expect(!sim.model.contentPanWouldBegin)
    }

    @Test("rule 9: show names the content pan only once the session has used it")
    func showMarks() {
        var sim = Sim()
        sim.given(.gestureDelegate(.none), .push("A"), .push("B"))
        #expect(topLabel(sim.model) == "B (top, back button, swipe would begin)")
        sim.run(.contentSwipe(cancel: true))
        #expect(topLabel(sim.model) == "B (top, back button, swipe would begin, content pan would begin)")
        sim.run(.setContentSwipe(false))
        #expect(topLabel(sim.model) == "B (top, back button, swipe would begin, content pan would not begin)")
        #expect(
            sim.model.hierarchy.children.first?.label.hasSuffix("gesture delegate none · content pan disabled") == true)
        sim.run(.setProfile(.legacy))
        #expect(topLabel(sim.model) == "B (top, back button, swipe would begin)")
    }
}
