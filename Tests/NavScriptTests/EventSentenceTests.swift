import NavScript
import NavigationEngine
import Testing

/// The sentences navsh prints for the engine's events, one of each kind.
///
/// The engine's tests compare what happened as facts (their EventFacts.swift);
/// the words for those facts are NavScript's, and held here.
@Suite("Event sentences")
struct EventSentenceTests {
    @Test("each kind of event in navsh's words", arguments: sentences)
    func words(_ sentence: Sentence) {
        let event = Event(time: 350, payload: sentence.payload)
        #expect(EventRenderer.words(event, names: sentenceNames) == sentence.words)
    }
}

struct Sentence: Sendable, CustomTestStringConvertible {
    var payload: EventPayload
    var words: String
    var testDescription: String { words }

    init(_ payload: EventPayload, _ words: String) {
        self.payload = payload
        self.words = words
    }
}

/// The classes the sentences name.
private let sentenceNames: ClassNames = {
    var names = ClassNames()
    for text in ["A", "B", "C", "D", "E", "Editor", "H", "Home", "Leave", "M", "P", "Register", "Sheet", "X", "Y"] {
        _ = names.intern(text)
    }
    return names
}()

/// A screen of `sentenceNames`: `s("B")`, `s("B", 2)` for `B#2`.
private func s(_ text: String, _ ordinal: Int = 1) -> ScreenName {
    ScreenName(cls: sentenceNames.existing(text)!, ordinal: ordinal)
}

