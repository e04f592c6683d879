// Making a model equal to another one again: the explorer's way back from a
// step to its parent.

extension NavigationModel {
    /// Makes this model equal to `other` (`==`, the same fingerprint, the
    /// same steps from here on), but for the screens released since the
    /// last renaming (`ScreenTable.releasedOrdinals`), which start empty.
    ///
    /// Part by part, a part that is `other`'s already (the same storage:
    /// a step leaves most parts of its parent's as they were) not assigned
    /// again, so that its reference counts do not change. Every stored
    /// property is here: `ResetTests` resets models that differ in each.
    public mutating func reset(to other: NavigationModel) {
        profile = other.profile
        clock = other.clock
        durations = other.durations
        if !traits.sharesStorage(with: other.traits) { traits = other.traits }
        if !counters.sharesStorage(with: other.counters) { counters = other.counters }
        created = other.created
        screens.reset(to: other.screens)
        if !sameStorage(navs.slots, other.navs.slots) { navs.slots = other.navs.slots }
        if !sameStorage(navs.meta, other.navs.meta) { navs.meta = other.navs.meta }
        if !sameStorage(navs.dirtyIDs, other.navs.dirtyIDs) { navs.dirtyIDs = other.navs.dirtyIDs }
        if !sameStorage(navs.active, other.navs.active) { navs.active = other.navs.active }
        navs.digestSum = other.navs.digestSum
        navs.stackSum = other.navs.stackSum
        navs.searchFrom = other.navs.searchFrom
        nextNavID = other.nextNavID
        if !window.sharesStorage(with: other.window) { window = other.window }
        if !modals.sharesStorage(with: other.modals) { modals = other.modals }
        if isModalTransitioning || other.isModalTransitioning {
            modalTransition = other.modalTransition
        }
        if controllerClass != other.controllerClass {
            controllerClass = other.controllerClass
        }
        if hasAlert || other.hasAlert { alert = other.alert }
        frozen = other.frozen
        nesting = other.nesting
        if !sameStorage(guarantees.guarded, other.guarantees.guarded) {
            guarantees.guarded = other.guarantees.guarded
        }
        if !sameStorage(guarantees.granted, other.guarantees.granted) {
            guarantees.granted = other.guarantees.granted
        }
        guarantees.gateBreach = other.guarantees.gateBreach
        guarantees.confirmationBreach = other.guarantees.confirmationBreach
        contentPanUsed = other.contentPanUsed
        preemption = other.preemption
        scratch.quiet = other.scratch.quiet
        scratch.steps = other.scratch.steps
        if !sameStorage(scratch.events, other.scratch.events) { scratch.events = other.scratch.events }
        if !names.sharesStorage(with: other.names) { nameTable = other.nameTable }
    }

    /// `reset(to:)` of a model lent in place, not changed (NavigationModel+Lent.swift).
    /// `other` must not be this model.
    public mutating func reset(to other: inout NavigationModel) { reset(to: other) }
}

extension WindowRoot {
    /// Whether `other` is this root in the same storage (a tab bar's ids).
    func sharesStorage(with other: WindowRoot) -> Bool {
        switch (self, other) {
        case (.nav(let a), .nav(let b)): a == b
        case (.tabs(let a, let s), .tabs(let b, let t)): s == t && sameStorage(a, b)
        default: false
        }
    }
}

/// Makes `mine` equal to `theirs` in its own buffer: emptied (its capacity
/// kept) and filled again, every element copied. So a model reset to its
/// parent keeps that buffer its own, and the next step writes it in place:
/// an assignment would share the parent's, and that step's first write
/// would copy it (a buffer allocated, and freed at the next reset). For
/// arrays of plain values, copied at once; nothing is done when the two
/// share their storage.
func refill<T>(_ mine: inout [T], from theirs: [T]) {
    if sameStorage(mine, theirs) { return }
    mine.removeAll(keepingCapacity: true)
    mine.append(contentsOf: theirs)
}

/// Whether two arrays are one array and an unchanged copy of it (the same
/// storage): equal then without a look at their elements. False for two
/// equal arrays in storages of their own. (The buffers' addresses are only
/// compared, inside the calls that lend them.)
func sameStorage<T>(_ lhs: [T], _ rhs: [T]) -> Bool {
    lhs.withUnsafeBufferPointer { mine in // house rules: identity only
        rhs.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress } // house rules: identity only
    }
}
