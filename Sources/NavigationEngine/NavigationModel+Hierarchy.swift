/// Where things are: the current controller, the visible screen, who holds
/// whom, and the release of a screen nothing holds (behaviour.md section 8).
extension NavigationModel {
    /// The controller the user sees: the topmost presented navigation
    /// controller, else the selected tab's, else the window's.
    var currentNavID: Int {
        if let id = modals.last(where: { $0.nav != nil })?.nav { return id }
        return windowNavID
    }

    var windowNavID: Int {
        switch window {
        case .nav(let id): id
        case .tabs(let ids, let selected): ids[selected]
        }
    }

    var windowNavIDs: [Int] {
        switch window {
        case .nav(let id): [id]
        case .tabs(let ids, _): ids
        }
    }

    /// The screen the user sees.
    var visibleTop: ScreenName? {
        if let modal = modals.last {
            if let id = modal.nav { return navs[id]?.top }
            return modal.screen
        }
        return navs[windowNavID]?.top
    }

    /// Whether a plain (non-navigation) modal covers the current controller's bar.
    var plainModalOnTop: Bool {
        guard let modal = modals.last else { return false }
        return modal.nav == nil
    }

    /// Whether anything holds the screen: a stack, a transition animating it out,
    /// a queued call, or a presentation (a plain modal's screen and every presenter).
    public func isHeld(_ name: ScreenName) -> Bool {
        screens[name]?.parent != nil || navs.holdsInFlight(name) || presentationHolds(name)
    }

    /// Whether a presentation holds the screen: a plain modal's screen, or a presenter.
    func presentationHolds(_ name: ScreenName) -> Bool {
        for modal in modals where (modal.screen == name && modal.nav == nil) || modal.presenter == name { return true }
        return false
    }

    /// Every navigation controller's stack, bottom to top (window, tabs, presented).
    public var allStacks: [[ScreenName]] {
        navs.keys.sorted().compactMap { navs[$0].map { Array($0.stack) } }
    }

    /// Releases each of `names` that nothing holds any more.
    mutating func releaseUnheld(_ names: [ScreenName]) {
        guard !names.isEmpty else { return } // a push releases nothing
        if !scratch.quiet { work(names.count * (1 + modals.count + navs.inFlightWeight())) }
        for name in names { releaseIfUnheld(name) }
    }

    /// `releaseUnheld(_:)` of the screens controller `id`'s transition, cut
    /// (`cutTransition`), took away. Whether any controller has a transition (but
    /// that one) or a queued call is asked once, of the controllers that may
    /// (`forEachActive`), and where none has (on a lone controller), no screen is
    /// held in flight, and the walk of every controller for each screen is spared.
    mutating func releaseCutScreens(of id: Int, _ names: [ScreenName]) {
        let count = names.count
        guard count > 0 else { return }
        if !scratch.quiet { work(count * (1 + modals.count + navs.inFlightWeight())) }
        var inFlight = false
        navs.forEachActive { other in
            if !inFlight, (other != id && navs[other]?.isTransitioning == true) || navs[other]?.queue.isEmpty == false {
                inFlight = true
            }
        }
        // With no screen held in flight, no presentation and a step that
        // records nothing, releasing a screen only removes it where it is
        // alive with no parent (`ScreenTable.removeUnparented(_:)`).
        if !inFlight, scratch.quiet, modals.isEmpty {
            screens.removeUnparented(names)
            return
        }
        for name in names {
            releaseIfUnheld(name, heldInFlight: inFlight ? nil : false)
        }
    }

    /// Releases `name` if nothing holds it any more: `releaseUnheld(_:)` for one
    /// screen, without an array to pass it in.
    mutating func releaseUnheld(_ name: ScreenName) {
        // The work count's weight and the transitions' and queues' hold on
        // the screen in one walk over the controllers, not two.
        let (weight, inFlight) = navs.inFlightWeight(holding: name)
        work(1 + modals.count + weight)
        releaseIfUnheld(name, heldInFlight: inFlight)
    }

    /// Releases `name` if it is alive and nothing holds it: no stack, no
    /// presentation, no transition or queued call (`heldInFlight`, when the
    /// caller knows it already; else asked of the table, and only of a screen
    /// alive outside the stacks). The work is counted by the caller.
    private mutating func releaseIfUnheld(
        _ name: ScreenName, heldInFlight: Bool? = nil
    ) {
        // One probe of the table for both its tests (alive, and in no stack)
        // and the removal, at the slot found: `screens[name] != nil`, `isHeld`
        // and the setter's removal probed the table four times a screen
        // released, a read and `remove(name)` twice.
        guard let found = screens.place(of: name), !found.hasParent,
            !(heldInFlight ?? navs.holdsInFlight(name)),
            !presentationHolds(name)
        else { return }
        screens.remove(name, at: found.place)
        emitDeinit(name)
    }

    /// Releases the screens a call names that nothing holds any more (a
    /// queued or a dropped call held them), without building `call.screens`.
    mutating func releaseUnheld(namedBy call: NavCall) {
        switch call {
        case .push(let name, _), .popTo(let name, _): releaseUnheld(name)
        case .setStack(let names, _): releaseUnheld(names)
        case .pop, .popToRoot: break
        }
    }