private let sentences: [Sentence] = [
    Sentence(.alertShown(text: "Discard?", presenter: nil), "alert \"Discard?\" [Cancel] [OK]"),
    Sentence(.alertShown(text: "Leave?", presenter: s("D")), "alert \"Leave?\" [Cancel] [OK]"),
    Sentence(.alertTapped(button: "Cancel"), "alert.tap Cancel"),
    Sentence(.barShouldPop(s("B"), answer: true), "bar.shouldPop(B) -> true"),
    Sentence(.barShouldPop(s("Editor"), answer: false), "bar.shouldPop(Editor) -> false"),
    Sentence(.contentGestureBegan, "contentGesture.began"),
    Sentence(.contentGestureCancelled(popRefused: false), "contentGesture.cancelled"),
    Sentence(.contentGestureCancelled(popRefused: true), "contentGesture.cancelled (pop refused)"),
    Sentence(.contentGestureChanged(percent: 80), "contentGesture.changed (80%)"),
    Sentence(.contentGestureFinished, "contentGesture.finished"),
    Sentence(
        .contentGestureRefused(.animatorWithoutInteraction),
        "contentGesture.shouldBegin -> false (the delegate supplies an animation controller without an interaction controller)"
    ),
    Sentence(
        .contentGestureRefused(.customBack(s("E"))), "contentGesture.shouldBegin -> false (E has a custom back button)"),
    Sentence(
        .contentGestureRefused(.hidesBack(s("H"))), "contentGesture.shouldBegin -> false (H hides the back button)"),
    Sentence(.contentGestureRefused(.noPreviousScreen), "contentGesture.shouldBegin -> false (no previous screen)"),
    Sentence(
        .contentGestureRefused(.transitionInFlight), "contentGesture.shouldBegin -> false (a transition is in flight)"),
    Sentence(
        .contentGestureReleased(percent: 40, cancels: true, remaining: 140),
        "contentGesture.released at 40%: cancels in 140ms"),
    Sentence(
        .contentGestureReleased(percent: 80, cancels: false, remaining: 70),
        "contentGesture.released at 80%: finishes in 70ms"),
    Sentence(.contentPanEnabledAssigned(false), "nav.interactiveContentPopGestureRecognizer.isEnabled = false"),
    Sentence(.contentPanEnabledAssigned(true), "nav.interactiveContentPopGestureRecognizer.isEnabled = true"),
    Sentence(
        .controllerLoaded(ControllerClass.named("InteractivePopNavigationController", fragile: true)!),
        "nav.viewDidLoad() (InteractivePopNavigationController (fragile))"),
    Sentence(
        .controllerLoaded(ControllerClass.named("InteractivePopNavigationController", fragile: false)!),
        "nav.viewDidLoad() (InteractivePopNavigationController)"),
    Sentence(.deinitialized(s("X")), "X.deinit"),
    Sentence(.delegateAssigned(.controller), "nav.delegate = nav"),
    Sentence(.delegateAssigned(.outside("Spy")), "nav.delegate = Spy"),
    Sentence(.delegateAssigned(.outside(nil)), "nav.delegate = nil"),
    Sentence(.delegateAssigned(.proxy(forwardingTo: nil)), "nav.delegate = nav (proxying)"),
    Sentence(.delegateCall(receiver: .nav, call: .didShow(s("A"), animated: false)), "nav.didShow(A, animated: false)"),
    Sentence(.delegateCall(receiver: .nav, call: .didShow(s("B"), animated: true)), "nav.didShow(B, animated: true)"),
    Sentence(
        .delegateCall(receiver: .nav, call: .willShow(s("A"), animated: false)), "nav.willShow(A, animated: false)"),
    Sentence(.delegateCall(receiver: .nav, call: .willShow(s("B"), animated: true)), "nav.willShow(B, animated: true)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .animationController(push: false, from: s("B"), to: s("A"))),
        "Spy.animationController(for: pop, from: B, to: A)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .animationController(push: true, from: s("A"), to: s("B"))),
        "Spy.animationController(for: push, from: A, to: B)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .didShow(s("A"), animated: false)),
        "Spy.didShow(A, animated: false)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .didShow(s("B"), animated: true)),
        "Spy.didShow(B, animated: true)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .interactionController(to: s("A"))),
        "Spy.interactionController(for: animator)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .willShow(s("A"), animated: false)),
        "Spy.willShow(A, animated: false)"),
    Sentence(
        .delegateCall(receiver: .outside("Spy"), call: .willShow(s("B"), animated: true)),
        "Spy.willShow(B, animated: true)"),
    Sentence(.dismiss(receiver: s("A"), presented: s("M"), animated: true), "A.dismiss(animated: true)"),
    Sentence(.dismiss(receiver: s("A"), presented: nil, animated: true), "A.dismiss(animated: true)"),
    Sentence(.exception(.addSelfAsSubview), "exception: NSInvalidArgumentException: Can't add self as subview"),
    Sentence(
        .exception(.notDistinct([s("A"), s("B"), s("A")])),
        "exception: NSInternalInconsistencyException: All view controllers in a navigation controller must be distinct ([A, B, A])"
    ),
    Sentence(
        .exception(.popToMissing),
        "exception: NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist."),
    Sentence(
        .exception(.pushedTwice(s("B"))),
        "exception: NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (B)"
    ),
    Sentence(
        .frozen(.rootScreen(delegateLetItBegin: false)),
        "frozen: an interactive pop began on the root screen with nothing to pop to (gesture delegate is nil); it never ends"
    ),
    Sentence(
        .frozen(.transitionRunning(push: false)),
        "frozen: an interactive pop began while a pop transition was running; the pop can never complete, so the navigation controller never becomes idle again"
    ),
    Sentence(
        .frozen(.transitionRunning(push: true)),
        "frozen: an interactive pop began while a push transition was running; the pop can never complete, so the navigation controller never becomes idle again"
    ),
    Sentence(.gateHidesBack(s("Home")), "Home.navigationItem.setHidesBackButton(true, animated: false)"),
    Sentence(.gateTrimmed(s("Home")), "gate: viewControllers = [Home]"),
    Sentence(.gestureBegan, "gesture.began"),
    Sentence(.gestureCancelled(popRefused: false), "gesture.cancelled"),
    Sentence(.gestureCancelled(popRefused: true), "gesture.cancelled (pop refused)"),
    Sentence(.gestureChanged(percent: 70), "gesture.changed (70%)"),
    Sentence(.gestureDelegateAssigned(.controller), "nav.interactivePopGestureRecognizer.delegate = nav"),
    Sentence(.gestureDelegateAssigned(.none), "nav.interactivePopGestureRecognizer.delegate = nil"),
    Sentence(
        .gestureDelegateAssigned(.system),
        "nav.interactivePopGestureRecognizer.delegate = _UINavigationInteractiveTransition (UIKit's own)"),
    Sentence(.gestureFinished, "gesture.finished"),
    Sentence(
        .gestureRefused(.animatorWithoutInteraction),
        "gesture.shouldBegin -> false (the delegate supplies an animation controller without an interaction controller)"
    ),
    Sentence(.gestureRefused(.customBack(s("C"))), "gesture.shouldBegin -> false (C has a custom back button)"),
    Sentence(.gestureRefused(.hidesBack(s("H"))), "gesture.shouldBegin -> false (H hides the back button)"),
    Sentence(.gestureRefused(.noPreviousScreen), "gesture.shouldBegin -> false (no previous screen)"),
    Sentence(.gestureRefused(.pushing), "gesture.shouldBegin -> false (isPushingViewController)"),
    Sentence(.gestureRefused(.singleScreen), "gesture.shouldBegin -> false (viewControllers.count <= 1)"),
    Sentence(.gestureRefused(.transitionInFlight), "gesture.shouldBegin -> false (a transition is in flight)"),
    Sentence(.gestureReleased(percent: 30, cancels: true, remaining: 105), "gesture.released at 30%: cancels in 105ms"),
    Sentence(
        .gestureReleased(percent: 70, cancels: false, remaining: 105), "gesture.released at 70%: finishes in 105ms"),
    Sentence(.lifecycle(s("A"), .didMove(toNav: true)), "A.didMove(toParent: nav)"),
    Sentence(.lifecycle(s("A"), .viewDidAppear(false)), "A.viewDidAppear(false)"),
    Sentence(.lifecycle(s("A"), .viewDidDisappear(true)), "A.viewDidDisappear(true)"),
    Sentence(.lifecycle(s("A"), .viewDidLoad), "A.viewDidLoad()"),
    Sentence(.lifecycle(s("A"), .viewWillAppear(false)), "A.viewWillAppear(false)"),
    Sentence(.lifecycle(s("A"), .viewWillDisappear(true)), "A.viewWillDisappear(true)"),
    Sentence(.lifecycle(s("A"), .willMove(toNav: true)), "A.willMove(toParent: nav)"),
    Sentence(.lifecycle(s("B"), .viewDidDisappear(false)), "B.viewDidDisappear(false)"),
    Sentence(.lifecycle(s("B"), .viewWillDisappear(false)), "B.viewWillDisappear(false)"),
    Sentence(.lifecycle(s("X"), .didMove(toNav: false)), "X.didMove(toParent: nil)"),
    Sentence(.lifecycle(s("X"), .viewDidAppear(true)), "X.viewDidAppear(true)"),
    Sentence(.lifecycle(s("X"), .viewWillAppear(true)), "X.viewWillAppear(true)"),
    Sentence(.lifecycle(s("X"), .willMove(toNav: false)), "X.willMove(toParent: nil)"),
    Sentence(.navCall(.pop(animated: false)), "nav.popViewController(animated: false)"),
    Sentence(.navCall(.pop(animated: true)), "nav.popViewController(animated: true)"),
    Sentence(.navCall(.popTo(s("B"), animated: true)), "nav.popToViewController(B, animated: true)"),
    Sentence(.navCall(.popToRoot(animated: false)), "nav.popToRootViewController(animated: false)"),
    Sentence(.navCall(.popToRoot(animated: true)), "nav.popToRootViewController(animated: true)"),
    Sentence(.navCall(.push(s("A"), animated: true)), "nav.pushViewController(A, animated: true)"),
    Sentence(.navCall(.push(s("B"), animated: false)), "nav.pushViewController(B, animated: false)"),
    Sentence(
        .navCall(.setStack([s("A"), s("B"), s("A")], animated: true)),
        "nav.setViewControllers([A, B, A], animated: true)"),
    Sentence(.navCall(.setStack([s("A"), s("B")], animated: true)), "nav.setViewControllers([A, B], animated: true)"),
    Sentence(.navCall(.setStack([s("A")], animated: true)), "nav.setViewControllers([A], animated: true)"),
    Sentence(.note(.callDropped), "note: the call was dropped because a presentation or dismissal is still animating"),
    Sentence(
        .note(.customBackBypassed(s("D"), alert: "Leave?", by: .edgeSwipe)),
        "note: D's custom back button asks \"Leave?\", but the edge swipe pops with popViewController, which never goes through that button"
    ),
    Sentence(
        .note(.customBackBypassed(s("D"), alert: "Leave?", by: .tabReselect)),
        "note: D's custom back button asks \"Leave?\", but tab re-tap pops with popToRootViewController, which never goes through that button"
    ),
    Sentence(.note(.deferred), "note: deferred until the running transition ends"),
    Sentence(
        .note(.delegateOverwritten(controller: "GateNavigationController (fragile)", delegate: "Analytics")),
        "note: GateNavigationController (fragile) set delegate = self in viewDidLoad, so Analytics was overwritten and will hear nothing"
    ),
    Sentence(
        .note(
            .delegateReplacedController(
                delegate: "Analytics", controller: "GateNavigationController (fragile)", gates: true)),
        "note: Analytics replaced GateNavigationController (fragile) as its own delegate; its willShow/didShow no longer run, so gates stop closing"
    ),
    Sentence(
        .note(
            .delegateReplacedController(
                delegate: "Out", controller: "InteractivePopNavigationController (fragile)", gates: false)),
        "note: Out replaced InteractivePopNavigationController (fragile) as its own delegate; its willShow/didShow no longer run, so isPushingViewController is never cleared"
    ),
    Sentence(
        .note(.dismissDropped),
        "note: the dismiss was dropped because another presentation or dismissal is still animating"),
    Sentence(
        .note(
            .forwardsOnly(
                controller: "GateNavigationController", kept: [.willShow, .didShow], delegate: "Spy",
                lost: [.animationController])),
        "note: GateNavigationController forwards only willShow and didShow; Spy's animationController will never be called"
    ),
    Sentence(
        .note(.frozenHierarchyReplaced(.transitionRunning(push: true))),
        "note: the frozen hierarchy was thrown away; the new one responds (it was frozen because an interactive pop began while a push transition was running; the pop can never complete, so the navigation controller never becomes idle again)"
    ),
    Sentence(
        .note(.gateNotHeard(s("H"), controller: "GateNavigationController (fragile)", replacedBy: "Analytics")),
        "note: H is a gate, but GateNavigationController (fragile) no longer hears didShow (Analytics replaced it as the delegate), so the stack is not trimmed"
    ),
    Sentence(
        .note(.gateUnknown(s("H"), controller: "UINavigationController")),
        "note: H is a gate, but UINavigationController knows nothing of gates (use GateNavigationController), so the way back stays open"
    ),
    Sentence(
        .note(.nestedCallRanAtOnce),
        "note: iOS 12 ran the call at once instead of queueing it; the navigation bar keeps the item of the cut transition"
    ),
    Sentence(.note(.nothingToDismiss), "note: nothing is presented, so dismiss does nothing"),
    Sentence(
        .note(.popReturnedNil(root: s("A"))),
        "note: popViewController(animated:) returned nil: A is the root, there is nothing to pop"),
    Sentence(
        .note(.popToAlreadyOnTop(s("B"))), "note: popToViewController(_:animated:) returned nil: B is already on top"),
    Sentence(
        .note(.popToNotInStack(s("B"))), "note: B is not in this navigation controller's stack, so nothing changed"),
    Sentence(
        .note(.popToRootReturnedNil(root: s("A"))),
        "note: popToRootViewController(animated:) returned nil: A is already the root"),
    Sentence(
        .note(.preempted(push: false, cancelling: false, to: s("A"))),
        "note: iOS 26 pre-empted the running pop to A: it completes now"),
    Sentence(
        .note(.preempted(push: true, cancelling: false, to: s("B"))),
        "note: iOS 26 pre-empted the running push of B: it completes now"),
    Sentence(
        .note(.presentDropped),
        "note: the present was dropped because another presentation or dismissal is still animating"),
    Sentence(
        .note(.setStackSkipsSafePop(s("Editor"))),
        "note: UISafeNavigationController does not override setViewControllers, so Editor was not asked before leaving"),
    Sentence(.notification(s("A"), name: "Ping", visible: true), "A.received(Ping)"),
    Sentence(.notification(s("C"), name: "kb", visible: false), "C.received(kb) (not visible)"),
    Sentence(.notification(s("Home"), name: "keyboardWillShow", visible: true), "Home.received(keyboardWillShow)"),
    Sentence(.notification(s("M"), name: "kb", visible: true), "M.received(kb)"),
    Sentence(
        .notification(s("Register"), name: "keyboardWillShow", visible: false),
        "Register.received(keyboardWillShow) (not visible)"),
    Sentence(
        .present(
            receiver: s("Leave"), screen: s("Sheet"),
            container: ControllerClass.named("GateNavigationController", fragile: false)!, animated: true),
        "Leave.present(GateNavigationController(rootViewController: Sheet), animated: true)"),
    Sentence(
        .present(receiver: s("X"), screen: s("M"), container: nil, animated: true), "X.present(M, animated: true)"),
    Sentence(.safeDelegateAssigned(screen: s("Editor"), set: false), "nav.safeDelegate = nil"),
    Sentence(.safeDelegateAssigned(screen: s("Editor"), set: true), "nav.safeDelegate = Editor"),
    Sentence(.shouldPop(asker: s("Editor"), top: s("Editor")), "Editor.shouldPop(Editor) -> false"),
    Sentence(.tabSelected(name: "A", reselected: true), "tab: reselect A"),
    Sentence(.tabSelected(name: "B", reselected: false), "tab: select B"),
    Sentence(.touchIgnored(.back, because: .alertUp), "ignored: back (an alert is up)"),
    Sentence(
        .touchIgnored(.back, because: .barInTransition),
        "ignored: back (the navigation bar ignores touches during a transition)"),
    Sentence(.touchIgnored(.back, because: .frozen), "ignored: back (UI is frozen)"),
    Sentence(.touchIgnored(.back, because: .noBackButton), "ignored: back (no back button on screen)"),
    Sentence(.touchIgnored(.backMenu, because: .alertUp), "ignored: backmenu (an alert is up)"),
    Sentence(
        .touchIgnored(.backMenu, because: .customBackHasNoMenu), "ignored: backmenu (a custom back button has no menu)"),
    Sentence(
        .touchIgnored(.drag, because: .contentPanHeld), "ignored: drag (a content pan is already held; use release)"),
    Sentence(.touchIgnored(.drag, because: .frozen), "ignored: drag (UI is frozen)"),
    Sentence(
        .touchIgnored(.dragContent, because: .edgeSwipeHeld),
        "ignored: drag content (an edge swipe holds the finger: the content pan waits for it to fail)"),
    Sentence(.touchIgnored(.swipe, because: .alertUp), "ignored: swipe (an alert is up)"),
    Sentence(
        .touchIgnored(.swipe, because: .contentPanHeld), "ignored: swipe (a content pan is already held; use release)"),
    Sentence(.touchIgnored(.swipe, because: .frozen), "ignored: swipe (UI is frozen)"),
    Sentence(
        .touchIgnored(.swipeContent, because: .contentPanDisabled),
        "ignored: swipe content (interactiveContentPopGestureRecognizer.isEnabled is false)"),
    Sentence(
        .touchIgnored(.swipeContent, because: .contentPanHeld),
        "ignored: swipe content (a content pan is already held; use release)"),
    Sentence(
        .touchIgnored(.swipeContent, because: .edgeSwipeHeld),
        "ignored: swipe content (an edge swipe holds the finger: the content pan waits for it to fail)"),
    Sentence(.touchIgnored(.swipeContent, because: .frozen), "ignored: swipe content (UI is frozen)"),
    Sentence(
        .warning(.callDuringPresentation(.pop)),
        "warning: popViewController(animated:) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated."
    ),
    Sentence(
        .warning(.callDuringPresentation(.popToRoot)),
        "warning: popToRootViewController(animated:) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated."
    ),
    Sentence(
        .warning(.callDuringPresentation(.push)),
        "warning: pushViewController(_:animated:) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated."
    ),
    Sentence(
        .warning(.dismissDuringPresentation(from: s("P"))),
        "warning: Attempt to dismiss from view controller P while a presentation or dismiss is in progress!"),
    Sentence(
        .warning(.nestedAnimation(pop: false)), "warning: nested push animation can result in corrupted navigation bar"),
    Sentence(
        .warning(.nestedAnimation(pop: true)), "warning: nested pop animation can result in corrupted navigation bar"),
    Sentence(.warning(.popToMissing), "warning: Tried to pop to a view controller that doesn't exist."),
    Sentence(
        .warning(.presentDuringPresentation(s("Y"), on: s("X"), profile: .ios26)),
        "warning: Attempt to present Y on X (from X) while a presentation is in progress."),
    Sentence(
        .warning(.presentDuringPresentation(s("Y"), on: s("X"), profile: .legacy)),
        "warning: Warning: Attempt to present Y on X while a presentation is in progress!"),
    Sentence(
        .warning(.unbalancedAppearance(s("B"))),
        "warning: Unbalanced calls to begin/end appearance transitions for <B>."),
    Sentence(
        .warning(.unexpectedTransitionState),
        "warning: Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."
    ),
    Sentence(
        .windowRoot(
            controller: ControllerClass.named("UINavigationController", fragile: false)!, roots: [s("A"), s("B")],
            tabs: true),
        "window.rootViewController = UITabBarController(viewControllers: [UINavigationController(rootViewController: A), UINavigationController(rootViewController: B)])"
    ),
    Sentence(
        .windowRoot(
            controller: ControllerClass.named("UINavigationController", fragile: false)!, roots: [s("Home")],
            tabs: false), "window.rootViewController = UINavigationController(rootViewController: Home)"),
]
