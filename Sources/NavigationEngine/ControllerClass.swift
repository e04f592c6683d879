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

    /// The Swift type name event lines use
    /// (`GateNavigationController(rootViewController: X)`). The name up to its
    /// first space: found in the UTF-8, not by splitting the name into Characters.
    public var typeName: String {
        let utf8 = name.utf8
        guard let first = utf8.first, first != UInt8(ascii: " ") else {
            // Empty, or a leading space: split's first piece, as it always was.
            return name.split(separator: " ").first.map(String.init) ?? "UINavigationController"
        }
        if name.hasPrefix("NavigationController(features") { return "NavigationController" }
        guard let space = utf8.firstIndex(of: UInt8(ascii: " ")) else { return name }
        return String(name[..<space])
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
