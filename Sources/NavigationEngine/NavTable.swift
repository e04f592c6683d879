import Synchronization

/// The navigation controllers by id, in slots indexed by id.
///
/// A Dictionary's `navs[id]?.stack.append(x)` moves the whole controller out
/// into a coroutine frame big enough to need a heap allocation, several times a
/// command; a slot is modified in place through an addressor. Ids of released
/// controllers are reused, so the table stays as small as the most controllers
/// alive at once.
///
/// The slots live in `NavSlots`, a class that owns its memory: the addressors
/// hand out a pointer into storage the table holds a reference to, so the
/// pointer is valid for as long as the access, by construction (not by an
/// accident of Array's layout). The table is a value: it copies the slots
/// before writing when they are shared (copy-on-write).
struct NavTable: Sendable, ExpressibleByDictionaryLiteral {
    private(set) var slots = NavSlots(capacity: 4)
    /// No id below this is free (so finding the lowest free id does not scan
    /// the table from 1 each time: a `tabs` line of N names made N scans of up
    /// to N slots). Lowered by `remove`, the one way a controller leaves the table.
    private var searchFrom = 1

    /// Becomes equal to `other` (NavigationModel+Reset.swift). Slots that
    /// this table alone holds, with room enough, are made equal to `other`'s
    /// in place (`NavSlots.assign(from:)`): the step after a reset then
    /// writes them without a copy on write, and none is allocated and freed
    /// a step. Otherwise the table shares `other`'s slots.
    ///
    /// `other` is read in place, through its address (handed over by value,
    /// the table was copied first, its slots retained and then released).
    ///
    /// A transition this table's slot has and `other`'s has not gives its
    /// list of removed screens to `spare` when that holds none
    /// (`NavSlots.assign(from:spare:)`).
    @inline(__always) mutating func reset(to other: UnsafePointer<NavTable>, spare: inout [ScreenName]) {
        searchFrom = other.pointee.searchFrom
        if slots === other.pointee.slots || slots.isUnwrittenCopy(of: other.pointee.slots) { return }
        if slots.capacity >= other.pointee.slots.count, isUniqueInstance(&slots) {
            // `other`'s slots lent, not retained: the table behind `other`
            // holds them for the call (a retain and a release a reset, about
            // 40 instructions).
            Unmanaged.passUnretained(other.pointee.slots)._withUnsafeGuaranteedRef {
                slots.assign(from: $0, spare: &spare)
            }
        } else {
            slots = other.pointee.slots
        }
    }

    /// `reset(to:spare:)` with no spare list kept.
    mutating func reset(to other: UnsafePointer<NavTable>) {
        var spare: [ScreenName] = []
        reset(to: other, spare: &spare)
    }

    /// `reset(to:)` from a table handed over by value.
    mutating func reset(to other: NavTable) {
        withUnsafePointer(to: other) { reset(to: $0) }
    }

    /// A copy with slots of its own, each controller unshared (NavigationModel+Unshared.swift).
    func unshared() -> NavTable {
        var copy = self
        copy.slots = slots.copy(capacity: slots.capacity)
        for id in 1..<copy.slots.count {
            if case .some(let nav) = copy.slots.base[id] { copy.slots.base[id] = nav.unshared() }
        }
        copy.slots.active = fresh(slots.active)
        return copy
    }

    init(dictionaryLiteral elements: (Int, NavController)...) {
        for (id, nav) in elements { self[id] = nav }
    }

    subscript(id: Int) -> NavController? {
        // Addressors, not coroutines: `navs[id]?.stack.count` reads one field in
        // place and `navs[id]?.stack.append(x)` edits in place. (A `_read` or
        // `_modify` coroutine here copied the controller into a heap-allocated
        // frame about 8 times a command; see docs/performance.md.)
        unsafeAddress {
            // Slot 0 is always empty (ids start at 1): an unknown id reads it.
            UnsafePointer(slots.base + (id > 0 && id < slots.count ? id : 0))
        }
        unsafeMutableAddress {
            // The common case first, in few instructions and no register saved
            // but for the runtime's uniqueness test: a slot of slots this table
            // alone holds, dirty already. The rest (a copy, growth, the slot's
            // first write since the summaries' refresh) out of line. Four
            // registers saved on every call and the capacity tested first cost
            // 20 to 40 instructions a state on the six bench setups.
            if id > 0, id < slots.count, isUniqueInstance(&slots), slots.meta[id].dirty {
                slots.meta[id].hashed = false
                slots.noteWrite()
                return slots.base + id
            }
            return slotForWriting(id)
        }
    }

