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
}
