/// Instance renaming for the explorer (explorer.md section 3): two states
/// that differ only in instance numbers (`Detail#2` here, `Detail#3` there)
/// behave the same when nothing names an instance by its number, so the
/// explorer may store them as one.
extension NavigationModel {
    /// Renumbers the live instances of each class 1, 2, 3... in the order of
    /// their numbers (so "the newest live instance" stays the same one), and
    /// sets each class's count of instances made to the number of live ones
    /// (at least 1 once one was made, so a bare name of a class with none
    /// alive still means a released instance). When a live instance's number
    /// changes, every name in the state is mapped, and those of released
    /// screens it still mentions (a breach, a stale alert) become number 0;
    /// when none changes, they keep their numbers (the search's state counts
    /// rest on this: RenamingTests' reference says so too).
    public mutating func renameInstances() {
        defer { screens.clearReleased() }
        // Every instance ever made is alive: numbers are 1...k already.
        if screens.count == created { return }
        renameAfterReleasing()
    }

    /// `renameInstances()` of a state one step from `parent`, a state renamed
    /// already (the explorer's every state). A step that released no screen (as
    /// many alive as the parent's and the ones the step made: `created` counts
    /// them, only `makeScreen` adding to it) leaves the parent's live instances,
    /// which renaming left 1...k of each class with a counter of k (none alive: a
    /// counter of 1), and adds the new ones, numbered on from their class's
    /// counter. From k (or from no counter, a class new to the state) they make
    /// 1...k' with a counter of k', as renaming leaves them; from 1 as well when
    /// instance 1 is alive (in the parent, then: none was released). Every other
    /// name the state holds is a live one's or was renamed in the parent: renaming
    /// would change nothing, and is not run. Where the step made an instance of a
    /// class with none alive (numbered 2), renaming is due, and goes to
    /// `renumberInPlace` straight.
    ///
    /// A step that made and released nothing (a pop begun, a drag, a wait that ends
    /// no pop) is most often caught by `renameInstances`' own first test, all
    /// instances made alive; where a class has none alive.
    public mutating func renameInstances(stepFrom parent: NavigationModel) {
        renameInstances(
            parentCreated: parent.created, parentScreens: parent.screens.count,
            parentCounters: parent.counters)
    }

    /// `renameInstances(stepFrom:)` of a parent the model no longer
    /// is: what the renaming reads of it, taken before the step (`StepOrigin`).
    mutating func renameInstances(stepFrom origin: StepOrigin) {
        renameInstances(
            parentCreated: origin.created, parentScreens: origin.screenCount,
            parentCounters: origin.counters)
    }

    /// The renaming of a state one step from a parent with `parentCreated`
    /// instances made, `parentScreens` alive and the counters `parentCounters`.
    mutating func renameInstances(
        parentCreated: Int, parentScreens: Int, parentCounters: ClassCounters
    ) {
        defer { screens.clearReleased() }
        // (`renameInstances`' test first: it holds in most states of most searches.)
        if screens.count == created { return }
        let made = created &- parentCreated
        if screens.count == parentScreens &+ made {
            if made == 0 { return }
            if renameAfterMaking(from: parentCounters) { return }
        }
        renameAfterReleasing()
    }

    /// `renameInstances` of a state whose instances may need new numbers:
    /// the counters alone where no instance does (`renameCountersOnly`),
    /// else in place (`renumberInPlace`), else by a list (`renumberByList`).
    private mutating func renameAfterReleasing() {
        if renameCountersOnly() { return }
        if renumberInPlace() { return }
        renumberByList()
    }

    /// `renameInstances(stepFrom:)` of a step that made screens and released
    /// none. False, having changed nothing, when a counter past the inline
    /// ones may have changed (`ClassCounters.classesRaisedFromOne`).
    private mutating func renameAfterMaking(from parentCounters: ClassCounters) -> Bool {
        guard let raised = counters.classesRaisedFromOne(since: parentCounters) else { return false }
        var rest = raised
        while rest != 0 {
            let cls = ClassName(id: UInt32(truncatingIfNeeded: rest.trailingZeroBitCount))
            if screens[ScreenName(cls: cls, ordinal: 1)] == nil {
                if !renumberInPlace() { renumberByList() }
                return true
            }
            rest &= rest &- 1
        }
        return true
    }

    /// `renameInstances` the general way, for a state `renumberInPlace`
    /// declines (a class number past 63, an ordinal past 64, a screen kept
    /// whole: never in a search's usual states): the live names sorted, each
    /// one's new name found in a list of pairs.
    private mutating func renumberByList() {
        var live = screens.keys
        live.sort(by: ScreenName.canonicalOrder)
        // Already renamed: each class's live instances are 1...k with a count
        // of k, and every class with none alive has a count of 1. Checked
        // without building anything.
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
        var table = ScreenTable()
        for (old, new) in renamed {
            guard var screen = screens[old] else { continue }
            screen.name = new
            table[new] = screen
        }
        screens = table
        renameReferences(map)
    }
}

