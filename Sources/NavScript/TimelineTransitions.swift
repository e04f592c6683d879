import NavigationEngine

// Transitions in flight: from `X.viewWillAppear(true)` to the matching
// `X.viewDidAppear(true)` or the cancelling `X.viewDidDisappear(true)`; without
// lifecycle events, from `willShow(X, animated: true)` to `didShow(X, …)` or the
// end of the swipe.

extension Timeline {
    static func intervals(_ steps: [Step], marks: [TimelineMark] = [], names: ClassNames) -> [Interval] {
        let useLifecycle = steps.contains { $0.category == .lifecycle }
        var result: [Interval] = []
        var open: [String: Int] = [:] // appearing screen -> index in result
        var operation = TransitionOperation.unknown
        var swiping = false

        func start(_ name: String, at i: Int) {
            guard open[name] == nil else { return }
            open[name] = result.count
            result.append(
                Interval(
                    start: i, end: nil, cancelled: false, operation: operation, swipe: swiping, screen: name,
                    duration: nil))
        }
        func finish(_ name: String, at i: Int, cancelled: Bool) {
            guard let k = open[name], result.indices.contains(k) else { return }
            open[name] = nil
            result[k].end = i
            result[k].cancelled = cancelled
        }
        func finishAll(at i: Int, cancelled: Bool) {
            swiping = false
            guard !useLifecycle else { return }
            for name in open.keys.sorted() { finish(name, at: i, cancelled: cancelled) }
        }

        /// A reset before step `i` throws away what was in flight: it ends at the last step before the reset.
        func reset(before i: Int) {
            for k in open.values where result.indices.contains(k) {
                result[k].end = i - 1
                result[k].interrupted = true
            }
            open.removeAll()
            swiping = false
            operation = .unknown
        }

        let resets = Set(marks.filter { $0.kind == .reset }.map(\.before))
        for (i, step) in steps.enumerated() {
            if resets.contains(i) { reset(before: i) }
            switch step.payload {
            case .navCall, .present, .dismiss:
                if let next = Timeline.operation(of: step.payload) { operation = next }
            // The content pan (iOS 26) drives the same interactive pop as the edge swipe.
            case .gestureBegan, .contentGestureBegan:
                swiping = true
            case .gestureFinished, .contentGestureFinished:
                finishAll(at: i, cancelled: false)
            case .gestureCancelled, .contentGestureCancelled:
                finishAll(at: i, cancelled: true)
            case .lifecycle(let screen, let call) where useLifecycle:
                guard let name = laneName(screen, names) else { break }
                switch call {
                case .viewWillAppear(true): start(name, at: i)
                case .viewDidAppear(true): finish(name, at: i, cancelled: false)
                case .viewDidDisappear(true): finish(name, at: i, cancelled: true)
                default: break
                }
            case .delegateCall(let receiver, let call) where !useLifecycle:
                // Without lifecycle events: willShow(X, animated: true) to didShow(X, …).
                guard name(from: EventRenderer.receiverName(receiver)) != nil else { break }
                switch call {
                case .willShow(let shown, true): start(text(shown, names), at: i)
                case .didShow(let shown, true): finish(text(shown, names), at: i, cancelled: false)
                default: break
                }
            default:
                break
            }
        }
        if resets.contains(steps.count) { reset(before: steps.count) }
        // A transition that starts and ends at the same instant was never in flight.
        result.removeAll { interval in
            guard let end = interval.end else { return false }
            return steps[at: interval.start]?.time == steps[at: end]?.time
        }
        for k in result.indices {
            guard let end = result[k].end else { continue }
            let t0 = steps[at: result[k].start]?.time ?? 0
            let t1 = steps[at: end]?.time ?? t0
            let (ms, overflow) = t1.subtractingReportingOverflow(t0)
            result[k].duration = overflow ? nil : ms
        }
        return result
    }
}

extension Interval {
    /// `pushViewController: Detail appears · 350 ms`, the words a band is captioned with.
    var caption: String {
        let op = operation.method + (swipe ? " (swipe)" : "")
        guard end != nil else { return "\(op): \(screen) appearing, still in flight" }
        if interrupted { return "\(op): \(screen) appearing when a reset threw it away" }
        let time = duration.map { " · \($0) ms" } ?? ""
        return cancelled ? "\(op): cancelled, \(screen) stays hidden\(time)" : "\(op): \(screen) appears\(time)"
    }
}

extension TransitionOperation {
    /// The API method, as a caption names it.
    var method: String {
        switch self {
        case .unknown: "transition"
        case .call(.push): "pushViewController"
        case .call(.pop): "popViewController"
        case .call(.popTo): "popToViewController"
        case .call(.popToRoot): "popToRootViewController"
        case .call(.setStack): "setViewControllers"
        case .present: "present"
        case .dismiss: "dismiss"
        }
    }
}