    /// The mutable addressor's slow path: copies shared slots or grows them,
    /// marks the slot dirty, then as the fast path.
    @inline(never) private mutating func slotForWriting(_ id: Int) -> UnsafeMutablePointer<NavController?> {
        // Ids come from `freeID` and start at 1; none below 1 is ever written.
        let id = Swift.max(id, 1)
        if id >= slots.capacity || !isKnownUniquelyReferenced(&slots) {
            // A shared table's copy has room for what it holds and no more: the
            // explorer keeps hundreds of thousands of copies, most never grown.
            slots = slots.copy(capacity: id >= slots.capacity ? 2 * (id + 1) : Swift.max(slots.count, id + 1))
        }
        if id >= slots.count { slots.extend(to: id + 1) }
        // The slot is about to change: its summary is stale until the next refresh.
        if !slots.meta[id].dirty { slots.markDirty(id) }
        // And its hash (`NavSlots.refreshHashes`).
        slots.meta[id].hashed = false
        slots.noteWrite()
        return slots.base + id
    }

    /// Whether controller `id` has a transition running; nil when there is no
    /// such controller. Read in place: `navs[id]?.isTransitioning` copied the
    /// whole controller out of its slot first, twice a navigation call.
    @inline(__always) func isTransitioning(_ id: Int) -> Bool? {
        let slot = UnsafePointer(slots.base + (id > 0 && id < slots.count ? id : 0))
        if NavSlots.isEmpty(slot) { return nil }
        return NavSlots.hasTransition(NavSlots.payload(slot))
    }

    /// Whether a controller's running transition removes `name`, or one of
    /// its queued calls mentions it. Read in place (`navs[id]?.transition?`
    /// copied each controller, then its transition, out of the slot).
    /// `besides`: a controller whose transition holds nothing, whatever its
    /// list says (a cut one, left in its place:
    /// `NavigationModel.releaseCutScreens(of:_:)`); 0, none. Its queued
    /// calls are asked as the others'.
    func holdsInFlight(_ name: ScreenName, besides: Int = 0) -> Bool {
        for id in 1..<slots.count {
            let slot = UnsafePointer(slots.base + id)
            if NavSlots.isEmpty(slot) { continue }
            let nav = NavSlots.payload(slot)
            if id != besides, NavSlots.hasTransition(nav),
                NavSlots.transition(of: nav).pointee.removed.contains(name)
            {
                return true
            }
            if !nav.pointee.queue.isEmpty, nav.pointee.queue.contains(where: { $0.mentions(name) }) { return true }
        }
        return false
    }

