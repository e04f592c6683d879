import NavigationEngine

/// The words of events: the one place an event's facts become a sentence,
/// for text lines, JSON and the timeline alike.
extension EventRenderer {
    /// The line text mode prints for the event, without its time.
    public static func words(_ event: Event, names: ClassNames) -> String {
        var out: [UInt8] = []
        appendWords(event.payload, names: names, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the event's words as UTF-8. The frequent events (lifecycle,
    /// deinit, API calls) are written a piece at a time with no String made;
    /// the others are made as a String first.
    static func appendWords<Sink: ByteSink>(_ payload: EventPayload, names: ClassNames, to out: inout Sink) {
        func name(_ name: ScreenName) {
            appendName(name, names: names, to: &out)
        }
        func flag(_ value: Bool, _ yes: StaticString, _ no: StaticString) {
            out.appendASCII(value ? yes : no)
        }
        switch payload {
        case .lifecycle(let screen, let call):
            appendLifecycleWords(screen, call, names: names, to: &out)
        case .deinitialized(let screen):
            appendDeinitWords(screen, names: names, to: &out)
        case .navCall(let call):
            switch call {
            case .push(let screen, let animated):
                appendPushWords(screen, animated: animated, names: names, to: &out)
            case .pop(let animated):
                out.appendASCII(popWords(animated: animated))
            case .popTo(let screen, let animated):
                out.appendASCII("nav.popToViewController(")
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case .popToRoot(let animated):
                flag(
                    animated, "nav.popToRootViewController(animated: true)",
                    "nav.popToRootViewController(animated: false)")
            case .setStack(let screens, let animated):
                out.appendASCII("nav.setViewControllers([")
                for (index, screen) in screens.enumerated() {
                    if index > 0 { out.appendASCII(", ") }
                    name(screen)
                }
                flag(animated, "], animated: true)", "], animated: false)")
            }
        default:
            if !appendFrequentWords(payload, names: names, to: &out) {
                out.appendUTF8(of: sentence(payload, names: names))
            }
        }
    }

    /// `Detail#2.viewWillAppear(true)`: the lifecycle callbacks' words.
    @inline(__always)
    static func appendLifecycleWords<Sink: ByteSink>(
        _ screen: ScreenName, _ call: LifecycleCall, names: ClassNames, to out: inout Sink
    ) {
        appendName(screen, names: names, to: &out)
        let words: StaticString =
            switch call {
            case .viewDidLoad: ".viewDidLoad()"
            case .viewWillAppear(let a): a ? ".viewWillAppear(true)" : ".viewWillAppear(false)"
            case .viewDidAppear(let a): a ? ".viewDidAppear(true)" : ".viewDidAppear(false)"
            case .viewWillDisappear(let a): a ? ".viewWillDisappear(true)" : ".viewWillDisappear(false)"
            case .viewDidDisappear(let a): a ? ".viewDidDisappear(true)" : ".viewDidDisappear(false)"
            case .willMove(let toNav): toNav ? ".willMove(toParent: nav)" : ".willMove(toParent: nil)"
            case .didMove(let toNav): toNav ? ".didMove(toParent: nav)" : ".didMove(toParent: nil)"
            }
        out.appendASCII(words)
    }

    @inline(__always)
    static func appendDeinitWords<Sink: ByteSink>(_ screen: ScreenName, names: ClassNames, to out: inout Sink) {
        appendName(screen, names: names, to: &out)
        out.appendASCII(".deinit")
    }

    @inline(__always)
    static func appendPushWords<Sink: ByteSink>(
        _ screen: ScreenName, animated: Bool, names: ClassNames, to out: inout Sink
    ) {
        out.appendASCII("nav.pushViewController(")
        appendName(screen, names: names, to: &out)
        out.appendASCII(animated ? ", animated: true)" : ", animated: false)")
    }

    @inline(__always)
    static func popWords(animated: Bool) -> StaticString {
        animated ? "nav.popViewController(animated: true)" : "nav.popViewController(animated: false)"
    }

    /// Whether the event's words are made of identifiers only (nothing a JSON string must escape).
    static func isPlainWords(_ payload: EventPayload) -> Bool {
        switch payload {
        case .lifecycle, .deinitialized, .navCall: true
        default: isPlainFrequentWords(payload)
        }
    }

    /// The words of the less frequent events.
    static func sentence(_ payload: EventPayload, names: ClassNames) -> String {
        switch payload {
        case .lifecycle, .deinitialized, .navCall:
            var out: [UInt8] = []
            appendWords(payload, names: names, to: &out)
            return String(decoding: out, as: UTF8.self)
        case .windowRoot(let controller, let roots, let tabs):
            let type = controller.typeName
            if !tabs, let root = roots.first {
                return "window.rootViewController = \(type)(rootViewController: \(root, in: names))"
            }
            return
                "window.rootViewController = UITabBarController(viewControllers: [\(roots.map { "\(type)(rootViewController: \($0, in: names))" }.joined(separator: ", "))])"
        case .delegateAssigned(let assignment):
            switch assignment {
            case .outside(let name): return "nav.delegate = \(name ?? "nil")"
            case .controller: return "nav.delegate = nav"
            case .proxy(let forward): return "nav.delegate = nav (proxying\(forward.map { " to \($0)" } ?? ""))"
            }
        case .gestureDelegateAssigned(let kind):
            let value =
                switch kind {
                case .system: "_UINavigationInteractiveTransition (UIKit's own)"
                case .none: "nil"
                case .controller: "nav"
                }
            return "nav.interactivePopGestureRecognizer.delegate = \(value)"
        case .controllerLoaded(let cls):
            return "nav.viewDidLoad() (\(cls.name))"
        case .delegateCall(let receiver, let call):
            let who = receiverName(receiver)
            switch call {
            case .willShow(let shown, let animated):
                return "\(who).willShow(\(shown, in: names), animated: \(animated))"
            case .didShow(let shown, let animated): return "\(who).didShow(\(shown, in: names), animated: \(animated))"
            case .animationController(let push, let from, let to):
                return
                    "\(who).animationController(for: \(push ? "push" : "pop"), from: \(from, in: names), to: \(to, in: names))"
            case .interactionController: return "\(who).interactionController(for: animator)"
            }
        case .shouldPop(let asker, let top):
            return "\(asker, in: names).shouldPop(\(top, in: names)) -> false"
        case .safeDelegateAssigned(let screen, let set):
            return set ? "nav.safeDelegate = \(screen, in: names)" : "nav.safeDelegate = nil"
        case .gestureBegan:
            return "gesture.began"
        case .gestureChanged(let percent):
            return "gesture.changed (\(percent)%)"
        case .gestureRefused(let reason):
            return "gesture.shouldBegin -> false (\(words(reason, names: names)))"
        case .gestureReleased(let percent, let cancels, let remaining):
            return "gesture.released at \(percent)%: \(cancels ? "cancels" : "finishes") in \(remaining)ms"
        case .gestureCancelled(let popRefused):
            return popRefused ? "gesture.cancelled (pop refused)" : "gesture.cancelled"
        case .gestureFinished:
            return "gesture.finished"
        case .contentGestureBegan:
            return "contentGesture.began"
        case .contentGestureChanged(let percent):
            return "contentGesture.changed (\(percent)%)"
        case .contentGestureRefused(let reason):
            return "contentGesture.shouldBegin -> false (\(words(reason, names: names)))"
        case .contentGestureReleased(let percent, let cancels, let remaining):
            return "contentGesture.released at \(percent)%: \(cancels ? "cancels" : "finishes") in \(remaining)ms"
        case .contentGestureCancelled(let popRefused):
            return popRefused ? "contentGesture.cancelled (pop refused)" : "contentGesture.cancelled"
        case .contentGestureFinished:
            return "contentGesture.finished"
        case .contentPanEnabledAssigned(let enabled):
            return "nav.interactiveContentPopGestureRecognizer.isEnabled = \(enabled)"
        case .barShouldPop(let top, let answer):
            return "bar.shouldPop(\(top, in: names)) -> \(answer)"
        case .alertShown(let text, _):
            return "alert \"\(text)\" [Cancel] [OK]"
        case .alertTapped(let button):
            return "alert.tap \(button)"
        case .gateHidesBack(let gate):
            return "\(gate, in: names).navigationItem.setHidesBackButton(true, animated: false)"
        case .gateTrimmed(let gate):
            return "gate: viewControllers = [\(gate, in: names)]"
        case .tabSelected(let name, let reselected):
            return reselected ? "tab: reselect \(name)" : "tab: select \(name)"
        case .present(let receiver, let screen, let container, let animated):
            let shown =
                container.map { "\($0.typeName)(rootViewController: \(screen, in: names))" } ?? names.text(of: screen)
            return "\(receiver.map { names.text(of: $0) } ?? "nav").present(\(shown), animated: \(animated))"
        case .dismiss(let receiver, _, let animated):
            return "\(receiver.map { names.text(of: $0) } ?? "nav").dismiss(animated: \(animated))"
        case .notification(let screen, let name, let visible):
            return "\(screen, in: names).received(\(name))\(visible ? "" : " (not visible)")"
        case .touchIgnored(let touch, let reason):
            return "ignored: \(words(touch)) (\(words(reason)))"
        case .frozen(let reason):
            return "frozen: \(words(reason))"
        case .warning(let warning):
            return "warning: \(words(warning, names: names))"
        case .exception(let exception):
            return "exception: \(words(exception, names: names))"
        case .note(let note):
            return "note: \(words(note, names: names))"
        }
    }

    static func receiverName(_ receiver: DelegateReceiver) -> String {
        switch receiver {
        case .nav: "nav"
        case .outside(let name): name
        }
    }

    /// The receiver and method JSON gives an event that is a method call.
    static func callFields(_ payload: EventPayload, names: ClassNames) -> (receiver: String, method: String)? {
        switch payload {
        case .windowRoot: ("window", "rootViewController")
        case .delegateAssigned: ("nav", "delegate")
        case .gestureDelegateAssigned: ("nav", "interactivePopGestureRecognizer.delegate")
        case .controllerLoaded: ("nav", "viewDidLoad")
        case .delegateCall(let receiver, let call):
            switch call {
            case .willShow: (receiverName(receiver), "willShow")
            case .didShow: (receiverName(receiver), "didShow")
            case .animationController: (receiverName(receiver), "animationController")
            case .interactionController: (receiverName(receiver), "interactionController")
            }
        case .shouldPop(let asker, _): (names.text(of: asker), "shouldPop")
        case .safeDelegateAssigned: ("nav", "safeDelegate")
        case .gestureChanged: ("gesture", "changed")
        case .gestureRefused: ("gesture", "shouldBegin")
        case .gestureReleased: ("gesture", "released")
        case .gestureCancelled(let popRefused): popRefused ? ("gesture", "cancelled") : nil
        case .contentPanEnabledAssigned: ("nav", "interactiveContentPopGestureRecognizer.isEnabled")
        case .contentGestureChanged: ("contentGesture", "changed")
        case .contentGestureRefused: ("contentGesture", "shouldBegin")
        case .contentGestureReleased: ("contentGesture", "released")
        case .contentGestureCancelled(let popRefused): popRefused ? ("contentGesture", "cancelled") : nil
        case .barShouldPop: ("bar", "shouldPop")
        case .alertTapped: ("alert", "tap")
        case .gateHidesBack(let gate): (names.text(of: gate), "navigationItem.setHidesBackButton")
        case .present(let receiver, _, _, _): (receiver.map { names.text(of: $0) } ?? "nav", "present")
        case .dismiss(let receiver, _, _): (receiver.map { names.text(of: $0) } ?? "nav", "dismiss")
        case .notification(let screen, _, _): (names.text(of: screen), "received")
        default: nil
        }
    }

    public static func words(_ reason: SwipeRefusal, names: ClassNames) -> String {
        switch reason {
        case .singleScreen: "viewControllers.count <= 1"
        case .pushing: "isPushingViewController"
        case .transitionInFlight: "a transition is in flight"
        case .noPreviousScreen: "no previous screen"
        case .hidesBack(let top): "\(top, in: names) hides the back button"
        case .customBack(let top): "\(top, in: names) has a custom back button"
        case .animatorWithoutInteraction:
            "the delegate supplies an animation controller without an interaction controller"
        }
    }

    static func words(_ touch: Touch) -> String {
        switch touch {
        case .swipe: "swipe"
        case .swipeCancel: "swipe cancel"
        case .drag: "drag"
        case .release: "release"
        case .back: "back"
        case .backMenu: "backmenu"
        case .tap: "tap"
        case .tab: "tab"
        case .swipeContent: "swipe content"
        case .swipeContentCancel: "swipe content cancel"
        case .dragContent: "drag content"
        }
    }

    static func words(_ reason: IgnoreReason) -> String {
        switch reason {
        case .frozen: "UI is frozen"
        case .alertUp: "an alert is up"
        case .noNavigationController: "no navigation controller under the finger"
        case .swipeHeld: "a swipe is already held; use release"
        case .contentPanHeld: "a content pan is already held; use release"
        case .edgeSwipeHeld: "an edge swipe holds the finger: the content pan waits for it to fail"
        case .contentPanDisabled: "interactiveContentPopGestureRecognizer.isEnabled is false"
        case .noBackButton: "no back button on screen"
        case .barInTransition: "the navigation bar ignores touches during a transition"
        case .customBackHasNoMenu: "a custom back button has no menu"
        case .presentationCoversTabBar: "a presented screen covers the tab bar"
        }
    }

    /// Why the UI froze (`expect frozen`, `show` and the `frozen:` line).
    public static func words(_ reason: FreezeReason) -> String {
        switch reason {
        case .rootScreen(let letBegin):
            "an interactive pop began on the root screen with nothing to pop to (gesture delegate \(letBegin ? "let it begin" : "is nil")); it never ends"
        case .transitionRunning(let push):
            "an interactive pop began while a \(push ? "push" : "pop") transition was running; the pop can never complete, so the navigation controller never becomes idle again"
        }
    }

    /// `NAME: reason`, as the console and the failure message say it.
    public static func words(_ exception: UIKitException, names: ClassNames) -> String {
        let reason =
            switch exception {
            case .pushedTwice(let name):
                "Pushing the same view controller instance more than once is not supported (\(name, in: names))"
            case .addSelfAsSubview: "Can't add self as subview"
            case .popToMissing: "Tried to pop to a view controller that doesn't exist."
            case .notDistinct(let stack):
                "All view controllers in a navigation controller must be distinct ([\(stack.map { names.text(of: $0) }.joined(separator: ", "))])"
            }
        return "\(exception.name.rawValue): \(reason)"
    }

    static func selector(_ method: NavCall.Method) -> String {
        switch method {
        case .push: "pushViewController(_:animated:)"
        case .pop: "popViewController(animated:)"
        case .popTo: "popToViewController(_:animated:)"
        case .popToRoot: "popToRootViewController(animated:)"
        case .setStack: "setViewControllers(_:animated:)"
        }
    }

    static func words(_ warning: Warning, names: ClassNames) -> String {
        switch warning {
        case .callDuringPresentation(let method):
            return
                "\(selector(method)) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated."
        case .nestedAnimation(let pop):
            return "nested \(pop ? "pop" : "push") animation can result in corrupted navigation bar"
        case .unexpectedTransitionState:
            return
                "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."
        case .unbalancedAppearance(let screen):
            return "Unbalanced calls to begin/end appearance transitions for <\(screen, in: names)>."
        case .popToMissing:
            return "Tried to pop to a view controller that doesn't exist."
        case .presentDuringPresentation(let presented, let on, let profile):
            let from = on.map { names.text(of: $0) } ?? "nav"
            if profile == .legacy {
                return
                    "Warning: Attempt to present \(presented, in: names) on \(from) while a presentation is in progress!"
            }
            return
                "Attempt to present \(presented, in: names) on \(from) (from \(from)) while a presentation is in progress."
        case .alreadyPresenting(let presented, let on, let existing):
            let from = on.map { names.text(of: $0) } ?? "nav"
            return
                "Attempt to present \(presented, in: names) on \(from) (from \(from)) which is already presenting \(existing, in: names)."
        case .dismissDuringPresentation(let from):
            return
                "Attempt to dismiss from view controller \(from.map { names.text(of: $0) } ?? "nav") while a presentation or dismiss is in progress!"
        }
    }

    static func words(_ note: Note, names: ClassNames) -> String {
        switch note {
        case .callDropped:
            "the call was dropped because a presentation or dismissal is still animating"
        case .deferred:
            "deferred until the running transition ends"
        case .nestedCallRanAtOnce:
            "iOS 12 ran the call at once instead of queueing it; the navigation bar keeps the item of the cut transition"
        case .preempted(_, true, _):
            "iOS 26 pre-empted the running cancel of the interactive pop: it completes now"
        case .preempted(let push, false, let to):
            "iOS 26 pre-empted the running \(push ? "push of" : "pop to") \(to, in: names): it completes now"
        case .popReturnedNil(let root):
            "popViewController(animated:) returned nil: \(root.map { "\($0, in: names) is the root" } ?? "the stack is empty"), there is nothing to pop"
        case .popToNotInStack(let target):
            "\(target, in: names) is not in this navigation controller's stack, so nothing changed"
        case .popToAlreadyOnTop(let target):
            "popToViewController(_:animated:) returned nil: \(target, in: names) is already on top"
        case .popToRootReturnedNil(let root):
            "popToRootViewController(animated:) returned nil: \(root.map { "\($0, in: names) is already the root" } ?? "the stack is empty")"
        case .setStackSkipsSafePop(let asker):
            "UISafeNavigationController does not override setViewControllers, so \(asker, in: names) was not asked before leaving"
        case .customBackBypassed(let top, let alert, let path):
            "\(top, in: names)'s custom back button asks \"\(alert)\", but \(path == .edgeSwipe ? "the edge swipe pops with popViewController" : "tab re-tap pops with popToRootViewController"), which never goes through that button"
        case .frozenHierarchyReplaced(let reason):
            "the frozen hierarchy was thrown away; the new one responds (it was frozen because \(words(reason)))"
        case .gateNotHeard(let shown, let controller, let replacedBy):
            "\(shown, in: names) is a gate, but \(controller) no longer hears didShow (\(replacedBy.map { "\($0) replaced it as the delegate" } ?? "the delegate was set to nil")), so the stack is not trimmed"
        case .gateUnknown(let shown, let controller):
            "\(shown, in: names) is a gate, but \(controller) knows nothing of gates (use GateNavigationController), so the way back stays open"
        case .forwardsOnly(let controller, let kept, let delegate, let lost):
            "\(controller) forwards only \(kept.map(\.rawValue).joined(separator: " and ")); \(delegate)'s \(lost.map(\.rawValue).joined(separator: " and ")) will never be called"
        case .presentDropped:
            "the present was dropped because another presentation or dismissal is still animating"
        case .nothingToDismiss:
            "nothing is presented, so dismiss does nothing"
        case .dismissDropped:
            "the dismiss was dropped because another presentation or dismissal is still animating"
        case .delegateOverwritten(let controller, let delegate):
            "\(controller) set delegate = self in viewDidLoad, so \(delegate) was overwritten and will hear nothing"
        case .delegateReplacedController(let delegate, let controller, let gates):
            "\(delegate) replaced \(controller) as its own delegate; its willShow/didShow no longer run, so \(gates ? "gates stop closing" : "isPushingViewController is never cleared")"
        }
    }
}
