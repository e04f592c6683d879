/// What the engine asks of all its controllers on every command, kept up to
/// date as slots change instead of read from every controller each time: a
/// digest for the fingerprint, the sum of the stack counts for the state's
/// weight, and the controllers that have something in flight (a transition or
/// a queued call) for the clock's next deadline and the queues.
///
/// A write through the table's mutable addressor marks its slot dirty. The
/// sums and the active list are as of the last refresh, which the write that
/// would make a 33rd slot dirty runs first; a read adds the difference the
/// dirty slots make, so it looks at the dirty slots (at most 32) and the
/// active ones only, never at every controller (N nested presentations, each
/// in its own controller, made every command read N controllers). Reads
/// never write, so copies sharing the slots (undo checkpoints, the
/// explorer's threads) only read them.
struct SlotSummary {
    /// The slot's part of `NavTable.digest` (0 for an empty slot).
    var digest = 0
    var stack = 0
    /// The slot's index in `NavSlots.active`, or -1.
    var activeAt = -1
    /// Written since the last refresh (its id is in `dirtyIDs`).
    var dirty = false
    /// `hash` is the slot's own hash (`NavController.hash`), taken by
    /// `refreshHashes`, and the slot not written since (every write through
    /// the table's mutable addressor clears it).
    var hashed = false
    /// The explorer's fingerprint of the slot (NavigationModel+Fingerprint.swift), while `hashed`.
    var hash: UInt64 = 0
    /// The controller's hash before its transition's times
    /// (`NavController.body`), while `hashed` and the slot holds one.
    var body = PartHasher()
}

extension NavSlots {
    /// Refresh when this many slots are dirty, so a read looks at no more.
    static let dirtyLimit = 32

    /// Notes that slot `id` is about to be written (it is not dirty yet).
    @inline(__always)
    func markDirty(_ id: Int) {
        if dirtyCount == NavSlots.dirtyLimit { refresh() }
        meta[id].dirty = true
        dirtyIDs[dirtyCount] = id
        dirtyCount += 1
    }

    /// Takes the dirty slots' summaries into the sums and the active list.
    /// Only for slots that one table owns (`isKnownUniquelyReferenced`).
    func refresh() {
        for k in 0..<dirtyCount {
            let id = dirtyIDs[k]
            let slot = UnsafePointer(base + id)
            let digest = NavSlots.digest(slot, id: id)
            let stack = NavSlots.stackCount(slot)
            let isActive = NavSlots.isActive(slot)
            var old = meta[id]
            digestSum &+= digest &- old.digest
            stackSum &+= stack &- old.stack
            if isActive, old.activeAt < 0 {
                old.activeAt = active.count
                active.append(id)
            } else if !isActive, old.activeAt >= 0 {
                let last = active.removeLast()
                if last != id {
                    active[old.activeAt] = last
                    meta[last].activeAt = old.activeAt
                }
                old.activeAt = -1
            }
            old.digest = digest
            old.stack = stack
            old.dirty = false
            meta[id] = old
        }
        dirtyCount = 0
    }

    /// Takes `NavController.hash` of each slot written since its last hash,
    /// so the fingerprints of this state and of the states that share or copy
    /// its slots read an unchanged controller's hash in one word. Only for
    /// slots that one table owns (`isKnownUniquelyReferenced`).
    func refreshHashes() {
        var id = 0
        while true {
            id &+= 1
            if id >= count { break }
            if meta[id].hashed { continue }
            let slot = UnsafePointer(base + id)
            if NavSlots.isEmpty(slot) {
                meta[id].hash = 0
            } else {
                let nav = NavSlots.payload(slot)
                let body = NavController.body(nav, encoder: &encoder)
                meta[id].body = body
                meta[id].hash = NavController.hash(body: body, times: nav)
            }
            meta[id].hashed = true
        }
    }

    /// Whether every slot's hash is kept (`refreshHashes` has nothing to do).
    @inline(__always) var allHashed: Bool {
        var id = 1
        while id < count {
            if !meta[id].hashed { return false }
            id &+= 1
        }
        return true
    }

