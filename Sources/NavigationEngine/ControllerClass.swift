/// What a navigation controller subclass adds to UINavigationController.
public struct ControllerFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// GateNavigationController: hide the back button on a gate, then trim the stack.
    public static let gates = ControllerFeatures(rawValue: 1)
    /// UISafeNavigationController: ask the safe delegate before any pop.
    public static let safePop = ControllerFeatures(rawValue: 2)
    /// InteractivePopNavigationController: guard the edge swipe while pushing.
    public static let swipeGuard = ControllerFeatures(rawValue: 4)
    /// Keep an outside delegate and forward to it instead of being replaced.
    public static let proxy = ControllerFeatures(rawValue: 8)
}

/// The class of a navigation controller, as `use` names it.
public struct ControllerClass: Hashable, Sendable, CustomStringConvertible {
    public var features: ControllerFeatures
    /// The name `use` was given (`UINavigationController`, `features gates proxy`, ...).
    public var name: String

    public init(features: ControllerFeatures, name: String) {
        self.features = features
        self.name = name
    }

    public static let plain = ControllerClass(features: [], name: "UINavigationController")

    /// The Swift type name event lines use (`GateNavigationController(rootViewController: X)`).
    public var typeName: String {
        if name.hasPrefix("NavigationController(features") { return "NavigationController" }
        return name.split(separator: " ").first.map(String.init) ?? "UINavigationController"
    }

    /// The named classes of the seeds; `fragile` drops the proxying delegate.
    public static func named(_ name: String, fragile: Bool) -> ControllerClass? {
        var features: ControllerFeatures
        switch name {
        case "UINavigationController": features = []
        case "GateNavigationController": features = [.gates, .proxy]
        case "UISafeNavigationController": features = [.safePop]
        case "InteractivePopNavigationController": features = [.swipeGuard, .proxy]
        default: return nil
        }
        if fragile { features.remove(.proxy) }
        return ControllerClass(features: features, name: fragile ? "\(name) (fragile)" : name)
    }

    public static let knownNames = [
        "UINavigationController", "GateNavigationController",
        "UISafeNavigationController", "InteractivePopNavigationController",
    ]

    /// Whether the class makes itself its own delegate in viewDidLoad.
    var isOwnDelegate: Bool { !features.isDisjoint(with: [.gates, .swipeGuard]) }

    /// The delegate methods a proxying controller forwards to an outside delegate.
    var forwardedMethods: [DelegateMethod] {
        features.contains(.swipeGuard) ? DelegateMethod.allCases : [.willShow, .didShow]
    }

    public var description: String { name }
}

/// The optional methods of UINavigationControllerDelegate that navsh models.
public enum DelegateMethod: String, Hashable, Sendable, CaseIterable {
    case willShow, didShow, animationController, interactionController, supportedOrientations, preferredOrientation
}

/// An object outside the controller set as its delegate; it logs what it receives.
public struct OutsideDelegate: Hashable, Sendable {
    public var name: String
    public var methods: Set<DelegateMethod>

    public init(name: String, methods: Set<DelegateMethod>) {
        self.name = name
        self.methods = methods
    }
}

/// Who `nav.delegate` is.
enum DelegateSlot: Hashable, Sendable {
    case none
    case outside(OutsideDelegate)
    /// The controller itself, forwarding to an outside delegate when it proxies.
    case controller(forwardingTo: OutsideDelegate?)

    var isNone: Bool { if case .none = self { true } else { false } }
}

/// The delegate of `interactivePopGestureRecognizer`.
public enum GestureDelegate: String, Hashable, Sendable {
    case system, none, controller
}

/// A navigation call as the API receives it, kept when it has to wait.
public enum NavCall: Hashable, Sendable {
    case push(ScreenName, animated: Bool)
    case pop(animated: Bool)
    case popTo(ScreenName, animated: Bool)
    case popToRoot(animated: Bool)
    case setStack([ScreenName], animated: Bool)

    /// The API method a call is.
    public enum Method: Hashable, Sendable {
        case push, pop, popTo, popToRoot, setStack
    }

    public var method: Method {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popTo: .popTo
        case .popToRoot: .popToRoot
        case .setStack: .setStack
        }
    }

    /// The screens the call names (a queued call holds them).
    var screens: [ScreenName] {
        switch self {
        case .push(let name, _), .popTo(let name, _): [name]
        case .setStack(let names, _): names
        case .pop, .popToRoot: []
        }
    }

    public var subject: ScreenName? {
        switch self {
        case .push(let name, _), .popTo(let name, _): name
        default: nil
        }
    }

    /// Whether the call names the screen (a queued call holds its argument).
    func mentions(_ name: ScreenName) -> Bool {
        screens.contains(name)
    }

    var isPop: Bool {
        switch self {
        case .pop, .popTo, .popToRoot: true
        default: false
        }
    }
}

/// A navigation transition in flight.
struct NavTransition: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case push, pop
        /// An edge swipe's pop: held at `percent` while `end` is nil; `cancels` once released.
        case interactive(percent: Int, cancels: Bool)
    }
    var kind: Kind
    var from: ScreenName?
    var to: ScreenName
    /// Screens leaving the stack (the old top first, then the ones below it, top down).
    var removed: [ScreenName]
    /// New screens below the top, added without being seen.
    var addedBelow: [ScreenName]
    /// The new top was not in the stack before (it gets didMove(toParent: nav)).
    var toIsNew: Bool
    var animated: Bool
    /// Started with nothing in flight: ending undisturbed repairs a corrupted bar.
    var repairsBar: Bool
    var start: Int
    /// Clock time the transition ends; nil while a finger holds it.
    var end: Int?
    /// An interactive pop the content pan drives, not the edge swipe.
    var byContentPan = false
}

/// One UINavigationController (or subclass) and everything it owns.
struct NavController: Hashable, Sendable {
    var id: Int
    var cls: ControllerClass
    var stack: [ScreenName] = []
    var delegate: DelegateSlot = .none
    var gestureDelegate: GestureDelegate = .system
    /// `interactiveContentPopGestureRecognizer.isEnabled` (iOS 26; on by default).
    var contentPanEnabled = true
    var isPushing = false
    var safeDelegate: ScreenName?
    var transition: NavTransition?
    var queue: [NavCall] = []
    var barCorrupted = false
    /// The tab bar item's name, for a tab's controller (named after the class it was created with).
    var tabName: String?

    var top: ScreenName? { stack.last }

    /// A transition is running (a test of the tag, without copying the transition).
    var isTransitioning: Bool {
        if case .some = transition { true } else { false }
    }
}
