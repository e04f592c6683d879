/// The navigation controllers by id, in slots indexed by id.
///
/// A plain value: the slots are an array of optional controllers (slot 0 is
/// always empty, ids start at 1), copied on write like any array. Ids of
/// released controllers are reused, so the table stays as small as the most
/// controllers alive at once.
///
/// Beside the slots the table keeps summaries (NavTable+Summary.swift), so
/// the model's hash, the state's weight and the clock's next deadline look
/// at the controllers written lately, not at every controller.
struct NavTable: Sendable, ExpressibleByDictionaryLiteral {
    /// Slot `id` holds controller `id`, or nil.
    var slots: [NavController?] = [nil]
    /// Beside each slot, what the summaries last took from it.
    var meta: [SlotSummary] = [SlotSummary()]
    /// Slots written since the summaries were last brought up to date (at most `dirtyLimit`).
    var dirtyIDs: [Int] = []
    /// Ids of the controllers with a transition or a queued call, as of the summaries, unordered.
    var active: [Int] = []
    /// The sums of the slots' digests and stack counts, as of the summaries.
    var digestSum = 0
    var stackSum = 0
    /// No id below this is free (so finding the lowest free id does not scan
    /// the table from 1 each time). Lowered by `remove`, the one way a
    /// controller leaves the table.
    var searchFrom = 1

    /// A copy with storage of its own, each controller unshared (NavigationModel+Unshared.swift).
    func unshared() -> NavTable {
        var copy = self
        copy.slots = slots.map { $0?.unshared() }
        copy.meta = fresh(meta)
        copy.dirtyIDs = fresh(dirtyIDs)
        copy.active = fresh(active)
        return copy
    }

    init(dictionaryLiteral elements: (Int, NavController)...) {
        for (id, nav) in elements { self[id] = nav }
    }

    /// Controller `id`, or nil. A write marks the slot's summary and hash
    /// stale (`prepareWrite`). `_read` and `_modify` let `navs[id]?.stack`
    /// be read and edited in place, without a copy of the controller.
    subscript(id: Int) -> NavController? {
        _read { yield slots[id > 0 && id < slots.count ? id : 0] }
        _modify {
            let id = prepareWrite(id)
            yield &slots[id]
        }
    }

    /// Makes room for slot `id` (ids start at 1) and marks it about to change:
    /// its summary is stale until the next refresh, and its hash.
    private mutating func prepareWrite(_ id: Int) -> Int {
        let id = Swift.max(id, 1)
        if id >= slots.count {
            let extra = id + 1 - slots.count
            slots.append(contentsOf: repeatElement(nil, count: extra))
            meta.append(contentsOf: repeatElement(SlotSummary(), count: extra))
        }
        if !meta[id].dirty { markDirty(id) }
        return id
    }

    /// Whether controller `id` has a transition running; nil when there is no such controller.
    func isTransitioning(_ id: Int) -> Bool? {
        self[id]?.isTransitioning
    }

    /// Whether a controller's running transition removes `name`, or one of
    /// its queued calls mentions it.
    func holdsInFlight(_ name: ScreenName) -> Bool {
        for id in ids {
            if slots[id]?.transition?.removed.contains(name) == true { return true }
            if slots[id]?.queue.contains(where: { $0.mentions(name) }) == true { return true }
        }
        return false
    }

    /// One for each id, plus each controller's screens leaving in its running
    /// transition and its queued calls: what releasing a screen examines (the
    /// work count).
    func inFlightWeight() -> Int {
        var weight = 0
        for id in ids {
            weight += 1 + (slots[id]?.transition?.removed.count ?? 0) + (slots[id]?.queue.count ?? 0)
        }
        return weight
    }

    /// Every id a controller may have, live or not: loop over these and read
    /// `table[id]?.field` to look at controllers without copying any.
    var ids: Range<Int> { 1..<slots.count }

    /// Takes the lowest id with no controller (ids start at 1); the caller stores
    /// one there. Adds the slots it examined to `steps` (the scale tests' count).
    mutating func takeFreeID(counting steps: inout Int) -> Int {
        var id = searchFrom
        while id < slots.count, case .some = slots[id] { id += 1 }
        steps &+= id - searchFrom + 1
        searchFrom = id + 1
        return id
    }

    /// Removes a controller. (Set a slot to nil only this way, so `takeFreeID` sees the hole.)
    mutating func remove(_ id: Int) {
        guard id > 0, id < slots.count else { return }
        self[id] = nil
        searchFrom = Swift.min(searchFrom, id)
    }

    /// The lowest id with no controller (ids start at 1), found from the start.
    var freeID: Int {
        var id = 1
        while id < slots.count, case .some = slots[id] { id += 1 }
        return id
    }

    // Slots are tested with `case .some`, not `!= nil`: NavController is
    // Equatable, so `!= nil` compares two optionals, copying the controller.

    /// Whether id `id` (one of `ids`) holds a controller.
    func hasController(_ id: Int) -> Bool { if case .some = slots[id] { true } else { false } }

    /// Live ids, ascending.
    var keys: [Int] { ids.filter { hasController($0) } }

    /// Ids up to the last live one: trailing empty slots are not part of the value.
    var liveEnd: Int {
        var end = slots.count
        while end > 1, case .none = slots[end - 1] { end -= 1 }
        return end
    }

    /// The ids `==` compares: 1 up to the last live one.
    var comparedIDs: Range<Int> { 1..<liveEnd }
}

extension NavTable: Hashable {
    /// Equal when the live controllers are, id by id (the summaries and
    /// the free-id hint are not part of the value).
    static func == (lhs: NavTable, rhs: NavTable) -> Bool {
        let end = lhs.liveEnd
        guard end == rhs.liveEnd else { return false }
        for id in 1..<end where lhs.slots[id] != rhs.slots[id] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for id in comparedIDs { hasher.combine(slots[id]) }
    }
}

extension NavTable {
    /// Controller `id` edited in place; nil (and `body` not called) when there is none.
    mutating func edit<R>(_ id: Int, _ body: (inout NavController) throws -> R) rethrows -> R? {
        guard id > 0, id < slots.count, case .some = slots[id] else { return nil }
        return try body(&self[id]!)
    }

    /// When controller `id`'s transition ends; nil for no controller, no
    /// transition, or one a finger holds (the clock's deadlines).
    func transitionEnd(_ id: Int) -> Int? {
        self[id]?.transition?.end
    }
}
