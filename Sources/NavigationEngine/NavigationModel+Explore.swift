/// What `navsh explore` needs of a state beyond the commands: a canonical
/// form (the clock made relative), the instants the clock can stop at, and
/// the durations actions start transitions with.
extension NavigationModel {
    /// Makes the state canonical for the explorer's seen-set (explorer.md
    /// section 3): times become relative to now (the clock reads 0), and what
    /// no longer matters is dropped (guarantee entries of released screens,
    /// the counter of controllers ever made, the work count). Two states that
    /// differ only in the absolute clock are then equal.
    public mutating func canonicalize() {
        makeClockRelative()
    }

    /// `canonicalize()`, then `renameInstances(stepFrom: parent)` when `renaming`:
    /// the explorer's canonical form of a state one step from `parent`.
    public mutating func canonicalize(renaming: Bool, stepFrom parent: NavigationModel) {
        makeClockRelative()
        if renaming { renameInstances(stepFrom: parent) }
    }

    /// `canonicalize(renaming:stepFrom:)` of a state one step from a parent
    /// the model was, before the step: what the renaming reads of the parent
    /// taken then (`StepOrigin`).
    public mutating func canonicalize(renaming: Bool, stepFrom origin: StepOrigin) {
        makeClockRelative()
        if renaming { renameInstances(stepFrom: origin) }
    }

    /// `canonicalize(renaming:stepFrom:)` of a state one step from a parent
    /// with `parentCreated` instances made, `parentScreens` alive and the
    /// counters `parentCounters`.
    mutating func canonicalize(
        renaming: Bool, parentCreated: Int, parentScreens: Int, parentCounters: ClassCounters
    ) {
        makeClockRelative()
        if renaming {
            renameInstances(
                parentCreated: parentCreated, parentScreens: parentScreens, parentCounters: parentCounters)
        }
    }

    /// The clock made relative, and what no longer matters dropped (`canonicalize()`).
    private mutating func makeClockRelative() {
        let now = clock
        if now != 0 {
            clock = 0
            navs.shiftTransitions(by: now)
            if isModalTransitioning { modalTransition?.end -= now }
        }
        nextNavID = 0
        scratch.steps = 0
        pruneGuarantees()
    }

    /// The explorer's wait target (explorer.md section 3) in the model `m` points
    /// to: the earliest deadline in flight or, earlier, a deadline less one of
    /// `startDurations` (how long a transition an action may start takes) that is
    /// still to come; nil when the clock can end nothing. Read in place, on every
    /// wait step. Here, with the deadlines' loop in line: the explorer's closures
    /// handed to `forEachDeadline` from its own module were opaque calls, around
    /// which the loop retained and released the controllers' slots and their list
    /// of active ids.
    public static func nextCriticalInstant(in m: NavigationModel, startDurations: [Int]) -> Int? {
        var best = Int.max
        var start = Int.max
        let clock = m.clock
        forEachDeadline(in: m) { end in
            best = Swift.min(best, end)
            for d in startDurations {
                // (Wrapping: a deadline and a duration are far from the bounds.)
                let t = end &- d
                if t > clock, t < start { start = t }
            }
        }
        guard best != .max else { return nil }
        return Swift.min(best, start)
    }

    /// Calls `body` with the end of each transition in flight that the clock
    /// can end (not held or frozen pops), in no particular order, each at
    /// least once (a controller's may come twice: `NavTable.forEachActive`),
    /// for the model `m` points to, read in place. Nothing is allocated.
    static func forEachDeadline(in m: NavigationModel, _ body: (Int) -> Void) {
        if m.isModalTransitioning, let end = m.modalTransition?.end { body(end) }
        m.navs.forEachActive { id in
            if let end = m.navs.transitionEnd(id) { body(end) }
        }
    }

    /// Whether `action` would change nothing now and raise nothing: a touch UIKit
    /// ignores (an alert up, no back button, the bar in a transition, a swipe the
    /// gesture's delegate refuses), a dismiss with nothing to dismiss, or a pop
    /// from a root screen. Such a step only reports why (its events), so the
    /// explorer counts it without running it when no property reads a step's
    /// events: about a third of a search's steps are these.
    public func ignores(_ action: Action) -> Bool {
        Self.ignores(action, in: self)
    }

    /// `ignores(_:)` of the model `model` points to, read in place: called on
    /// the explorer's model, a variable, from another module, the method was
    /// handed a copy of the whole model (a memcpy of it) on every step it
    /// asked about.
    public static func ignores(_ action: Action, in model: NavigationModel) -> Bool {
        guard let test = ignoreTest(for: action) else { return false }
        return ignores(test, in: model)
    }

