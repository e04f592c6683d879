// The parts of a `NavigationModel` besides its tables.

/// Events collected while an action runs; never part of the state's identity.
struct Scratch: Hashable, Sendable {
    var events: [Event] = []
    /// True while a step runs that records no events (`performStep(_:events:recording:)`,
    /// `advanceClock(to:events:recording:)`); false at every other time.
    var quiet = false
    /// Elements examined by the loops whose length depends on the state: a work
    /// count that tests compare across sizes to show no command is quadratic.
    var steps = 0
    static func == (lhs: Scratch, rhs: Scratch) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// How long each kind of animated transition takes, in milliseconds.
struct Durations: Hashable, Sendable {
    var push = 350, pop = 350, present = 400, dismiss = 400

    subscript(kind: TransitionKind) -> Int {
        get {
            switch kind {
            case .push: push
            case .pop: pop
            case .present: present
            case .dismiss: dismiss
            }
        }
        set {
            switch kind {
            case .push: push = newValue
            case .pop: pop = newValue
            case .present: present = newValue
            case .dismiss: dismiss = newValue
            }
        }
    }
}

/// What the window shows.
enum WindowRoot: Hashable, Sendable {
    case nav(Int)
    case tabs([Int], selected: Int)
}

/// One presented controller: a screen, or a navigation controller rooted at one.
struct Modal: Hashable, Sendable {
    /// The screen that presented it; nil when an empty navigation controller did.
    var presenter: ScreenName?
    var screen: ScreenName
    var nav: Int?
}

struct ModalTransition: Hashable, Sendable {
    var presenting: Bool
    var modal: Modal
    var animated: Bool
    var end: Int
}

/// An alert on screen and what its OK button does.
struct Alert: Hashable, Sendable {
    enum Action: Hashable, Sendable {
        case customBack(nav: Int)
        case safePop(nav: Int, call: NavCall)
    }
    var text: String
    var action: Action
    /// The screen that showed the alert (an OK covers its departure).
    var asker: ScreenName?
    var buttons: [String] { AlertButton.allCases.map(\.rawValue) }
}

/// A button of an alert: every alert has these two (`Alert.buttons`).
enum AlertButton: String, CaseIterable, Sendable {
    case cancel = "Cancel"
    case ok = "OK"
}

/// A UI that ignores every touch: an interactive pop that can never end.
struct Frozen: Hashable, Sendable {
    var reason: FreezeReason
    var nav: Int
}

/// What `root` and `tabs` put in the window.
enum RootRequest {
    case nav(String)
    case tabs([String])
}
