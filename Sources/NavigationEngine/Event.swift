/// The families events fall into; `log` and colour work on them.
public enum EventCategory: String, Hashable, Sendable, CaseIterable {
    case call, lifecycle, delegate, gesture, bar, alert, gate, modal, tab, notify, memory, ui, warning, exception, note
}

/// One thing UIKit (or navsh) did, at a time on the transition clock.
///
/// An event is a fact, not a sentence: its payload holds what happened (who
/// was called, with what, why something was refused). NavScript's renderer
/// is the one place that puts it into words, for text, JSON and the timeline.
public struct Event: Hashable, Sendable {
    /// Clock time in milliseconds.
    public var time: Int
    public let payload: EventPayload
    /// The family the event belongs to (what `log` filters and colour follow):
    /// the payload's, kept beside it so a filter reads a byte, not the payload.
    public let category: EventCategory

    public init(time: Int, payload: EventPayload) {
        self.time = time
        self.payload = payload
        category = payload.category
    }

    /// The screen the event is about, when there is one (`screen` in JSON).
    public var subject: ScreenName? { payload.subject }
}

/// What happened. Every case holds the facts a consumer may branch on.
///
/// The rarer cases with large payloads are `indirect`, so an event stays
/// small (the session keeps up to 100,000 of them); the frequent ones
/// (lifecycle, deinit, API calls) are stored inline.
public enum EventPayload: Hashable, Sendable {
    // MARK: call: what the app called
    /// A UINavigationController API call as it arrives.
    case navCall(NavCall)
    /// `window.rootViewController = ...`: a navigation controller of `controller`'s
    /// type around each new root screen, inside a tab bar controller when `tabs`.
    indirect case windowRoot(controller: ControllerClass, roots: [ScreenName], tabs: Bool)
    /// `nav.delegate = ...`.
    case delegateAssigned(DelegateAssignment)
    /// `nav.interactivePopGestureRecognizer.delegate = ...`.
    case gestureDelegateAssigned(GestureDelegate)

    // MARK: lifecycle
    case lifecycle(ScreenName, LifecycleCall)
    /// The navigation controller's own viewDidLoad, when `use` replaces its class.
    case controllerLoaded(ControllerClass)

    // MARK: delegate
    /// A UINavigationControllerDelegate method called on `receiver`.
    indirect case delegateCall(receiver: DelegateReceiver, call: DelegateCall)
    /// A safe-pop delegate asked before a pop; it answers false and shows an alert.
    case shouldPop(asker: ScreenName, top: ScreenName)
    /// UISafeNavigationController's `safeDelegate` set to `screen` (or cleared as it leaves).
    case safeDelegateAssigned(screen: ScreenName, set: Bool)

    // MARK: gesture
    case gestureBegan
    case gestureChanged(percent: Int)
    case gestureRefused(SwipeRefusal)
    case gestureReleased(percent: Int, cancels: Bool, remaining: Int)
    /// The interactive pop was cancelled (by the clock, or because the pop it made was refused).
    case gestureCancelled(popRefused: Bool)
    /// The interactive pop completed.
    case gestureFinished

    // MARK: gesture: iOS 26's content pan (interactiveContentPopGestureRecognizer)
    // The same facts as the edge swipe's, for the other recognizer.
    case contentGestureBegan
    case contentGestureChanged(percent: Int)
    case contentGestureRefused(SwipeRefusal)
    case contentGestureReleased(percent: Int, cancels: Bool, remaining: Int)
    case contentGestureCancelled(popRefused: Bool)
    case contentGestureFinished
    /// `nav.interactiveContentPopGestureRecognizer.isEnabled = ...`.
    case contentPanEnabledAssigned(Bool)

    // MARK: bar, alert, gate, tab
    /// `navigationBar(_:shouldPop:)` for the back button, with its answer.
    case barShouldPop(ScreenName, answer: Bool)
    /// An alert on screen; `presenter` is the screen whose custom back button
    /// showed it (nil when the controller did, for a safe pop).
    case alertShown(text: String, presenter: ScreenName?)
    case alertTapped(button: String)
    /// A gate controller hid the back button on a gate in willShow.
    case gateHidesBack(ScreenName)
    /// A gate controller trimmed the stack to the gate in didShow.
    case gateTrimmed(ScreenName)
    case tabSelected(name: String, reselected: Bool)

    // MARK: modal
    /// `receiver.present(...)` (receiver nil: the navigation controller), the
    /// presented screen inside a navigation controller of `container`'s type, if any.
    indirect case present(receiver: ScreenName?, screen: ScreenName, container: ControllerClass?, animated: Bool)
    /// `receiver.dismiss(...)`; `presented` is the screen it would take away, if any.
    indirect case dismiss(receiver: ScreenName?, presented: ScreenName?, animated: Bool)

    // MARK: notify, memory
    case notification(ScreenName, name: String, visible: Bool)
    case deinitialized(ScreenName)

    // MARK: ui
    case touchIgnored(Touch, because: IgnoreReason)
    case frozen(FreezeReason)