    /// One for each id, plus each controller's screens leaving in its running
    /// transition and its queued calls: what releasing a screen examines (the
    /// work count). Read in place.
    func inFlightWeight() -> Int {
        var weight = 0
        for id in 1..<slots.count {
            weight += 1
            let slot = UnsafePointer(slots.base + id)
            if NavSlots.isEmpty(slot) { continue }
            let nav = NavSlots.payload(slot)
            if NavSlots.hasTransition(nav) { weight += NavSlots.transition(of: nav).pointee.removed.count }
            weight += nav.pointee.queue.count
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
        while id < slots.count, !isEmptySlot(id) { id += 1 }
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
        while id < slots.count, !isEmptySlot(id) { id += 1 }
        return id
    }

    /// Whether the slot is nil, without copying the controller out of it.
    private func isEmptySlot(_ id: Int) -> Bool {
        NavSlots.isEmpty(slots.base + id)
    }

    /// Whether id `id` (one of `ids`) holds a controller, its slot's tag read in place.
    func hasController(_ id: Int) -> Bool { !isEmptySlot(id) }

    /// Live ids, ascending.
    var keys: [Int] { ids.filter { !isEmptySlot($0) } }

    /// Brings the slots' hashes up to date (`NavSlots.refreshHashes`) when
    /// this table alone holds them; otherwise leaves them (reads never write
    /// slots that other copies share), and the fingerprint hashes the
    /// controllers written since their last hash itself.
    ///
    /// Whether a hash is stale is asked first, in line: a step that wrote no
    /// controller left every hash kept, and the refresh cost a call to the
    /// runtime's uniqueness test and one to itself, about 35 instructions,
    /// on a third of plain.nav's states.
    @inline(__always) mutating func refreshHashes() {
        if slots.allHashed { return }
        guard isUniqueInstance(&slots) else { return }
        slots.refreshHashes()
    }
}

extension NavTable: Hashable {
    /// Ids up to the last live one: trailing empty slots are not part of the value.
    private var liveEnd: Int {
        var end = slots.count
        while end > 1, isEmptySlot(end - 1) { end -= 1 }
        return end
    }

    @inline(__always) static func == (lhs: NavTable, rhs: NavTable) -> Bool {
        if lhs.slots === rhs.slots || lhs.slots.isUnwrittenCopy(of: rhs.slots)
            || rhs.slots.isUnwrittenCopy(of: lhs.slots)
        {
            return true
        }
        let end = lhs.liveEnd
        guard end == rhs.liveEnd else { return false }
        for id in 1..<end {
            // In place: `!=` on two slots copied both controllers out first.
            let a = UnsafePointer(lhs.slots.base + id)
            let b = UnsafePointer(rhs.slots.base + id)
            let aEmpty = NavSlots.isEmpty(a)
            guard aEmpty == NavSlots.isEmpty(b) else { return false }
            if !aEmpty, !NavController.same(NavSlots.payload(a), NavSlots.payload(b)) { return false }
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for id in 1..<liveEnd { hasher.combine(slots.base[id]) }
    }
}

/// The last `NavSlots.serial` given out.
private let navSlotsSerials = Atomic<UInt64>(0)

/// The memory behind a `NavTable`: room for `capacity` slots, of which the
/// first `count` are initialised (slot 0 always nil), allocated once and freed
/// with the object. Written only through a table that holds the one reference
/// to it (`isKnownUniquelyReferenced`), so copies on other threads only read it.
final class NavSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<NavController?>
    /// Beside each slot, what the summaries last took from it (NavTable+Summary.swift).
    let meta: UnsafeMutablePointer<SlotSummary>
    let capacity: Int
    private(set) var count: Int
    /// Slots written since the summaries were last brought up to date (at most `dirtyLimit`).
    let dirtyIDs: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) var dirtyCount = 0
    /// Ids of the controllers with a transition or a queued call, as of the summaries, unordered.
    @exclusivity(unchecked) var active: [Int] = []
    /// The sums of the slots' digests and stack counts, as of the summaries.
    @exclusivity(unchecked) var digestSum = 0
    @exclusivity(unchecked) var stackSum = 0
    /// Changes to the slots, ever (writes through the table's mutable
    /// addressor, and `assign(from:)`): the slots' version.
    @exclusivity(unchecked) private(set) var writes: UInt64 = 0
    /// The `serial` of the slots these were last made equal to by
    /// `assign(from:)` (0: none), and the version of each then. While
    /// neither has changed since, the two are equal without a look at a
    /// slot (`isUnwrittenCopy(of:)`): the explorer's test of a step that left
    /// the controllers alone, and its way back to the parent.
    ///
    /// A number, not a reference: a reference to the parent's slots kept
    /// them from being their own table's alone, so the explorer's rebuild of
    /// the next parent in place copied them on its first write, and the
    /// reset after freed the old ones (plain.nav, depth 7: 3,346 copies and
    /// frees, 2 % of the search); it also cost a retain at each reset and a
    /// release at the write after.
    @exclusivity(unchecked) private var originSerial: UInt64 = 0
    /// A number no other slots of this process have (never 0), which
    /// `originSerial` names: unlike an address, never reused.
    let serial = navSlotsSerials.wrappingAdd(1, ordering: .relaxed).newValue
    /// The encoder `refreshHashes` hashes the controllers with, kept from one
    /// refresh to the next with the strings it hashed lately (an outside
    /// delegate's name, in every controller it is set on). An encoder made
    /// for each refresh was made and destroyed about once a new state, and
    /// hashed the name's bytes again for every controller written (gate.nav,
    /// depth 7: 60,365 times, 3.5 % of the search). Written only by
    /// `refreshHashes`, on slots one table alone holds.
    @exclusivity(unchecked) var encoder = StateEncoder()
    @exclusivity(unchecked) private var originWrites: UInt64 = 0
    @exclusivity(unchecked) private var writesAtAssign: UInt64 = 0

