// Entry points for a caller that keeps its models in storage of its own (the
// explorer's search, NavExplorer) and lends them where they are. A model read
// from another module's storage and handed over by value is copied first:
// every array, table and string in it retained, then released, on every call.
// Lent `inout`, it is passed by address and not copied. None of these changes
// a model it is lent; each runs the value API of the same name.

extension NavigationModel {
    public mutating func canonicalize(renaming: Bool, stepFrom parent: inout NavigationModel) {
        canonicalize(renaming: renaming, stepFrom: parent)
    }

    public mutating func canonicalize(renaming: Bool, stepFrom origin: inout StepOrigin) {
        canonicalize(renaming: renaming, stepFrom: origin)
    }

    public mutating func renameInstances(stepFrom parent: inout NavigationModel) {
        renameInstances(stepFrom: parent)
    }

    public static func nextCriticalInstant(in model: inout NavigationModel, startDurations: [Int]) -> Int? {
        nextCriticalInstant(in: model, startDurations: startDurations)
    }

    public static func ignores(_ test: IgnoreTest, in model: inout NavigationModel) -> Bool {
        ignores(test, in: model)
    }

    public static func ignores(_ action: Action, in model: inout NavigationModel) -> Bool {
        ignores(action, in: model)
    }

    public static func refuses(_ test: RefusalTest, in model: inout NavigationModel) -> Bool {
        refuses(test, in: model)
    }

    public static func unrunSteps(
        refusals: some Sequence<(step: Int, test: RefusalTest)>,
        ignores: some Sequence<(step: Int, test: IgnoreTest)>,
        in model: inout NavigationModel
    ) -> (refused: UInt64, ignored: UInt64) {
        unrunSteps(refusals: refusals, ignores: ignores, in: model)
    }

    public static func isFrozen(_ model: inout NavigationModel) -> Bool { isFrozen(model) }
    public static func isBarCorrupted(_ model: inout NavigationModel) -> Bool { isBarCorrupted(model) }
    public static func isBusy(_ model: inout NavigationModel) -> Bool { isBusy(model) }
    public static func breaksGates(_ model: inout NavigationModel) -> Bool { breaksGates(model) }
    public static func breaksConfirmations(_ model: inout NavigationModel) -> Bool { breaksConfirmations(model) }
}
