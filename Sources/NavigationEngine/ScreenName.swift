/// The name of one screen instance: its class and its number among the
/// instances of that class created in the session. Its words come from the
/// model's table: `names.text(of: name)` is `Login` for the first instance of
/// `Login` and `Login#2` for the second.
public struct ScreenName: Hashable, Sendable {
    /// The class, interned.
    public var cls: ClassName
    public var ordinal: Int

    public init(cls: ClassName, ordinal: Int) {
        self.cls = cls
        self.ordinal = ordinal
    }

    /// An order by number, not by words: for lists kept sorted only so that
    /// equal states compare equal (the words' order is `ClassNames.precedes`).
    static func canonicalOrder(_ lhs: ScreenName, _ rhs: ScreenName) -> Bool {
        lhs.cls.id != rhs.cls.id ? lhs.cls.id < rhs.cls.id : lhs.ordinal < rhs.ordinal
    }

    /// One word for the hasher: the class number and the ordinal, mixed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(cls.id) &<< 40 ^ UInt64(UInt(bitPattern: ordinal)))
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

// A name has no words of its own: they are in the model's table
// (`names.text(of:)`). Interpolating one prints its numbers, so it is flagged
// at compile time (a deprecation, since Swift passes over an unavailable
// overload for the generic one instead of refusing).
extension DefaultStringInterpolation {
    @available(*, deprecated, message: "word a ScreenName with its model's table: names.text(of:)")
    public mutating func appendInterpolation(_ name: ScreenName) {
        appendLiteral("<class \(name.cls.id)#\(name.ordinal)>")
    }

    @available(*, deprecated, message: "word a ClassName with its model's table: names[cls]")
    public mutating func appendInterpolation(_ cls: ClassName) {
        appendLiteral("<class \(cls.id)>")
    }
}

// Names in sentences: `"\(screen, in: names)"` words a screen (or a class)
// with the table of the model that made it.
extension DefaultStringInterpolation {
    public mutating func appendInterpolation(_ name: ScreenName, in names: ClassNames) {
        appendLiteral(names.text(of: name))
    }

    public mutating func appendInterpolation(_ cls: ClassName, in names: ClassNames) {
        appendLiteral(names[cls])
    }
}