extension NavigationModel {
    /// `renameInstances` when an instance needs a new number (the case
    /// `renameCountersOnly` leaves), with nothing allocated for the mapping (an
    /// array is copied only where a name in it changes and a parent state shares
    /// it). False, having changed nothing, when a live class number is past 63 or a
    /// live ordinal past 64 (`renumberByList` then).
    ///
    /// The live ordinals of class c are the bits of one word (ordinal n at bit n -
    /// 1), so a live instance's new number, its rank among its class's live
    /// instances, is one more than the bits below its own, and a name with no bit
    /// set is a released screen's (number 0). In the screen table only the screens
    /// past their class's first gap are taken out and put back under their new
    /// numbers, and every other name is rewritten where it is, only where it
    /// changes (`renameReferences`). The list way, all there was before, sorted the
    /// names, built two arrays and a new table, mapped each name by a search of a
    /// list and wrote every controller (so each was hashed again).
    private mutating func renumberInPlace() -> Bool {
        // Class c's live ordinals at c (only the classes with a bit in `liveClasses` are read).
        var live = [UInt64](repeating: 0, count: 64)
        var liveClasses: UInt64 = 0
        var fits = true
        let walked = screens.forEachClassAndOrdinal { cls, ordinal in
            // (An ordinal of 1...64 in one unsigned comparison.)
            guard cls < 64, UInt(bitPattern: ordinal &- 1) < 64 else {
                fits = false
                return
            }
            liveClasses |= 1 << UInt64(cls)
            live[Int(cls)] |= 1 << UInt64(ordinal &- 1)
        }
        guard walked, fits else { return false }
        // A class's live instances need new numbers unless they are 1...k:
        // bits 0..<k, a word one less than a power of two.
        var changed = false
        var counts = [Int](repeating: 0, count: 64)
        var rest = liveClasses
        while rest != 0 {
            let c = rest.trailingZeroBitCount
            let word = live[c]
            if word & (word &+ 1) != 0 { changed = true }
            counts[c] = word.nonzeroBitCount
            rest &= rest &- 1
        }
        // The counters as the list way sets them: each live class's number
        // of live instances, 1 for a class with none alive. (`created` is
        // their total already when none changes: every writer of the
        // counters keeps it so, `makeScreen` adding one to both.)
        if let total = counters.setLiveCounts(liveClasses, counts) { created = total.toInt }
        assert(UInt64(truncatingIfNeeded: created) == counters.total, "created is the counters' total")
        guard changed else { return true }
        renumber(classes: liveClasses, live)
        return true
    }

    /// The new numbers, the counters set: class c's live ordinals are the
    /// bits of `live[c]` for each class c with a bit in `classes` (no other
    /// class has a live instance), and some class has a gap.
    private mutating func renumber(classes: UInt64, _ live: [UInt64]) {
        /// The new number of ordinal `ordinal` of class `c`: its rank among
        /// the class's live instances, 0 for a released one.
        func rank(_ c: UInt32, _ ordinal: Int) -> Int {
            guard c < 64, classes & 1 << UInt64(c) != 0, UInt(bitPattern: ordinal &- 1) < 64 else { return 0 }
            let word = live[Int(c)]
            let bit: UInt64 = 1 << UInt64(ordinal &- 1)
            return word & bit == 0 ? 0 : (word & (bit &- 1)).nonzeroBitCount + 1
        }
        var gapped = classes
        while gapped != 0 {
            let c = gapped.trailingZeroBitCount
            gapped &= gapped &- 1
            let word = live[c]
            if word & (word &+ 1) == 0 { continue }
            let cls = ClassName(id: UInt32(truncatingIfNeeded: c))
            // The numbers below the first gap stay; every live one past it moves down.
            let kept = (~word).trailingZeroBitCount
            var movers = (word >> UInt64(kept)) << UInt64(kept)
            var next = kept + 1
            while movers != 0 {
                let old = ScreenName(cls: cls, ordinal: movers.trailingZeroBitCount + 1)
                movers &= movers &- 1
                let moved = screens.rename(old, to: ScreenName(cls: cls, ordinal: next))
                assert(moved, "every live ordinal's screen is in the table")
                next += 1
            }
        }
        renameReferences { ScreenName(cls: $0.cls, ordinal: rank($0.cls.id, $0.ordinal)) }
    }
}

extension NavigationModel {
    /// `renameInstances` without allocating, when no instance needs a new
    /// number (each live class's instances are 1...k already, the usual case
    /// once the search runs): then at most the counters change, each class
    /// with live instances getting their number and each without one a count
    /// of 1, exactly as the list way (`renumberByList`) does. False, having
    /// changed nothing, when an instance needs a new number or a class number
    /// is past 63: `renumberInPlace` then.
    ///
    /// A class's live instances are 1...k when their largest number is k:
    /// the names are distinct, so k numbers of at least 1 whose largest is k
    /// are 1...k.
    fileprivate mutating func renameCountersOnly() -> Bool {
        // Live instances of class c at c, their largest number at 64 + c.
        var perClass = [Int](repeating: 0, count: 128)
        var liveClasses: UInt64 = 0
        var quick = true
        let walked = screens.forEachClassAndOrdinal { cls, ordinal in
            guard cls < 64 else {
                quick = false
                return
            }
            let c = Int(cls)
            liveClasses |= 1 << UInt64(c)
            perClass[c] &+= 1
            perClass[64 + c] = Swift.max(perClass[64 + c], ordinal)
        }
        guard walked, quick else { return false }
        var rest = liveClasses
        while rest != 0 {
            let c = rest.trailingZeroBitCount
            if perClass[64 + c] != perClass[c] { return false }
            rest &= rest &- 1
        }
        if let total = counters.setLiveCounts(liveClasses, perClass) { created = total.toInt }
        return true
    }
}

extension UInt64 {
    fileprivate var toInt: Int { Int(truncatingIfNeeded: self) }
}
