/// The live screens by name: an open-addressing hash table of plain values.
///
/// A screen name is two integers, so it hashes with one multiplication
/// (Fibonacci hashing) instead of a seeded SipHash, and a look-up is a probe
/// or two in one array. Reads and writes copy a `Screen`, a plain value of a
/// few words, so `screens[name]?.parent = id` costs two probes and no
/// allocation. (A `Dictionary` spent about 1,500 instructions a command on
/// hashing and on the heap-allocated frames of its `_modify` accessor; see
/// docs/performance.md.)
struct ScreenTable: Sendable {
    /// Power-of-two many slots, at most half full; linear probing.
    private var slots: [Screen?] = Array(repeating: nil, count: 8)
    private(set) var count = 0

    private var mask: Int { slots.count - 1 }

    private static func home(_ name: ScreenName, mask: Int) -> Int {
        // The class number is spread over the whole word by its own odd
        // multiplier before the Fibonacci multiplication. (Shifted to bit 40
        // it never reached the slot bits, 32 up and masked, of a table of
        // fewer than 2^8 slots: every `Name` of ordinal 1 had one of a few
        // homes, and a script of a new class per push spent a quarter of its
        // instructions probing.)
        let key = UInt64(name.cls.id) &* 0xD6E8_FEB8_6659_FD93 &+ UInt64(UInt(bitPattern: name.ordinal))
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `name`, or nil.
    private func index(of name: ScreenName) -> Int? {
        var i = Self.home(name, mask: mask)
        while let screen = slots[i] {
            if screen.name == name { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    subscript(name: ScreenName) -> Screen? {
        get {
            guard let i = index(of: name) else { return nil }
            return slots[i]
        }
        set {
            if let newValue {
                if let i = index(of: name) {
                    slots[i] = newValue
                } else {
                    insertNew(newValue)
                }
            } else if let i = index(of: name) {
                remove(at: i)
            }
        }
    }

    func contains(_ name: ScreenName) -> Bool { index(of: name) != nil }

    private mutating func insertNew(_ screen: Screen) {
        if (count + 1) * 2 > slots.count { resize(to: slots.count * 2) }
        var i = Self.home(screen.name, mask: mask)
        while slots[i] != nil { i = (i + 1) & mask }
        slots[i] = screen
        count += 1
    }

    /// Linear probing's deletion: later entries of the run move back, so no tombstones.
    private mutating func remove(at index: Int) {
        var hole = index
        var i = (index + 1) & mask
        while let screen = slots[i] {
            let home = Self.home(screen.name, mask: mask)
            // Move the entry back if the hole lies on its probe path (cyclically in [home, i)).
            let distanceToHole = (hole - home) & mask
            let distanceToHere = (i - home) & mask
            if distanceToHole < distanceToHere {
                slots[hole] = screen
                hole = i
            }
            i = (i + 1) & mask
        }
        slots[hole] = nil
        count -= 1
        // Shrink when a burst of screens is gone, so memory follows the live count.
        if slots.count > 8, count * 8 < slots.count { resize(to: slots.count / 2) }
    }

    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = Array(repeating: nil, count: capacity)
        count = 0
        for case let screen? in old { insertNew(screen) }
    }

    /// The names of the live screens, in no particular order.
    var keys: [ScreenName] { slots.compactMap { $0?.name } }
}

extension ScreenTable: Hashable {
    /// Equal when they hold the same screens, whatever the slot order.
    static func == (lhs: ScreenTable, rhs: ScreenTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for case let screen? in lhs.slots where rhs[screen.name] != screen { return false }
        return true
    }

    /// Order-independent: the sum of each screen's own hash.
    func hash(into hasher: inout Hasher) {
        var sum = 0
        for case let screen? in slots { sum &+= screen.hashValue }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension ScreenTable {
    /// Calls `body` with every live screen, in slot order (no particular order).
    func forEachScreen(_ body: (Screen) -> Void) {
        for case let screen? in slots { body(screen) }
    }
}

extension ScreenTable {
    /// Appends each screen to the encoder's pairs (in no particular order): its
    /// name (class number high, ordinal low) and its flags and parent. False
    /// when an ordinal or a parent does not fit its bits (never in practice).
    func appendPacked(to e: inout StateEncoder) -> Bool {
        var packed = true
        slots.withUnsafeBufferPointer { slots in
            for case let screen? in slots {
                let name = screen.name
                var word: UInt64 =
                    (screen.viewLoaded ? 1 : 0) | (screen.runtimeGate ? 2 : 0) | (screen.backHiddenByGate ? 4 : 0)
                if let parent = screen.parent {
                    if parent < 0 || parent >= 1 << 59 { packed = false }
                    word |= 8 | UInt64(truncatingIfNeeded: parent) << 4
                }
                if name.ordinal < 0 || name.ordinal >= 0xFFFF_FFFF { packed = false }
                e.appendPair(UInt64(name.cls.id) << 32 | UInt64(truncatingIfNeeded: name.ordinal) & 0xFFFF_FFFF, word)
            }
        }
        return packed
    }
}
