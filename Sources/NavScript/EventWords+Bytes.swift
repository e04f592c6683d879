import NavigationEngine

/// The words of the events that are frequent beyond push and pop (modal
/// presentations, the delegate's calls, the gesture's steps, the bar), written
/// as bytes with no String made. `sentence` says the same words by string
/// interpolation; the render tests and the byte-identical outputs of the
/// scenarios, stories and workloads hold the two together.
extension EventRenderer {
    /// Appends the words of `payload` if it is one of these events; false (and
    /// nothing appended) for the others.
    static func appendFrequentWords<Sink: ByteSink>(
        _ payload: EventPayload, names: ClassNames, to out: inout Sink
    ) -> Bool {
        func name(_ screen: ScreenName) {
            appendName(screen, names: names, to: &out)
        }
        func receiver(_ screen: ScreenName?) {
            if let screen { name(screen) } else { out.appendASCII("nav") }
        }
        func animated(_ value: Bool) {
            out.appendASCII(value ? ", animated: true)" : ", animated: false)")
        }
        func released(_ gesture: StaticString, _ percent: Int, _ cancels: Bool, _ remaining: Int) {
            out.appendASCII(gesture)
            out.appendDecimal(percent)
            out.appendASCII(cancels ? "%: cancels in " : "%: finishes in ")
            out.appendDecimal(remaining)
            out.appendASCII("ms")
        }
        func changed(_ gesture: StaticString, _ percent: Int) {
            out.appendASCII(gesture)
            out.appendDecimal(percent)
            out.appendASCII("%)")
        }
        switch payload {
        case .present(let by, let screen, let container, let isAnimated):
            receiver(by)
            out.appendASCII(".present(")
            if let container {
                out.appendUTF8(of: container.typeName)
                out.appendASCII("(rootViewController: ")
                name(screen)
                out.append(UInt8(ascii: ")"))
            } else {
                name(screen)
            }
            animated(isAnimated)
        case .dismiss(let by, _, let isAnimated):
            receiver(by)
            out.appendASCII(isAnimated ? ".dismiss(animated: true)" : ".dismiss(animated: false)")
        case .delegateCall(let who, let call):
            switch who {
            case .nav: out.appendASCII("nav")
            case .outside(let text): out.appendUTF8(of: text)
            }
            switch call {
            case .willShow(let shown, let isAnimated):
                out.appendASCII(".willShow(")
                name(shown)
                animated(isAnimated)
            case .didShow(let shown, let isAnimated):
                out.appendASCII(".didShow(")
                name(shown)
                animated(isAnimated)
            case .animationController(let push, let from, let to):
                out.appendASCII(
                    push ? ".animationController(for: push, from: " : ".animationController(for: pop, from: ")
                name(from)
                out.appendASCII(", to: ")
                name(to)
                out.append(UInt8(ascii: ")"))
            case .interactionController:
                out.appendASCII(".interactionController(for: animator)")
            }
        case .shouldPop(let asker, let top):
            name(asker)
            out.appendASCII(".shouldPop(")
            name(top)
            out.appendASCII(") -> false")
        case .safeDelegateAssigned(let screen, let set):
            if set {
                out.appendASCII("nav.safeDelegate = ")
                name(screen)
            } else {
                out.appendASCII("nav.safeDelegate = nil")
            }
        case .barShouldPop(let top, let answer):
            out.appendASCII("bar.shouldPop(")
            name(top)
            out.appendASCII(answer ? ") -> true" : ") -> false")
        case .gestureBegan: out.appendASCII("gesture.began")
        case .gestureChanged(let percent): changed("gesture.changed (", percent)
        case .gestureReleased(let percent, let cancels, let remaining):
            released("gesture.released at ", percent, cancels, remaining)
        case .gestureCancelled(let popRefused):
            out.appendASCII(popRefused ? "gesture.cancelled (pop refused)" : "gesture.cancelled")
        case .gestureFinished: out.appendASCII("gesture.finished")
        case .contentGestureBegan: out.appendASCII("contentGesture.began")
        case .contentGestureChanged(let percent): changed("contentGesture.changed (", percent)
        case .contentGestureReleased(let percent, let cancels, let remaining):
            released("contentGesture.released at ", percent, cancels, remaining)
        case .contentGestureCancelled(let popRefused):
            out.appendASCII(popRefused ? "contentGesture.cancelled (pop refused)" : "contentGesture.cancelled")
        case .contentGestureFinished: out.appendASCII("contentGesture.finished")
        default:
            return false
        }
        return true
    }

    /// A screen's name as bytes: its class name lent by the table (no String
    /// retained or copied), then `#N` past the first instance.
    @inline(__always)
    static func appendName<Sink: ByteSink>(_ screen: ScreenName, names: ClassNames, to out: inout Sink) {
        out.appendClassName(screen.cls, names: names)
        if screen.ordinal != 1 {
            out.append(UInt8(ascii: "#"))
            out.appendDecimal(screen.ordinal)
        }
    }

    /// Whether `appendFrequentWords` writes the event's words with nothing a
    /// JSON string must escape: class names are identifiers, the rest is fixed
    /// ASCII and numbers. (An outside delegate's name is the user's text.)
    static func isPlainFrequentWords(_ payload: EventPayload) -> Bool {
        switch payload {
        case .present, .dismiss, .shouldPop, .safeDelegateAssigned, .barShouldPop, .gestureBegan, .gestureChanged,
            .gestureReleased, .gestureCancelled, .gestureFinished, .contentGestureBegan, .contentGestureChanged,
            .contentGestureReleased, .contentGestureCancelled, .contentGestureFinished:
            true
        case .delegateCall(let who, _):
            if case .nav = who { true } else { false }
        default:
            false
        }
    }
}
