/// A screen class's name, interned: a small number stands for the text, so
/// screen names, stacks and events are plain values (no strings to retain,
/// copy or hash) and comparing two is comparing two integers.
///
/// The number means a text only together with the `ClassNames` table of the
/// model that made it (`NavigationModel.names`): the table only grows, so a
/// number keeps its meaning in every later state of that model, in its copies
/// and in every event it returned.
public struct ClassName: Hashable, Sendable {
    let id: UInt32
}

/// The class names a model has met, each once, numbered in the order met.
///
/// A value like the rest of the model: copies share the storage until one of
/// them meets a new name (copy on write). Two tables are equal when they hold
/// the same names in the same order.
public struct ClassNames: Hashable, Sendable {
    private var storage = Storage()

    public init() {}

    /// How many names the table holds.
    public var count: Int { storage.count }

    /// The text of `name`.
    public subscript(name: ClassName) -> String {
        let id = Int(name.id)
        return id < storage.count ? storage.text(id) : "?"
    }

    /// The UTF-8 of `name`'s text, "?" for a number the table never gave.
    /// What the renderers write: a class name a line, its bytes read in
    /// place through the view (`withContiguousStorageIfAvailable`).
    public func utf8(_ name: ClassName) -> String.UTF8View {
        let id = Int(name.id)
        return id < storage.count ? storage.text(id).utf8 : "?".utf8
    }

    /// `Login` for the first instance of a class, `Login#2` for the second.
    public func text(of name: ScreenName) -> String {
        name.ordinal == 1 ? self[name.cls] : "\(self[name.cls])#\(name.ordinal)"
    }

    /// The name with this text, numbered now if the table has not met it.
    public mutating func intern(_ text: String) -> ClassName {
        let (wanted, hash) = Storage.Key.withHash(text.utf8)
        if let id = storage.find(text.utf8, wanted, hash: hash).id { return ClassName(id: id) }
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return ClassName(id: storage.insert(text, wanted, hash: hash))
    }

    /// The name with this text if the table has met it; unlike `intern(_:)`
    /// it adds nothing (a look-up of a name never created must not grow it).
    public func existing(_ text: String) -> ClassName? {
        let (wanted, hash) = Storage.Key.withHash(text.utf8)
        return storage.find(text.utf8, wanted, hash: hash).id.map(ClassName.init(id:))
    }

    /// By the names' UTF-8 bytes (the strings' order for the ASCII
    /// identifiers class names are).
    public func precedes(_ lhs: ClassName, _ rhs: ClassName) -> Bool {
        lhs != rhs && self[lhs].utf8.lexicographicallyPrecedes(self[rhs].utf8)
    }

    /// By class (as `precedes(_:_:)`), then by ordinal.
    public func precedes(_ lhs: ScreenName, _ rhs: ScreenName) -> Bool {
        lhs.cls != rhs.cls ? precedes(lhs.cls, rhs.cls) : lhs.ordinal < rhs.ordinal
    }

    /// Whether `other` is this table in the same storage: an unchanged copy
    /// (NavigationModel+Reset.swift).
    func sharesStorage(with other: ClassNames) -> Bool {
        storage === other.storage
    }

    /// The same names under the same numbers, in storage of its own. The explorer
    /// gives each thread one, so that the threads' models share no reference count:
    /// every copy of a model retains its table, and two cores retaining one object
    /// slow each other down.
    public func unshared() -> ClassNames {
        var copy = ClassNames()
        for id in 0..<count { _ = copy.intern(self[ClassName(id: UInt32(id))]) }
        return copy
    }

    /// Whether `newer` holds every name of this table under the same number
    /// (it is this table or a later state of it), so it can stand in for it.
    public func isPrefix(of newer: ClassNames) -> Bool {
        if storage === newer.storage { return true }
        guard count <= newer.count else { return false }
        for i in 0..<count where storage.text(i) != newer.storage.text(i) { return false }
        return true
    }

    public static func == (lhs: ClassNames, rhs: ClassNames) -> Bool {
        lhs.storage === rhs.storage || lhs.count == rhs.count && lhs.storage.texts == rhs.storage.texts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }

