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
        renameInstancesUnhashed()
        // The written controllers' hashes for the fingerprint again (see `canonicalize`).
        navs.refreshHashes()
    }

    /// `renameInstances()` without the controllers' hashes taken again.
    private mutating func renameInstancesUnhashed() {
        defer { screens.clearReleased() }
        // Every instance ever made is alive: numbers are 1...k already.
        if screens.count == created { return }
        renameAfterReleasing()
    }

    /// `renameInstances()` of a state one step from `parent`, a state renamed
    /// already (the explorer's every state). A step that released no screen
    /// (as many alive as the parent's and the ones the step made: `created`
    /// counts them, only `makeScreen` adding to it) leaves the parent's live
    /// instances, which renaming left 1...k of each class with a counter of k
    /// (none alive: a counter of 1), and adds the new ones, numbered on from
    /// their class's counter. From k (or from no counter, a class new to the
    /// state) they make 1...k' with a counter of k', as renaming leaves them;
    /// from 1 as well when instance 1 is alive (in the parent, then: none was
    /// released). Every other name the state holds is a live one's or was
    /// renamed in the parent: renaming would change nothing, and is not run.
    /// Where the step made an instance of a class with none alive (numbered
    /// 2), renaming is due, and goes to `renumberInPlace` straight.
    ///
    /// A step that made and released nothing (a pop begun, a drag, a wait
    /// that ends no pop) is most often caught by `renameInstances`' own first
    /// test, all instances made alive; where a class has none alive
    /// (legacy.nav: a sheet dismissed, a screen popped) renaming found out by
    /// a walk of every screen that nothing changes, about 450 instructions,
    /// and the same after most pushes and presentations.
    public mutating func renameInstances(stepFrom parent: UnsafePointer<NavigationModel>) {
        renameInstancesUnhashed(stepFrom: parent)
        navs.refreshHashes()
    }

    /// `renameInstances(stepFrom:)` without the controllers' hashes taken
    /// again (`canonicalize(renaming:stepFrom:)` takes them after it).
    @inline(__always)
    mutating func renameInstancesUnhashed(stepFrom parent: UnsafePointer<NavigationModel>) {
        renameInstancesUnhashed(
            parentCreated: parent.pointee.created, parentScreens: parent.pointee.screens.count,
            parentCounters: parent.pointer(to: \.counters)!)
    }

    /// `renameInstancesUnhashed(stepFrom:)` of a parent the model no longer
    /// is: what the renaming reads of it, taken before the step (`StepOrigin`).
    @inline(__always)
    mutating func renameInstancesUnhashed(stepFrom origin: UnsafePointer<StepOrigin>) {
        renameInstancesUnhashed(
            parentCreated: origin.pointee.created, parentScreens: origin.pointee.screenCount,
            parentCounters: origin.pointer(to: \.counters)!)
    }

    /// The renaming of a state one step from a parent with `parentCreated`
    /// instances made, `parentScreens` alive and the counters `parentCounters`.
    @inline(__always)
    private mutating func renameInstancesUnhashed(
        parentCreated: Int, parentScreens: Int, parentCounters: UnsafePointer<ClassCounters>
    ) {
        defer { screens.clearReleased() }
        // (`renameInstances`' test first: it holds in most states of most searches.)
        if screens.count == created { return }
        let made = created &- parentCreated
        if screens.count == parentScreens &+ made {
            if made == 0 { return }
            if renameAfterMaking(from: parentCounters) { return }
        } else if renameReleased(from: parentCounters) {
            return
        }
        renameAfterReleasing()
    }

    /// `renameInstances(stepFrom:)` of a step that released screens, from
    /// the screens it released (`ScreenTable.releasedOrdinals`) and the
    /// classes whose counter went up from 1 (instances made of a class with
    /// none alive): only those classes can have a gap or a counter past
    /// their live instances, every other class's live instances being the
    /// parent's 1...k and the ones made on from k. A class's live ordinals
    /// are its counter's 1...k less those released, and less instance 1
    /// where its counter was 1 and instance 1 is gone (a class with none
    /// alive keeps a counter of 1); probed for, 1 to the counter, where an
    /// ordinal past 8 was released. `renameAfterReleasing()` walked every
    /// slot of the table instead, once for the counters and again for the
    /// new numbers when a class had a gap (legacy.nav, depth 10: 21,768
    /// states, 5,914 with a gap; 6,638 -> 6,605 instructions a distinct
    /// state, at depth 13 6,789 -> 6,756). False, having changed nothing,
    /// when a counter is not inline (a class past 7) or past 64.
    @inline(never)
    private mutating func renameReleased(from parentCounters: UnsafePointer<ClassCounters>) -> Bool {
        guard counters.allInline,
            let raised = counters.classesRaisedFromOne(since: parentCounters)
        else { return false }
        let released = screens.releasedOrdinals
        // The examined classes (those with a released byte, or raised), at
        // the top bit of their byte.
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var examined = (released | ((released & low7) &+ low7)) & ~low7
        var rest = raised
        while rest != 0 {
            examined |= 0x80 << UInt64(rest.trailingZeroBitCount &* 8)
            rest &= rest &- 1
        }
        // Each examined class's live ordinals in its byte, while its counter
        // is 8 at most and its released byte tells them: a word a class, in
        // an array on the stack, cost the frame a stack check and the words'
        // clearing (legacy.nav, depth 10: 21,768 renamings).
        var live: UInt64 = 0
        var gapped = false
        rest = examined
        while rest != 0 {
            let c = rest.trailingZeroBitCount >> 3
            rest &= rest &- 1
            guard let last = counters[ClassName(id: UInt32(truncatingIfNeeded: c))] else { continue }
            let byte = released >> UInt64(c &* 8) & 0xFF
            guard byte != 0xFF, UInt(bitPattern: last &- 1) < 8 else {
                return renameReleasedWide(examined: examined, raised: raised, released: released)
            }
            var ordinals: UInt64 = 0xFF >> UInt64(8 &- last) & ~byte
            // Instance 1 of a class whose counter was 1 may have been gone already.
            if ordinals & 1 != 0, last == 1 || raised & 1 << UInt64(c) != 0,
                !screens.contains(ScreenName(cls: ClassName(id: UInt32(truncatingIfNeeded: c)), ordinal: 1))
            {
                ordinals &= ~1
            }
            if ordinals & (ordinals &+ 1) != 0 { gapped = true }
            live |= ordinals << UInt64(c &* 8)
        }
        assert(wordsAgree(Self.words(ofBytes: live, examined), examined), "the live ordinals are the table's")
        if gapped { return renumber(examined: examined, Self.words(ofBytes: live, examined)) }
        // No live instance needs a new number: the counters only.
        setExaminedCounters(examined: examined) { c in (~(live >> UInt64(c &* 8) & 0xFF)).trailingZeroBitCount }
        return true
    }

    /// Sets each examined class's counter (a class with one) to its live
    /// instances, 1...k (`live(c)` gives k), or 1 when none is alive, and
    /// `created` with the counters.
    @inline(__always)
    private mutating func setExaminedCounters(examined: UInt64, live: (Int) -> Int) {
        var rest = examined
        while rest != 0 {
            let c = rest.trailingZeroBitCount >> 3
            rest &= rest &- 1
            let cls = ClassName(id: UInt32(truncatingIfNeeded: c))
            guard let old = counters[cls] else { continue }
            let count = Swift.max(live(c), 1)
            if count != old {
                counters.setInline(count, at: c)
                created &+= count &- old
            }
        }
        assert(UInt64(truncatingIfNeeded: created) == counters.total, "created is the counters' total")
    }

    /// The examined classes' live ordinals, a byte a class in `bytes`, as
    /// a word a class.
    private static func words(ofBytes bytes: UInt64, _ examined: UInt64) -> InlineArray<8, UInt64> {
        var words = InlineArray<8, UInt64>(repeating: 0)
        var rest = examined
        while rest != 0 {
            let c = rest.trailingZeroBitCount >> 3
            rest &= rest &- 1
            words[c] = bytes >> UInt64(c &* 8) & 0xFF
        }
        return words
    }

    /// `renameReleased(from:)` where an examined class's counter is past 8
    /// or its released byte is all ones: its live ordinals a word a class,
    /// probed for where the byte does not tell them.
    @inline(never)
    private mutating func renameReleasedWide(examined: UInt64, raised: UInt64, released: UInt64) -> Bool {
        var words = InlineArray<8, UInt64>(repeating: 0)
        var gapped = false
        var rest = examined
        while rest != 0 {
            let c = rest.trailingZeroBitCount >> 3
            rest &= rest &- 1
            guard let last = counters[ClassName(id: UInt32(truncatingIfNeeded: c))] else { continue }
            let byte = released >> UInt64(c &* 8) & 0xFF
            var word: UInt64
            if byte != 0xFF, UInt(bitPattern: last &- 1) < 64 {
                word = UInt64.max >> UInt64(64 &- last) & ~byte
                // Instance 1 of a class whose counter was 1 may have been gone already.
                if word & 1 != 0, last == 1 || raised & 1 << UInt64(c) != 0,
                    !screens.contains(ScreenName(cls: ClassName(id: UInt32(truncatingIfNeeded: c)), ordinal: 1))
                {
                    word &= ~1
                }
            } else {
                guard let probed = screens.liveOrdinals(of: UInt32(truncatingIfNeeded: c), through: last) else {
                    return false
                }
                word = probed
            }
            words[c] = word
            if word & (word &+ 1) != 0 { gapped = true }
        }
        assert(wordsAgree(words, examined), "the live ordinals are the table's")
        if gapped { return renumber(examined: examined, words) }
        // No live instance needs a new number: the counters only.
        setExaminedCounters(examined: examined) { c in (~words[c]).trailingZeroBitCount }
        return true
    }

    /// Whether `words` hold the live ordinals of the classes `examined`
    /// marks (at the top bit of their byte) that have a counter, as the
    /// table's slots hold them (`renameReleased(from:)`'s assertion).
    private func wordsAgree(_ words: InlineArray<8, UInt64>, _ examined: UInt64) -> Bool {
        for c in 0..<ClassCounters.inlineLimit where examined & 0x80 << UInt64(c * 8) != 0 {
            guard let last = counters[ClassName(id: UInt32(c))] else { continue }
            // (Not asked where some screen is kept whole, or the counter is past 64.)
            guard let live = screens.liveOrdinals(of: UInt32(c), through: last) else { continue }
            if live != words[c] { return false }
        }
        return true
    }

    /// `renameReleased(from:)` where a class has a gap: the live
    /// ordinals of the `examined` classes (at the top bit of their byte)
    /// are `examinedWords`; every
    /// other class with a counter k has its instances 1...k alive (k of 2
    /// at least, or 1 with instance 1 alive: a class with none alive keeps
    /// a counter of 1). The counters set, then `renumber(classes:_:)`.
    /// False, having changed nothing, when such a k is past 64.
    @inline(never)
    private mutating func renumber(examined: UInt64, _ examinedWords: InlineArray<8, UInt64>) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { live in
            var liveClasses: UInt64 = 0
            let words = live.baseAddress!
            // The inline counters, two to a word, stored past the classes'
            // words (classes 0..<8 only) and read from there: each look-up
            // through `counters[class]` copied them out (about 100
            // instructions a renumbering).
            let counts = counters.inlineWords
            (words + 8).initialize(to: counts.0)
            (words + 9).initialize(to: counts.1)
            (words + 10).initialize(to: counts.2)
            (words + 11).initialize(to: counts.3)
            let counters32 = UnsafeRawPointer(words + 8)
            for c in 0..<ClassCounters.inlineLimit {
                let counter = counters32.load(fromByteOffset: c &* 4, as: Int32.self)
                if counter == ClassCounters.inlineNone { continue }
                let last = Int(counter)
                let word: UInt64
                if examined & 0x80 << UInt64(c &* 8) != 0 {
                    word = examinedWords[c]
                } else if last >= 2 {
                    guard last <= 64 else { return false }
                    word = UInt64.max >> UInt64(64 &- last)
                } else {
                    let cls = ClassName(id: UInt32(truncatingIfNeeded: c))
                    word = screens.contains(ScreenName(cls: cls, ordinal: 1)) ? 1 : 0
                }
                if word != 0 {
                    liveClasses |= 1 << UInt64(c)
                    (words + c).initialize(to: word)
                }
            }
            var rest = examined
            while rest != 0 {
                let c = rest.trailingZeroBitCount >> 3
                rest &= rest &- 1
                let counter = counters32.load(fromByteOffset: c &* 4, as: Int32.self)
                if counter == ClassCounters.inlineNone { continue }
                let old = Int(counter)
                let count = Swift.max(examinedWords[c].nonzeroBitCount, 1)
                if count != old {
                    counters.setInline(count, at: c)
                    created &+= count &- old
                }
            }
            assert(UInt64(truncatingIfNeeded: created) == counters.total, "created is the counters' total")
            renumber(classes: liveClasses, UnsafePointer(words))
            return true
        }
    }

    /// `renameInstances()` of a state where some instance made is not alive
    /// (`created` counts them): the counters only, or new numbers.
    /// (Out of line, the quick way's walk in it, and its stack buffer with
    /// it: `renameCountersOnly` called from here, and its allocation's closure
    /// from that, cost two calls' frames a renaming, about 40 instructions;
    /// in line in the canonical form, the buffer put a stack check on every
    /// state, renamed or not.)
    @inline(never)
    private mutating func renameAfterReleasing() {
        if renameCountersOnly() { return }
        if renumberInPlace() { return }
        renumberByList()
    }

    /// `renameInstances(stepFrom:)` of a step that made screens and released
    /// none. False, having changed nothing, when a counter past the inline
    /// ones may have changed (`ClassCounters.classesRaisedFromOne`).
    /// (Called: inlined, its frame cost every call of its caller.)
    @inline(never)
    private mutating func renameAfterMaking(from parentCounters: UnsafePointer<ClassCounters>) -> Bool {
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
    /// `renameCountersOnly` leaves), with nothing allocated for the mapping
    /// (an array is copied only where a name in it changes and a parent state
    /// shares it). False, having changed nothing, when a live class number
    /// is past 63 or a live ordinal past 64 (`renumberByList` then).
    ///
    /// The live ordinals of class c are the bits of one word (ordinal n at
    /// bit n - 1), so a live instance's new number, its rank among its
    /// class's live instances, is one more than the bits below its own, and
    /// a name with no bit set is a released screen's (number 0). In the
    /// screen table only the screens past their class's first gap are taken
    /// out and put back under their new numbers, and every other name is rewritten where it is, only where it changes
    /// (`renameReferences`). The list way, all there was before, sorted the
    /// names, built two arrays and a new table, mapped each name by a search
    /// of a list and wrote every controller (so each was hashed again):
    /// about 9,900 instructions a state, where this way takes about 2,500
    /// (6,219 states of legacy.nav at depth 10 come here; the search
    /// 773.8 M -> 727.6 M instructions).
    private mutating func renumberInPlace() -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { live in
            // Class c's live ordinals at c, set when its first screen is met
            // (only the classes with a bit in `liveClasses` are read).
            var liveClasses: UInt64 = 0
            var fits = true
            let words = live.baseAddress!
            let walked = screens.forEachClassAndOrdinal { cls, ordinal in
                // (An ordinal of 1...64 in one unsigned comparison.)
                guard cls < 64, UInt(bitPattern: ordinal &- 1) < 64 else {
                    fits = false
                    return
                }
                let c = Int(cls)
                let bit: UInt64 = 1 << UInt64(ordinal &- 1)
                if liveClasses & 1 << UInt64(c) == 0 {
                    liveClasses |= 1 << UInt64(c)
                    (words + c).initialize(to: bit)
                } else {
                    words[c] |= bit
                }
            }
            guard walked, fits else { return false }
            // A class's live instances need new numbers unless they are 1...k:
            // bits 0..<k, a word one less than a power of two.
            var changed = false
            var rest = liveClasses
            while rest != 0 {
                let c = rest.trailingZeroBitCount
                if live[c] & (live[c] &+ 1) != 0 { changed = true }
                rest &= rest &- 1
            }
            // The counters as the list way sets them: each live class's number
            // of live instances, 1 for a class with none alive. (`created` is
            // their total already when none changes: every writer of the
            // counters keeps it so, `makeScreen` adding one to both.)
            let total = withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { counts in
                var rest = liveClasses
                while rest != 0 {
                    let c = rest.trailingZeroBitCount
                    // (1...k: k trailing ones, found without a count of the bits,
                    // a dozen instructions without `popcnt`.)
                    let word = live[c]
                    let count = word & (word &+ 1) == 0 ? (~word).trailingZeroBitCount : word.nonzeroBitCount
                    (counts.baseAddress! + c).initialize(to: count)
                    rest &= rest &- 1
                }
                return counters.setLiveCounts(liveClasses, counts.baseAddress!)
            }
            if let total { created = total.toInt }
            assert(UInt64(truncatingIfNeeded: created) == counters.total, "created is the counters' total")
            guard changed else { return true }
            renumber(classes: liveClasses, UnsafePointer(words))
            return true
        }
    }

    /// The new numbers, the counters set: class c's live ordinals are the
    /// bits of `live[c]` for each class c with a bit in `classes` (no other
    /// class has a live instance), and some class has a gap.
    @inline(__always)
    private mutating func renumber(classes: UInt64, _ live: UnsafePointer<UInt64>) {
        /// The new number of ordinal `ordinal` of class `c`: its rank among
        /// the class's live instances, 0 for a released one.
        func rank(_ c: UInt32, _ ordinal: Int) -> Int {
            guard c < 64, classes & 1 << UInt64(c) != 0, UInt(bitPattern: ordinal &- 1) < 64 else { return 0 }
            let word = live[Int(c)]
            let bit: UInt64 = 1 << UInt64(ordinal &- 1)
            return word & bit == 0 ? 0 : (word & (bit &- 1)).nonzeroBitCount + 1
        }
        // Only the screens past their class's first gap change: each taken
        // out and put back under its new number, in the order of the old
        // numbers (the new one, the gap or a number a screen moved on from
        // already, is free). `ScreenTable.renumber` took every screen out
        // and put it back, about 550 instructions a renaming (legacy.nav:
        // one or two screens move, most often).
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

    /// Gives every name the state holds outside the screen table its new
    /// name, `rename(name)`: in the controllers (stack, safe-pop delegate,
    /// running transition, queued calls), the modals, the one in flight,
    /// the alert and the guarantees. Each part is read first and written
    /// only where a name changes: a controller written is hashed again, and
    /// an array written that a parent state shares is copied.
    private mutating func renameReferences(_ rename: (ScreenName) -> ScreenName) {
        func renamed(_ call: NavCall) -> NavCall {
            switch call {
            case .push(let name, let animated): .push(rename(name), animated: animated)
            case .popTo(let name, let animated): .popTo(rename(name), animated: animated)
            case .setStack(let names, let animated): .setStack(names.map(rename), animated: animated)
            case .pop, .popToRoot: call
            }
        }
        // A while loop, each slot's tag read in place: the range's loop over
        // `navs.ids` tested its bounds and its counter's overflow, and
        // `hasController` the id's range (legacy.nav: 5695 -> 5694
        // instructions a state, about 7 a renaming).
        var id = 0
        while true {
            id &+= 1
            if id >= navs.slots.count { break }
            // What changes, read in place (no copy of the controller or of its
            // transition), before any write: a write may move the slots.
            let slotRead = UnsafePointer(navs.slots.base + id)
            if NavSlots.isEmpty(slotRead) { continue }
            let nav = NavSlots.payload(slotRead)
            let inStack = nav.pointee.stack.firstIndexRenamed(by: rename)
            let delegate = nav.pointee.safeDelegate.map(rename)
            let delegateChanges = delegate != nav.pointee.safeDelegate
            // (The queue, most often empty, looked at only when it is not: its
            // search retained and released it.)
            let inQueue = nav.pointee.queue.isEmpty ? nil : nav.pointee.queue.firstIndex { renamed($0) != $0 }
            var from: ScreenName?
            var to: ScreenName?
            var inRemoved: Int?
            var inAddedBelow: Int?
            var transitionChanges = false
            if NavSlots.hasTransition(nav) {
                let t = NavSlots.transition(of: nav)
                from = t.pointee.from.map(rename)
                to = rename(t.pointee.to)
                inRemoved = t.pointee.removed.firstIndexRenamed(by: rename)
                inAddedBelow = t.pointee.addedBelow.firstIndexRenamed(by: rename)
                transitionChanges =
                    from != t.pointee.from || to != t.pointee.to || inRemoved != nil || inAddedBelow != nil
            }
            guard inStack != nil || delegateChanges || inQueue != nil || transitionChanges else { continue }
            // Each field edited in its slot (a copy of the controller out and
            // back in retained and released all of its arrays), the slot taken
            // for writing once (`navs[id]!.field` for each field took the
            // table's mutable addressor and tested the optional controller's
            // tag through an outlined call, each time).
            let slot = NavSlots.payload(navs.mutableSlot(id))
            if let i = inStack { slot.pointee.stack.rename(from: i, by: rename) }
            if delegateChanges { slot.pointee.safeDelegate = delegate }
            if transitionChanges {
                let t = NavSlots.transition(of: slot)
                if from != t.pointee.from { t.pointee.from = from }
                if let to, to != t.pointee.to { t.pointee.to = to }
                if let i = inRemoved { t.pointee.removed.rename(from: i, by: rename) }
                if let i = inAddedBelow { t.pointee.addedBelow.rename(from: i, by: rename) }
            }
            if let first = inQueue {
                for i in first..<slot.pointee.queue.count {
                    let call = renamed(slot.pointee.queue[i])
                    if call != slot.pointee.queue[i] { slot.pointee.queue[i] = call }
                }
            }
        }
        func renamed(_ modal: Modal) -> Modal {
            Modal(presenter: modal.presenter.map(rename), screen: rename(modal.screen), nav: modal.nav)
        }
        if !modals.isEmpty, modals.contains(where: { renamed($0) != $0 }) {
            modals = ModalStack(modals.map(renamed))
        }
        if isModalTransitioning, let t = modalTransition, renamed(t.modal) != t.modal {
            modalTransition!.modal = renamed(t.modal)
        }
        if hasAlert, let a = alert {
            let asker = a.asker.map(rename)
            if asker != a.asker { alert!.asker = asker }
            if case .safePop(let nav, let call) = a.action, renamed(call) != call {
                alert!.action = .safePop(nav: nav, call: renamed(call))
            }
        }
        if guarantees.guarded.isEmpty, guarantees.granted.isEmpty, guarantees.gateBreach == nil,
            guarantees.confirmationBreach == nil
        {
            return
        }
        func renamed(_ entry: Guarantees.Guarded) -> Guarantees.Guarded {
            Guarantees.Guarded(nav: entry.nav, screen: rename(entry.screen), gate: rename(entry.gate))
        }
        // Both lists are kept sorted by every write (`noteDidAppear`,
        // `noteConfirmed`; removals keep the order), so one with no name
        // changed is sorted already; a renamed one is sorted again.
        if guarantees.guarded.contains(where: { renamed($0) != $0 }) {
            guarantees.guarded = guarantees.guarded.map(renamed).sorted()
        }
        if let i = guarantees.granted.firstIndexRenamed(by: rename) {
            guarantees.granted.rename(from: i, by: rename)
            guarantees.granted.sort(by: ScreenName.canonicalOrder)
        }
        if let breach = guarantees.gateBreach, renamed(breach) != breach { guarantees.gateBreach = renamed(breach) }
        if let breach = guarantees.confirmationBreach, rename(breach) != breach {
            guarantees.confirmationBreach = rename(breach)
        }
    }
}

