import NavScript
import NavigationEngine

/// What to search: the actions, the properties, the bounds.
public struct ExploreConfiguration: Sendable {
    public var actions: [ExploreAction]
    public var invariants: [Invariant]
    /// The built-in properties checked, in report order.
    public var checks: [BuiltinProperty]
    public var depth = 8
    public var maxStates = 50_000_000
    public var jobs = 1
    /// Go on after the first violation: the shortest sequence for each property.
    public var all = false
    /// Only this shard's sequences (explorer.md section 6); nil: all of them.
    public var shard: ExploreShard?
    /// Parents a job takes in every batch, fixed; nil sizes the batches by
    /// wall time (`Explorer.batchSeconds`). The answers are the same either
    /// way; a fixed size makes the work done the same from run to run
    /// (`NAVSH_EXPLORE_BATCH`, for scripts/bench.d/explore-instructions).
    public var fixedBatchPerJob: Int?
    /// The bytes a batch's expansions may take (`MemoryBudget.batchBytes`):
    /// batches are made no bigger than that holds; nil: no limit.
    public var batchBytes: Int?

    /// At most this many invariants (each property is a bit of a word).
    public static let maxInvariants = 64 - BuiltinProperty.allCases.count

    public init(actions: [ExploreAction], invariants: [Invariant], checks: [BuiltinProperty]) {
        self.actions = actions
        self.invariants = invariants
        self.checks = checks
    }
}

/// The breadth-first search of explorer.md: every sequence of the listed
/// actions and waits from a start state, level by level, the properties
/// checked after every step; the shortest violating sequence, first in the
/// explore list's order (wait last), the same for every number of jobs.
///
/// States are stored once, as 64-bit fingerprints of their canonical form
/// (the clock made relative); each state keeps only its parent and the step
/// that reached it, and a counterexample is rebuilt by running its steps again.
/// Instance numbers are not renamed: `Detail#2` and `Detail#3` in the same
/// place make two states.
public struct Explorer: Sendable {
    let start: NavigationModel
    let config: ExploreConfiguration
    /// Each action prepared on `start` (`NavigationModel.prepare(_:)`), nil
    /// for one that runs as its `Action`.
    let prepared: [PreparedAction?]
    /// The lengths of the timed transitions the listed actions can start
    /// (`NavigationModel.startDurations(of:)`): a wait stops short of a
    /// deadline by each of them.
    let startDurations: [Int]
    /// Bits of the properties checked.
    let checkedMask: UInt64
    /// `no log "TEXT"` invariants: (bit, text), checked on every step's events.
    let noLog: [(bit: Int, text: String)]
    /// The other invariants: (bit, expectation), checked on every new state.
    let stateInvariants: [(bit: Int, expectation: Expectation)]
    /// Whether a checked property reads a step's events (a `no log`, a `log`
    /// or a `sequence` invariant); when none does, the steps record none.
    let readsEvents: Bool
    /// The bits of the built-in properties judged on a state, 0 for one not
    /// checked (`check` leaves it out): it is not even judged.
    let stateBits: (responsive: UInt64, bar: UInt64, gates: UInt64, confirmations: UInt64)
    /// The bits of the properties that belong to a step, not a state (an
    /// exception, a `no log` text): checked even when the step's state was seen.
    let stepMask: UInt64
    /// Whether states that differ only in instance numbers are one state: only
    /// when no action or invariant can tell instances apart by their numbers
    /// (a `#`, a `no log` text, a `stack` invariant, which compares names as shown).
    public let renamesInstances: Bool
    /// For each action, the test that tells a step of it the model says
    /// changes nothing (`NavigationModel.ignores(_:)`), counted without
    /// being run: a back, swipe, drag, dismiss or pop, when no `no log`
    /// invariant reads the step's events (what else a step is judged by, an
    /// exception and a new state, such a step never has); and, when the
    /// search renames instances, a push or presentation of a new instance
    /// that a running modal transition drops (`IgnoreTest.newInstance`: its
    /// state, renamed, is the parent's); nil for the rest.
    let ignoreTests: [NavigationModel.IgnoreTest?]