    // MARK: console
    indirect case warning(Warning)
    case exception(UIKitException)
    /// navsh explaining what happened (`log notes off` hides these).
    indirect case note(Note)

    public var category: EventCategory {
        switch self {
        case .navCall, .windowRoot, .delegateAssigned, .gestureDelegateAssigned, .contentPanEnabledAssigned: .call
        case .lifecycle, .controllerLoaded: .lifecycle
        case .delegateCall, .shouldPop, .safeDelegateAssigned: .delegate
        case .gestureBegan, .gestureChanged, .gestureRefused, .gestureReleased, .gestureCancelled, .gestureFinished,
            .contentGestureBegan, .contentGestureChanged, .contentGestureRefused, .contentGestureReleased,
            .contentGestureCancelled, .contentGestureFinished:
            .gesture
        case .barShouldPop: .bar
        case .alertShown, .alertTapped: .alert
        case .gateHidesBack, .gateTrimmed: .gate
        case .tabSelected: .tab
        case .present, .dismiss: .modal
        case .notification: .notify
        case .deinitialized: .memory
        case .touchIgnored, .frozen: .ui
        case .warning: .warning
        case .exception: .exception
        case .note: .note
        }
    }

    /// The screen the event is about, when there is one.
    public var subject: ScreenName? {
        switch self {
        case .navCall(let call): call.subject
        case .lifecycle(let name, _), .deinitialized(let name), .gateHidesBack(let name), .gateTrimmed(let name),
            .barShouldPop(let name, _), .notification(let name, _, _), .safeDelegateAssigned(let name, _):
            name
        case .delegateCall(_, let call): call.screen
        case .shouldPop(let asker, _): asker
        case .alertShown(_, let presenter): presenter
        case .present(_, let screen, _, _): screen
        case .dismiss(_, let presented, _): presented
        case .warning(let warning): warning.subject
        default: nil
        }
    }

    /// Whether the event reports something that changes nothing by itself (a
    /// call as it arrives, a refusal, an ignored touch, a console line).
    public var isReport: Bool {
        switch category {
        case .call, .note, .ui, .notify, .warning, .modal: true
        case .gesture:
            switch self {
            case .gestureRefused, .contentGestureRefused: true
            default: false
            }
        default: false
        }
    }
}

/// One view-lifecycle or containment callback.
public enum LifecycleCall: Hashable, Sendable {
    case viewDidLoad
    case viewWillAppear(Bool)
    case viewDidAppear(Bool)
    case viewWillDisappear(Bool)
    case viewDidDisappear(Bool)
    /// `willMove(toParent: nav)` (true) or `willMove(toParent: nil)` (false).
    case willMove(toNav: Bool)
    case didMove(toNav: Bool)
}

/// What `nav.delegate` was set to.
public enum DelegateAssignment: Hashable, Sendable {
    /// nil (no name) or an outside object.
    case outside(String?)
    /// The controller itself (a gate or interactive-pop controller in viewDidLoad).
    case controller
    /// The controller itself, forwarding to an outside delegate it kept, if any.
    case proxy(forwardingTo: String?)
}

/// Who receives a delegate call: the controller itself or an outside object.
public enum DelegateReceiver: Hashable, Sendable {
    case nav
    case outside(String)
}

/// A UINavigationControllerDelegate method call.
public enum DelegateCall: Hashable, Sendable {
    case willShow(ScreenName, animated: Bool)
    case didShow(ScreenName, animated: Bool)
    case animationController(push: Bool, from: ScreenName, to: ScreenName)
    case interactionController(to: ScreenName)

    /// The screen shown or animated to.
    public var screen: ScreenName {
        switch self {
        case .willShow(let name, _), .didShow(let name, _), .animationController(_, _, let name),
            .interactionController(let name):
            name
        }
    }
}

/// Why the pop gesture's delegate refused to begin.
public enum SwipeRefusal: Hashable, Sendable {
    /// The controller as gesture delegate: `viewControllers.count <= 1`.
    case singleScreen
    /// The controller as gesture delegate: `isPushingViewController`.
    case pushing
    /// UIKit's own delegate: a transition is in flight.
    case transitionInFlight
    /// UIKit's own delegate: no screen below the top.
    case noPreviousScreen
    case hidesBack(ScreenName)
    case customBack(ScreenName)
    /// The delegate supplies an animation controller but no interaction controller.
    case animatorWithoutInteraction
}

/// A touch the UI ignored.
public enum Touch: Hashable, Sendable {
    case swipe, swipeCancel, drag, release, back, backMenu, tap, tab
    /// iOS 26's content pan: `swipe content`, `swipe content cancel`, `drag content`.
    case swipeContent, swipeContentCancel, dragContent
}

/// Why a touch was ignored.
public enum IgnoreReason: Hashable, Sendable {
    case frozen
    case alertUp
    case noNavigationController
    case swipeHeld
    /// A content pan holds the finger (the edge commands wait for release).
    case contentPanHeld
    /// An edge swipe holds the finger: the content recognizer requires it to fail.
    case edgeSwipeHeld
    /// `interactiveContentPopGestureRecognizer.isEnabled` is false.
    case contentPanDisabled
    case noBackButton
    case barInTransition
    case customBackHasNoMenu
    case presentationCoversTabBar
}

