/// Instance renaming for the explorer (explorer.md section 3): two states
/// that differ only in instance numbers (`Detail#2` here, `Detail#3` there)
/// behave the same when nothing names an instance by its number, so the
/// explorer may store them as one.
extension NavigationModel {
    /// Renumbers the live instances of each class 1, 2, 3... in the order of
    /// their numbers (so "the newest live instance" stays the same one), and
    /// sets each class's count of instances made to the number of live ones
    /// (at least 1 once one was made, so a bare name of a class with none
    /// alive still means a released instance). Names of released screens the
    /// state still mentions (a breach, a stale alert) become number 0.
    public mutating func renameInstances() {
        // Every instance ever made is alive: numbers are 1...k already.
        if screens.count == created { return }
        if renameCountersOnly() { return }
        var live = screens.keys
        live.sort(by: ScreenName.canonicalOrder)
        // Already renamed (the usual case once the search runs): each class's
        // live instances are 1...k with a count of k, and every class with none
        // alive has a count of 1. Checked without building anything.
        var changed = false
        var countersChanged = false
        var liveClasses = 0
        var index = 0
        while index < live.count {
            let cls = live[index].cls
            var n = 0
            while index < live.count, live[index].cls == cls {
                n += 1
                if live[index].ordinal != n { changed = true }
                index += 1
            }
            liveClasses += 1
            if counters[cls] != n { countersChanged = true }
        }
        let total = counters.total
        if UInt64(live.count + counters.count - liveClasses) != total { countersChanged = true }
        guard changed || countersChanged else { return }

        var renamed: [(old: ScreenName, new: ScreenName)] = []
        var newCounters: [(ClassName, Int)] = []
        index = 0
        while index < live.count {
            let cls = live[index].cls
            var n = 0
            while index < live.count, live[index].cls == cls {
                n += 1
                renamed.append((live[index], ScreenName(cls: cls, ordinal: n)))
                index += 1
            }
            newCounters.append((cls, n))
        }
        // In one pass over the counters: each live class's number of live
        // instances, 1 for a class with none alive (the live classes are few:
        // searched, not hashed into a Set).
        counters.update { cls, _ in newCounters.first { $0.0 == cls }?.1 ?? 1 }
        for (cls, n) in newCounters where counters[cls] == nil { counters.set(n, for: cls) }
        created = counters.total.toInt
        guard changed else { return }

        func map(_ name: ScreenName) -> ScreenName {
            for pair in renamed where pair.old == name { return pair.new }
            return ScreenName(cls: name.cls, ordinal: 0)
        }
        func map(_ call: NavCall) -> NavCall {
            switch call {
            case .push(let name, let animated): .push(map(name), animated: animated)
            case .popTo(let name, let animated): .popTo(map(name), animated: animated)
            case .setStack(let names, let animated): .setStack(names.map(map), animated: animated)
            case .pop, .popToRoot: call
            }
        }
        var table = ScreenTable()
        for (old, new) in renamed {
            guard var screen = screens[old] else { continue }
            screen.name = new
            table[new] = screen
        }
        screens = table
        for id in navs.ids where navs.hasController(id) {
            // Each field edited in its slot (a copy of the controller out and
            // back in retained and released all of its arrays).
            navs[id]!.stack = navs[id]!.stack.map(map)
            if let delegate = navs[id]!.safeDelegate { navs[id]!.safeDelegate = map(delegate) }
            if navs.isTransitioning(id) == true {
                navs[id]!.transition!.from = navs[id]!.transition!.from.map(map)
                navs[id]!.transition!.to = map(navs[id]!.transition!.to)
                if !navs[id]!.transition!.removed.isEmpty {
                    navs[id]!.transition!.removed = navs[id]!.transition!.removed.map(map)
                }
                if !navs[id]!.transition!.addedBelow.isEmpty {
                    navs[id]!.transition!.addedBelow = navs[id]!.transition!.addedBelow.map(map)
                }
            }
            if !navs[id]!.queue.isEmpty { navs[id]!.queue = navs[id]!.queue.map(map) }
        }
        // The controllers' hashes for the fingerprint again (see `canonicalize`).
        navs.refreshHashes()
        func map(_ modal: Modal) -> Modal {
            Modal(presenter: modal.presenter.map(map), screen: map(modal.screen), nav: modal.nav)
        }
        if !modals.isEmpty { modals = ModalStack(modals.map(map)) }
        if var t = modalTransition {
            t.modal = map(t.modal)
            modalTransition = t
        }
        if var a = alert {
            a.asker = a.asker.map(map)
            if case .safePop(let nav, let call) = a.action { a.action = .safePop(nav: nav, call: map(call)) }
            alert = a
        }
        if guarantees.guarded.isEmpty, guarantees.granted.isEmpty, guarantees.gateBreach == nil,
            guarantees.confirmationBreach == nil
        {
            return
        }
        var g = guarantees
        g.guarded = g.guarded.map { Guarantees.Guarded(nav: $0.nav, screen: map($0.screen), gate: map($0.gate)) }
            .sorted()
        g.granted = g.granted.map(map).sorted(by: ScreenName.canonicalOrder)
        g.gateBreach = g.gateBreach.map { Guarantees.Guarded(nav: $0.nav, screen: map($0.screen), gate: map($0.gate)) }
        g.confirmationBreach = g.confirmationBreach.map(map)
        guarantees = g
    }
}

