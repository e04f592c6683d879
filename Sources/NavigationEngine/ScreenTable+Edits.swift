/// A screen's fields read and written in one probe of the slots each.
extension ScreenTable {
    /// `self[name]?.parent = parent`, in one probe of the slots: the optional chain
    /// probes twice, to read the screen and to write it back.
    mutating func setParent(of name: ScreenName, to parent: Int?) {
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
    mutating func clearParent(of name: ScreenName, ifItIs id: Int) {
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
    mutating func loadView(_ name: ScreenName) -> Bool {
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
    func viewIsLoaded(_ name: ScreenName) -> Bool {
        guard wide.isEmpty, let key = Self.key(name) else { return self[name]?.viewLoaded == true }
        guard let i = index(of: key) else { return false }
        return slots[i].fields & 1 != 0
    }

    /// `setParent(of: name, to: parent)` then `loadView(name)`, in one
    /// probe of the slots and one write: a push gives its screen a parent
    /// and then shows it. True when the view was not loaded (and the
    /// screen is alive).
    mutating func setParentAndLoadView(of name: ScreenName, to parent: Int) -> Bool {
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

    /// `self[name]?.runtimeGate = true`, in one probe of the slots: the optional
    /// chain probed twice, to read the screen and to write it back.
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
    mutating func insertNew(_ name: ScreenName, viewLoaded: Bool = false) {
        guard wide.isEmpty, let key = Self.key(name) else {
            self[name] = Screen(name: name, viewLoaded: viewLoaded)
            return
        }
        assert(index(of: key) == nil, "a new screen's name is in the table")
        insertNew(Slot(key: key, fields: viewLoaded ? 1 : 0))
    }

    /// `self[name] = nil`, in one probe of the slots: the setter's removal
    /// (`setSlowly`, out of line) probed again for the slot it removes.
    mutating func remove(_ name: ScreenName) {
        guard wide.isEmpty, let key = Self.key(name) else {
            self[name] = nil
            return
        }
        guard let i = index(of: key) else { return }
        remove(at: i)
    }

    /// Where `name` lies and whether it has a parent, for a look-up then a removal
    /// at that place (`remove(_:at:)`) while nothing writes the table between: a
    /// release read the screen and then removed it by name, two probes of the slots
    /// for each screen a cut transition released.
    func place(of name: ScreenName) -> (place: Int, hasParent: Bool)? {
        guard wide.isEmpty, let key = Self.key(name) else {
            guard let screen = self[name] else { return nil }
            return (-1, screen.parent != nil)
        }
        guard let i = index(of: key) else { return nil }
        return (i, slots[i].fields & 8 != 0)
    }

    /// Removes `name`, found at `place` by `place(of:)`.
    mutating func remove(_ name: ScreenName, at place: Int) {
        if place < 0 {
            self[name] = nil
        } else {
            remove(at: place)
        }
    }

    @inline(never)
    func wideScreen(_ name: ScreenName) -> Screen? {
        wide.isEmpty ? nil : wide[name]
    }
}
