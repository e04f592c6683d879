// The model's fields in the encoder's order (StateEncoder.swift).

extension NavigationModel {
    /// Every field `==` compares, in a fixed order (see `StateEncoder`).
    func encode(into e: inout StateEncoder) {
        e.put(profile == .ios26 ? 0 as UInt64 : 1)
        e.put(clock)
        e.put(durations.push)
        e.put(durations.pop)
        e.put(durations.present)
        e.put(durations.dismiss)
        encodeTraits(into: &e)
        e.beginPairs()
        counters.appendEntries(to: &e)
        e.endPairs()
        e.put(created)
        encodeScreens(into: &e)
        let ids = navs.comparedIDs
        e.put(ids.count)
        for id in ids {
            if navs[id]?.id == nil {
                e.put(0 as UInt64)
            } else {
                e.put(1 as UInt64)
                navs[id]?.encode(into: &e)
            }
        }
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

    private func encodeTraits(into e: inout StateEncoder) {
        guard !e.putCached(traits: traits) else { return }
        let start = e.position
        encodeTraitsInFull(into: &e)
        e.cache(traits: traits, from: start)
    }

    private func encodeTraitsInFull(into e: inout StateEncoder) {
        // Sorted by class number; the strings follow, in the same order.
        e.beginPairs()
        traits.forEachEntry { cls, t in
            var word: UInt64 = 0
            if t.gate { word |= 1 }
            if t.customBack { word |= 2 }
            if t.customBackAlert != nil { word |= 4 }
            if t.confirm != nil { word |= 8 }
            if t.hidesBack { word |= 16 }
            e.appendPair(UInt64(cls.id), word)
        }
        e.endPairs()
        let sorted = e.pairs
        for pair in sorted where pair.value & 12 != 0 {
            let t = traits[ClassName(id: UInt32(truncatingIfNeeded: pair.key))]
            if let text = t?.customBackAlert { e.put(text) }
            if let text = t?.confirm { e.put(text) }
        }
    }

    private func encodeScreens(into e: inout StateEncoder) {
        // One word of name and one of the rest per screen, sorted by name,
        // when every ordinal and parent fits its bits (always, in practice).
        e.beginPairs()
        let packed = screens.appendPacked(to: &e)
        e.endPairs()
        e.put(packed)
        if !packed { encodeScreensInFull(into: &e) }
    }

    /// Every screen's fields in full, sorted by name.
    private func encodeScreensInFull(into e: inout StateEncoder) {
        e.sortedScreens.removeAll(keepingCapacity: true)
        screens.forEachScreen { e.sortedScreens.append($0) }
        var i = 1
        while i < e.sortedScreens.count {
            let item = e.sortedScreens[i]
            var j = i
            while j > 0, ScreenName.canonicalOrder(item.name, e.sortedScreens[j - 1].name) {
                e.sortedScreens[j] = e.sortedScreens[j - 1]
                j -= 1
            }
            e.sortedScreens[j] = item
            i += 1
        }
        let sorted = e.sortedScreens
        e.put(sorted.count)
        for screen in sorted {
            e.put(screen.name)
            e.put(flags: screen.viewLoaded, screen.runtimeGate, screen.backHiddenByGate)
            e.put(screen.parent)
        }
    }
}
