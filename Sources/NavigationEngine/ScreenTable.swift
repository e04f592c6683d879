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
    /// The screens removed since the last `assign(from:)`, and those
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
    /// of the class takes the number after it. Cleared by `assign(from:)`
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

    /// Makes this table equal to `other` (NavigationModel.reset(to:)), in
    /// the slots it has when they are as many and this table holds them
    /// alone: a push writes the table, so a step copied the parent's slots
    /// on write, and an assignment of the parent's table back freed that
    /// copy for the next push to make again.
    ///
    /// Nothing is kept of `other` (its slots are copied by bytes, about 30
    /// instructions for 16 slots). The slots copied from were kept as this
    /// table's `origin` until its next write, so that the two were known
    /// equal at once; but held, they were not their own table's alone: the
    /// explorer's rebuild of the next parent copied them on its first write
    /// (11,481 copies in legacy.nav's search at depth 10), each assignment
    /// retained them and the next write released them, while almost every
    /// legacy step writes its screens (113,296 of 114,633 resets copied them
    /// anyway). Without it, legacy 10,419 -> 10,160 instructions a distinct
    /// state, the other setups -41 to +8. (A stamp instead, a number the
    /// explorer gives its top, carried by copies and cleared by every write:
    /// plain, gate, interactive-pop and safe 4 to 13 fewer, features 6 and
    /// legacy 50 more.)
    ///
    /// Slots of another count are made as many in the same storage when it
    /// has room (`keepsStorage`): a step that grew the table past 8 screens
    /// (16 slots to 32) and a parent of 16 slots then make no allocation
    /// either way. (Shared with the parent instead, the next write copied
    /// its 16 slots and the next growth allocated 32 again: legacy.nav's
    /// nested pushes, 9,409 growths and 2,822 shrinks at depth 10.)
    /// And a table of twice their slots keeps its count when theirs are full
    /// for their count (`limit`: 15 screens in 16 slots): made as many again, each
    /// step from such a parent that made a screen grew them again, about
    /// 730 instructions (legacy.nav at depth 13: 39,951 growths, 58,044
    /// resets to another count, at 12 of 16); rehashed into these instead, legacy.nav
    /// 8,866 -> 8,815 instructions a state at depth 13.
    /// Equality, the hash and the entry sum do not depend on the count.
    ///
    /// `other` is read in place, through its address: a table handed to
    /// this mutating method by value (`other.pointee.screens`) was copied
    /// first, its slots and `wide` retained and then released, on
    /// every reset (the model behind the pointer might have been this one).
    @inline(__always) mutating func assign(from other: UnsafePointer<ScreenTable>) {
        releasedOrdinals = 0
        // `sharesStorage(with:)`, its two tests of `wide` asked once for it
        // and for the way below.
        guard wide.isEmpty, other.pointee.wide.isEmpty else {
            self = other.pointee
            releasedOrdinals = 0
            return
        }
        if used == other.pointee.used, sameStorage(slots, other.pointee.slots) { return }
        let theirs = other.pointer(to: \.slots)!
        let count = theirs.pointee.count
        if slots.count == count, isUniqueStorage(&slots) {
            // Their address taken first, in a read of its own: read inside
            // the write to these slots, their array was retained and released
            // around the copy (about 40 instructions a reset). `other` holds
            // them for the call. These written through their address, their
            // uniqueness asked without a copy (`isUniqueStorage`): in
            // `withUnsafeMutableBufferPointer` the array was moved out and
            // back and the two ranges tested for overlap (9 to 14
            // instructions a state more on the six bench setups).
            let source = theirs.pointee.withUnsafeBufferPointer { $0.baseAddress! }
            let mine = UnsafeMutableRawPointer(mutating: slots.withUnsafeBufferPointer { $0.baseAddress! })
            mine.copyMemory(from: source, byteCount: count &* MemoryLayout<Slot>.stride)
        } else {
            assignOtherCount(from: other)
            return
        }
        used = other.pointee.used
        entrySum = other.pointee.entrySum
    }

    /// `assign(from:)` from a table of another slot count than this one's,
    /// or into slots another table shares (out of line: in line in the
    /// reset, these ways cost the other setups about 5 instructions a state).
    @inline(never)
    private mutating func assignOtherCount(from other: UnsafePointer<ScreenTable>) {
        let theirs = other.pointer(to: \.slots)!
        let count = theirs.pointee.count
        if slots.count == 2 &* count, other.pointee.used &+ 1 > Self.limit(count) {
            // Theirs full for their count (`limit`): the next screen made would grow
            // them to as many as these. Rehashed into these slots, as many.
            let source = theirs.pointee.withUnsafeBufferPointer { $0 }
            slots.withUnsafeMutableBufferPointer { mine in
                mine.update(repeating: Slot(key: 0, fields: 0))
                let mask = mine.count &- 1
                for slot in source where slot.key != 0 {
                    var i = Self.home(slot.key, mask: mask)
                    while mine[i].key != 0 { i = (i &+ 1) & mask }
                    mine[i] = slot
                }
            }
        } else if keepsStorage(forCount: count) {
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: theirs.pointee)
        } else {
            self = other.pointee
            releasedOrdinals = 0
            return
        }
        used = other.pointee.used
        entrySum = other.pointee.entrySum
    }

    /// `assign(from:)` from a table handed over by value.
    mutating func assign(from other: ScreenTable) {
        withUnsafePointer(to: other) { assign(from: $0) }
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
    @inline(__always)
    private func index(of key: UInt64) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = Self.home(key, mask: mask)
            while true {
                let k = slots[i].key
                if k == key { return i }
                if k == 0 { return nil }
                i = (i + 1) & mask
            }
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
        let base = writableSlots()
        let mask = slots.count &- 1
        var i = Self.home(slot.key, mask: mask)
        while base[i].key != 0 { i = (i &+ 1) & mask }
        base[i] = slot
        used += 1
        entrySum &+= StateEncoder.entryHash(slot.key, slot.fields)
    }

    @inline(__always)
    private mutating func setFields(at i: Int, _ fields: UInt64) {
        let slot = writableSlots() + i
        let key = slot.pointee.key
        entrySum = entrySum &- StateEncoder.entryHash(key, slot.pointee.fields) &+ StateEncoder.entryHash(key, fields)
        slot.pointee.fields = fields
    }

    /// The first slot, for writes through its address (slots `index(of:)`
    /// found, or a probe's), the slots made this table's alone first. The
    /// array's subscript asked the runtime the same question, then
    /// checked the index and stored the storage back, on every write
    /// (legacy.nav 5,982 -> 5,952 instructions a state at depth 10, the
    /// other setups 3 to 9 fewer).
    @inline(__always)
    private mutating func writableSlots() -> UnsafeMutablePointer<Slot> {
        if !isUniqueStorage(&slots) { copySlots() }
        return UnsafeMutablePointer(mutating: slots.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// Gives the table slots of its own, as many, with the same capacity.
    @inline(never)
    private mutating func copySlots() {
        var copy: [Slot] = []
        copy.reserveCapacity(slots.capacity)
        copy.append(contentsOf: slots)
        slots = copy
    }

    /// Linear probing's deletion: later entries of the run move back, so no tombstones.
    ///
    /// The slots written through their address (`writableSlots()`): each
    /// write through the array's subscript asked the runtime again whether
    /// they were this table's alone, two questions a removal whose run goes
    /// on, one otherwise, and checked the index: legacy.nav 6,026 -> 5,996
    /// instructions a state at depth 10, 6,165 -> 6,117 at 13. (The slots
    /// taken for writing in a buffer instead, `withUnsafeMutableBufferPointer`,
    /// cost more than the subscript's two questions: 90 -> 100 instructions
    /// a removal, the buffer's closure and its bookkeeping.)
    private mutating func remove(at index: Int) {
        removeEntry(at: index, in: writableSlots(), mask: slots.count &- 1)
    }

    /// `remove(at:)`'s work on slots already taken for writing (`base`,
    /// `mask + 1` of them). True when it shrank the table, after which
    /// `base` and `mask` are no longer the table's.
    @discardableResult @inline(__always)
    private mutating func removeEntry(at index: Int, in base: UnsafeMutablePointer<Slot>, mask: Int) -> Bool {
        let key = base[index].key
        entrySum &-= StateEncoder.entryHash(key, base[index].fields)
        releasedOrdinals |= Self.releasedBits(key)
        var hole = index
        var i = (index &+ 1) & mask
        while base[i].key != 0 {
            let slot = base[i]
            let home = Self.home(slot.key, mask: mask)
            // Move the entry back if the hole lies on its probe path (cyclically in [home, i)).
            if (hole &- home) & mask < (i &- home) & mask {
                base[hole] = slot
                hole = i
            }
            i = (i &+ 1) & mask
        }
        base[hole] = Slot(key: 0, fields: 0)
        used -= 1
        // Shrink when a burst of screens is gone, so memory follows the live count.
        guard mask >= 16, used * 8 <= mask else { return false }
        resize(to: (mask &+ 1) / 2)
        return true
    }

    /// Gives the live screen `old` the name `new`, a name the table does
    /// not hold (the renaming's new number): removed and put back under it,
    /// in one probe for it. The renaming read the screen, removed it by
    /// name and set it under the new one, three probes for it and one for
    /// the new name. False when `old` is not alive.
    @inline(__always) mutating func rename(_ old: ScreenName, to new: ScreenName) -> Bool {
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
    @inline(__always) func liveOrdinals(of cls: UInt32, through last: Int) -> UInt64? {
        guard wide.isEmpty, UInt(bitPattern: last) <= 64 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var word: UInt64 = 0
            var ordinal = 1
            while ordinal <= last {
                let key = UInt64(cls) << 32 | UInt64(ordinal)
                var i = Self.home(key, mask: mask)
                while true {
                    let k = slots[i].key
                    if k == key {
                        word |= 1 << UInt64(ordinal &- 1)
                        break
                    }
                    if k == 0 { break }
                    i = (i &+ 1) & mask
                }
                ordinal &+= 1
            }
            return word
        }
    }

    /// Whether the slots' storage serves for `count` slots: room enough,
    /// and no more than twice that (so memory still follows the live count
    /// after a burst of screens is gone).
    @inline(__always)
    private func keepsStorage(forCount count: Int) -> Bool {
        slots.capacity >= count && slots.capacity <= 2 * count
    }

    /// Rehashes the screens into `capacity` slots, in the storage the slots
    /// have when it serves (`keepsStorage`): the screens are set aside in a
    /// temporary buffer and put back in slot order, as into a new array (the
    /// same slots as before; the entry sum does not change).
    private mutating func resize(to capacity: Int) {
        withUnsafeTemporaryAllocation(of: Slot.self, capacity: used) { moved in
            var n = 0
            slots.withUnsafeBufferPointer { old in
                for slot in old where slot.key != 0 {
                    moved.initializeElement(at: n, to: slot)
                    n += 1
                }
            }
            if keepsStorage(forCount: capacity) {
                // Emptied in place, then as many as wanted. (Appended from a
                // buffer, the slots are copied at once; `repeatElement` went
                // through the generic element-by-element path, about 20
                // instructions a slot.)
                if slots.count > capacity { slots.removeLast(slots.count - capacity) }
                slots.withUnsafeMutableBufferPointer { $0.update(repeating: Slot(key: 0, fields: 0)) }
                let extra = capacity - slots.count
                if extra > 0 {
                    withUnsafeTemporaryAllocation(of: Slot.self, capacity: extra) { empty in
                        empty.initialize(repeating: Slot(key: 0, fields: 0))
                        slots.append(contentsOf: empty)
                    }
                }
            } else {
                slots = Array(repeating: Slot(key: 0, fields: 0), count: capacity)
            }
            slots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                for slot in moved[..<n] {
                    var i = Self.home(slot.key, mask: mask)
                    while slots[i].key != 0 { i = (i + 1) & mask }
                    slots[i] = slot
                }
            }
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
        slots.withUnsafeBufferPointer { slots in
            for slot in slots where slot.key != 0 {
                body(UInt32(truncatingIfNeeded: slot.key >> 32), Int(slot.key & 0xFFFF_FFFF))
            }
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
    /// The slot of `key` among the `mask + 1` slots at `base`, probed as
    /// `index(of:)` probes the table; nil when no slot holds it.
    @inline(__always) private static func probe(_ key: UInt64, in base: UnsafeMutablePointer<Slot>, mask: Int) -> Int? {
        var i = home(key, mask: mask)
        while base[i].key != key {
            if base[i].key == 0 { return nil }
            i = (i &+ 1) & mask
        }
        return i
    }

    /// `clearParent(of:ifItIs:)` of each of the `count` names at `names`,
    /// in order, with the slots taken for writing once, at the first parent
    /// cleared (a shared table is copied then, as the first `setFields`
    /// copied it, and never when no parent is `id`): a truncated stack
    /// cleared its screens' parents one by one, each write asking the
    /// runtime whether the slots were this table's alone (legacy.nav at
    /// depth 10: about 62,000 screens). Each name is probed as
    /// `clearParent` probes it, and its parent cleared only where it is
    /// `id`, the entry sum moved as `setFields` moves it; a name whose
    /// ordinal does not fit a slot is in no slot and (`wide` empty) in no
    /// table. While some screen is kept whole, each goes through
    /// `clearParent` itself.
    @inline(__always) mutating func clearParents(
        of names: UnsafePointer<ScreenName>, count: Int, ifItIs id: Int
    ) {
        guard wide.isEmpty else {
            for k in 0..<count { clearParent(of: names[k], ifItIs: id) }
            return
        }
        var base = UnsafeMutablePointer(mutating: slots.withUnsafeBufferPointer { $0.baseAddress! })
        var writable = false
        let mask = slots.count &- 1
        for k in 0..<count {
            guard let key = Self.key(names[k]), let i = Self.probe(key, in: base, mask: mask) else { continue }
            let fields = base[i].fields
            guard fields & 8 != 0, Int(fields >> 4) == id else { continue }
            if !writable {
                base = writableSlots()
                writable = true
            }
            entrySum = entrySum &- StateEncoder.entryHash(key, fields) &+ StateEncoder.entryHash(key, fields & 7)
            base[i].fields = fields & 7
        }
    }

    /// Removes each of the `count` names at `names`, in order, that is alive
    /// and has no parent: `place(of:)` then `remove(_:at:)` of each, what
    /// `NavigationModel.releaseCutScreens(of:_:)` does of a cut
    /// transition's screens when no controller holds one in flight, no
    /// presentation can hold one and the step records nothing (there
    /// `releaseIfUnheld` only removes the screen: its deinit event is not
    /// built, and the work was counted before). The slots are taken for
    /// writing once, at the first removal, where `remove(at:)` asked the
    /// runtime on each (legacy.nav at depth 10: 57,069 screens released).
    /// Each removal is `remove(at:)`'s, step for step: the entry sum, the
    /// released ordinals, the backward shift of the run (cyclically, past
    /// the table's end), the count, and the shrink after each removal that
    /// leaves the table an eighth full, so the slots end as the per-screen
    /// removals leave them. While some screen is kept whole, each goes
    /// through `place(of:)` and `remove(_:at:)` themselves.
    @inline(__always) mutating func removeUnparented(_ names: UnsafePointer<ScreenName>, count: Int) {
        guard wide.isEmpty else {
            for k in 0..<count {
                if let found = place(of: names[k]), !found.hasParent { remove(names[k], at: found.place) }
            }
            return
        }
        var base = UnsafeMutablePointer(mutating: slots.withUnsafeBufferPointer { $0.baseAddress! })
        var writable = false
        var mask = slots.count &- 1
        for k in 0..<count {
            guard let key = Self.key(names[k]), let index = Self.probe(key, in: base, mask: mask),
                base[index].fields & 8 == 0
            else { continue }
            if !writable {
                base = writableSlots()
                writable = true
            }
            if removeEntry(at: index, in: base, mask: mask) {
                base = writableSlots()
                mask = slots.count &- 1
            }
        }
    }
}
