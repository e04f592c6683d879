/// The whole simulated UIKit: a window, its navigation controllers, modals,
/// the alert, the gesture and the transition clock.
///
/// A value: copy it to keep a state, compare copies to see a change. Every
/// change goes through `perform(_:)`, which returns the events it caused.
public struct NavigationModel: Hashable, Sendable {
    public internal(set) var profile: Profile = .ios26
    /// `set preemption on`: iOS 26 pre-empts a running transition (behaviour.md section 5b).
    public internal(set) var preemption = false
    /// Clock time in milliseconds.
    public internal(set) var clock = 0
    var durations = Durations()
    var traits = ClassMap<ScreenTraits>()
    /// Instances created so far, per class (numbers are never reused).
    var counters = ClassCounters()
    /// Instances created so far in all (the sum of `counters`).
    var created = 0
    /// Live instances only.
    var screens = ScreenTable()
    var navs = NavTable()
    var nextNavID = 2
    var window: WindowRoot = .nav(1)
    var modals: ModalStack = []
    var modalTransition: ModalTransition?
    /// The class `use` chose, for controllers created from now on.
    var controllerClass: ControllerClass = .plain
    var alert: Alert?
    var frozen: Frozen?
    /// True while a legacy nested call runs (its transition does not repair the bar).
    var nesting = false
    /// What `expect gates held` / `expect confirmations held` track (NavigationModel+Guarantees.swift).
    var guarantees = Guarantees()
    /// A content-pan command has run: `show` then names the content pan too.
    var contentPanUsed = false
    var scratch = Scratch()
    /// The class names met so far: the words of every `ClassName` in the
    /// state and in the events (ClassName.swift).
    public internal(set) var names: ClassNames {
        // Inlined: a call of the getter on a model held in a class (the
        // session's) copied the whole model to pass it (504 bytes, twice a command).
        @inlinable get { nameTable.names }
        _modify { yield &nameTable.names }
        set { nameTable.names = newValue }
    }
    @usableFromInline var nameTable = NameTable()

    public init(profile: Profile = .ios26, preemption: Bool = false) {
        self.profile = profile
        self.preemption = preemption && profile == .ios26
        navs[1] = NavController(id: 1, cls: .plain)
    }

    /// A cheap summary that changes whenever a navigation command changes the
    /// state (counts, tops, clock, what is in flight); `Session` compares it to
    /// tell a command that changed nothing (a pop that returns nil, an ignored
    /// touch) without comparing or copying the whole model.
    public var fingerprint: Int {
        // Plain multiply-add mixing: this runs twice a command, and a keyed hash
        // (SipHash) per field cost more than the command itself.
        var h = 0
        func mix(_ value: Int) { h = (h &* 1_000_003) &+ value &+ 0x9E37_79B9 }
        mix(clock)
        mix(screens.count)
        mix(counters.count)
        mix(modals.count)
        mix(created)
        mix(nextNavID)
        mix(
            (isModalTransitioning ? 1 : 0) | (hasAlert ? 2 : 0) | (isFrozen ? 4 : 0) | (contentPanUsed ? 8 : 0)
                | (preemption ? 16 : 0))
        // Every controller's counts, top and what it has in flight, summed as the
        // table changes: reading each controller here made N nested presentations
        // (N controllers alive) quadratic.
        mix(navs.digest)
        return h
    }

    // Tests of the optional parts of the state that look at the tag only: a
    // comparison with nil copies the whole value first (its strings and arrays
    // retained and released), several times a command.
    var isModalTransitioning: Bool { if case .some = modalTransition { true } else { false } }
    var hasAlert: Bool { if case .some = alert { true } else { false } }
    /// The controller a frozen pop holds, if any (nil costs no copy of `frozen`).
    var frozenNav: Int? {
        switch frozen {
        case .none: nil
        case .some(let frozen): frozen.nav
        }
    }

    /// Elements the engine has examined so far (see `Scratch.steps`).
    public var workSteps: Int { scratch.steps }

    /// Adds to the work count.
    mutating func work(_ n: Int) { scratch.steps &+= n }

