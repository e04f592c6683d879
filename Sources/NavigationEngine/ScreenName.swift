/// The name of one screen instance: its class and its number among the
/// instances of that class created in the session.
///
///     ScreenName(className: "Login", ordinal: 1).description  // "Login"
///     ScreenName(className: "Login", ordinal: 2).description  // "Login#2"
public struct ScreenName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var className: String
    public var ordinal: Int

    public init(className: String, ordinal: Int) {
        self.className = className
        self.ordinal = ordinal
    }

    public var description: String {
        ordinal == 1 ? className : "\(className)#\(ordinal)"
    }

    /// One FNV-1a pass over the class name's bytes and the ordinal, fed to the
    /// hasher as a single word: every byte counts (no collisions by design, unlike
    /// a shortcut over a few letters), at a fraction of a String's hashing cost.
    public func hash(into hasher: inout Hasher) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in className.utf8 {
            h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        h = (h ^ UInt64(truncatingIfNeeded: ordinal)) &* 0x100_0000_01b3
        hasher.combine(h)
    }

    public static func < (lhs: ScreenName, rhs: ScreenName) -> Bool {
        (lhs.className, lhs.ordinal) < (rhs.className, rhs.ordinal)
    }
}

/// How a command names a screen: `Login` (no ordinal) or `Login#2`.
public struct ScreenRef: Hashable, Sendable, CustomStringConvertible {
    public var className: String
    public var ordinal: Int?

    public init(className: String, ordinal: Int? = nil) {
        self.className = className
        self.ordinal = ordinal
    }

    public var description: String {
        ordinal.map { "\(className)#\($0)" } ?? className
    }
}

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
