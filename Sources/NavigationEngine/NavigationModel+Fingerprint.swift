// The model's fields in the fingerprint's order (StateEncoder.swift).

extension NavigationModel {
    /// Every field `==` compares, in a fixed order (see `StateEncoder`).
    /// Inlined, with its two parts below: called on a model held in place
    /// (`StateEncoder.fingerprint(of: &model)`), a call of a method on it
    /// copied the whole model first.
    @inline(__always) func encode(into e: inout StateEncoder) {
        e.put(profile == .ios26 ? 0 as UInt64 : 1)
        e.put(clock)
        e.put(durations.push)
        e.put(durations.pop)
        e.put(durations.present)
        e.put(durations.dismiss)
        e.put(traits: traits, hash: Self.hash(of:))
        e.beginPairs()
        counters.appendEntries(to: &e)
        e.endPairs()
        e.put(created)
        encodeScreens(into: &e)
        encodeControllers(into: &e)
        e.put(nextNavID)
        switch window {
        case .nav(let id):
            e.put(0 as UInt64)
            e.put(id)
        case .tabs(let ids, let selected):
            e.put(1 as UInt64)
            e.put(ids.count)
            for id in ids { e.put(id) }
            e.put(selected)
        }
        e.put(modals.count)
        for modal in modals { modal.encode(into: &e) }
        if case .some(let transition) = modalTransition {
            e.put(1 as UInt64)
            e.put(flags: transition.presenting, transition.animated)
            transition.modal.encode(into: &e)
            e.put(transition.end)
        } else {
            e.put(0 as UInt64)
        }
        controllerClass.encode(into: &e)
        if case .some(let alert) = alert {
            e.put(1 as UInt64)
            e.put(alert.text)
            switch alert.action {
            case .customBack(let nav):
                e.put(0 as UInt64)
                e.put(nav)
            case .safePop(let nav, let call):
                e.put(1 as UInt64)
                e.put(nav)
                call.encode(into: &e)
            }
            e.put(alert.asker)
        } else {
            e.put(0 as UInt64)
        }
        if case .some(let frozen) = frozen {
            switch frozen.reason {
            case .rootScreen(let delegateLetItBegin): e.put(delegateLetItBegin ? 1 as UInt64 : 2)
            case .transitionRunning(let push): e.put(push ? 3 as UInt64 : 4)
            }
            e.put(frozen.nav)
        } else {
            e.put(0 as UInt64)
        }
        e.put(flags: nesting, contentPanUsed)
        guarantees.encode(into: &e)
    }

    /// The controllers by id, each as its own hash (`NavController.hash`, 0
    /// for an empty slot): the one its slot's summary keeps when the slot is
    /// unchanged since `NavTable.refreshHashes` (which `canonicalize` runs),
    /// else computed here, fields read in place.
    @inline(__always) private func encodeControllers(into e: inout StateEncoder) {
        let ids = navs.comparedIDs
        e.put(ids.count)
        let slots = navs.slots
        for id in ids { e.put(slots.hash(id, encoder: &e)) }
        withExtendedLifetime(slots) {}
    }

    /// The traits' own hash: each class's entry, summed (slot order does not count).
    private static func hash(of traits: ClassMap<ScreenTraits>) -> UInt64 {
        var e = StateEncoder()
        return e.hashOfPart { e in
            e.beginPairs()
            traits.forEachEntry { cls, t in
                let entry = e.hashOfPart { e in
                    e.put(UInt64(cls.id))
                    e.put(flags: t.gate, t.customBack, t.hidesBack)
                    e.put(t.customBackAlert)
                    e.put(t.confirm)
                }
                e.appendEntry(hash: entry)
            }
            e.endPairs()
        }
    }

    @inline(__always) private func encodeScreens(into e: inout StateEncoder) {
        // One word of name and one of the rest per screen, when every ordinal
        // and parent fits its bits (always, in practice).
        e.beginPairs()
        let packed = screens.appendPacked(to: &e)
        if packed {
            e.endPairs()
        } else {
            e.beginPairs()
            screens.forEachScreen { screen in
                let entry = e.hashOfPart { e in
                    e.put(screen.name)
                    e.put(flags: screen.viewLoaded, screen.runtimeGate, screen.backHiddenByGate)
                    e.put(screen.parent)
                }
                e.appendEntry(hash: entry)
            }
            e.endPairs()
        }
        e.put(packed)
    }
}
