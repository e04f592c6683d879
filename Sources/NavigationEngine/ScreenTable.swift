/// The live screens by name: an open-addressing hash table of two-word slots.
///
/// A screen name is two integers, so it hashes with one multiplication (Fibonacci
/// hashing) instead of a seeded SipHash, and a look-up is a probe or two in one
/// array. Reads and writes copy a `Screen`, a plain value of a few words, so
/// `screens[name]?.parent = id` costs two probes and no allocation.
///
/// A slot is a screen packed in 16 bytes: its name in one word (class number high,
/// ordinal low; 0 marks an empty slot, ordinals start at 1) and its flags and
/// parent in the other. (Slots of `Screen?` took 40 bytes, and at most half
/// full, a deep stack's table was large, copied whole by each undo
/// checkpoint's first write after it.) A screen whose ordinal or parent does not fit those bits
/// (an ordinal past 2^32 - 2 takes four billion instances of one class) is kept
/// whole in `wide`, which is empty in practice.
struct ScreenTable: Sendable {
    struct Slot {
        /// Class number << 32 | ordinal; 0: empty.
        var key: UInt64
        /// viewLoaded 1, runtimeGate 2, backHiddenByGate 4, has a parent 8, parent << 4.
        var fields: UInt64
    }

    /// Power-of-two many slots, at most three quarters full (16 slots: 15 screens,
    /// `limit`); linear probing. Never fewer than 16: with 8, a push onto four live
    /// screens (a search's usual state) grew the table it had just copied, on every
    /// such step.
    var slots = ChunkedArray(repeating: Slot(key: 0, fields: 0), count: 16)
    /// Screens in the slots.
    var used = 0
    /// Screens that do not fit a slot, by name.
    var wide: [ScreenName: Screen] = [:]
    /// The screens removed since the last reset, and those
    /// `noteReleased(_:)` adds, for the explorer's renaming of a state one
    /// step from a renamed one (NavigationModel+Renaming.swift): byte c
    /// holds the removed ordinals 1...8 of class c (ordinal n at bit n - 1)
    /// for the classes 0..<8; a byte of all ones stands for every ordinal of
    /// its class (an ordinal past 8 removed), and a word of all ones for
    /// every class (a class past 7, or a screen kept whole). It may hold
    /// more than a step removed (a step not renamed leaves its own, and a
    /// rollback the saved one's): the renaming takes a screen
    /// marked for one that may be gone, but never an instance's removal
    /// from before the renaming of the state the step started from: the
    /// renaming may give its number to another instance, and the next made
    /// of the class takes the number after it. Cleared by `NavigationModel.reset(to:)`
    /// and after each renaming (`clearReleased`). Neither compared nor hashed.
    private(set) var releasedOrdinals: UInt64 = 0

    /// Empties `releasedOrdinals` (the renaming, when it is done).
    mutating func clearReleased() { releasedOrdinals = 0 }
    /// Makes this table `other` again (`NavigationModel.reset(to:)`), its
    /// slots refilled in their own buffer (`refill`), `releasedOrdinals` empty.
    mutating func reset(to other: ScreenTable) {
        slots.refill(from: other.slots)
        used = other.used
        if !wide.isEmpty || !other.wide.isEmpty { wide = other.wide }
        releasedOrdinals = 0
    }

    /// Whether `other` is this table in the same storage: an unchanged copy
    /// (NavigationModel+Reset.swift). Two tables with screens in `wide` never
    /// are (it is empty in practice).
    func sharesStorage(with other: ScreenTable) -> Bool {
        used == other.used && sameStorage(slots, other.slots) && wide.isEmpty && other.wide.isEmpty
    }

    /// A copy with storage of its own (NavigationModel+Unshared.swift).
    func unshared() -> ScreenTable {
        var copy = self
        copy.slots = fresh(slots)
        if !wide.isEmpty {
            var table: [ScreenName: Screen] = [:]
            for (name, screen) in wide { table[name] = screen }
            copy.wide = table
        }
        return copy
    }

    /// How many screens the table holds.
    var count: Int { used &+ wide.count }

    /// What a first write after a copy copies (`NavigationModel.copyWeight`):
    /// counted as the screens while the slots are one array, the chunk list
    /// and a chunk past that (ChunkedArray).
    var copyWeight: Int { slots.isChunked ? slots.copyWeight &+ wide.count : count }