    /// How much state there is, in the elements a copy of it copies, at
    /// most, by the time every part has been written: screens alive, stack
    /// entries, the traits (one per class declared) and what the per-class
    /// counters cost a copy (one per class up to a thousand; past that they
    /// are shared in chunks, and a write copies one: ClassCounters).
    /// Undo spaces its checkpoints by this, so what a checkpoint costs stays
    /// in proportion: a script that names a new class on every line makes the
    /// counters grow without bound.
    public var weight: Int {
        screens.count + counters.copyWeight + traits.count + navs.stackTotal
    }

    /// What the first write to a copy of the model copies: as `weight`,
    /// but stacks and the screen table past one chunk (ChunkedArray) count
    /// their list of chunks and one chunk, not every element. An undo
    /// checkpoint restored and changed by a command or two costs this, not
    /// `weight`, when the state is deep.
    public var copyWeight: Int {
        screens.copyWeight + counters.copyWeight + traits.count
            + ChunkedArray<ScreenName>.copyWeight(ofCount: navs.stackTotal)
    }

    /// Runs one action, appending its events to `events` (a buffer the caller
    /// reuses, so a command allocates nothing for its events). A refused input
    /// throws `EngineError` and changes nothing (and appends nothing); an
    /// exception UIKit raises is reported in the outcome and changes nothing but
    /// the events it appended.
    public mutating func perform(_ action: Action, events: inout [Event]) throws(EngineError) -> Outcome {
        try perform(action, events: &events, detectingChange: true)
    }

    /// `perform` for the explorer, which asks only whether UIKit raised: the
    /// same step, without the two summaries `Outcome.changed` compares.
    /// Returns the exception UIKit raised, if it did.
    ///
    /// With `recording` false the step records no events (`events` is left
    /// as it was, and no event is even built): the state it leaves and the
    /// exception it returns are those of the recorded step. For the
    /// explorer's steps whose events no checked property reads.
    public mutating func performStep(_ action: Action, events: inout [Event], recording: Bool = true)
        throws(EngineError) -> UIKitException?
    {
        scratch.quiet = !recording
        defer { scratch.quiet = false }
        return try perform(action, events: &events, detectingChange: false).exception
    }

    /// `performStep(_:events:recording:)` of an action this model or an
    /// earlier state of it prepared (`prepare(_:)`): the same step.
    public mutating func performStep(_ action: PreparedAction, events: inout [Event], recording: Bool = true)
        throws(EngineError) -> UIKitException?
    {
        scratch.quiet = !recording
        defer { scratch.quiet = false }
        let command = action.command
        switch command {
        case .release: try refuseRelease()
        case .tap(let button): try refuseTap(button.rawValue)
        default: break
        }
        // Only an OK that runs a stored call that can raise keeps a copy to roll back to
        // (`needsRollback(_:)`); none of the other commands raises after changing something.
        if case .tap(.ok) = command, okMayRaise {
            let saved = self
            return try perform(events: &events, before: nil, rollback: { $0 = saved }, { try $0.apply(command) })
                .exception
        }
        return try perform(events: &events, before: nil, rollback: { _ in }, { try $0.apply(command) }).exception
    }
    private mutating func perform(_ action: Action, events: inout [Event], detectingChange: Bool) throws(EngineError)
        -> Outcome
    {
        // Only the actions that can raise after changing something keep a copy to roll
        // back to; for the rest every refusal is found before anything changes, and not
        // holding a copy spares a copy-on-write of the stacks on every command. (Not an
        // optional copy: storing nil in a `NavigationModel?` cleared all its bytes, on
        // every step of a search.)
        if needsRollback(action) {
            let saved = self
            return try perform(action, events: &events, detectingChange: detectingChange) { $0 = saved }
        }
        return try perform(action, events: &events, detectingChange: detectingChange) { _ in }
    }
    private mutating func perform(
        _ action: Action, events: inout [Event], detectingChange: Bool, rollback: (inout NavigationModel) -> Void
    ) throws(EngineError) -> Outcome {
        let before = action.isDeclaration || !detectingChange ? nil : fingerprint
        // Each fingerprint reads the controllers changed since the table's last refresh.
        if before != nil { work(2 &* (1 &+ navs.dirtyCount)) }
        try refuseAtOnce(action)
        return try perform(events: &events, before: before, rollback: rollback) {
            try $0.apply(action)
        }
    }

