// The model's fields in the fingerprint's order (StateEncoder.swift).

extension NavigationModel {
    /// Every field `==` compares but the declarations, which `m` holds already
    /// (`StateEncoder.declarations(of:)`), in a fixed order (see `StateEncoder`),
    /// into `m`; `e` keeps what the walk reuses (strings' hashes) and adds up the
    /// unordered containers. Every field of a fixed size goes into one word
    /// (`shape`: the profile, the flags, which case each enum and which optionals
    /// are set), and most words go in two at a time: a word a field and a tag,
    /// about 30 multiplications a state, each stored back to the inout encoder,
    /// were half the fingerprint's cost.
    ///
    /// Inlined, the model read in place through its address, each field where it is
    /// used: a method called on a model held in place
    /// (`StateEncoder.fingerprint(of: &model)`) copied the whole model first, and
    /// inlined, took every field into a local at its start (the calls below might
    /// have changed the model, for all the compiler knew), spilled to the stack.
    static func encode(_ model: NavigationModel, into m: inout PartHasher, encoder e: inout StateEncoder) {
        e.beginPairs()
        model.counters.appendEntries(to: &e)
        let counted = e.pairs()
        // The live screens: packed, one word of name and one of the rest per
        // screen, kept as the slots change, when every ordinal and parent
        // fits its bits (always, in practice).
        e.beginPairs()
        let screensPacked = model.screens.appendPacked(to: &e)
        if !screensPacked {
            e.beginPairs()
            model.screens.appendEntries(to: &e)
        }
        let screenPairs = e.pairs()
        // Bit 0: the profile; 1, 2: nesting, the content pan used; 3: the
        // screens packed; 4: the window's case; 5-7: a modal transition, its
        // direction and animation; 8-10: an alert, its action's case, its
        // asker; 11-13: why the UI is frozen (0: it is not); 14, 15: a gate
        // breach, a confirmation breach.
        var shape: UInt64 = model.profile == .ios26 ? 0 : 1
        if model.nesting { shape |= 1 << 1 }
        if model.contentPanUsed { shape |= 1 << 2 }
        if screensPacked { shape |= 1 << 3 }
        if case .tabs = model.window { shape |= 1 << 4 }
        if case .some(let transition) = model.modalTransition {
            shape |= 1 << 5
            if transition.presenting { shape |= 1 << 6 }
            if transition.animated { shape |= 1 << 7 }
        }
        let alert = model.alert
        if let alert {
            shape |= 1 << 8
            if case .safePop = alert.action { shape |= 1 << 9 }
            if case .some = alert.asker { shape |= 1 << 10 }
        }
        if case .some(let frozen) = model.frozen {
            switch frozen.reason {
            case .rootScreen(let delegateLetItBegin): shape |= (delegateLetItBegin ? 1 : 2) << 11
            case .transitionRunning(let push): shape |= (push ? 3 : 4) << 11
            }
        }
        if case .some = model.guarantees.gateBreach { shape |= 1 << 14 }
        if case .some = model.guarantees.confirmationBreach { shape |= 1 << 15 }
        if model.preemption { shape |= 1 << 16 }
        // (The declarations are in `m` already: `StateEncoder.declarations(of:)`.)
        m.put(shape, UInt64(bitPattern: Int64(model.clock)))
        m.put(
            UInt64(model.controllerClass.features.rawValue), UInt64(bitPattern: Int64(model.created)))
        m.put(counted.count, counted.sum)
        m.put(screenPairs.count, screenPairs.sum)
        // The controllers by id, each as its own hash (`NavController.hash`,
        // 0 for an empty slot): the one its slot's summary keeps when the slot
        // is unchanged since `NavTable.refreshHashes` (which `canonicalize`
        // runs), else computed here, fields read in place.
        let navs = model.navs
        var end = navs.slots.count
        while end > 1, navs.meta[end - 1].hashed ? navs.meta[end - 1].hash == 0 : navs.slots[end - 1] == nil {
            end -= 1
        }
        let ids = 1..<end
        m.put(ids.count, model.nextNavID)
        for id in ids {
            let meta = model.navs.meta[id]
            m.put(meta.hashed ? meta.hash : NavController.hash(model.navs.slots[id], encoder: &e))
        }
        switch model.window {
        case .nav(let id): m.put(id)
        case .tabs(let ids, let selected):
            m.put(ids.count, selected)
            for id in ids { m.put(id) }
        }
        m.put(model.modals.count)
        for modal in model.modals { modal.encode(into: &m) }
        if case .some(let transition) = model.modalTransition {
            transition.modal.encode(into: &m)
            m.put(transition.end)
        }
        if let alert {
            switch alert.action {
            case .customBack(let nav): m.put(e.stringHash(alert.text), UInt64(bitPattern: Int64(nav)))
            case .safePop(let nav, let call):
                m.put(e.stringHash(alert.text), UInt64(bitPattern: Int64(nav)))
                NavCall.hash(call, into: &m)
            }
            if case .some(let asker) = alert.asker { m.put(asker) }
        }
        if case .some(let frozen) = model.frozen { m.put(frozen.nav) }
        model.guarantees.encode(into: &m)
    }

    /// The traits' own hash: each class's entry, summed (slot order does not count).
    static func hash(of traits: ClassMap<ScreenTraits>) -> UInt64 {
        var e = StateEncoder()
        e.beginPairs()
        traits.forEachEntry { cls, t in
            var entry = PartHasher()
            let flags: UInt64 = (t.gate ? 1 : 0) | (t.customBack ? 2 : 0) | (t.hidesBack ? 4 : 0)
            let texts: UInt64 = (t.customBackAlert == nil ? 0 : 1) | (t.confirm == nil ? 0 : 2)
            entry.put(UInt64(cls.id), flags | texts << 3)
            if let text = t.customBackAlert { entry.put(e.stringHash(text)) }
            if let text = t.confirm { entry.put(e.stringHash(text)) }
            e.appendEntry(hash: entry.value)
        }
        var m = PartHasher()
        let pairs = e.pairs()
        m.put(pairs.count, pairs.sum)
        return m.value
    }
}

extension ScreenTable {
    /// Each live screen's own hash, into the container begun last, when
    /// the screens are not packed (`appendPacked`).
    fileprivate func appendEntries(to e: inout StateEncoder) {
        forEachScreen { screen in
            var entry = PartHasher()
            let flags: UInt64 =
                (screen.viewLoaded ? 1 : 0) | (screen.runtimeGate ? 2 : 0) | (screen.backHiddenByGate ? 4 : 0)
                | (screen.parent == nil ? 0 : 8)
            entry.put(flags, screen.name)
            if let parent = screen.parent { entry.put(parent) }
            e.appendEntry(hash: entry.value)
        }
    }
}