    var mask: Int { slots.count - 1 }

    /// The slot key of `name`, or nil if its ordinal does not fit 32 bits (less one, the old packed limit).
    static func key(_ name: ScreenName) -> UInt64? {
        // 1 ... 2^32 - 2 in one comparison (0 and the negatives wrap past it).
        guard UInt(bitPattern: name.ordinal) &- 1 < 0xFFFF_FFFE else { return nil }
        return UInt64(name.cls.id) << 32 | UInt64(UInt(bitPattern: name.ordinal))
    }
    static func name(_ key: UInt64) -> ScreenName {
        ScreenName(cls: ClassName(id: UInt32(truncatingIfNeeded: key >> 32)), ordinal: Int(key & 0xFFFF_FFFF))
    }

    /// The fields word of `screen`, or nil if its parent does not fit 59
    /// bits: view loaded 1, gate pushed 2, back hidden by a gate 4, a parent
    /// 8, the parent's id from bit 4 (also a live screen's flags word in
    /// `StateCodec`'s layout).
    static func fields(_ screen: Screen) -> UInt64? {
        var word: UInt64 =
            (screen.viewLoaded ? 1 : 0) | (screen.runtimeGate ? 2 : 0) | (screen.backHiddenByGate ? 4 : 0)
        if let parent = screen.parent {
            guard parent >= 0, parent < 1 << 59 else { return nil }
            word |= 8 | UInt64(parent) << 4
        }
        return word
    }
    static func screen(_ slot: Slot) -> Screen { screen(name(slot.key), fields: slot.fields) }