    /// Runs `body` (the command) on this model, its events appended to
    /// `events`: an `EngineError` it throws is thrown again, its events taken
    /// back and the model rolled back; an exception UIKit raises is returned
    /// in the outcome, the model rolled back.
    private mutating func perform(
        events: inout [Event], before: Int?, rollback: (inout NavigationModel) -> Void,
        _ body: (inout NavigationModel) throws -> Void
    ) throws(EngineError) -> Outcome {
        let start = events.count
        swap(&scratch.events, &events)
        do {
            try body(&self)
        } catch let error as EngineError {
            swap(&scratch.events, &events)
            events.removeSubrange(start...)
            rollback(&self)
            throw error
        } catch {
            swap(&scratch.events, &events)
            rollback(&self)
            return Outcome(exception: error as? UIKitException, changed: false)
        }
        swap(&scratch.events, &events)
        return Outcome(exception: nil, changed: changed(since: before, events: events[start...]))
    }

    /// Whether the state moved on from the one `before` fingerprinted (nil: always):
    /// the fingerprint differs, or an event reports a change of its own.
    private func changed(since before: Int?, events: ArraySlice<Event>) -> Bool {
        guard let before else { return true }
        // The events first: a command that did something usually says so at once.
        return events.contains { !$0.payload.isReport } || before != fingerprint
    }

    /// Runs the clock until nothing is in flight but held or frozen pops,
    /// appending what happens to `events`. Returns whether anything changed.
    @discardableResult
    public mutating func settle(events: inout [Event]) -> Bool {
        let before = clock
        let start = events.count
        swap(&scratch.events, &events)
        runUntilIdle()
        swap(&scratch.events, &events)
        return before != clock || events.count != start
    }

    /// Throws, typed, the two refusals the explorer meets most, found before
    /// anything changes: a tap with no alert up and a release with no swipe held.
    private mutating func refuseAtOnce(_ action: Action) throws(EngineError) {
        switch action {
        case .tap(let button): try refuseTap(button)
        case .release: try refuseRelease()
        default: return
        }
    }

    /// `refuseAtOnce(_:)` of a tap: refused when no alert is up.
    private mutating func refuseTap(_ button: String) throws(EngineError) {
        guard refusesTap else { return }
        work(1)
        throw .noAlert(button: button)
    }

    /// `refuseAtOnce(_:)` of a release: refused when no swipe is held and no pop is frozen.
    private mutating func refuseRelease() throws(EngineError) {
        guard refusesRelease else { return }
        work(1)
        throw .noSwipeHeld
    }

    private mutating func apply(_ action: Action) throws {
        // Resolving a reference scans the current stack and, failing that, the live screens.
        switch action {
        case .popTo, .backMenu, .setStack: work(currentStack.count + screens.count)
        case .push(let ref, _, _) where ref.ordinal != nil: work(1)
        case .notify: work(screens.count)
        default: work(1)
        }
        switch action {
        case .push(let ref, let gate, let animated): try pushCommand(ref, gate: gate, animated: animated)
        case .pop(let animated): try navCall(currentNavID, .pop(animated: animated))
        case .popTo(let ref, let animated):
            let target = try resolveLive(ref)
            try navCall(currentNavID, .popTo(target, animated: animated))
        case .popToRoot(let animated): try navCall(currentNavID, .popToRoot(animated: animated))
        case .setStack(let refs, let animated): try setStackCommand(refs, animated: animated)
        case .root(let name): replaceRoot(with: .nav(name))
        case .tabs(let names): replaceRoot(with: .tabs(names))
        case .back: try backCommand()
        case .backMenu(let ref): try backMenuCommand(ref)
        case .swipe(let cancel): try swipeCommand(percent: nil, cancel: cancel)
        case .drag(let percent): try swipeCommand(percent: percent, cancel: false)
        case .contentSwipe(let cancel): try contentPanCommand(percent: nil, cancel: cancel)
        case .contentDrag(let percent): try contentPanCommand(percent: percent, cancel: false)
        case .release: try releaseCommand()
        case .tap(let button): try tapCommand(button)
        case .tab(let name): try tabCommand(name)
        case .present(let name, let inNavigation, let animated):
            present(names.intern(name), inNavigation: inNavigation, animated: animated)
        case .dismiss(let animated): dismiss(animated: animated)
        case .screen(let name, let list): declare(name, list)
        case .use(let cls): use(cls)
        case .delegate(let outside): setDelegate(outside)
        case .gestureDelegate(let kind): setGestureDelegate(kind)
        case .setContentSwipe(let enabled): try setContentPanEnabled(enabled)
        case .wait(let milliseconds):
            if let milliseconds { advance(to: clock + milliseconds) } else { runUntilIdle() }
        case .setDuration(let kind, let milliseconds): durations[kind] = milliseconds
        case .setProfile(let profile):
            self.profile = profile
            if profile == .legacy { preemption = false }
        case .setPreemption(let on): try setPreemption(on)
        case .notify(let name): notify(name)
        }
    }

