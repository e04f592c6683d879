// Entry points for callers that keep their models in storage of their own
// and hand them over by address (the explorer's search: NavExplorer). Each
// reads the model through the pointer, for the call only, and runs the
// value API. Kept until the explorer calls the value API itself.

extension NavigationModel {
    /// `canonicalize(renaming:stepFrom:)` of the parent `parent` points to.
    /// (The parent's three parts read one by one: `parent.pointee` handed
    /// on whole was a copy of the whole model.)
    public mutating func canonicalize(renaming: Bool, stepFrom parent: UnsafePointer<NavigationModel>) {
        canonicalize(
            renaming: renaming, parentCreated: parent.pointee.created, parentScreens: parent.pointee.screens.count,
            parentCounters: parent.pointee.counters)
    }

    /// `canonicalize(renaming:stepFrom:)` of the origin `origin` points to.
    public mutating func canonicalize(renaming: Bool, stepFrom origin: UnsafePointer<StepOrigin>) {
        canonicalize(
            renaming: renaming, parentCreated: origin.pointee.created, parentScreens: origin.pointee.screenCount,
            parentCounters: origin.pointee.counters)
    }

    /// `renameInstances(stepFrom:)` of the parent `parent` points to.
    public mutating func renameInstances(stepFrom parent: UnsafePointer<NavigationModel>) {
        renameInstancesUnhashed(
            parentCreated: parent.pointee.created, parentScreens: parent.pointee.screens.count,
            parentCounters: parent.pointee.counters)
        navs.refreshHashes()
    }

    public static func nextCriticalInstant(in m: UnsafePointer<NavigationModel>, startDurations: [Int]) -> Int? {
        nextCriticalInstant(in: m.pointee, startDurations: startDurations)
    }

    public static func ignores(_ test: IgnoreTest, in model: UnsafePointer<NavigationModel>) -> Bool {
        ignores(test, in: model.pointee)
    }

    public static func ignores(_ action: Action, in model: UnsafePointer<NavigationModel>) -> Bool {
        ignores(action, in: model.pointee)
    }

    public static func refuses(_ test: RefusalTest, in m: UnsafePointer<NavigationModel>) -> Bool {
        refuses(test, in: m.pointee)
    }

    public static func unrunSteps(
        refusals: some Sequence<(step: Int, test: RefusalTest)>,
        ignores: some Sequence<(step: Int, test: IgnoreTest)>,
        in m: UnsafePointer<NavigationModel>
    ) -> (refused: UInt64, ignored: UInt64) {
        unrunSteps(refusals: refusals, ignores: ignores, in: m.pointee)
    }

    public static func isFrozen(_ model: UnsafePointer<NavigationModel>) -> Bool { isFrozen(model.pointee) }
    public static func isBarCorrupted(_ model: UnsafePointer<NavigationModel>) -> Bool {
        isBarCorrupted(model.pointee)
    }
    public static func isBusy(_ model: UnsafePointer<NavigationModel>) -> Bool { isBusy(model.pointee) }
    public static func breaksGates(_ model: UnsafePointer<NavigationModel>) -> Bool { breaksGates(model.pointee) }
    public static func breaksConfirmations(_ model: UnsafePointer<NavigationModel>) -> Bool {
        breaksConfirmations(model.pointee)
    }
}