extension NavigationModel {
    /// `renameInstances` without allocating, when no instance needs a new
    /// number (each live class's instances are 1...k already, the usual case
    /// once the search runs): then at most the counters change, each class
    /// with live instances getting their number and each without one a count
    /// of 1, exactly as the long way does. False, having changed nothing, when
    /// an instance needs a new number or a class number is past 63: the long
    /// way then.
    ///
    /// A class's live instances are 1...k when their largest number is k:
    /// the names are distinct, so k numbers of at least 1 whose largest is k
    /// are 1...k.
    fileprivate mutating func renameCountersOnly() -> Bool {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { perClass in
            // Live instances of class c at c, their largest number at 64 + c;
            // a class's two entries are set when its first screen is met (only
            // the classes with a bit in `liveClasses` are read), not all 128
            // cleared first.
            var liveClasses: UInt64 = 0
            var quick = true
            // (Names read from the slots' keys, no `Screen` unpacked for them:
            // legacy.nav, depth 10, 780.5 M -> 774.2 M instructions.)
            let walked = screens.forEachClassAndOrdinal { cls, ordinal in
                let c = Int(cls)
                guard c < 64, ordinal >= 1 else {
                    quick = false
                    return
                }
                let bit: UInt64 = 1 << UInt64(c)
                if liveClasses & bit == 0 {
                    liveClasses |= bit
                    (perClass.baseAddress! + c).initialize(to: 1)
                    (perClass.baseAddress! + 64 + c).initialize(to: ordinal)
                } else {
                    perClass[c] += 1
                    perClass[64 + c] = Swift.max(perClass[64 + c], ordinal)
                }
            }
            guard walked, quick else { return false }
            var rest = liveClasses
            var countersChanged = false
            while rest != 0 {
                let c = rest.trailingZeroBitCount
                if perClass[64 + c] != perClass[c] { return false }
                if counters[ClassName(id: UInt32(truncatingIfNeeded: c))] != perClass[c] { countersChanged = true }
                rest &= rest &- 1
            }
            // The long way's test, as it makes it: the counts of the classes
            // with none alive add up to the number of such classes.
            let total = counters.total
            if UInt64(screens.count + counters.count - liveClasses.nonzeroBitCount) != total { countersChanged = true }
            guard countersChanged else { return true }
            counters.update { cls, _ in
                cls.id < 64 && liveClasses & 1 << UInt64(cls.id) != 0 ? perClass[Int(cls.id)] : 1
            }
            rest = liveClasses
            while rest != 0 {
                let c = rest.trailingZeroBitCount
                let cls = ClassName(id: UInt32(truncatingIfNeeded: c))
                if counters[cls] == nil { counters.set(perClass[c], for: cls) }
                rest &= rest &- 1
            }
            created = counters.total.toInt
            return true
        }
    }
}

extension UInt64 {
    fileprivate var toInt: Int { Int(truncatingIfNeeded: self) }
}
