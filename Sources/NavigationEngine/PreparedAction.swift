/// An action made ready to run again and again on one model and its later states
/// (`NavigationModel.prepare(_:)`, run by `performStep(_:events:recording:)`): the
/// explorer runs each of its actions in every state it expands.
///
/// Only a command with nothing to look up is prepared: a push or a presentation of
/// a new instance, its class held as a number, taken once.
///
/// The number is one of the preparing model's class-name table, which only grows:
/// it means the same in every later state of that model.
public struct PreparedAction: Sendable {
    let command: ResolvedAction
}

/// A command with nothing left to resolve: a new instance's class numbered,
/// no reference to an instance. Each runs what its `Action` runs.
enum ResolvedAction: Sendable {
    case push(ClassName, gate: Bool, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case back
    case swipe(cancel: Bool)
    case drag(percent: Int)
    case contentSwipe(cancel: Bool)
    case contentDrag(percent: Int)
    case release
    case tap(AlertButton)
    case present(ClassName, inNavigation: Bool, animated: Bool)
    case dismiss(animated: Bool)
}

extension NavigationModel {
    /// `action` made ready to run on this model and its later states, its
    /// class numbered now; nil for an action with something to look up on
    /// each step (an instance it names, a tab) or a tap of a text no alert
    /// has as a button, which runs as the `Action` it is.
    public mutating func prepare(_ action: Action) -> PreparedAction? {
        let command: ResolvedAction? =
            switch action {
            case .push(let ref, let gate, let animated) where ref.ordinal == nil:
                .push(names.intern(ref.className), gate: gate, animated: animated)
            case .pop(let animated): .pop(animated: animated)
            case .popToRoot(let animated): .popToRoot(animated: animated)
            case .back: .back
            case .swipe(let cancel): .swipe(cancel: cancel)
            case .drag(let percent): .drag(percent: percent)
            case .contentSwipe(let cancel): .contentSwipe(cancel: cancel)
            case .contentDrag(let percent): .contentDrag(percent: percent)
            case .release: .release
            case .tap(let text): AlertButton(rawValue: text).map(ResolvedAction.tap)
            case .present(let name, let inNavigation, let animated):
                .present(names.intern(name), inNavigation: inNavigation, animated: animated)
            case .dismiss(let animated): .dismiss(animated: animated)
            default: nil
            }
        return command.map(PreparedAction.init(command:))
    }

    /// Runs `command` as `apply(_:)` runs its action, counting the same work
    /// (one element looked at).
    mutating func apply(_ command: ResolvedAction) throws {
        work(1)
        switch command {
        case .push(let cls, let gate, let animated):
            if scratch.quiet, isModalTransitioning, dropsNewPush(cls) { return }
            try push(makeScreen(cls), gate: gate, animated: animated)
        case .pop(let animated): try navCall(currentNavID, .pop(animated: animated))
        case .popToRoot(let animated): try navCall(currentNavID, .popToRoot(animated: animated))
        case .back: try backCommand()
        case .swipe(let cancel): try swipeCommand(percent: nil, cancel: cancel)
        case .drag(let percent): try swipeCommand(percent: percent, cancel: false)
        case .contentSwipe(let cancel): try contentPanCommand(percent: nil, cancel: cancel)
        case .contentDrag(let percent): try contentPanCommand(percent: percent, cancel: false)
        case .release: try releaseCommand()
        case .tap(let button): try tap(button)
        case .present(let cls, let inNavigation, let animated):
            present(cls, inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): dismiss(animated: animated)
        }
    }
}