    /// Creates a new instance of a class.
    mutating func makeScreen(_ className: String) -> ScreenName {
        makeScreen(names.intern(className))
    }

    /// With `viewLoaded`, its view is loaded already (`ScreenTable.insertNew`).
    mutating func makeScreen(_ cls: ClassName, viewLoaded: Bool = false) -> ScreenName {
        let name = namedNew(cls)
        screens.insertNew(name, viewLoaded: viewLoaded)
        return name
    }

    /// The name of a new instance of `cls`: its class's counter and
    /// `created` moved on, the screen not yet in the table.
    mutating func namedNew(_ cls: ClassName) -> ScreenName {
        let ordinal = counters.next(for: cls)
        created += 1
        return ScreenName(cls: cls, ordinal: ordinal)
    }

    /// A new instance of `cls` made and released at once, in a step that records
    /// nothing: a push or a presentation of a new instance dropped because a modal
    /// transition runs (`superCall`, `present`). It leaves the state making the
    /// screen and `releaseUnheld(_:)` leave: the class's counter and `created`
    /// moved on. (No work is counted: a quiet step's count is not read, as
    /// `releaseUnheld(_:)` of a list says.) The screen itself is neither put in the
    /// table nor taken out again: a new instance's name is in no stack, no
    /// transition, no queue and no presentation (each of those holds only live
    /// screens, and the new number is past every live one of its class), so its
    /// release is certain.
    mutating func makeReleasedScreen(_ cls: ClassName) {
        screens.noteReleased(namedNew(cls))
    }

    mutating func makeNav(root: ScreenName?) -> Int {
        let id = navs.takeFreeID(counting: &scratch.steps)
        nextNavID += 1
        noteNewController(id)
        if let root { screens.setParent(of: root, to: id) }
        let nav = NavController(
            id: id, cls: controllerClass, stack: root.map { [$0] } ?? [],
            delegate: controllerClass.isOwnDelegate ? .controller(forwardingTo: nil) : .none,
            gestureDelegate: controllerClass.features.contains(.swipeGuard) ? .controller : .system)
        navs[id] = nav
        return id
    }

    func traits(of name: ScreenName) -> ScreenTraits {
        traits[name.cls] ?? ScreenTraits()
    }

    func isGate(_ name: ScreenName) -> Bool {
        (traits.count > 0 && traits(of: name).gate) || screens[name]?.runtimeGate == true
    }

    /// The back button shows: a custom one, or the system one with a screen below.
    func backVisible(in nav: NavController) -> Bool {
        Self.backVisible(in: nav, of: self)
    }

    /// `backVisible(in:)` in the model `m` points to, read in place
    /// (`NavigationModel.backIgnored(_:)`).
    static func backVisible(
        in nav: NavController, of m: NavigationModel
    ) -> Bool {
        guard let top = nav.stack.last else { return false }
        return m.backVisible(top: top, depth: nav.stack.count)
    }

    /// `backVisible(in:)` for a controller of `depth` screens with `top` on top.
    func backVisible(top: ScreenName, depth: Int) -> Bool {
        let t = traits(of: top)
        if t.customBack { return true }
        return depth > 1 && !t.hidesBack && screens[top]?.backHiddenByGate != true
    }

    // MARK: - References

    /// The instance a reference names, alive or released.
    public func resolve(_ ref: ScreenRef) throws(EngineError) -> ScreenName {
        // A name the model never met was never created (and looking it up adds nothing).
        let cls = names.existing(ref.className)
        let created = cls.flatMap { counters[$0] } ?? 0
        if let ordinal = ref.ordinal {
            guard ordinal >= 1, ordinal <= created, let cls else { throw .noSuchInstance(ref, created: created) }
            return ScreenName(cls: cls, ordinal: ordinal)
        }
        guard created > 0, let cls else { throw .neverCreated(ref.className) }
        if let nav = navs[currentNavID], let top = nav.stack.last(where: { $0.cls == cls }) {
            return top
        }
        if let live = newestLive(cls) { return live }
        return ScreenName(cls: cls, ordinal: created)
    }

    /// The instance a reference names, which must still be alive.
    func resolveLive(_ ref: ScreenRef) throws(EngineError) -> ScreenName {
        let name = try resolve(ref)
        guard screens[name] != nil else { throw .released(name) }
        return name
    }

    func newestLive(_ cls: ClassName) -> ScreenName? {
        var best: ScreenName?
        for name in screens.keys where name.cls == cls {
            if best.map({ name.ordinal > $0.ordinal }) ?? true { best = name }
        }
        return best
    }
}

extension NavTable {
    /// `inFlightWeight()` and `holdsInFlight(name)` in one walk over the slots.
    func inFlightWeight(holding name: ScreenName) -> (weight: Int, holds: Bool) {
        var weight = 0
        var holds = false
        for id in ids {
            weight += 1 + (self[id]?.transition?.removed.count ?? 0) + (self[id]?.queue.count ?? 0)
            if !holds, self[id]?.transition?.removed.contains(name) == true { holds = true }
            if !holds, self[id]?.queue.contains(where: { $0.mentions(name) }) == true { holds = true }
        }
        return (weight, holds)
    }
}
