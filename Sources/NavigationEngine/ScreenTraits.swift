/// What a class of screens does, declared with `screen NAME TRAIT...`.
public struct ScreenTraits: Hashable, Sendable {
    public var gate = false
    /// A custom left bar button; `customBackAlert` is the text it asks first, if any.
    public var customBack = false
    public var customBackAlert: String?
    /// The text a confirming screen asks before a pop (UISafeNavigationController).
    public var confirm: String?
    public var hidesBack = false

    public init() {}
}

/// One trait of `screen NAME TRAIT...`.
public enum ScreenTrait: Hashable, Sendable {
    case gate
    case customBack(alert: String?)
    case confirm(String)
    case hidesBack
    case plain
}

/// One live screen instance.
struct Screen: Hashable, Sendable {
    var name: ScreenName
    var viewLoaded = false
    /// Pushed with `push NAME gate`.
    var runtimeGate = false
    /// `navigationItem.hidesBackButton`, as set by a gate controller.
    var backHiddenByGate = false
    /// The navigation controller whose stack holds the screen, if any.
    var parent: Int?
}
