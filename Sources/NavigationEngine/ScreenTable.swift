/// The live screens by name: an open-addressing hash table of two-word slots.
///
/// A screen name is two integers, so it hashes with one multiplication
/// (Fibonacci hashing) instead of a seeded SipHash, and a look-up is a probe
/// or two in one array. Reads and writes copy a `Screen`, a plain value of a
/// few words, so `screens[name]?.parent = id` costs two probes and no
/// allocation. (A `Dictionary` spent about 1,500 instructions a command on
/// hashing and on the heap-allocated frames of its `_modify` accessor; see
/// docs/performance.md.)
///
/// A slot is a screen packed in 16 bytes: its name in one word (class number
/// high, ordinal low; 0 marks an empty slot, ordinals start at 1) and its
/// flags and parent in the other. (Slots of `Screen?` took 40 bytes: at most
/// half full, a 100,000-deep stack's table was 10 MB, copied whole by each
/// undo checkpoint's first write after it.) A screen whose ordinal or parent
/// does not fit those bits (an ordinal past 2^32 - 2 takes four billion
/// instances of one class) is kept whole in `wide`, which is empty in
/// practice.
struct ScreenTable: Sendable {
    private struct Slot {
        /// Class number << 32 | ordinal; 0: empty.
        var key: UInt64
        /// viewLoaded 1, runtimeGate 2, backHiddenByGate 4, has a parent 8, parent << 4.
        var fields: UInt64
    }