/// Why an interactive pop that began can never end.
public enum FreezeReason: Hashable, Sendable {
    /// On the root screen, nothing to pop to; `delegateLetItBegin` false when the gesture delegate is nil.
    case rootScreen(delegateLetItBegin: Bool)
    /// While a push (or pop) transition was running.
    case transitionRunning(push: Bool)
}

extension FreezeReason {
    /// The reason as a number in three bits, for packed states and frames:
    /// 1, 2 on the root screen, the delegate letting the swipe begin or not;
    /// 3, 4 while a push, or a pop, ran. 0 is left for "not frozen".
    public var code: Int {
        switch self {
        case .rootScreen(let delegateLetItBegin): delegateLetItBegin ? 1 : 2
        case .transitionRunning(let push): push ? 3 : 4
        }
    }

    /// The reason whose `code` is `code`; nil for 0 and for a code none has.
    public init?(code: Int) {
        switch code {
        case 1: self = .rootScreen(delegateLetItBegin: true)
        case 2: self = .rootScreen(delegateLetItBegin: false)
        case 3: self = .transitionRunning(push: true)
        case 4: self = .transitionRunning(push: false)
        default: return nil
        }
    }
}

/// The name of an Objective-C exception UIKit raises.
public enum ExceptionName: String, Hashable, Sendable {
    case invalidArgument = "NSInvalidArgumentException"
    case internalInconsistency = "NSInternalInconsistencyException"
}

/// An exception UIKit raises; it unwinds the action that caused it.
public enum UIKitException: Error, Hashable, Sendable {
    /// Pushing a controller already in the stack.
    case pushedTwice(ScreenName)
    /// iOS 12: pushing the screen a running push is bringing in.
    case addSelfAsSubview
    /// iOS 12: popToViewController with a screen not in the stack.
    case popToMissing
    /// setViewControllers with a screen twice.
    case notDistinct([ScreenName])

    public var name: ExceptionName {
        switch self {
        case .pushedTwice, .addSelfAsSubview: .invalidArgument
        case .popToMissing, .notDistinct: .internalInconsistency
        }
    }
}

/// A line UIKit logs to the console.
public enum Warning: Hashable, Sendable {
    /// A navigation call while a presentation or dismissal animates.
    case callDuringPresentation(NavCall.Method)
    /// iOS 12: a call during a transition.
    case nestedAnimation(pop: Bool)
    /// iOS 12: a transition cut short.
    case unexpectedTransitionState
    case unbalancedAppearance(ScreenName)
    case popToMissing
    /// `present` while another presentation animates (the wording differs by profile).
    case presentDuringPresentation(ScreenName, on: ScreenName?, profile: Profile)
    case alreadyPresenting(ScreenName, on: ScreenName?, presenting: ScreenName)
    case dismissDuringPresentation(from: ScreenName?)

    public var subject: ScreenName? {
        if case .unbalancedAppearance(let name) = self { name } else { nil }
    }
}

/// A path that pops without going through a custom back button.
public enum BackBypass: Hashable, Sendable {
    case edgeSwipe, tabReselect
}

/// navsh's own explanation of what happened, with the screens it names.
public enum Note: Hashable, Sendable {
    /// A navigation call dropped while a presentation or dismissal animates.
    case callDropped
    case deferred
    /// iOS 12 ran a call at once, cutting the running transition.
    case nestedCallRanAtOnce
    /// iOS 26 pre-empted the running push (or pop) to `to`, or the cancel of
    /// an interactive pop: it completed at once.
    case preempted(push: Bool, cancelling: Bool, to: ScreenName)
    /// popViewController returned nil: `root` is the only screen (nil: the stack is empty).
    case popReturnedNil(root: ScreenName?)
    case popToNotInStack(ScreenName)
    case popToAlreadyOnTop(ScreenName)
    case popToRootReturnedNil(root: ScreenName?)
    /// setViewControllers left a confirming screen without asking it.
    case setStackSkipsSafePop(ScreenName)
    case customBackBypassed(ScreenName, alert: String, by: BackBypass)
    case frozenHierarchyReplaced(FreezeReason)
    /// A gate was shown but its controller no longer hears didShow.
    case gateNotHeard(ScreenName, controller: String, replacedBy: String?)
    /// A gate was shown in a controller that knows nothing of gates.
    case gateUnknown(ScreenName, controller: String)
    /// A proxying controller forwards only some methods its outside delegate implements.
    case forwardsOnly(controller: String, kept: [DelegateMethod], delegate: String, lost: [DelegateMethod])
    case presentDropped
    case nothingToDismiss
    case dismissDropped
    /// `use` made the controller its own delegate, overwriting an outside one.
    case delegateOverwritten(controller: String, delegate: String)
    /// An outside delegate replaced a controller that was its own delegate.
    case delegateReplacedController(delegate: String, controller: String, gates: Bool)
}
