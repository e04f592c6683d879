// The screen table as a value (equality, hashing, description) and its walks.

extension ScreenTable: CustomReflectable {
    /// The value's parts: two equal tables describe alike.
    var customMirror: Mirror {
        Mirror(
            self, children: ["slots": slots, "used": used, "wide": wide], displayStyle: .struct)
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
    func forEachClassAndOrdinal(_ body: (_ cls: UInt32, _ ordinal: Int) -> Void) -> Bool {
        guard wide.isEmpty else { return false }
        slots.forEachPart { part in
            for slot in part where slot.key != 0 {
                body(UInt32(truncatingIfNeeded: slot.key >> 32), Int(slot.key & 0xFFFF_FFFF))
            }
        }
        return true
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