    /// The screen `name` whose fields word (`fields(_:)`) is `f`.
    static func screen(_ name: ScreenName, fields f: UInt64) -> Screen {
        Screen(
            name: name, viewLoaded: f & 1 != 0, runtimeGate: f & 2 != 0, backHiddenByGate: f & 4 != 0,
            parent: f & 8 != 0 ? Int(f >> 4) : nil)
    }
    static func home(_ key: UInt64, mask: Int) -> Int {
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `key`, or nil.
    func index(of key: UInt64) -> Int? {
        slots.withFlat { Self.probe($0, for: key) } ?? Self.probe(slots, for: key)
    }

    subscript(name: ScreenName) -> Screen? {
        get {
            if let key = Self.key(name) {
                if let i = index(of: key) { return Self.screen(slots[i]) }
                if wide.isEmpty { return nil }
            }
            return wideScreen(name)
        }
        set {
            if let key = Self.key(name), let newValue, let fields = Self.fields(newValue), wide.isEmpty {
                if let i = index(of: key) {
                    setFields(at: i, fields)
                } else {
                    insertNew(Slot(key: key, fields: fields))
                }
            } else {
                setSlowly(name, newValue)
            }
        }
    }

    /// A removal, a screen kept whole, or any write while some screen is.
    @inline(never)
    mutating func setSlowly(_ name: ScreenName, _ newValue: Screen?) {
        let key = Self.key(name)
        let i = key.flatMap { index(of: $0) }
        if let newValue, let key, let fields = Self.fields(newValue) {
            if let i {
                setFields(at: i, fields)
            } else {
                if !wide.isEmpty { wide[name] = nil }
                insertNew(Slot(key: key, fields: fields))
            }
            return
        }
        // Removed, or kept whole.
        if newValue == nil { releasedOrdinals = .max }
        if let i { remove(at: i) }
        if newValue != nil || !wide.isEmpty { wide[name] = newValue }
    }

    func contains(_ name: ScreenName) -> Bool {
        if let key = Self.key(name), index(of: key) != nil { return true }
        return !wide.isEmpty && wide[name] != nil
    }

    /// Screens `count` slots hold at most: three quarters of them, but 15 of 16. A
    /// step that made a screen in a parent of 12 grew the table from 16 slots to
    /// 32.
    static func limit(_ count: Int) -> Int {
        count == 16 ? 15 : count / 4 * 3
    }

    mutating func insertNew(_ slot: Slot) {
        if used + 1 > Self.limit(slots.count) { resize(to: slots.count * 2) }
        if slots.editFlat({ Self.place(slot, in: &$0) }) == nil { Self.place(slot, in: &slots) }
        used += 1
    }

    mutating func setFields(at i: Int, _ fields: UInt64) {
        if slots.editFlat({ $0[i].fields = fields }) == nil { slots[i].fields = fields }
    }

    /// Linear probing's deletion: later entries of the run move back, so no
    /// tombstones. Shrinks the table when a burst of screens is gone, so
    /// memory follows the live count.
    mutating func remove(at index: Int) {
        let mask = slots.count &- 1
        releasedOrdinals |= Self.releasedBits(slots[index].key)
        if slots.editFlat({ Self.empty(at: index, in: &$0) }) == nil { Self.empty(at: index, in: &slots) }
        used -= 1
        if mask >= 16, used * 8 <= mask { resize(to: (mask &+ 1) / 2) }
    }

    /// Gives the live screen `old` the name `new`, a name the table does
    /// not hold (the renaming's new number): removed and put back under it,
    /// in one probe for it. False when `old` is not alive.
    mutating func rename(_ old: ScreenName, to new: ScreenName) -> Bool {
        guard wide.isEmpty, let oldKey = Self.key(old), let newKey = Self.key(new) else {
            guard var screen = self[old] else { return false }
            self[old] = nil
            screen.name = new
            self[new] = screen
            return true
        }
        guard let i = index(of: oldKey) else { return false }
        assert(index(of: newKey) == nil, "a new number is free")
        let fields = slots[i].fields
        remove(at: i)
        insertNew(Slot(key: newKey, fields: fields))
        return true
    }

    /// The bits `releasedOrdinals` takes for the removal of the screen of `key`.
    static func releasedBits(_ key: UInt64) -> UInt64 {
        let cls = key >> 32
        guard cls < 8 else { return .max }
        let ordinal = key & 0xFFFF_FFFF
        // (Ordinals 1...8 in one unsigned comparison; a slot's is never 0.)
        let bits: UInt64 = ordinal &- 1 < 8 ? 1 << (ordinal &- 1) : 0xFF
        return bits << (cls &* 8)
    }

    /// Adds `name` to `releasedOrdinals`: an instance made and released at
    /// once, never put in the table (`NavigationModel.makeReleasedScreen`).
    mutating func noteReleased(_ name: ScreenName) {
        guard let key = Self.key(name) else {
            releasedOrdinals = .max
            return
        }
        releasedOrdinals |= Self.releasedBits(key)
    }

    /// The live ordinals 1...`last` of class `cls` as the bits of a word
    /// (ordinal n at bit n - 1), each probed for: the explorer's renaming
    /// after a release, for a class whose removed ordinals
    /// `releasedOrdinals` does not hold.
    /// Nil when `last` is past 64 or some screen is kept whole.
    func liveOrdinals(of cls: UInt32, through last: Int) -> UInt64? {
        guard wide.isEmpty, UInt(bitPattern: last) <= 64 else { return nil }
        var word: UInt64 = 0
        var ordinal = 1
        while ordinal <= last {
            if index(of: UInt64(cls) << 32 | UInt64(ordinal)) != nil { word |= 1 << UInt64(ordinal &- 1) }
            ordinal &+= 1
        }
        return word
    }

    /// Whether the slots' storage serves for `count` slots: room enough,
    /// and no more than twice that (so memory still follows the live count
    /// after a burst of screens is gone).
    func keepsStorage(forCount count: Int) -> Bool {
        slots.capacity >= count && slots.capacity <= 2 * count
    }

    /// Rehashes the screens into `capacity` slots, in slot order, in the
    /// storage the slots have when it serves (`keepsStorage`).
    mutating func resize(to capacity: Int) {
        let moved = slots.filter { $0.key != 0 }
        if keepsStorage(forCount: capacity) {
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: repeatElement(Slot(key: 0, fields: 0), count: capacity))
        } else {
            slots = ChunkedArray(repeating: Slot(key: 0, fields: 0), count: capacity)
        }
        for slot in moved where slots.editFlat({ Self.place(slot, in: &$0) }) == nil {
            Self.place(slot, in: &slots)
        }
    }

    /// The names of the live screens, in no particular order.
    var keys: [ScreenName] {
        var keys: [ScreenName] = []
        keys.reserveCapacity(count)
        for slot in slots where slot.key != 0 { keys.append(Self.name(slot.key)) }
        keys.append(contentsOf: wide.keys)
        return keys
    }
}
