import Synchronization

/// A screen class's name, interned: a small number stands for the text, so
/// screen names, stacks and events are plain values (no strings to retain,
/// copy or hash) and comparing two is comparing two integers.
///
/// The numbers come from one table for the whole process, which only grows
/// and never reuses a number, so a number means the same text in every model,
/// every copy of one and every event ever made (undo and reset included).
/// The table holds each distinct class name once: a script names few classes.
public struct ClassName: Hashable, Sendable, Comparable, CustomStringConvertible {
    let id: UInt32

    public init(_ text: String) {
        id = ClassNameTable.shared.id(for: text)
    }

    init(id: UInt32) {
        self.id = id
    }

    /// The class named `text` if the process has met that name, else nil;
    /// unlike `init(_:)` it adds nothing to the table (a look-up of a name
    /// that was never created must not make the table grow).
    public init?(existing text: String) {
        guard let id = ClassNameTable.shared.existingID(for: text) else { return nil }
        self.id = id
    }

    /// The class name as written.
    public var text: String { ClassNameTable.shared.text(of: id) }

    public var description: String { text }

    /// By the names' UTF-8 bytes, like equality (the same order as the
    /// strings' for the ASCII identifiers class names are).
    public static func < (lhs: ClassName, rhs: ClassName) -> Bool {
        lhs != rhs && lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}

/// The process-wide table behind `ClassName`.
final class ClassNameTable: Sendable {
    static let shared = ClassNameTable()

    private struct Table {
        /// The names, by id. Each is kept once (no second copy as bytes): a
        /// script with many distinct class names costs a string each.
        var texts: [String] = []
        /// Open addressing over the names' FNV-1a hashes: the id plus one, 0 when empty.
        var index: [UInt32] = Array(repeating: 0, count: 64)

        static func same(_ stored: String, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
            var stored = stored
            return stored.withUTF8 { stored in
                guard stored.count == key.count else { return false }
                for i in 0..<key.count where stored[i] != key[i] { return false }
                return true
            }
        }

        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return h
        }

        /// The id of the name with these bytes, if it has one, and the slot
        /// where it is (or where it would go).
        func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: UInt32?, slot: Int) {
            let mask = index.count - 1
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while index[slot] != 0 {
                let id = index[slot] - 1
                if Self.same(texts[Int(id)], key) { return (id, slot) }
                slot = (slot + 1) & mask
            }
            return (nil, slot)
        }

        mutating func insert(_ text: String, _ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32 {
            if (texts.count + 1) * 2 > index.count { rehash(to: index.count * 2) }
            let slot = find(key, hash: hash).slot
            let id = UInt32(truncatingIfNeeded: texts.count)
            texts.append(text)
            index[slot] = id + 1
            return id
        }

        mutating func rehash(to size: Int) {
            index = Array(repeating: 0, count: size)
            let mask = size - 1
            for id in texts.indices {
                var text = texts[id]
                var slot = text.withUTF8 { Int(truncatingIfNeeded: Self.hash($0) >> 7) } & mask
                while index[slot] != 0 { slot = (slot + 1) & mask }
                index[slot] = UInt32(id + 1)
            }
        }
    }
    private let table = Mutex(Table())

    func id(for text: String) -> UInt32 {
        var utf8 = text
        return utf8.withUTF8 { key in
            let hash = Table.hash(key)
            return table.withLock { table in
                if let id = table.find(key, hash: hash).id { return id }
                return table.insert(text, key, hash: hash)
            }
        }
    }

    func existingID(for text: String) -> UInt32? {
        var utf8 = text
        return utf8.withUTF8 { key in
            let hash = Table.hash(key)
            return table.withLock { table in table.find(key, hash: hash).id }
        }
    }

    func text(of id: UInt32) -> String {
        table.withLock { table in Int(id) < table.texts.count ? table.texts[Int(id)] : "?" }
    }
}

/// The name of one screen instance: its class and its number among the
/// instances of that class created in the session.
///
///     ScreenName(className: "Login", ordinal: 1).description  // "Login"
///     ScreenName(className: "Login", ordinal: 2).description  // "Login#2"
public struct ScreenName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The class, interned.
    public var cls: ClassName
    public var ordinal: Int

    public init(className: String, ordinal: Int) {
        self.cls = ClassName(className)
        self.ordinal = ordinal
    }

    public init(cls: ClassName, ordinal: Int) {
        self.cls = cls
        self.ordinal = ordinal
    }

    public var className: String {
        get { cls.text }
        set { cls = ClassName(newValue) }
    }

    public var description: String {
        ordinal == 1 ? className : "\(className)#\(ordinal)"
    }

    /// One word for the hasher: the class number and the ordinal, mixed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(cls.id) &<< 40 ^ UInt64(UInt(bitPattern: ordinal)))
    }

    public static func < (lhs: ScreenName, rhs: ScreenName) -> Bool {
        lhs.cls != rhs.cls ? lhs.cls < rhs.cls : lhs.ordinal < rhs.ordinal
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