    /// Power-of-two many slots, at most three quarters full (16 slots: 15
    /// screens, `limit`); linear probing.
    /// Never fewer than 16: with 8, a push onto four live screens (a search's
    /// usual state) grew the table it had just copied, on every such step.
    /// (Half full at most, 16 slots held 8 screens, and a step that made a
    /// ninth rehashed them all into 32, about 670 instructions: legacy.nav at
    /// depth 10 grew 9,409 times. Fuller, a look-up probes a little further,
    /// a few instructions; five eighths saved about half as much.)
    private var slots: [Slot] = Array(repeating: Slot(key: 0, fields: 0), count: 16)
    /// Screens in the slots.
    private var used = 0
    /// Screens that do not fit a slot, by name.
    private var wide: [ScreenName: Screen] = [:]
    /// The sum of the slots' entry hashes (`StateEncoder.entryHash` of the
    /// two words), kept as the slots change: the fingerprint takes the
    /// screens as their count and this sum, without a walk over the slots.
    private var entrySum: UInt64 = 0
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
    @inline(__always) mutating func clearReleased() { releasedOrdinals = 0 }
    /// Whether `other` is this table in the same storage: an unchanged copy
    /// (NavigationModel+Reset.swift). Two tables with screens in `wide` never
    /// are (it is empty in practice).
    @inline(__always) func sharesStorage(with other: ScreenTable) -> Bool {
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

    private var mask: Int { slots.count - 1 }

    /// The slot key of `name`, or nil if its ordinal does not fit 32 bits (less one, the old packed limit).
    @inline(__always)
    private static func key(_ name: ScreenName) -> UInt64? {
        // 1 ... 2^32 - 2 in one comparison (0 and the negatives wrap past it).
        guard UInt(bitPattern: name.ordinal) &- 1 < 0xFFFF_FFFE else { return nil }
        return UInt64(name.cls.id) << 32 | UInt64(UInt(bitPattern: name.ordinal))
    }

    @inline(__always)
    private static func name(_ key: UInt64) -> ScreenName {
        ScreenName(cls: ClassName(id: UInt32(truncatingIfNeeded: key >> 32)), ordinal: Int(key & 0xFFFF_FFFF))
    }

    /// The fields word of `screen`, or nil if its parent does not fit 59 bits.
    @inline(__always)
    private static func fields(_ screen: Screen) -> UInt64? {
        var word: UInt64 =
            (screen.viewLoaded ? 1 : 0) | (screen.runtimeGate ? 2 : 0) | (screen.backHiddenByGate ? 4 : 0)
        if let parent = screen.parent {
            guard parent >= 0, parent < 1 << 59 else { return nil }
            word |= 8 | UInt64(parent) << 4
        }
        return word
    }

    @inline(__always)
    private static func screen(_ slot: Slot) -> Screen {
        let f = slot.fields
        return Screen(
            name: name(slot.key), viewLoaded: f & 1 != 0, runtimeGate: f & 2 != 0, backHiddenByGate: f & 4 != 0,
            parent: f & 8 != 0 ? Int(f >> 4) : nil)
    }

    @inline(__always)
    private static func home(_ key: UInt64, mask: Int) -> Int {
        // One Fibonacci multiplication, the bits from 32 up: the class
        // number, at bit 32 of the key, reaches them as itself times the
        // multiplier's odd low half (names of one ordinal in distinct classes
        // have distinct homes), the ordinal through the high half of its own
        // product. (Shifted to bit 40 the class never reached the slot
        // bits of a table of fewer than 2^8 slots: every `Name` of ordinal 1
        // had one of a few homes, and a script of a new class per push spent
        // a quarter of its instructions probing. Spread first by a
        // multiplication of its own, it cost a multiplication and an addition
        // more on every look-up: legacy.nav +0.7 % of its search.)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `key`, or nil.
    private func index(of key: UInt64) -> Int? {
        let mask = slots.count - 1
        var i = Self.home(key, mask: mask)
        while true {
            let k = slots[i].key
            if k == key { return i }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    subscript(name: ScreenName) -> Screen? {
        @inline(__always) get {
            if let key = Self.key(name) {
                if let i = index(of: key) { return Self.screen(slots[i]) }
                if wide.isEmpty { return nil }
            }
            return wideScreen(name)
        }
        @inline(__always) set {
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

    /// `self[name]?.parent = parent`, in one probe of the slots: the
    /// optional chain probes twice, to read the screen and to write it back
    /// (about 60 instructions more on every push and every screen that
    /// leaves a stack).
    @inline(__always) mutating func setParent(of name: ScreenName, to parent: Int?) {
        guard wide.isEmpty, let key = Self.key(name), parent.map({ $0 >= 0 && $0 < 1 << 59 }) ?? true else {
            self[name]?.parent = parent
            return
        }
        guard let i = index(of: key) else { return }
        var fields = slots[i].fields & 7
        if let parent { fields |= 8 | UInt64(parent) << 4 }
        setFields(at: i, fields)
    }

    /// `if self[name]?.parent == id { self[name]?.parent = nil }`, in one
    /// probe of the slots instead of three.
    @inline(__always) mutating func clearParent(of name: ScreenName, ifItIs id: Int) {
        guard wide.isEmpty, let key = Self.key(name) else {
            if self[name]?.parent == id { self[name]?.parent = nil }
            return
        }
        guard let i = index(of: key) else { return }
        let fields = slots[i].fields
        guard fields & 8 != 0, Int(fields >> 4) == id else { return }
        setFields(at: i, fields & 7)
    }

    /// Marks the view of `name` loaded; true when it was not (and the screen
    /// is alive): `self[name]?.viewLoaded == false`, then the write, in one
    /// probe of the slots instead of three (every transition and
    /// presentation loads the view it shows).
    @inline(__always) mutating func loadView(_ name: ScreenName) -> Bool {
        guard wide.isEmpty, let key = Self.key(name) else {
            guard self[name]?.viewLoaded == false else { return false }
            self[name]?.viewLoaded = true
            return true
        }
        guard let i = index(of: key) else { return false }
        let fields = slots[i].fields
        guard fields & 1 == 0 else { return false }
        setFields(at: i, fields | 1)
        return true
    }

    /// Whether `name` is alive with its view loaded, read in place (no
    /// write, so no question to the runtime whether the slots are this
    /// table's alone): most transitions show a screen loaded already.
    @inline(__always) func viewIsLoaded(_ name: ScreenName) -> Bool {
        guard wide.isEmpty, let key = Self.key(name) else { return self[name]?.viewLoaded == true }
        guard let i = index(of: key) else { return false }
        return slots[i].fields & 1 != 0
    }

    /// `setParent(of: name, to: parent)` then `loadView(name)`, in one
    /// probe of the slots and one write: a push gives its screen a parent
    /// and then shows it. True when the view was not loaded (and the
    /// screen is alive).
    @inline(__always) mutating func setParentAndLoadView(of name: ScreenName, to parent: Int) -> Bool {
        guard wide.isEmpty, let key = Self.key(name), parent >= 0, parent < 1 << 59 else {
            setParent(of: name, to: parent)
            return loadView(name)
        }
        guard let i = index(of: key) else { return false }
        let old = slots[i].fields
        let fields = old & 7 | 1 | 8 | UInt64(parent) << 4
        if fields != old { setFields(at: i, fields) }
        return old & 1 == 0
    }

    /// `self[name]?.runtimeGate = true`, in one probe of the slots: the
    /// optional chain probed twice, to read the screen and to write it back
    /// (every push gate.nav's search makes). Out of line: in line, the
    /// change to the push around it cost legacy.nav, which makes no gated
    /// push, 2 instructions a state.
    @inline(never) mutating func markRuntimeGate(_ name: ScreenName) {
        guard wide.isEmpty, let key = Self.key(name) else {
            self[name]?.runtimeGate = true
            return
        }
        guard let i = index(of: key) else { return }
        let fields = slots[i].fields
        guard fields & 2 == 0 else { return }
        setFields(at: i, fields | 2)
    }

    /// `self[name] = Screen(name: name)` for a name the table does not hold:
    /// a new instance's, whose ordinal is past every live one of its class
    /// (renaming leaves each counter at its class's live count). The setter
    /// probed for the name first, to find it absent, then again for a free
    /// slot.
    /// With `viewLoaded`, the screen is made with its view loaded: a
    /// presentation loads the view of the screen it makes.
    @inline(__always) mutating func insertNew(_ name: ScreenName, viewLoaded: Bool = false) {
        guard wide.isEmpty, let key = Self.key(name) else {
            self[name] = Screen(name: name, viewLoaded: viewLoaded)
            return
        }
        assert(index(of: key) == nil, "a new screen's name is in the table")
        insertNew(Slot(key: key, fields: viewLoaded ? 1 : 0))
    }

    /// `self[name] = nil`, in one probe of the slots: the setter's removal
    /// (`setSlowly`, out of line) probed again for the slot it removes.
    @inline(__always) mutating func remove(_ name: ScreenName) {
        guard wide.isEmpty, let key = Self.key(name) else {
            self[name] = nil
            return
        }
        guard let i = index(of: key) else { return }
        remove(at: i)
    }

    /// Where `name` lies and whether it has a parent, for a look-up then a
    /// removal at that place (`remove(_:at:)`) while nothing writes the
    /// table between: a release read the screen and then removed it by name,
    /// two probes of the slots for each screen a cut transition released
    /// (legacy.nav, depth 10: 57,069 screens). The place is the slot, or -1
    /// while some screen is kept whole.
    @inline(__always) func place(of name: ScreenName) -> (place: Int, hasParent: Bool)? {
        guard wide.isEmpty, let key = Self.key(name) else {
            guard let screen = self[name] else { return nil }
            return (-1, screen.parent != nil)
        }
        guard let i = index(of: key) else { return nil }
        return (i, slots[i].fields & 8 != 0)
    }

    /// Removes `name`, found at `place` by `place(of:)`.
    @inline(__always) mutating func remove(_ name: ScreenName, at place: Int) {
        if place < 0 {
            self[name] = nil
        } else {
            remove(at: place)
        }
    }

    @inline(never)
    private func wideScreen(_ name: ScreenName) -> Screen? {
        wide.isEmpty ? nil : wide[name]
    }

    /// A removal, a screen kept whole, or any write while some screen is.
    @inline(never)
    private mutating func setSlowly(_ name: ScreenName, _ newValue: Screen?) {
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

    /// Screens `count` slots hold at most: three quarters of them, but 15 of
    /// 16. A step that made a screen in a parent of 12 grew the table from
    /// 16 slots to 32, about 730 instructions, and deeper searches hold more
    /// such parents (legacy.nav at depth 13). Fuller, a look-up probes
    /// further (one slot at least stays empty, so a probe ends); 13 of 16
    /// gave legacy.nav at depth 13 8,815 -> 8,737 instructions a state, 14
    /// of 16 8,699, 15 of 16 8,664 (at depth 14, 14 of 16 8,854, 15 of 16
    /// 8,826), the other setups 4 to 6 fewer each way.
    @inline(__always) private static func limit(_ count: Int) -> Int {
        count == 16 ? 15 : count / 4 * 3
    }

    private mutating func insertNew(_ slot: Slot) {
        if used + 1 > Self.limit(slots.count) { resize(to: slots.count * 2) }
        let mask = slots.count &- 1
        var i = Self.home(slot.key, mask: mask)
        while slots[i].key != 0 { i = (i &+ 1) & mask }
        slots[i] = slot
        used += 1
        entrySum &+= StateEncoder.entryHash(slot.key, slot.fields)
    }

    private mutating func setFields(at i: Int, _ fields: UInt64) {
        let key = slots[i].key
        entrySum = entrySum &- StateEncoder.entryHash(key, slots[i].fields) &+ StateEncoder.entryHash(key, fields)
        slots[i].fields = fields
    }

    /// Linear probing's deletion: later entries of the run move back, so no
    /// tombstones. Shrinks the table when a burst of screens is gone, so
    /// memory follows the live count.
    private mutating func remove(at index: Int) {
        let mask = slots.count &- 1
        let key = slots[index].key
        entrySum &-= StateEncoder.entryHash(key, slots[index].fields)
        releasedOrdinals |= Self.releasedBits(key)
        var hole = index
        var i = (index &+ 1) & mask
        while slots[i].key != 0 {
            let slot = slots[i]
            let home = Self.home(slot.key, mask: mask)
            // Move the entry back if the hole lies on its probe path (cyclically in [home, i)).
            if (hole &- home) & mask < (i &- home) & mask {
                slots[hole] = slot
                hole = i
            }
            i = (i &+ 1) & mask
        }
        slots[hole] = Slot(key: 0, fields: 0)
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
    @inline(__always)
    private static func releasedBits(_ key: UInt64) -> UInt64 {
        let cls = key >> 32
        guard cls < 8 else { return .max }
        let ordinal = key & 0xFFFF_FFFF
        // (Ordinals 1...8 in one unsigned comparison; a slot's is never 0.)
        let bits: UInt64 = ordinal &- 1 < 8 ? 1 << (ordinal &- 1) : 0xFF
        return bits << (cls &* 8)
    }

    /// Adds `name` to `releasedOrdinals`: an instance made and released at
    /// once, never put in the table (`NavigationModel.makeReleasedScreen`).
    @inline(__always) mutating func noteReleased(_ name: ScreenName) {
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
    @inline(__always)
    private func keepsStorage(forCount count: Int) -> Bool {
        slots.capacity >= count && slots.capacity <= 2 * count
    }

    /// Rehashes the screens into `capacity` slots, in slot order, in the
    /// storage the slots have when it serves (`keepsStorage`).
    private mutating func resize(to capacity: Int) {
        let moved = slots.filter { $0.key != 0 }
        if keepsStorage(forCount: capacity) {
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: repeatElement(Slot(key: 0, fields: 0), count: capacity))
        } else {
            slots = Array(repeating: Slot(key: 0, fields: 0), count: capacity)
        }
        let mask = capacity - 1
        for slot in moved {
            var i = Self.home(slot.key, mask: mask)
            while slots[i].key != 0 { i = (i + 1) & mask }
            slots[i] = slot
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

extension ScreenTable: CustomReflectable {
    /// The value's parts: two equal tables describe alike.
    var customMirror: Mirror {
        Mirror(
            self, children: ["slots": slots, "used": used, "wide": wide, "entrySum": entrySum], displayStyle: .struct)
    }
}

extension ScreenTable: Hashable {
    /// Equal when they hold the same screens, whatever the slot order.
    static func == (lhs: ScreenTable, rhs: ScreenTable) -> Bool {
        // Where a screen is kept follows from its value, so equal tables keep
        // the same screens in their slots and the same ones whole.
        if lhs.sharesStorage(with: rhs) { return true }
        guard lhs.used == rhs.used, lhs.wide == rhs.wide else { return false }
        for slot in lhs.slots where slot.key != 0 {
            guard let i = rhs.index(of: slot.key), rhs.slots[i].fields == slot.fields else { return false }
        }
        return true
    }

    /// Order-independent: the sum of each screen's own hash.
    func hash(into hasher: inout Hasher) {
        var sum = 0
        forEachScreen { sum &+= $0.hashValue }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension ScreenTable {
    /// Calls `body` with every live screen, in slot order (no particular order).
    func forEachScreen(_ body: (Screen) -> Void) {
        for slot in slots where slot.key != 0 { body(Self.screen(slot)) }
        for screen in wide.values { body(screen) }
    }
}

extension ScreenTable {
    /// Calls `body` with the class number and the ordinal of every live
    /// screen, in slot order, read from the slots' keys in place (no `Screen`
    /// is unpacked): the explorer's renaming asks on every new state. False,
    /// having called nothing, when some screen is kept whole (never in practice).
    @inline(__always)
    func forEachClassAndOrdinal(_ body: (_ cls: UInt32, _ ordinal: Int) -> Void) -> Bool {
        guard wide.isEmpty else { return false }
        for slot in slots where slot.key != 0 {
            body(UInt32(truncatingIfNeeded: slot.key >> 32), Int(slot.key & 0xFFFF_FFFF))
        }
        return true
    }

    /// Appends each screen to the encoder's pairs (in no particular order): its
    /// name (class number high, ordinal low) and its flags and parent. False
    /// when an ordinal or a parent does not fit its bits (never in practice).
    func appendPacked(to e: inout StateEncoder) -> Bool {
        // `StateEncoder.entryHash(slot.key, slot.fields)` of each slot, summed as the slots changed.
        e.appendPairs(count: UInt64(used), sum: entrySum)
        return wide.isEmpty
    }
}

extension ScreenTable {
    /// `clearParent(of:ifItIs:)` of each of `names`, in order: a truncated
    /// stack's screens leave it.
    mutating func clearParents(of names: some Collection<ScreenName>, ifItIs id: Int) {
        for name in names { clearParent(of: name, ifItIs: id) }
    }

    /// Removes each of `names`, in order, that is alive and has no parent:
    /// what `NavigationModel.releaseCutScreens(of:_:)` does of a cut
    /// transition's screens when nothing can hold one.
    mutating func removeUnparented(_ names: some Collection<ScreenName>) {
        for name in names {
            if let found = place(of: name), !found.hasParent { remove(name, at: found.place) }
        }
    }
}