    /// The names and their index. Mutated only when uniquely referenced
    /// (`intern` copies it first otherwise), so sharing it between copies of a
    /// model on different threads is safe.
    private final class Storage: @unchecked Sendable {
        /// The names, by number, each kept once, in chunks of `chunkSize`:
        /// the table only grows, and one array doubling as it grew held the
        /// old and the new copy at once (and left the old one's memory behind
        /// in the heap); a chunk is allocated once, full-sized.
        var texts: [[String]] = []
        /// How many names.
        var count = 0
        static let chunkBits = 12
        static let chunkSize = 1 << chunkBits
        func text(_ id: Int) -> String {
            texts[id >> Self.chunkBits][id & (Self.chunkSize - 1)]
        }

        /// Each name's `Key`, by number, in chunks as `texts`.
        var keys: [[Key]] = []

        /// Open addressing over the names' FNV-1a hashes: the number plus one, 0 when empty.
        var index: [UInt32] = Array(repeating: 0, count: 16)

        /// A name's UTF-8 length and, for a name of at most 16 bytes (every class
        /// name in practice), its bytes in two words, zero-padded: a look-up
        /// compares these, not the text.
        struct Key: Equatable {
            var count: Int
            var low: UInt64 = 0
            var high: UInt64 = 0

            /// The key of these bytes (only their count for more than 16), and
            /// their FNV-1a hash, in one pass over them.
            static func withHash(_ bytes: String.UTF8View) -> (key: Key, hash: UInt64) {
                var key = Key(count: 0)
                var h: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes {
                    h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
                    if key.count < 8 {
                        key.low |= UInt64(byte) << UInt64(key.count &* 8)
                    } else if key.count < 16 {
                        key.high |= UInt64(byte) << UInt64((key.count &- 8) &* 8)
                    }
                    key.count &+= 1
                }
                if key.count > 16 { (key.low, key.high) = (0, 0) }
                return (key, h)
            }

            /// Whether the key alone tells the name (no more than 16 bytes).
            var isWhole: Bool { count <= 16 }
        }

        func copy() -> Storage {
            let copy = Storage()
            copy.texts = texts
            copy.keys = keys
            copy.count = count
            copy.index = index
            return copy
        }

        static func same(_ stored: String, _ key: String.UTF8View) -> Bool {
            stored.utf8.count == key.count && stored.utf8.elementsEqual(key)
        }

        /// The number of the name with these bytes, if it has one, and the
        /// slot where it is (or where it would go).
        func find(_ key: String.UTF8View, _ wanted: Key, hash: UInt64) -> (id: UInt32?, slot: Int) {
            let mask = index.count - 1
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while index[slot] != 0 {
                let id = index[slot] - 1
                let i = Int(id)
                let stored = keys[i >> Self.chunkBits][i & (Self.chunkSize - 1)]
                if stored == wanted, wanted.isWhole || Self.same(text(i), key) { return (id, slot) }
                slot = (slot + 1) & mask
            }
            return (nil, slot)
        }

        func insert(_ text: String, _ wanted: Key, hash: UInt64) -> UInt32 {
            if (count + 1) * 2 > index.count { rehash(to: index.count * 2) }
            let slot = find(text.utf8, wanted, hash: hash).slot
            let id = UInt32(truncatingIfNeeded: count)
            if count & (Self.chunkSize - 1) == 0 {
                // The first chunk grows as names come (most tables hold a few);
                // the later ones are allocated full-sized.
                var chunk: [String] = []
                var keyChunk: [Key] = []
                if count > 0 {
                    chunk.reserveCapacity(Self.chunkSize)
                    keyChunk.reserveCapacity(Self.chunkSize)
                }
                texts.append(chunk)
                keys.append(keyChunk)
            }
            texts[texts.count - 1].append(text)
            keys[keys.count - 1].append(wanted)
            count += 1
            index[slot] = id + 1
            return id
        }

        func rehash(to size: Int) {
            index = Array(repeating: 0, count: size)
            let mask = size - 1
            for id in 0..<count {
                var slot = Int(truncatingIfNeeded: Key.withHash(text(id).utf8).hash >> 7) & mask
                while index[slot] != 0 { slot = (slot + 1) & mask }
                index[slot] = UInt32(id + 1)
            }
        }
    }
}
