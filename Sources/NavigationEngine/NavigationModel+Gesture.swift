/// The interactive pop gesture: the edge swipe, drag and release, and the
/// gesture delegate that decides whether it begins (behaviour.md section 5).
extension NavigationModel {
    /// Why the gesture's delegate would refuse to begin now, or nil if it begins.
    func swipeRefusal(_ nav: NavController) -> SwipeRefusal? {
        Self.swipeRefusal(nav, in: self)
    }

    /// `swipeRefusal(_:)` of a controller read where it is (`NavTable.controller(_:)`),
    /// in the model `m` points to (see `backIgnored(_:)`).
    static func swipeRefusal(
        _ nav: NavController, in m: NavigationModel
    ) -> SwipeRefusal? {
        switch nav.gestureDelegate {
        case .none:
            return nil
        case .controller:
            if nav.stack.count <= 1 { return .singleScreen }
            if nav.isPushing { return .pushing }
            return nil
        case .system:
            // A pre-emptable transition lets the swipe through (behaviour.md 5b, rule 4).
            if m.isModalTransitioning || (nav.isTransitioning && !(m.preemption && m.preemptable(nav))) {
                return .transitionInFlight
            }
            if nav.stack.count <= 1 { return .noPreviousScreen }
            guard let top = nav.stack.last else { return .noPreviousScreen }
            let t = m.traits(of: top)
            if t.hidesBack || m.screens[top]?.backHiddenByGate == true { return .hidesBack(top) }
            if t.customBack { return .customBack(top) }
            // (No delegate, no animator: the usual case asks without a copy of the controller.)
            if nav.delegate.isNone { return nil }
            let supplied = Self.suppliedAnimator(nav)
            if supplied.animation, !supplied.interaction {
                return .animatorWithoutInteraction
            }
            return nil
        }
    }

    /// Why an interactive pop that begins now could never end, or nil (the
    /// controller read where it is).
    func freezeReason(_ nav: NavController) -> FreezeReason? {
        if nav.stack.count <= 1 {
            return .rootScreen(delegateLetItBegin: nav.gestureDelegate != .none)
        }
        // A pre-emptable transition ends first, so the pop can run (behaviour.md 5b, rule 6).
        if let running = nav.transition, !(preemption && preemptable(nav)) {
            return .transitionRunning(push: running.kind.isPush)
        }
        return nil
    }

    /// Why a touch is ignored right now, or nil.
    func touchBlocker() -> IgnoreReason? {
        if isFrozen { return .frozen }
        if hasAlert { return .alertUp }
        return nil
    }

    /// Whether an edge swipe made now would begin.
    public var swipeWouldBegin: Bool {
        guard touchBlocker() == nil, !plainModalOnTop, let nav = navs[currentNavID] else { return false }
        if case .interactive = nav.transition?.kind { return false }
        return swipeRefusal(nav) == nil
    }

    /// Moves the finger of the interactive pop held on `id` to `percent`, and
    /// says so (`changed`) only when it moved. Shared by the edge swipe and the
    /// content pan.
    mutating func moveHeldPop(_ id: Int, from held: Int, to percent: Int, changed: (Int) -> EventPayload) {
        guard percent != held else { return }
        navs.edit(id) { $0.transition?.kind = .interactive(percent: percent, cancels: false) }
        emit(changed(percent))
    }

    /// Whether a UISafeNavigationController's safe delegate refuses the pop an
    /// interactive gesture has just called: it asks (the alert goes up) and the
    /// gesture is `cancelled`. Shared by the edge swipe and the content pan.
    /// (`asker`: the controller's `safePopAsker`.)
    mutating func safeDelegateRefusesInteractivePop(
        _ id: Int, asker: ScreenName?, cancelled: EventPayload
    ) throws -> Bool {
        guard let asker, screens[asker] != nil else { return false }
        _ = try overriddenCall(id, .pop(animated: true))
        emit(cancelled)
        return true
    }

    /// What an edge swipe (`percent` nil) or drag does now, before it does
    /// it: the one reading of the state both `swipeCommand` and
    /// `ignores(_:)` make.
    enum SwipeStart {
        /// The touch is ignored (`touchIgnored`).
        case ignored(IgnoreReason)
        /// The gesture's delegate refuses to begin (`gestureRefused`).
        case refused(SwipeRefusal)
        /// A drag moves the finger of the swipe it holds, at `held` percent now.
        case move(held: Int)
        /// The gesture begins.
        case begin
    }

    /// Of the model `m` points to, read in place (see `backIgnored(_:)`).
    static func swipeStart(_ m: NavigationModel, percent: Int?) -> SwipeStart {
        if let blocker = m.touchBlocker() { return .ignored(blocker) }
        // The controller and its transition read where they are (see `backIgnored`).
        guard !m.plainModalOnTop, let nav = m.navs.controller(m.currentNavID) else {
            return .ignored(.noNavigationController)
        }
        if nav.isTransitioning {
            let t = nav.transition!
            if case .interactive(let held, _) = t.kind, t.end == nil {
                if t.byContentPan { return .ignored(.contentPanHeld) }
                return percent == nil ? .ignored(.swipeHeld) : .move(held: held)
            }
        }
        if let reason = swipeRefusal(nav, in: m) { return .refused(reason) }
        return .begin
    }

    /// Whether a swipe or drag made now leaves the state as it is: ignored,
    /// refused, or a drag to where the finger already is. The controller a
    /// touch reaches is read already (`ParentFacts.touches`; nil when a touch
    /// is ignored); the tests after are `swipeStart`'s.
    static func swipeChangesNothing(
        touching nav: NavController?, in m: NavigationModel, percent: Int?
    ) -> Bool {
        swipeCore(touching: nav, in: m).changesNothing(percent: percent)
    }