    /// For each action, the test that tells a step of it UIKit's model
    /// refuses at once (`NavigationModel.refuses(_:in:)`: a tap with no alert
    /// up, a release with no swipe held), not run and no step; nil for the rest.
    let refusalTests: [NavigationModel.RefusalTest?]

    /// The actions with a refusal test and with an ignore test, each with
    /// its test (`NavigationModel.unrunSteps`), when there are at most 63
    /// actions (`stepMasksFit`).
    let refusalList: [(step: Int, test: NavigationModel.RefusalTest)]
    let ignoreList: [(step: Int, test: NavigationModel.IgnoreTest)]
    /// Whether a mask holds a bit for every step (the actions' and the wait's).
    let stepMasksFit: Bool

    /// For each action, whether a step of it may be counted unrun (`ignoreTests`).
    var skipsIgnored: [Bool] { ignoreTests.map { $0 != nil } }

    public init(start: NavigationModel, configuration: ExploreConfiguration) {
        var model = start
        // Every class name an action can name gets its number now, so a state
        // has one spelling whatever the order it is reached in.
        for action in configuration.actions { model.meetNames(of: action.action) }
        prepared = configuration.actions.map { model.prepare($0.action) }
        model.canonicalize()
        self.start = model
        config = configuration
        var mask: UInt64 = 0
        for p in configuration.checks { mask |= 1 << UInt64(Property.builtin(p).rank) }
        var noLog: [(Int, String)] = []
        var others: [(Int, Expectation)] = []
        for (i, inv) in configuration.invariants.prefix(ExploreConfiguration.maxInvariants).enumerated() {
            let bit = Property.invariant(i).rank
            mask |= 1 << UInt64(bit)
            if case .log(let text, present: false) = inv.expectation {
                noLog.append((bit, text))
            } else {
                others.append((bit, inv.expectation))
            }
        }
        checkedMask = mask
        func bit(_ p: BuiltinProperty) -> UInt64 { mask & (1 << UInt64(Property.builtin(p).rank)) }
        stateBits = (bit(.responsive), bit(.bar), bit(.gates), bit(.confirmations))
        self.noLog = noLog
        stepMask = noLog.reduce(1 << UInt64(Property.builtin(.exceptions).rank)) { $0 | 1 << UInt64($1.0) }
        stateInvariants = others
        readsEvents = !noLog.isEmpty || others.contains { Self.readsEvents($0.1) }
        startDurations = model.startDurations(of: configuration.actions.map(\.action))
        refusalTests = configuration.actions.map { NavigationModel.refusalTest(for: $0.action) }
        renamesInstances =
            !configuration.actions.contains { $0.source.contains("#") }
            && !configuration.invariants.contains { invariant in
                if invariant.source.contains("#") { return true }
                switch invariant.expectation {
                case .log, .stack: return true
                default: return false
                }
            }
        var tests = configuration.actions.map { noLog.isEmpty ? NavigationModel.ignoreTest(for: $0.action) : nil }
        if renamesInstances, noLog.isEmpty {
            for (i, p) in prepared.enumerated() where tests[i] == nil {
                if let p { tests[i] = NavigationModel.renamingIgnoreTest(for: p) }
            }
        }
        ignoreTests = tests
        refusalList = refusalTests.enumerated().compactMap { i, test in test.map { (i, $0) } }
        ignoreList = tests.enumerated().compactMap { i, test in test.map { (i, $0) } }
        stepMasksFit = configuration.actions.count < 64
    }

    /// Whether checking `expectation` reads the events of the last step
    /// (`Session.failure(of:model:recent:)` reads `recent` for these only).
    static func readsEvents(_ expectation: Expectation) -> Bool {
        switch expectation {
        case .log, .sequence: true
        default: false
        }
    }

    var waitIndex: Int { config.actions.count }

    // MARK: - One step

    /// The next critical instant (explorer.md section 3): the earliest
    /// deadline in flight, or earlier, a deadline less a duration an action
    /// could start; nil when the clock can end nothing.
    func waitTarget(_ model: NavigationModel) -> Int? {
        NavigationModel.nextCriticalInstant(in: model, startDurations: startDurations)
    }