    // MARK: - Events

    // Each `emit` builds its event only when the step records (`Scratch.quiet`):
    // inlined, the payload (an `indirect` case allocates a box) is made inside the test.

    mutating func emit(_ payload: @autoclosure () -> EventPayload) {
        if !scratch.quiet { scratch.events.append(Event(time: clock, payload: payload())) }
    }

    mutating func emit(_ note: @autoclosure () -> Note) {
        if !scratch.quiet { scratch.events.append(Event(time: clock, payload: .note(note()))) }
    }

    mutating func emit(_ warning: @autoclosure () -> Warning) {
        if !scratch.quiet { scratch.events.append(Event(time: clock, payload: .warning(warning()))) }
    }

    /// Reports a lifecycle call; the appearance bookkeeping runs whether or not the
    /// step records. In line: most calls name their lifecycle call as a constant,
    /// so the switch folds away, and a quiet step with no OK granted (most) makes
    /// no call at all.
    mutating func emitLifecycle(_ name: ScreenName, _ call: LifecycleCall) {
        if !scratch.quiet { recordLifecycle(name, call) }
        switch call {
        case .viewWillAppear: if !guarantees.granted.isEmpty { noteWillAppear(name) }
        case .viewDidAppear: noteDidAppear(name)
        default: break
        }
    }

    @inline(never) private mutating func recordLifecycle(_ name: ScreenName, _ call: LifecycleCall) {
        scratch.events.append(Event(time: clock, payload: .lifecycle(name, call)))
    }

    mutating func emitDeinit(_ name: ScreenName) {
        if !scratch.quiet { scratch.events.append(Event(time: clock, payload: .deinitialized(name))) }
    }

    /// Reports an exception UIKit raises and returns it, to throw (thrown
    /// whether or not the step records: the caller learns of it from the error).
    mutating func raising(_ exception: UIKitException) -> UIKitException {
        if !scratch.quiet { scratch.events.append(Event(time: clock, payload: .exception(exception))) }
        return exception
    }
}

extension NavigationModel {
    /// Whether `perform` keeps a copy of the state to roll back to: the action may
    /// raise after changing something, and is not refused before it changes
    /// anything. A tap with no alert up is refused at once (`tapCommand`): the
    /// explorer tries its taps in every state, and the copy (every array of the
    /// model retained, then released) was most of what such a refusal cost. Of the
    /// taps on an alert, only an OK that runs a safe pop's stored call that can
    /// raise (a popTo) can: Cancel only closes the alert, and a pop never raises.
    func needsRollback(_ action: Action) -> Bool {
        switch action {
        case .tap(let button): hasAlert && button == "OK" && okMayRaise
        default: action.mayRaise
        }
    }

    /// Whether the OK of the alert up runs a call that may raise (`tapCommand`).
    var okMayRaise: Bool {
        guard case .safePop(_, let call)? = alert?.action else { return false }
        return call.mayRaise
    }
}

extension Action {
    /// Whether UIKit may raise while the action runs (after it changed something).
    var mayRaise: Bool {
        switch self {
        case .push(let ref, _, _): ref.ordinal != nil
        case .setStack, .popTo, .backMenu, .tap: true
        default: false
        }
    }
}
