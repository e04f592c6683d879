import NavigationEngine

/// The words of events: the one place an event's facts become a sentence,
/// for text lines, JSON and the timeline alike.
extension EventRenderer {
    /// The line text mode prints for the event, without its time.
    public static func words(_ event: Event) -> String {
        var out: [UInt8] = []
        appendWords(event.payload, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the event's words as UTF-8. The frequent events (lifecycle,
    /// deinit, API calls) are written a piece at a time with no String made;
    /// the others are made as a String first.
    static func appendWords<Sink: ByteSink>(_ payload: EventPayload, to out: inout Sink) {
        func name(_ name: ScreenName) {
            out.appendUTF8(of: name.className)
            if name.ordinal != 1 {
                out.append(UInt8(ascii: "#"))
                out.appendDecimal(name.ordinal)
            }
        }
        func flag(_ value: Bool, _ yes: StaticString, _ no: StaticString) {
            out.appendASCII(value ? yes : no)
        }
        switch payload {
        case let .lifecycle(screen, call):
            name(screen)
            switch call {
            case .viewDidLoad: out.appendASCII(".viewDidLoad()")
            case let .viewWillAppear(a): flag(a, ".viewWillAppear(true)", ".viewWillAppear(false)")
            case let .viewDidAppear(a): flag(a, ".viewDidAppear(true)", ".viewDidAppear(false)")
            case let .viewWillDisappear(a): flag(a, ".viewWillDisappear(true)", ".viewWillDisappear(false)")
            case let .viewDidDisappear(a): flag(a, ".viewDidDisappear(true)", ".viewDidDisappear(false)")
            case let .willMove(toNav): flag(toNav, ".willMove(toParent: nav)", ".willMove(toParent: nil)")
            case let .didMove(toNav): flag(toNav, ".didMove(toParent: nav)", ".didMove(toParent: nil)")
            }
        case let .deinitialized(screen):
            name(screen)
            out.appendASCII(".deinit")
        case let .navCall(call):
            switch call {
            case let .push(screen, animated):
                out.appendASCII("nav.pushViewController(")
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .pop(animated):
                flag(animated, "nav.popViewController(animated: true)", "nav.popViewController(animated: false)")
            case let .popTo(screen, animated):
                out.appendASCII("nav.popToViewController(")
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .popToRoot(animated):
                flag(animated, "nav.popToRootViewController(animated: true)", "nav.popToRootViewController(animated: false)")
            case let .setStack(screens, animated):
                out.appendASCII("nav.setViewControllers([")
                for (index, screen) in screens.enumerated() {
                    if index > 0 { out.appendASCII(", ") }
                    name(screen)
                }
                flag(animated, "], animated: true)", "], animated: false)")
            }
        default:
            out.appendUTF8(of: sentence(payload))
        }
    }

    /// Whether the event's words are made of identifiers only (nothing a JSON string must escape).
    static func isPlainWords(_ payload: EventPayload) -> Bool {
        switch payload {
        case .lifecycle, .deinitialized, .navCall: true
        default: false
        }
    }

    /// The words of the less frequent events.
    static func sentence(_ payload: EventPayload) -> String {
        switch payload {
        case .lifecycle, .deinitialized, .navCall:
            var out: [UInt8] = []
            appendWords(payload, to: &out)
            return String(decoding: out, as: UTF8.self)
        case let .windowRoot(controller, roots, tabs):
            let type = controller.typeName
            if !tabs, let root = roots.first {
                return "window.rootViewController = \(type)(rootViewController: \(root))"
            }
            return "window.rootViewController = UITabBarController(viewControllers: [\(roots.map { "\(type)(rootViewController: \($0))" }.joined(separator: ", "))])"
        case let .delegateAssigned(assignment):
            switch assignment {
            case let .outside(name): return "nav.delegate = \(name ?? "nil")"
            case .controller: return "nav.delegate = nav"
            case let .proxy(forward): return "nav.delegate = nav (proxying\(forward.map { " to \($0)" } ?? ""))"
            }
        case let .gestureDelegateAssigned(kind):
            let value = switch kind {
            case .system: "_UINavigationInteractiveTransition (UIKit's own)"
            case .none: "nil"
            case .controller: "nav"
            }
            return "nav.interactivePopGestureRecognizer.delegate = \(value)"
        case let .controllerLoaded(cls):
            return "nav.viewDidLoad() (\(cls.name))"
        case let .delegateCall(receiver, call):
            let who = receiverName(receiver)
            switch call {
            case let .willShow(shown, animated): return "\(who).willShow(\(shown), animated: \(animated))"
            case let .didShow(shown, animated): return "\(who).didShow(\(shown), animated: \(animated))"
            case let .animationController(push, from, to):
                return "\(who).animationController(for: \(push ? "push" : "pop"), from: \(from), to: \(to))"
            case .interactionController: return "\(who).interactionController(for: animator)"
            }
        case let .shouldPop(asker, top):
            return "\(asker).shouldPop(\(top)) -> false"
        case let .safeDelegateAssigned(screen, set):
            return set ? "nav.safeDelegate = \(screen)" : "nav.safeDelegate = nil"
        case .gestureBegan:
            return "gesture.began"
        case let .gestureChanged(percent):
            return "gesture.changed (\(percent)%)"
        case let .gestureRefused(reason):
            return "gesture.shouldBegin -> false (\(words(reason)))"
        case let .gestureReleased(percent, cancels, remaining):
            return "gesture.released at \(percent)%: \(cancels ? "cancels" : "finishes") in \(remaining)ms"
        case let .gestureCancelled(popRefused):
            return popRefused ? "gesture.cancelled (pop refused)" : "gesture.cancelled"
        case .gestureFinished:
            return "gesture.finished"
        case .contentGestureBegan:
            return "contentGesture.began"
        case let .contentGestureChanged(percent):
            return "contentGesture.changed (\(percent)%)"
        case let .contentGestureRefused(reason):
            return "contentGesture.shouldBegin -> false (\(words(reason)))"
        case let .contentGestureReleased(percent, cancels, remaining):
            return "contentGesture.released at \(percent)%: \(cancels ? "cancels" : "finishes") in \(remaining)ms"
        case let .contentGestureCancelled(popRefused):
            return popRefused ? "contentGesture.cancelled (pop refused)" : "contentGesture.cancelled"
        case .contentGestureFinished:
            return "contentGesture.finished"
        case let .contentPanEnabledAssigned(enabled):
            return "nav.interactiveContentPopGestureRecognizer.isEnabled = \(enabled)"
        case let .barShouldPop(top, answer):
            return "bar.shouldPop(\(top)) -> \(answer)"
        case let .alertShown(text, _):
            return "alert \"\(text)\" [Cancel] [OK]"
        case let .alertTapped(button):
            return "alert.tap \(button)"
        case let .gateHidesBack(gate):
            return "\(gate).navigationItem.setHidesBackButton(true, animated: false)"
        case let .gateTrimmed(gate):
            return "gate: viewControllers = [\(gate)]"
        case let .tabSelected(name, reselected):
            return reselected ? "tab: reselect \(name)" : "tab: select \(name)"
        case let .present(receiver, screen, container, animated):
            let shown = container.map { "\($0.typeName)(rootViewController: \(screen))" } ?? screen.description
            return "\(receiver?.description ?? "nav").present(\(shown), animated: \(animated))"
        case let .dismiss(receiver, _, animated):
            return "\(receiver?.description ?? "nav").dismiss(animated: \(animated))"
        case let .notification(screen, name, visible):
            return "\(screen).received(\(name))\(visible ? "" : " (not visible)")"
        case let .touchIgnored(touch, reason):
            return "ignored: \(words(touch)) (\(words(reason)))"
        case let .frozen(reason):
            return "frozen: \(words(reason))"
        case let .warning(warning):
            return "warning: \(words(warning))"
        case let .exception(exception):
            return "exception: \(words(exception))"
        case let .note(note):
            return "note: \(words(note))"
        }
    }

    static func receiverName(_ receiver: DelegateReceiver) -> String {
        switch receiver {
        case .nav: "nav"
        case let .outside(name): name
        }
    }

    /// The receiver and method JSON gives an event that is a method call.
    static func callFields(_ payload: EventPayload) -> (receiver: String, method: String)? {
        switch payload {
        case .windowRoot: ("window", "rootViewController")
        case .delegateAssigned: ("nav", "delegate")
        case .gestureDelegateAssigned: ("nav", "interactivePopGestureRecognizer.delegate")
        case .controllerLoaded: ("nav", "viewDidLoad")
        case let .delegateCall(receiver, call):
            switch call {
            case .willShow: (receiverName(receiver), "willShow")
            case .didShow: (receiverName(receiver), "didShow")
            case .animationController: (receiverName(receiver), "animationController")
            case .interactionController: (receiverName(receiver), "interactionController")
            }
        case let .shouldPop(asker, _): (asker.description, "shouldPop")
        case .safeDelegateAssigned: ("nav", "safeDelegate")
        case .gestureChanged: ("gesture", "changed")
        case .gestureRefused: ("gesture", "shouldBegin")
        case .gestureReleased: ("gesture", "released")
        case let .gestureCancelled(popRefused): popRefused ? ("gesture", "cancelled") : nil
        case .contentPanEnabledAssigned: ("nav", "interactiveContentPopGestureRecognizer.isEnabled")
        case .contentGestureChanged: ("contentGesture", "changed")
        case .contentGestureRefused: ("contentGesture", "shouldBegin")
        case .contentGestureReleased: ("contentGesture", "released")
        case let .contentGestureCancelled(popRefused): popRefused ? ("contentGesture", "cancelled") : nil
        case .barShouldPop: ("bar", "shouldPop")
        case .alertTapped: ("alert", "tap")
        case let .gateHidesBack(gate): (gate.description, "navigationItem.setHidesBackButton")
        case let .present(receiver, _, _, _): (receiver?.description ?? "nav", "present")
        case let .dismiss(receiver, _, _): (receiver?.description ?? "nav", "dismiss")
        case let .notification(screen, _, _): (screen.description, "received")
        default: nil
        }
    }

    public static func words(_ reason: SwipeRefusal) -> String {
        switch reason {
        case .singleScreen: "viewControllers.count <= 1"
        case .pushing: "isPushingViewController"
        case .transitionInFlight: "a transition is in flight"
        case .noPreviousScreen: "no previous screen"
        case let .hidesBack(top): "\(top) hides the back button"
        case let .customBack(top): "\(top) has a custom back button"
        case .animatorWithoutInteraction: "the delegate supplies an animation controller without an interaction controller"
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
        case let .rootScreen(letBegin):
            "an interactive pop began on the root screen with nothing to pop to (gesture delegate \(letBegin ? "let it begin" : "is nil")); it never ends"
        case let .transitionRunning(push):
            "an interactive pop began while a \(push ? "push" : "pop") transition was running; the pop can never complete, so the navigation controller never becomes idle again"
        }
    }

    /// `NAME: reason`, as the console and the failure message say it.
    public static func words(_ exception: UIKitException) -> String {
        let reason = switch exception {
        case let .pushedTwice(name): "Pushing the same view controller instance more than once is not supported (\(name))"
        case .addSelfAsSubview: "Can't add self as subview"
        case .popToMissing: "Tried to pop to a view controller that doesn't exist."
        case let .notDistinct(names): "All view controllers in a navigation controller must be distinct ([\(names.map(\.description).joined(separator: ", "))])"
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

    static func words(_ warning: Warning) -> String {
        switch warning {
        case let .callDuringPresentation(method):
            return "\(selector(method)) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated."
        case let .nestedAnimation(pop):
            return "nested \(pop ? "pop" : "push") animation can result in corrupted navigation bar"
        case .unexpectedTransitionState:
            return "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted."
        case let .unbalancedAppearance(screen):
            return "Unbalanced calls to begin/end appearance transitions for <\(screen)>."
        case .popToMissing:
            return "Tried to pop to a view controller that doesn't exist."
        case let .presentDuringPresentation(presented, on, profile):
            let from = on?.description ?? "nav"
            if profile == .legacy {
                return "Warning: Attempt to present \(presented) on \(from) while a presentation is in progress!"
            }
            return "Attempt to present \(presented) on \(from) (from \(from)) while a presentation is in progress."
        case let .alreadyPresenting(presented, on, existing):
            let from = on?.description ?? "nav"
            return "Attempt to present \(presented) on \(from) (from \(from)) which is already presenting \(existing)."
        case let .dismissDuringPresentation(from):
            return "Attempt to dismiss from view controller \(from?.description ?? "nav") while a presentation or dismiss is in progress!"
        }
    }

    static func words(_ note: Note) -> String {
        switch note {
        case .callDropped:
            "the call was dropped because a presentation or dismissal is still animating"
        case .deferred:
            "deferred until the running transition ends"
        case .nestedCallRanAtOnce:
            "iOS 12 ran the call at once instead of queueing it; the navigation bar keeps the item of the cut transition"
        case let .popReturnedNil(root):
            "popViewController(animated:) returned nil: \(root.map { "\($0) is the root" } ?? "the stack is empty"), there is nothing to pop"
        case let .popToNotInStack(target):
            "\(target) is not in this navigation controller's stack, so nothing changed"
        case let .popToAlreadyOnTop(target):
            "popToViewController(_:animated:) returned nil: \(target) is already on top"
        case let .popToRootReturnedNil(root):
            "popToRootViewController(animated:) returned nil: \(root.map { "\($0) is already the root" } ?? "the stack is empty")"
        case let .setStackSkipsSafePop(asker):
            "UISafeNavigationController does not override setViewControllers, so \(asker) was not asked before leaving"
        case let .customBackBypassed(top, alert, path):
            "\(top)'s custom back button asks \"\(alert)\", but \(path == .edgeSwipe ? "the edge swipe pops with popViewController" : "tab re-tap pops with popToRootViewController"), which never goes through that button"
        case let .frozenHierarchyReplaced(reason):
            "the frozen hierarchy was thrown away; the new one responds (it was frozen because \(words(reason)))"
        case let .gateNotHeard(shown, controller, replacedBy):
            "\(shown) is a gate, but \(controller) no longer hears didShow (\(replacedBy.map { "\($0) replaced it as the delegate" } ?? "the delegate was set to nil")), so the stack is not trimmed"
        case let .gateUnknown(shown, controller):
            "\(shown) is a gate, but \(controller) knows nothing of gates (use GateNavigationController), so the way back stays open"
        case let .forwardsOnly(controller, kept, delegate, lost):
            "\(controller) forwards only \(kept.map(\.rawValue).joined(separator: " and ")); \(delegate)'s \(lost.map(\.rawValue).joined(separator: " and ")) will never be called"
        case .presentDropped:
            "the present was dropped because another presentation or dismissal is still animating"
        case .nothingToDismiss:
            "nothing is presented, so dismiss does nothing"
        case .dismissDropped:
            "the dismiss was dropped because another presentation or dismissal is still animating"
        case let .delegateOverwritten(controller, delegate):
            "\(controller) set delegate = self in viewDidLoad, so \(delegate) was overwritten and will hear nothing"
        case let .delegateReplacedController(delegate, controller, gates):
            "\(delegate) replaced \(controller) as its own delegate; its willShow/didShow no longer run, so \(gates ? "gates stop closing" : "isPushingViewController is never cleared")"
        }
    }
}