    /// `waitTarget(_:)` of a model lent in place rather than copied.
    @inline(__always)
    func waitTarget(in model: inout NavigationModel) -> Int? {
        NavigationModel.nextCriticalInstant(in: &model, startDurations: startDurations)
    }

    /// Runs step `index` (an action, or the wait) on `model`. Returns nil when
    /// it is no step (a refused command, a wait with nothing to end), else
    /// whether UIKit raised an exception. With `recording` false `events` is
    /// left empty: the step records nothing (the same state, the same answer).
    func run(_ index: Int, on model: inout NavigationModel, events: inout [Event], recording: Bool = true) -> Bool? {
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        if index < config.actions.count {
            do {
                if let action = prepared[index] {
                    return try model.performStep(action, events: &events, recording: recording) != nil
                }
                return try model.performStep(config.actions[index].action, events: &events, recording: recording)
                    != nil
            } catch {
                return nil
            }
        }
        guard let target = waitTarget(in: &model) else { return nil }
        wait(until: target, on: &model, events: &events, recording: recording)
        return false
    }

    /// The wait step on `model`, its target (`waitTarget(in:)`) read already:
    /// `run(waitIndex, on:events:recording:)` without reading it again.
    @inline(__always)
    func wait(until target: Int, on model: inout NavigationModel, events: inout [Event], recording: Bool) {
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        model.advanceClock(to: target, events: &events, recording: recording)
    }

    /// Properties a step breaks by what it did: an exception, a `no log` text.
    func stepViolations(raised: Bool, events: [Event], names: ClassNames) -> UInt64 {
        var mask: UInt64 = 0
        if raised { mask |= 1 << UInt64(Property.builtin(.exceptions).rank) }
        for (bit, text) in noLog where events.contains(where: { EventRenderer.words($0, names: names).contains(text) })
        {
            mask |= 1 << UInt64(bit)
        }
        return mask & checkedMask
    }

    /// Properties a state breaks.
    func stateViolations(_ model: NavigationModel, events: [Event]) -> UInt64 {
        var model = model
        return stateViolations(in: &model, events: events)
    }

    /// `stateViolations(_:events:)` of the model the explorer steps, read in
    /// place (`NavigationModel.isFrozen(_:)` and the rest, lent) rather than copied.
    @inline(__always)
    func stateViolations(in model: inout NavigationModel, events: [Event]) -> UInt64 {
        var mask: UInt64 = 0
        let bits = stateBits
        typealias M = NavigationModel
        if bits.responsive != 0, M.isFrozen(&model) { mask |= bits.responsive }
        if bits.bar != 0, M.isBarCorrupted(&model), !M.isBusy(&model) { mask |= bits.bar }
        if bits.gates != 0, M.breaksGates(&model) { mask |= bits.gates }
        if bits.confirmations != 0, M.breaksConfirmations(&model) { mask |= bits.confirmations }
        for (bit, expectation) in stateInvariants
        where Session.failure(of: expectation, model: model, recent: events[...]) != nil {
            mask |= 1 << UInt64(bit)
        }
        return mask & checkedMask
    }

    /// The state as the seen-set knows it: the clock made relative and, when allowed, instances renumbered.
    func canonical(_ model: inout NavigationModel) {
        model.canonicalize()
        if renamesInstances { model.renameInstances() }
    }

    /// `canonical(_:)` of a model one step from `parent`, a canonical state
    /// (`NavigationModel.renameInstances(stepFrom:)`).
    @inline(__always)
    func canonical(_ model: inout NavigationModel, stepFrom parent: inout NavigationModel) {
        model.canonicalize(renaming: renamesInstances, stepFrom: &parent)
    }

    /// `canonical(_:stepFrom:)` of a model stepped on its parent's own
    /// model, with what the renaming reads of the parent taken before (`StepOrigin`).
    @inline(__always)
    func canonical(_ model: inout NavigationModel, stepFrom origin: inout StepOrigin) {
        model.canonicalize(renaming: renamesInstances, stepFrom: &origin)
    }

    /// The 64-bit fingerprint of a canonical state (`StateCodec.fingerprint(of:)`).
    static func fingerprint(_ model: NavigationModel) -> UInt64 {
        var codec = StateCodec(declarationsOf: model)
        var model = model
        return codec.fingerprint(of: &model)
    }
}
