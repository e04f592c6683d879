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

    /// Lends the UTF-8 of `name`'s text to `body`, with no String copied out
    /// of the table (what the renderers write: a class name a line).
    /// (Not generic: a generic function of this module is not specialized
    /// for its callers in NavScript, and its metadata look-ups cost more than the name.)
    public func withUTF8(_ name: ClassName, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let id = Int(name.id)
        guard id < storage.count else {
            let unknown: StaticString = "?"
            body(UnsafeBufferPointer(start: unknown.utf8Start, count: unknown.utf8CodeUnitCount))
            return
        }
        let text = storage.text(id)
        // A class name is a native or small string: its UTF-8 lent in place.
        if text.utf8.withContiguousStorageIfAvailable(body) != nil { return }
        var copy = text
        copy.withUTF8(body)
    }

    /// Copies the UTF-8 of `name`'s text to `target` if it fits in `room`
    /// bytes, and returns its length; nil, with nothing written, if it does
    /// not fit. (No closure is called in between, so nothing is retained: the
    /// output buffer's way to write a name.)
    public func copyUTF8(_ name: ClassName, to target: UnsafeMutablePointer<UInt8>, room: Int) -> Int? {
        let id = Int(name.id)
        guard id < storage.count else {
            guard room >= 1 else { return nil }
            target.pointee = UInt8(ascii: "?")
            return 1
        }
        let copied = storage.texts[id >> Storage.chunkBits][id & (Storage.chunkSize - 1)].utf8
            .withContiguousStorageIfAvailable { bytes -> Int? in
                guard bytes.count <= room else { return nil }
                if let source = bytes.baseAddress { target.update(from: source, count: bytes.count) }
                return bytes.count
            }
        if let copied { return copied }
        var length: Int?
        withUTF8(name) { bytes in
            guard bytes.count <= room else { return }
            if let source = bytes.baseAddress { target.update(from: source, count: bytes.count) }
            length = bytes.count
        }
        return length
    }

    /// `Login` for the first instance of a class, `Login#2` for the second.
    public func text(of name: ScreenName) -> String {
        name.ordinal == 1 ? self[name.cls] : "\(self[name.cls])#\(name.ordinal)"
    }

    /// The name with this text, numbered now if the table has not met it.
    public mutating func intern(_ text: String) -> ClassName {
        // A name met already (every push and present of a search) is looked
        // up in the text's own UTF-8, with no copy of the string to lend it.
        let met = text.utf8.withContiguousStorageIfAvailable { bytes in
            storage.find(bytes, hash: Storage.hash(bytes)).id
        }
        if case .some(.some(let id)) = met { return ClassName(id: id) }
        var key = text
        return key.withUTF8 { bytes in
            let hash = Storage.hash(bytes)
            if let id = storage.find(bytes, hash: hash).id { return ClassName(id: id) }
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return ClassName(id: storage.insert(text, bytes, hash: hash))
        }
    }

    /// The name with this text if the table has met it; unlike `intern(_:)`
    /// it adds nothing (a look-up of a name never created must not grow it).
    public func existing(_ text: String) -> ClassName? {
        var key = text
        return key.withUTF8 { bytes in storage.find(bytes, hash: Storage.hash(bytes)).id.map(ClassName.init(id:)) }
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

            /// The key of these bytes; only their count for more than 16.
            init(_ bytes: UnsafeBufferPointer<UInt8>) {
                count = bytes.count
                guard bytes.count <= 16 else { return }
                for (i, byte) in bytes.enumerated() {
                    if i < 8 {
                        low |= UInt64(byte) << UInt64(i * 8)
                    } else {
                        high |= UInt64(byte) << UInt64((i - 8) * 8)
                    }
                }
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

        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return h
        }

        static func same(_ stored: String, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
            func equal(_ stored: UnsafeBufferPointer<UInt8>) -> Bool {
                guard stored.count == key.count else { return false }
                for i in 0..<key.count where stored[i] != key[i] { return false }
                return true
            }
            // A class name is a native or small string: its UTF-8 read in place
            // (a small one, which has no contiguous storage to lend, through its
            // UTF-8 view: a copy of it to lend its bytes cost more than the look-up).
            if let same = stored.utf8.withContiguousStorageIfAvailable(equal) { return same }
            return stored.utf8.count == key.count && stored.utf8.elementsEqual(key)
        }

        /// The number of the name with these bytes, if it has one, and the
        /// slot where it is (or where it would go).
        func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: UInt32?, slot: Int) {
            let wanted = Key(key)
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

        func insert(_ text: String, _ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32 {
            if (count + 1) * 2 > index.count { rehash(to: index.count * 2) }
            let slot = find(key, hash: hash).slot
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
            keys[keys.count - 1].append(Key(key))
            count += 1
            index[slot] = id + 1
            return id
        }

        func rehash(to size: Int) {
            index = Array(repeating: 0, count: size)
            let mask = size - 1
            for id in 0..<count {
                var text = self.text(id)
                var slot = text.withUTF8 { Int(truncatingIfNeeded: Self.hash($0) >> 7) } & mask
                while index[slot] != 0 { slot = (slot + 1) & mask }
                index[slot] = UInt32(id + 1)
            }
        }
    }
}