    /// The test `ignores(_:in:)` makes of an action, as a plain value (no strings,
    /// no arrays): what the explorer keeps beside each action. Handed the `Action`
    /// from its list on every step, it copied it first, the copy's strings retained
    /// and released.
    public enum IgnoreTest: Sendable, Equatable {
        case back
        /// A swipe (no percent) or a drag to `percent`.
        case swipe(percent: Int?)
        case dismiss
        /// A pop or a pop to root: the same test.
        case pop
        /// A push (`push` true) or a presentation of a new instance of a
        /// class: dropped while a modal transition runs, it moves only the
        /// class's counter on, which the renaming takes back when an instance
        /// was made before (for the explorer only when it renames instances).
        case newInstance(ClassName, push: Bool)
    }

    /// The test of a prepared push or presentation of a new instance
    /// (`IgnoreTest.newInstance`), nil for the rest.
    public static func renamingIgnoreTest(for action: PreparedAction) -> IgnoreTest? {
        switch action.command {
        case .push(let cls, _, _): .newInstance(cls, push: true)
        case .present(let cls, _, _): .newInstance(cls, push: false)
        default: nil
        }
    }

    /// Whether a new instance of `cls` pushed (or presented) now is dropped
    /// and its class was made before: a state equal to this one once renamed.
    /// (`nav`: the current controller's slot, `m.navs[ParentFacts.id]`.)
    static func newInstanceDropped(
        _ m: NavigationModel, _ cls: ClassName, push: Bool, nav: NavController?
    ) -> Bool {
        guard m.isModalTransitioning, (m.counters[cls] ?? 0) >= 1 else { return false }
        if !push { return true }
        guard let nav else { return false }
        return !nav.cls.features.contains(.swipeGuard)
    }

    /// The test of `action`, or nil for an action `ignores(_:in:)` has no
    /// test for (it then never says yes to it): the explorer asks once an
    /// action, and `ignores` only of these.
    public static func ignoreTest(for action: Action) -> IgnoreTest? {
        switch action {
        case .back: .back
        case .swipe: .swipe(percent: nil)
        case .drag(let percent): .swipe(percent: percent)
        case .dismiss: .dismiss
        case .pop, .popToRoot: .pop
        default: nil
        }
    }

    /// `ignores(_:in:)` by the action's test.
    public static func ignores(_ test: IgnoreTest, in model: NavigationModel) -> Bool {
        ignores(test, in: model, ParentFacts(model))
    }

    /// What every test of a parent reads first, read once: the current controller's
    /// id (a walk over the presentations, then a look at the window, whose tab
    /// bar's case copied and released its ids) and whether a touch reaches it
    /// (not when a touch is ignored whatever it is: frozen, an alert up, a plain
    /// modal on top). Each test asked them again. The controller itself is read
    /// where it is, in the model (kept here, it was copied for each parent).
    struct ParentFacts {
        let id: Int
        let touches: Bool

        init(_ m: borrowing NavigationModel) {
            id = m.currentNavID
            touches = m.touchBlocker() == nil && !m.plainModalOnTop
        }
    }

    /// `ignores(_:in:)` with the parent's facts read already.
    static func ignores(
        _ test: IgnoreTest, in m: NavigationModel, _ facts: ParentFacts
    ) -> Bool {
        switch test {
        case .back: backChangesNothing(touching: facts.touches ? m.navs[facts.id] : nil, in: m)
        case .swipe(let percent):
            swipeChangesNothing(touching: facts.touches ? m.navs[facts.id] : nil, in: m, percent: percent)
        case .dismiss: m.dismissChangesNothing
        case .pop: popChangesNothing(m, m.navs[facts.id], facts.id)
        case .newInstance(let cls, let push): newInstanceDropped(m, cls, push: push, nav: m.navs[facts.id])
        }
    }

    /// `backIgnored(_:) != nil` with the controller a touch reaches
    /// (`ParentFacts.touches`) read already: no back button, or the bar in
    /// a transition.
    static func backChangesNothing(
        touching nav: NavController?, in m: NavigationModel
    ) -> Bool {
        guard let nav else { return true }
        // A pre-emptable transition takes the tap (behaviour.md 5b, rule 5), as in `backIgnored`.
        if nav.isTransitioning, !(m.preemption && m.preemptable(nav)) { return true }
        return !backVisible(in: nav, of: m)
    }

