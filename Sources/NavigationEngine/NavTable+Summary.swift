/// What the engine asks of all its controllers on every command, kept up to
/// date as slots change instead of read from every controller each time: a
/// digest for the model's hash, the sum of the stack counts for the state's
/// weight, and the controllers that have something in flight (a transition or
/// a queued call) for the clock's next deadline and the queues.
///
/// A write through the table's subscript marks its slot dirty. The
/// sums and the active list are as of the last refresh, which the write that
/// would make a 33rd slot dirty runs first; a read adds the difference the
/// dirty slots make, so it looks at the dirty slots (at most 32) and the
/// active ones only, never at every controller (N nested presentations, each
/// in its own controller, made every command read N controllers).
struct SlotSummary: Sendable {
    /// The slot's part of `NavTable.digest` (0 for an empty slot).
    var digest = 0
    var stack = 0
    /// The slot's index in `NavTable.active`, or -1.
    var activeAt = -1
    /// Written since the last refresh (its id is in `dirtyIDs`).
    var dirty = false
}

extension NavTable {
    /// Refresh when this many slots are dirty, so a read looks at no more.
    static let dirtyLimit = 32

    /// Notes that slot `id` is about to be written (it is not dirty yet).
    mutating func markDirty(_ id: Int) {
        if dirtyIDs.count == NavTable.dirtyLimit { refresh() }
        meta[id].dirty = true
        dirtyIDs.append(id)
    }

    /// Brings the sums and the active list up to date with the dirty slots.
    mutating func refresh() {
        for id in dirtyIDs {
            let digest = slots[id]?.digest(id: id) ?? 0
            let stack = slots[id]?.stack.count ?? 0
            let isActive = slots[id]?.isActive ?? false
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
        dirtyIDs.removeAll(keepingCapacity: true)
    }
}

extension NavTable {
    /// Moves every running transition's start and end `now` earlier (the
    /// canonical form's clock, `NavigationModel.canonicalize`).
    mutating func shiftTransitions(by now: Int) {
        for id in ids where slots[id]?.isTransitioning == true {
            self[id]!.transition!.start -= now
            if let end = slots[id]!.transition!.end { self[id]!.transition!.end = end - now }
        }
    }
}

extension NavTable {
    /// A digest of every controller's counts, top, and what it has in flight:
    /// it changes when any of them does (the fingerprint mixes it in).
    var digest: Int {
        var sum = digestSum
        for id in dirtyIDs { sum = sum &- meta[id].digest &+ (slots[id]?.digest(id: id) ?? 0) }
        return sum
    }

    /// The stack entries of all controllers.
    var stackTotal: Int {
        var sum = stackSum
        for id in dirtyIDs { sum = sum &- meta[id].stack &+ (slots[id]?.stack.count ?? 0) }
        return sum
    }

    /// Calls `body` with every id that may have a transition or a queued call
    /// (and maybe others, and maybe twice); a controller not passed has neither.
    func forEachActive(_ body: (Int) -> Void) {
        for id in active { body(id) }
        for id in dirtyIDs { body(id) }
    }

    /// How many ids `forEachActive` passes (for the work count).
    var activeCandidates: Int { active.count + dirtyIDs.count }

    /// How many slots a read of the sums looks at (for the work count).
    var dirtyCount: Int { dirtyIDs.count }

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

extension NavController {
    /// What controller `id` adds to the table's digest.
    func digest(id: Int) -> Int {
        // Plain multiply-add mixing of what a command can change (as the
        // fingerprint always did), then a finalizer, so that the digests of the
        // slots can be added up without two changes cancelling out.
        var h = id
        func mix(_ value: Int) { h = (h &* 1_000_003) &+ value &+ 0x9E37_79B9 }
        mix(stack.count)
        mix(queue.count)
        mix(stack.last?.ordinal ?? 0)
        mix(isPushing ? 1 : 0)
        mix(transition?.end ?? -2)
        if case .interactive(let percent, let cancels)? = transition?.kind {
            mix(percent * 2 + (cancels ? 1 : 0))
        }
        var x = UInt64(bitPattern: Int64(h))
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: x ^ (x >> 33))
    }

    /// Whether the controller has a transition or a queued call.
    var isActive: Bool { isTransitioning || !queue.isEmpty }
}
