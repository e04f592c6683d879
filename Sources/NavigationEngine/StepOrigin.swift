/// What the canonical form of a state one step from a parent reads of the parent
/// (`NavigationModel.renameInstances(stepFrom:)`): the instances made and alive,
/// and the class counters. Taken before the step, it lets the step run on the
/// parent's own model, where a copy of the parent was made for it: the explorer's
/// last step from a parent runs so, which saves a `reset(to:)` a parent.
public struct StepOrigin: Sendable {
    var created = 0
    var screenCount = 0
    var counters = ClassCounters()

    public init() {}

    /// Takes the parent's, sharing its counters' storage.
    public mutating func take(from parent: NavigationModel) {
        created = parent.created
        screenCount = parent.screens.count
        counters = parent.counters
    }

    /// `take(from:)` of a parent lent in place, not changed (NavigationModel+Lent.swift).
    public mutating func take(from parent: inout NavigationModel) { take(from: parent) }
}