    /// The commands refused at once, before they change anything, as a plain value:
    /// a tap when no alert is up, a release when no swipe is held and no pop is
    /// frozen (`refuseTap`, `refuseRelease`). The explorer asks `refuses(_:in:)`
    /// before it runs such a step, and a refused step is no step: run, it went
    /// through the step's set-up and a thrown error caught.
    public enum RefusalTest: Sendable, Hashable {
        case tap
        case release
    }

    /// The refusal test of `action`, or nil for one that is not refused at once.
    public static func refusalTest(for action: Action) -> RefusalTest? {
        switch action {
        case .tap: .tap
        case .release: .release
        default: nil
        }
    }

    /// Whether a command of `test`'s kind is refused now in the model `m`
    /// points to, read in place (the same tests its command makes first).
    public static func refuses(_ test: RefusalTest, in m: NavigationModel) -> Bool {
        switch test {
        case .tap: m.refusesTap
        case .release: m.refusesRelease
        }
    }

    /// `refuses(_:in:)` with the parent's facts read already.
    static func refuses(
        _ test: RefusalTest, in m: NavigationModel, _ facts: ParentFacts
    ) -> Bool {
        switch test {
        case .tap: m.refusesTap
        case .release: !m.isFrozen && heldPop(in: m.navs[facts.id]) == nil
        }
    }

    /// The steps of the state `m` points to that the explorer need not run, as two
    /// masks: bit `step` of `refused` for each of `refusals` that says its action
    /// is refused now (`refuses(_:in:)`), of `ignored` for each of `ignores` that
    /// says its action changes nothing (`ignores(_:in:)`); each step below 64.
    /// Asked once a parent, where the explorer asked each action's test in its own
    /// call from its module.
    public static func unrunSteps(
        refusals: some Sequence<(step: Int, test: RefusalTest)>,
        ignores: some Sequence<(step: Int, test: IgnoreTest)>,
        in m: borrowing NavigationModel
    ) -> (refused: UInt64, ignored: UInt64) {
        let facts = ParentFacts(m)
        var refused: UInt64 = 0
        for (step, test) in refusals where refuses(test, in: m, facts) {
            refused |= 1 &<< UInt64(truncatingIfNeeded: step)
        }
        var ignored: UInt64 = 0
        var swipe: SwipeCore?
        var pop: Bool?
        for (step, test) in ignores {
            // (`ignores(_:in:_:)`'s switch, written out: called, it was not inlined.)
            let yes: Bool
            switch test {
            case .back: yes = backChangesNothing(touching: facts.touches ? m.navs[facts.id] : nil, in: m)
            case .swipe(let percent):
                let core = swipe ?? swipeCore(touching: facts.touches ? m.navs[facts.id] : nil, in: m)
                swipe = core
                yes = core.changesNothing(percent: percent)
            case .dismiss: yes = m.dismissChangesNothing
            case .pop:
                yes = pop ?? popChangesNothing(m, m.navs[facts.id], facts.id)
                pop = yes
            case .newInstance(let cls, let push): yes = newInstanceDropped(m, cls, push: push, nav: m.navs[facts.id])
            }
            if yes { ignored |= 1 &<< UInt64(truncatingIfNeeded: step) }
        }
        return (refused, ignored)
    }

    /// A tap is refused: no alert is up.
    var refusesTap: Bool { !hasAlert }

    /// A release is refused: no pop is frozen and no swipe is held.
    var refusesRelease: Bool { !isFrozen && heldPop(currentNavID) == nil }

    /// Whether a pop (or pop to root) called on controller `id` now changes
    /// nothing: no controller; no safe-pop delegate to ask; dropped during a
    /// modal transition; or, on an idle controller, a root screen to pop
    /// from (UIKit returns nil). Unlike the touches' tests, this one restates
    /// the early ends of `overriddenCall`, `superCall` and `run` for a pop
    /// (shared, those three serve every call, push included, on the hot
    /// path); IgnoredStepTests holds the two to agree.
    /// (`nav`: controller `id`'s slot, `m.navs[ParentFacts.id]`.)
    static func popChangesNothing(
        _ m: NavigationModel, _ nav: NavController?, _ id: Int
    ) -> Bool {
        guard let nav else { return true }
        if nav.cls.features.contains(.safePop), let asker = nav.safeDelegate,
            m.screens[asker] != nil, !nav.stack.isEmpty
        {
            return false
        }
        if m.isModalTransitioning { return true }
        if nav.isTransitioning || m.frozenNav == id { return false }
        return nav.stack.count <= 1
    }

    /// How long an animated transition of `kind` takes now, in milliseconds.
    public func duration(of kind: TransitionKind) -> Int { durations[kind] }
}
