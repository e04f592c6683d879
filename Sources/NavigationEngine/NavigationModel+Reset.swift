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
        if !screens.sharesStorage(with: other.screens) { screens = other.screens }
        screens.clearReleased()
        navs.reset(to: other.navs)
        nextNavID = other.nextNavID
        if !window.sharesStorage(with: other.window) { window = other.window }
        if !modals.sharesStorage(with: other.modals) { modals = other.modals }
        if isModalTransitioning || other.isModalTransitioning { modalTransition = other.modalTransition }
        if !controllerClass.sharesStorage(with: other.controllerClass) { controllerClass = other.controllerClass }
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

extension ControllerClass {
    /// Whether `other` is this class (a name in the same storage compares at
    /// once, without a look at its bytes).
    func sharesStorage(with other: ControllerClass) -> Bool {
        features == other.features && nameHash == other.nameHash && name == other.name
    }
}

extension NavTable {
    /// Becomes equal to `other`, each part that is `other`'s already left as it is.
    mutating func reset(to other: NavTable) {
        if !sameStorage(slots, other.slots) { slots = other.slots }
        if !sameStorage(meta, other.meta) { meta = other.meta }
        if !sameStorage(dirtyIDs, other.dirtyIDs) { dirtyIDs = other.dirtyIDs }
        if !sameStorage(active, other.active) { active = other.active }
        digestSum = other.digestSum
        stackSum = other.stackSum
        searchFrom = other.searchFrom
    }
}

/// Whether two arrays are one array and an unchanged copy of it (the same
/// storage): equal then without a look at their elements. False for two
/// equal arrays in storages of their own. (The buffers' addresses are only
/// compared, inside the calls that lend them.)
func sameStorage<T>(_ lhs: [T], _ rhs: [T]) -> Bool {
    lhs.withUnsafeBufferPointer { mine in
        rhs.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
}