extension [ScreenName] {
    /// The index of the first name `rename` changes, or nil: the look
    /// before a write, so that an array with no name changed is not written
    /// (and its storage, often a parent state's too, not copied).
    @inline(__always)
    fileprivate func firstIndexRenamed(by rename: (ScreenName) -> ScreenName) -> Int? {
        for i in indices where rename(self[i]) != self[i] { return i }
        return nil
    }

    /// Renames the names from `start` on in place, writing only those that
    /// change, in the array's buffer: each write through the subscript asked
    /// the runtime whether the storage was the array's own.
    @inline(__always)
    fileprivate mutating func rename(from start: Int, by rename: (ScreenName) -> ScreenName) {
        withUnsafeMutableBufferPointer { names in
            for i in start..<names.count {
                let name = rename(names[i])
                if name != names[i] { names[i] = name }
            }
        }
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
    @inline(__always)
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
            // (No test that an ordinal is at least 1, as a slot's always is: a
            // 0 would leave its class's count past its largest number, and
            // the quick way declined. The counts cannot wrap: they count slots.)
            let base = perClass.baseAddress!
            let walked = screens.forEachClassAndOrdinal { cls, ordinal in
                guard cls < 64 else {
                    quick = false
                    return
                }
                let c = Int(cls)
                let bit: UInt64 = 1 << UInt64(c)
                if liveClasses & bit == 0 {
                    liveClasses |= bit
                    (base + c).initialize(to: 1)
                    (base + 64 + c).initialize(to: ordinal)
                } else {
                    base[c] &+= 1
                    base[64 + c] = Swift.max(base[64 + c], ordinal)
                }
            }
            guard walked, quick else { return false }
            var rest = liveClasses
            while rest != 0 {
                let c = rest.trailingZeroBitCount
                if perClass[64 + c] != perClass[c] { return false }
                rest &= rest &- 1
            }
            if let total = counters.setLiveCounts(liveClasses, perClass.baseAddress!) { created = total.toInt }
            return true
        }
    }
}

extension UInt64 {
    fileprivate var toInt: Int { Int(truncatingIfNeeded: self) }
}
