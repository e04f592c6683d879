import NavigationEngine

/// The words of why something was refused, ignored or raised, and of the
/// warnings and notes UIKit logs: the sentences `EventWords.swift` uses.
extension EventRenderer {
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
