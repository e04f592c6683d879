/// Which timed transitions a command can start, and how long each takes: the
/// one place that knows it. The step takes its lengths from here
/// (`Durations.length(of:)`), and the explorer takes from here the durations
/// a wait can stop short by (explorer.md section 3): a transition started at
/// `deadline - d` ends together with the one running.

/// A timed transition a command can start at the instant it runs.
public enum TimedStart: Hashable, Sendable {
    /// A push, pop, presentation or dismissal of the length `set duration`
    /// gives its kind (behaviour.md section 9).
    case full(TransitionKind)
    /// The rest of an interactive pop let go at `percent` (behaviour.md
    /// section 5): it finishes from there, or cancels back to 0.
    case release(percent: Int)
}

extension Action {
    /// The timed transitions this action can start at the instant it runs,
    /// whatever the state; `heldAt` are the percentages a held interactive
    /// pop can be at when it is let go (every `drag` and `drag content`
    /// listed beside it: each moves the pop a finger holds).
    ///
    /// Not listed: what a command starts later (a queued call runs at a
    /// deadline, not at the command), and transitions that end at once (an
    /// instant call, a gate's `viewControllers = [X]`, a tab switch). A held
    /// pop (`drag`) has no deadline until it is let go.
    public func timedStarts(heldAt percents: [Int]) -> [TimedStart] {
        switch self {
        case .push(_, _, let animated):
            return animated ? [.full(.push)] : []
        case .pop(let animated), .popTo(_, let animated), .popToRoot(let animated):
            return animated ? [.full(.pop)] : []
        case .setStack(_, let animated):
            // A new top already in the stack is popped to, another one pushed.
            return animated ? [.full(.push), .full(.pop)] : []
        case .back, .backMenu, .swipe, .contentSwipe:
            return [.full(.pop)]
        case .tab:
            // Tapping the selected tab again pops its stack to the root.
            return [.full(.pop)]
        case .tap(let button):
            // OK runs the call the alert stored: a confirmed pop or a custom
            // back button's pop (behaviour.md section 6); Cancel only closes it.
            return AlertButton(rawValue: button) == .ok ? [.full(.pop)] : []
        case .present(_, _, let animated):
            return animated ? [.full(.present)] : []
        case .dismiss(let animated):
            return animated ? [.full(.dismiss)] : []
        case .release:
            return percents.map { .release(percent: $0) }
        case .drag, .contentDrag, .root, .tabs, .notify:
            return []
        case .screen, .use, .delegate, .gestureDelegate, .setContentSwipe, .wait, .setDuration, .setProfile,
            .setPreemption:
            return []
        }
    }

    /// The percentages a held pop can be let go at, among `actions`.
    public static func heldPercents(in actions: [Action]) -> [Int] {
        actions.compactMap { action in
            switch action {
            case .drag(let percent), .contentDrag(let percent): percent
            default: nil
            }
        }
    }
}

extension Durations {
    /// How long `start` takes.
    func length(of start: TimedStart) -> Int {
        switch start {
        case .full(let kind): self[kind]
        case .release(let percent): interactivePopRest(from: percent).remaining
        }
    }

    /// An interactive pop let go at `percent` cancels at 50 % or less and
    /// finishes above, taking the pop's duration times the way left to go
    /// (behaviour.md section 5).
    func interactivePopRest(from percent: Int) -> (cancels: Bool, remaining: Int) {
        let cancels = percent <= 50
        return (cancels, (cancels ? percent : 100 - percent) * pop / 100)
    }
}

extension NavigationModel {
    /// How long `start` takes with this model's durations.
    public func length(of start: TimedStart) -> Int { durations.length(of: start) }

    /// The lengths of the timed transitions `actions` can start, each once,
    /// ascending, zero left out: the durations a wait of the explorer can
    /// stop short by.
    public func startDurations(of actions: [Action]) -> [Int] {
        let percents = Action.heldPercents(in: actions)
        var lengths = Set<Int>()
        for action in actions {
            for start in action.timedStarts(heldAt: percents) { lengths.insert(length(of: start)) }
        }
        return lengths.filter { $0 > 0 }.sorted()
    }
}
