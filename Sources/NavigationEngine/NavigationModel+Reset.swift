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
        withUnsafePointer(to: other) { reset(to: $0) }
    }

    /// `reset(to:)` of the model `other` points to, read part by part where
    /// it is (handed over whole, the model was copied first, every part
    /// retained and released). `other` must not be this model.
    public mutating func reset(to other: UnsafePointer<NavigationModel>) {
        profile = other.pointee.profile
        clock = other.pointee.clock
        durations = other.pointee.durations
        if !traits.sharesStorage(with: other.pointee.traits) { traits = other.pointee.traits }
        if !counters.sharesStorage(with: other.pointee.counters) { counters = other.pointee.counters }
        created = other.pointee.created
        screens.reset(to: other.pointee.screens)
        if !sameStorage(navs.slots, other.pointee.navs.slots) { navs.slots = other.pointee.navs.slots }
        if !sameStorage(navs.meta, other.pointee.navs.meta) { navs.meta = other.pointee.navs.meta }
        if !sameStorage(navs.dirtyIDs, other.pointee.navs.dirtyIDs) { navs.dirtyIDs = other.pointee.navs.dirtyIDs }
        if !sameStorage(navs.active, other.pointee.navs.active) { navs.active = other.pointee.navs.active }
        navs.digestSum = other.pointee.navs.digestSum
        navs.stackSum = other.pointee.navs.stackSum
        navs.searchFrom = other.pointee.navs.searchFrom
        nextNavID = other.pointee.nextNavID
        if !window.sharesStorage(with: other.pointee.window) { window = other.pointee.window }
        if !modals.sharesStorage(with: other.pointee.modals) { modals = other.pointee.modals }
        if isModalTransitioning || other.pointee.isModalTransitioning {
            modalTransition = other.pointee.modalTransition
        }
        if !controllerClass.sharesStorage(with: other.pointee.controllerClass) {
            controllerClass = other.pointee.controllerClass
        }
        if hasAlert || other.pointee.hasAlert { alert = other.pointee.alert }
        frozen = other.pointee.frozen
        nesting = other.pointee.nesting
        if !sameStorage(guarantees.guarded, other.pointee.guarantees.guarded) {
            guarantees.guarded = other.pointee.guarantees.guarded
        }
        if !sameStorage(guarantees.granted, other.pointee.guarantees.granted) {
            guarantees.granted = other.pointee.guarantees.granted
        }
        guarantees.gateBreach = other.pointee.guarantees.gateBreach
        guarantees.confirmationBreach = other.pointee.guarantees.confirmationBreach
        contentPanUsed = other.pointee.contentPanUsed
        preemption = other.pointee.preemption
        scratch.quiet = other.pointee.scratch.quiet
        scratch.steps = other.pointee.scratch.steps
        if !sameStorage(scratch.events, other.pointee.scratch.events) { scratch.events = other.pointee.scratch.events }
        if !names.sharesStorage(with: other.pointee.names) { nameTable = other.pointee.nameTable }
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
    lhs.withUnsafeBufferPointer { mine in
        rhs.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
}
