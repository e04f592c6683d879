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
