/// Everything the engine can be asked to do, already parsed but not resolved.
public enum Action: Hashable, Sendable {
    // UINavigationController's API
    case push(ScreenRef, gate: Bool, animated: Bool)
    case pop(animated: Bool)
    case popTo(ScreenRef, animated: Bool)
    case popToRoot(animated: Bool)
    case setStack([ScreenRef], animated: Bool)
    case root(String)
    case tabs([String])
    // a finger
    case back
    case backMenu(ScreenRef)
    case swipe(cancel: Bool)
    case drag(percent: Int)
    /// iOS 26's content-area pan (`interactiveContentPopGestureRecognizer`).
    case contentSwipe(cancel: Bool)
    case contentDrag(percent: Int)
    case release
    case tap(String)
    case tab(String)
    // modal presentation
    case present(String, inNavigation: Bool, animated: Bool)
    case dismiss(animated: Bool)
    // declarations
    case screen(String, [ScreenTrait])
    case use(ControllerClass)
    case delegate(OutsideDelegate?)
    case gestureDelegate(GestureDelegate)
    /// `interactiveContentPopGestureRecognizer.isEnabled`.
    case setContentSwipe(Bool)
    // the clock
    case wait(milliseconds: Int?)
    case setDuration(TransitionKind, milliseconds: Int)
    case setProfile(Profile)
    /// `set preemption on|off`: iOS 26's pre-emption of a running transition.
    case setPreemption(Bool)
    // looking
    case notify(String)

    /// Declarations and settings: they always count as a change.
    public var isDeclaration: Bool {
        switch self {
        case .screen, .use, .delegate, .gestureDelegate, .setContentSwipe, .setDuration, .setProfile, .setPreemption:
            true
        default: false
        }
    }

    /// Whether the command can start a transition, so a foreground run waits for it.
    public var startsTransitions: Bool {
        switch self {
        case .push, .pop, .popTo, .popToRoot, .setStack, .root, .tabs,
            .back, .backMenu, .swipe, .drag, .contentSwipe, .contentDrag, .release, .tap, .tab,
            .present, .dismiss:
            true
        case .screen, .use, .delegate, .gestureDelegate, .setContentSwipe, .wait, .setDuration, .setProfile,
            .setPreemption,
            .notify:
            false
        }
    }
}

/// Transitions whose duration `set duration` changes.
public enum TransitionKind: String, Hashable, Sendable, CaseIterable {
    case push, pop, present, dismiss
}

/// Which UIKit navsh imitates.
public enum Profile: String, Hashable, Sendable, CaseIterable {
    case ios26, legacy
}

/// Input the engine refuses before changing anything (a shell error, not UIKit's);
/// NavScript words it (DiagnosticWording.swift).
public enum EngineError: Error, Hashable, Sendable {
    case noSuchInstance(ScreenRef, created: Int)
    case neverCreated(String)
    case released(ScreenName)
    case noAlert(button: String)
    case noSuchButton(String, available: [String])
    case noSuchTab(String, tabs: [String])
    case noTabBar
    case noSwipeHeld
    /// A content-pan command in a profile before iOS 26.
    case noContentPanBeforeIOS26
    /// `set preemption` in a profile before iOS 26.
    case noPreemptionBeforeIOS26
    case notInBackMenu(ScreenName, offered: [ScreenName])
    case noStack
    case notSupported(String)
}

/// What one action did (its events went to the caller's buffer).
public struct Outcome: Hashable, Sendable {
    /// The exception UIKit raised, if it did (the state is as before the action).
    public var exception: UIKitException?
    /// Whether the state changed: false for a command that did nothing (a pop
    /// that returns nil, an ignored touch, a refused swipe) or that raised.
    public var changed: Bool

    public init(exception: UIKitException?, changed: Bool) {
        self.exception = exception
        self.changed = changed
    }

    public var raisedException: Bool { exception != nil }
}