    /// What a swipe or a drag finds now before its percent matters: a touch
    /// ignored or refused whatever it is (`nothing`), a swipe held at
    /// `held` percent by the edge, or a gesture that begins. One reading
    /// serves a parent's swipe and drags (`unrunSteps`).
    enum SwipeCore {
        case nothing
        case held(Int)
        case begins

        /// Whether a swipe (`percent` nil) or a drag to `percent` changes nothing.
        func changesNothing(percent: Int?) -> Bool {
            switch self {
            case .nothing: true
            case .held(let held): percent == nil || held == percent
            case .begins: false
            }
        }
    }

    /// The `SwipeCore` of the controller a touch reaches (nil: none).
    static func swipeCore(
        touching nav: NavController?, in m: NavigationModel
    ) -> SwipeCore {
        guard let nav else { return .nothing }
        if nav.isTransitioning {
            let t = nav.transition!
            if case .interactive(let held, _) = t.kind, t.end == nil {
                return t.byContentPan ? .nothing : .held(held)
            }
        }
        return swipeRefusal(nav, in: m) != nil ? .nothing : .begins
    }

    mutating func swipeCommand(percent: Int?, cancel: Bool) throws {
        let touch: Touch = percent == nil ? (cancel ? .swipeCancel : .swipe) : .drag
        let id = currentNavID
        switch Self.swipeStart(self, percent: percent) {
        case .ignored(let reason):
            emit(.touchIgnored(touch, because: reason))
            return
        case .refused(let reason):
            emit(.gestureRefused(reason))
            return
        case .move(let held):
            // (`.move` comes only with a percent.)
            moveHeldPop(id, from: held, to: percent!) { .gestureChanged(percent: $0) }
            return
        case .begin:
            break
        }
        try beginSwipe(id, percent: percent, cancel: cancel)
    }

    /// The edge swipe's begin on controller `id` (`swipeStart` found it:
    /// `.begin` comes only with a controller). Apart from `swipeCommand`,
    /// which inlines `swipeStart` only while it is small.
    private mutating func beginSwipe(_ id: Int, percent: Int?, cancel: Bool) throws {
        let nav = navs.controller(id)!
        let freeze = freezeReason(nav)
        let asker = nav.safePopAsker
        let top = nav.top
        let count = nav.stack.count
        emit(.gestureBegan)
        if let freeze {
            frozen = Frozen(reason: freeze, nav: id)
            emit(.frozen(freeze))
            return
        }
        emit(.navCall(.pop(animated: true)))
        if try safeDelegateRefusesInteractivePop(id, asker: asker, cancelled: .gestureCancelled(popRefused: true)) {
            return
        }
        if let top { noteBypass(of: top, by: .edgeSwipe) }
        let kind: NavTransition.Kind = .interactive(percent: percent ?? 100, cancels: cancel)
        if preemption, navs.isTransitioning(id) == true {
            try beginPreemptingPop(id, kind: kind, held: percent != nil, byContentPan: false)
            return
        }
        beginTransition(id, .keep(count - 1), kind: kind, animated: true, held: percent != nil)
    }

    /// The interactive pop a finger holds on `id`, if one does: where the
    /// finger is and whether a content pan holds it. Read in place: most
    /// releases in a search find no swipe held, and a copy of the transition
    /// retained and released its arrays.
    func heldPop(_ id: Int) -> (percent: Int, byContentPan: Bool)? {
        Self.heldPop(in: navs.controller(id))
    }

    /// `heldPop(_:)` of the controller in the slot `nav` points to (none: nil).
    static func heldPop(
        in nav: NavController?
    ) -> (percent: Int, byContentPan: Bool)? {
        guard let nav, nav.isTransitioning,
            case .interactive(let percent, _) = nav.transition!.kind,
            nav.transition!.end == nil
        else { return nil }
        return (percent, nav.transition!.byContentPan)
    }

    mutating func releaseCommand() throws {
        if let blocker = touchBlocker(), frozen != nil {
            emit(.touchIgnored(.release, because: blocker))
            return
        }
        let id = currentNavID
        guard let (percent, byContentPan) = heldPop(id) else { throw EngineError.noSwipeHeld }
        let (cancels, remaining) = durations.interactivePopRest(from: percent)
        let end = clock + remaining
        navs.edit(id) {
            $0.transition?.kind = .interactive(percent: percent, cancels: cancels)
            $0.transition?.end = end
        }
        emit(
            byContentPan
                ? .contentGestureReleased(percent: percent, cancels: cancels, remaining: remaining)
                : .gestureReleased(percent: percent, cancels: cancels, remaining: remaining))
    }

    /// A cancelled interactive pop: the old top comes back.
    mutating func cancelInteractivePop(_ id: Int, _ t: NavTransition) {
        guard let from = t.from else { return }
        emit(t.byContentPan ? .contentGestureCancelled(popRefused: false) : .gestureCancelled(popRefused: false))
        viewWillDisappear(t.to, id, true)
        emitLifecycle(t.to, .viewDidDisappear(true))
        viewWillAppear(from, id, true)
        emitLifecycle(from, .viewDidAppear(true))
        for name in t.removed.reversed() { appendToStack(id, name) }
        navs[id]?.transition = nil
        if profile == .ios26 {
            delegateWillShow(id, from, true)
            delegateDidShow(id, from, true)
        }
        runQueue(id)
    }
}

extension NavTable {
    /// A copy of controller `id`, nil for none.
    func controller(_ id: Int) -> NavController? { self[id] }
}