    /// What a slot adds to the digest (0 when empty), its fields read in place.
    static func digest(_ slot: UnsafePointer<NavController?>, id: Int) -> Int {
        guard let count = slot.pointee?.stack.count else { return 0 }
        // Plain multiply-add mixing of what a command can change (as the
        // fingerprint always did), then a finalizer, so that the digests of the
        // slots can be added up without two changes cancelling out.
        var h = id
        func mix(_ value: Int) { h = (h &* 1_000_003) &+ value &+ 0x9E37_79B9 }
        mix(count)
        mix(slot.pointee?.queue.count ?? 0)
        mix(slot.pointee?.stack.last?.ordinal ?? 0)
        mix(slot.pointee?.isPushing == true ? 1 : 0)
        mix(slot.pointee?.transition?.end ?? -2)
        if case .interactive(let percent, let cancels)? = slot.pointee?.transition?.kind {
            mix(percent * 2 + (cancels ? 1 : 0))
        }
        var x = UInt64(bitPattern: Int64(h))
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: x ^ (x >> 33))
    }

    static func stackCount(_ slot: UnsafePointer<NavController?>) -> Int {
        slot.pointee?.stack.count ?? 0
    }

    /// Whether the controller has a transition or a queued call.
    static func isActive(_ slot: UnsafePointer<NavController?>) -> Bool {
        // `transition?.start` tests the optional without copying the transition.
        slot.pointee?.transition?.start != nil || slot.pointee?.queue.isEmpty == false
    }
}

extension NavTable {
    /// Moves every running transition's start and end `now` earlier (the
    /// canonical form's clock, `NavigationModel.canonicalize`), each
    /// controller written once, in place: `navs[id]?.transition?.start -= now`
    /// and the same for the end took the table's mutable addressor twice and
    /// tested the slot's tag five times. A controller whose hash was kept
    /// changed in its times alone: its hash is taken again from the body its
    /// summary keeps, and kept (`NavController.hash(body:times:)`), not from
    /// every field by `refreshHashes`.
    mutating func shiftTransitions(by now: Int) {
        // A while loop, each slot's tag and transition read in place: the
        // range's loop over `ids` tested its bounds and its counter's
        // overflow, and `isTransitioning` the id's range, for every slot of
        // every canonical form (legacy.nav: 5708 -> 5695 instructions a state).
        var id = 0
        while true {
            id &+= 1
            if id >= slots.count { break }
            let slot = UnsafePointer(slots.base + id)
            if NavSlots.isEmpty(slot) || !NavSlots.hasTransition(NavSlots.payload(slot)) { continue }
            let kept = slots.meta[id].hashed
            withUnsafeMutablePointer(to: &self[id]) { slot in
                let t = NavSlots.transition(of: NavSlots.payload(slot))
                t.pointee.start -= now
                if case .some(let end) = t.pointee.end { t.pointee.end = end - now }
            }
            // The write left the slots held by this table alone (the addressor copies shared ones).
            if kept {
                let nav = NavSlots.payload(UnsafePointer(slots.base + id))
                slots.meta[id].hash = NavController.hash(body: slots.meta[id].body, times: nav)
                slots.meta[id].hashed = true
            }
        }
    }
}

extension NavTable {
    /// A digest of every controller's counts, top, and what it has in flight:
    /// it changes when any of them does (the fingerprint mixes it in).
    var digest: Int {
        var sum = slots.digestSum
        for k in 0..<slots.dirtyCount {
            let id = slots.dirtyIDs[k]
            sum = sum &- slots.meta[id].digest &+ NavSlots.digest(slots.base + id, id: id)
        }
        return sum
    }

    /// The stack entries of all controllers.
    @inline(__always) var stackTotal: Int {
        var sum = slots.stackSum
        for k in 0..<slots.dirtyCount {
            let id = slots.dirtyIDs[k]
            sum = sum &- slots.meta[id].stack &+ NavSlots.stackCount(slots.base + id)
        }
        return sum
    }

    /// Calls `body` with every id that may have a transition or a queued call
    /// (and maybe others, and maybe twice); a controller not passed has neither.
    func forEachActive(_ body: (Int) -> Void) {
        for id in slots.active { body(id) }
        // A while loop: the range's tested its bounds and its counter's
        // overflow (legacy.nav: 5710 -> 5708 instructions a state).
        var k = 0
        while k < slots.dirtyCount {
            body(slots.dirtyIDs[k])
            k &+= 1
        }
    }

    /// How many ids `forEachActive` passes (for the work count).
    var activeCandidates: Int { slots.active.count + slots.dirtyCount }

    /// How many slots a read of the sums looks at (for the work count).
    var dirtyCount: Int { slots.dirtyCount }

    /// The ids `forEachActive` passes, ascending, each once.
    var activeIDs: [Int] {
        guard activeCandidates > 0 else { return [] }
        var ids: [Int] = []
        ids.reserveCapacity(activeCandidates)
        forEachActive { ids.append($0) }
        ids.sort()
        var unique: [Int] = []
        unique.reserveCapacity(ids.count)
        for id in ids where unique.last != id { unique.append(id) }
        return unique
    }
}