    /// Whether these slots were made equal to `other` and neither has changed since.
    @inline(__always) func isUnwrittenCopy(of other: NavSlots) -> Bool {
        originSerial == other.serial && writes == writesAtAssign && other.writes == originWrites
    }

    /// A slot is about to be written: a new version, and no longer a copy.
    @inline(__always) func noteWrite() {
        writes &+= 1
    }

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        // One block for the slots, their summaries and the dirty ids: a copy
        // of the table (the explorer makes one on most steps) costs one
        // allocation and one free, not three.
        let layout = NavSlots.layout(capacity: self.capacity)
        let block = UnsafeMutableRawPointer.allocate(byteCount: layout.bytes, alignment: layout.alignment)
        base = block.bindMemory(to: NavController?.self, capacity: self.capacity)
        base.initialize(to: nil)
        meta = (block + layout.meta).bindMemory(to: SlotSummary.self, capacity: self.capacity)
        meta.initialize(to: SlotSummary())
        dirtyIDs = (block + layout.dirtyIDs).bindMemory(to: Int.self, capacity: NavSlots.dirtyLimit)
        // Every one initialised: `assign(from:)` reads the ids past this
        // list's count that it may write (to compare them first).
        dirtyIDs.initialize(repeating: 0, count: NavSlots.dirtyLimit)
        count = 1
    }

    /// Where the summaries and the dirty ids start in the block, its size and alignment.
    private static func layout(capacity: Int) -> (meta: Int, dirtyIDs: Int, bytes: Int, alignment: Int) {
        func roundUp(_ n: Int, _ alignment: Int) -> Int { (n + alignment - 1) / alignment * alignment }
        let meta = roundUp(MemoryLayout<NavController?>.stride * capacity, MemoryLayout<SlotSummary>.alignment)
        let dirtyIDs = roundUp(meta + MemoryLayout<SlotSummary>.stride * capacity, MemoryLayout<Int>.alignment)
        let alignment = Swift.max(
            MemoryLayout<NavController?>.alignment, MemoryLayout<SlotSummary>.alignment, MemoryLayout<Int>.alignment)
        return (meta, dirtyIDs, dirtyIDs + MemoryLayout<Int>.stride * NavSlots.dirtyLimit, alignment)
    }

    /// A copy with room for `capacity` slots (at least as many as this one has).
    func copy(capacity: Int) -> NavSlots {
        let copy = NavSlots(capacity: Swift.max(capacity, count))
        (copy.base + 1).initialize(from: base + 1, count: count - 1)
        (copy.meta + 1).initialize(from: meta + 1, count: count - 1)
        copy.dirtyIDs.update(from: dirtyIDs, count: dirtyCount)
        copy.dirtyCount = dirtyCount
        copy.active = active
        copy.digestSum = digestSum
        copy.stackSum = stackSum
        copy.count = count
        return copy
    }

    /// Makes every slot, summary and sum equal to `other`'s, in place (the
    /// capacity is enough). Each controller keeps the parts it shares with
    /// `other`'s (`NavController.reset(to:spare:)`, which may leave a list's
    /// storage in `spare`). Only on slots that one table alone holds.
    func assign(from other: NavSlots, spare: inout [ScreenName]) {
        // Asserted, not a precondition: the one caller (`NavTable.reset`)
        // has just tested it, and the test again cost about 3 instructions
        // a reset on every setup.
        assert(capacity >= other.count)
        if count > other.count { Self.deinitializeSlots(base + other.count, count: count - other.count) }
        let common = Swift.min(count, other.count)
        // A while loop: a range's loop tested its bounds first and its
        // counter's overflow (legacy.nav 5,743 -> 5,726 instructions a
        // state at depth 10, the other setups 10 to 12 fewer).
        var id = 1
        while id < common {
            defer { id &+= 1 }
            let mine = base + id
            let theirs = UnsafePointer(other.base + id)
            // This slot's tag is tested where it is needed, and an empty slot
            // is initialised (it holds nothing to destroy), not assigned: a
            // test ahead of the branches, with assignments in them, copied the
            // whole controller (240 bytes) onto the stack on every slot first
            // (plain.nav, depth 7: about 33 instructions a slot, 0.9 % of the search).
            if NavSlots.isEmpty(theirs) {
                if !NavSlots.isEmpty(mine) { clear(&mine.pointee) }
            } else if NavSlots.isEmpty(mine) {
                mine.initialize(to: theirs.pointee)
            } else {
                NavSlots.payload(mine).pointee.reset(to: NavSlots.payload(theirs), spare: &spare)
            }
        }
        if other.count > common { (base + common).initialize(from: other.base + common, count: other.count - common) }
        // Summaries are plain values, copied one by one: a search's tables
        // hold a controller or two, and a memmove call for one summary cost
        // more (about 2 instructions a state on every setup).
        // The last first, outside the loop: most tables hold one controller
        // (count 2), and the loop's set-up for one summary cost about as
        // much as the copy (legacy.nav 5,769 -> 5,760 instructions a state
        // at depth 10, the other setups 5 to 6 fewer). (With no controller,
        // the last is slot 0's, the same default summary in every table.)
        let last = other.count &- 1
        meta[last] = other.meta[last]
        for id in 1..<Swift.max(last, 1) { meta[id] = other.meta[id] }
        // Id by id, written where they differ: the list is short (a slot
        // stays dirty until the 33rd, so the parent's list is mostly this
        // one's already), and `update(from:count:)` called memmove for it
        // (about 25 instructions a reset on legacy.nav).
        let dirty = other.dirtyCount
        // The first outside the loop, as the summaries' last (every entry
        // is initialised, so one past the count may be written): legacy.nav
        // 5,760 -> 5,743 instructions a state at depth 10, the other setups
        // 10 to 12 fewer.
        dirtyIDs[0] = other.dirtyIDs[0]
        for k in 1..<Swift.max(dirty, 1) where dirtyIDs[k] != other.dirtyIDs[k] { dirtyIDs[k] = other.dirtyIDs[k] }
        dirtyCount = dirty
        if !sameStorage(active, other.active) { active = other.active }
        digestSum = other.digestSum
        stackSum = other.stackSum
        count = other.count
        writes &+= 1
        originSerial = other.serial
        originWrites = other.writes
        writesAtAssign = writes
    }

    /// Deinitializes `count` slots from `first`, each controller as a
    /// controller: `deinitialize(count:)` of the optionals went through
    /// swift_arrayDestroy and the optional's value witnesses, found by its
    /// metadata, slot by slot, empty ones too (gate.nav's search: 14,365
    /// calls from `assign(from:)`, 1.9 % of its instructions).
    @inline(never) static func deinitializeSlots(_ first: UnsafeMutablePointer<NavController?>, count: Int) {
        for k in 0..<count where !isEmpty(first + k) { payload(first + k).deinitialize(count: 1) }
    }

    /// Whether a slot holds no controller, tested as the tag of its class.
    ///
    /// `if case .none = slot.pointee` called the optional controller's
    /// outlined tag function (9 instructions and a call: 1.4 million calls,
    /// 2.9 % of legacy.nav's search, 241 call sites). A controller's extra
    /// inhabitants are its class's (the first field with the most of them:
    /// the class name's string), so an empty slot holds, where its class
    /// would be, the bits of a nil `ControllerClass?`, whose tag test is
    /// one compare in line. `SlotLayoutTests` checks this on the layout the
    /// compiler chose.
    @inline(__always) static func isEmpty(_ slot: UnsafePointer<NavController?>) -> Bool {
        let cls = (UnsafeRawPointer(slot) + classOffset).assumingMemoryBound(to: ControllerClass?.self)
        if case .none = cls.pointee { return true } else { return false }
    }

    /// Where a controller's class is kept (folded to a constant).
    @inline(__always) static var classOffset: Int {
        MemoryLayout<NavController>.offset(of: \NavController.cls)!
    }

    /// The controller in a slot that holds one, in place. (An optional's
    /// value is at its start, as for every single-payload enum: reading it
    /// through `!` copied the whole controller out first.)
    @inline(__always) static func payload(_ slot: UnsafeMutablePointer<NavController?>) -> UnsafeMutablePointer<
        NavController
    > {
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: NavController.self)
    }

    @inline(__always) static func payload(_ slot: UnsafePointer<NavController?>) -> UnsafePointer<NavController> {
        UnsafeRawPointer(slot).assumingMemoryBound(to: NavController.self)
    }

    /// The running transition of a controller that has one, in place (an
    /// optional's value is at its start, as for the slots).
    @inline(__always) static func transition(of nav: UnsafePointer<NavController>) -> UnsafePointer<NavTransition> {
        (UnsafeRawPointer(nav) + transitionOffset).assumingMemoryBound(to: NavTransition.self)
    }

    @inline(__always) static func transition(of nav: UnsafeMutablePointer<NavController>)
        -> UnsafeMutablePointer<NavTransition>
    {
        (UnsafeMutableRawPointer(nav) + transitionOffset).assumingMemoryBound(to: NavTransition.self)
    }

    /// Whether a controller has a transition, its tag tested in place
    /// (`pointee.isTransitioning` copied the transition out first, twice,
    /// its arrays retained and released: 2.8 % of a search's instructions).
    @inline(__always) static func hasTransition(_ nav: UnsafePointer<NavController>) -> Bool {
        let field = (UnsafeRawPointer(nav) + transitionOffset).assumingMemoryBound(to: NavTransition?.self)
        if case .none = field.pointee { return false } else { return true }
    }

    /// A controller's delegate, in place.
    @inline(__always) static func delegate(of nav: UnsafePointer<NavController>) -> UnsafePointer<DelegateSlot> {
        (UnsafeRawPointer(nav) + delegateOffset).assumingMemoryBound(to: DelegateSlot.self)
    }

    /// A controller's tab name, in place.
    @inline(__always) static func tabName(of nav: UnsafePointer<NavController>) -> UnsafePointer<String?> {
        (UnsafeRawPointer(nav) + tabNameOffset).assumingMemoryBound(to: String?.self)
    }

    @inline(__always) private static var tabNameOffset: Int {
        MemoryLayout<NavController>.offset(of: \NavController.tabName)!
    }

    @inline(__always) private static var delegateOffset: Int {
        MemoryLayout<NavController>.offset(of: \NavController.delegate)!
    }

    /// Where a controller's transition is kept (folded to a constant).
    @inline(__always) private static var transitionOffset: Int {
        MemoryLayout<NavController>.offset(of: \NavController.transition)!
    }

    /// Adds empty slots up to `newCount` (within the capacity).
    func extend(to newCount: Int) {
        precondition(newCount <= capacity)
        guard newCount > count else { return }
        (base + count).initialize(repeating: nil, count: newCount - count)
        (meta + count).initialize(repeating: SlotSummary(), count: newCount - count)
        count = newCount
    }

    deinit {
        Self.deinitializeSlots(base, count: count)
        UnsafeMutableRawPointer(base).deallocate()
    }
}

extension NavTable {
    /// The ids `==` compares: 1 up to the last live one (trailing empty slots are not part of the value).
    var comparedIDs: Range<Int> { 1..<liveEnd }
}
