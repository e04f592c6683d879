/// A navigation transition's life: begun with the will-calls, finished with
/// the did-calls (behaviour.md section 1) and the queue, or cut short by a
/// nested call (legacy) (section 3), a corrupted bar repaired or left
/// (section 4); and the appearance callbacks with the seeds' hooks (section 6).
extension NavigationModel {
    enum StackEdit {
        case push(ScreenName)
        /// Keep the bottom N screens.
        case keep(Int)
        case replace([ScreenName])
    }

    /// Changes the stack at once and starts the appearance transition to its
    /// new top: the will-calls now, the did-calls when it ends
    /// (`finishTransition`), at once when not animated.
    mutating func beginTransition(
        _ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool, held: Bool = false
    ) {
        guard let features = navs[id]?.cls.features, let hasDelegate = navs[id].map({ !$0.delegate.isNone }) else {
            return
        }
        let oldTop = navs[id]?.top
        // (Read only for its events: a step that records nothing skips it.)
        let animator = animated && !scratch.quiet && hasDelegate ? animationSupplier(id) : nil
        var removed: [ScreenName] = []
        // What came in: a push brings exactly its screen, as the new top; a
        // replacement may bring several.
        var toIsNew = false
        var addedBelow: [ScreenName] = []
        // Whether the new top's view is loaded already, or nil when that is still to be asked.
        var loaded: Bool?
        switch edit {
        case .push(let name):
            loaded = !screens.setParentAndLoadView(of: name, to: id)
            navs[id]?.stack.append(name)
            noteStackChanged(id)
            toIsNew = true
        case .keep(let count):
            removed = truncateStack(id, keeping: count)
        case .replace(let names):
            let added: [ScreenName]
            (removed, added) = replaceStack(id, with: names)
            if let top = navs[id]?.top {
                toIsNew = added.contains(top)
                addedBelow = added.filter { $0 != top }
            }
        }
        guard let newTop = navs[id]?.top else { return }
        if toIsNew { emitLifecycle(newTop, .willMove(toNav: true)) }
        for name in removed { emitLifecycle(name, .willMove(toNav: false)) }
        for name in addedBelow { emitLifecycle(name, .willMove(toNav: true)) }
        if let loaded {
            if !loaded { emitLifecycle(newTop, .viewDidLoad) }
        } else if !screens.viewIsLoaded(newTop) {
            loadView(newTop)
        }
        if features.contains(.safePop) {
            if let oldTop { viewWillDisappear(oldTop, id, animated) }
            viewWillAppear(newTop, id, animated)
        } else {
            if let oldTop { emitLifecycle(oldTop, .viewWillDisappear(animated)) }
            emitLifecycle(newTop, .viewWillAppear(animated))
        }
        if hasDelegate { delegateWillShow(id, newTop, animated) }
        if animated, let oldTop, let animator {
            emit(
                .delegateCall(
                    receiver: .outside(animator.name),
                    call: .animationController(push: kind.isPush, from: oldTop, to: newTop)))
            if kind.isInteractive, animator.interaction {
                emit(.delegateCall(receiver: .outside(animator.name), call: .interactionController(to: newTop)))
            }
        }
        let duration = kind.isPush ? durations.push : durations.pop
        let start = clock
        let t = NavTransition(
            kind: kind, from: oldTop, to: newTop, removed: removed, addedBelow: addedBelow, toIsNew: toIsNew,
            animated: animated, repairsBar: !nesting, start: start,
            end: held ? nil : (animated ? start + duration : start))
        navs[id]?.start(t)
        if !animated { finishTransition(id) }
    }

    /// What the delegate that answers the optional methods of controller `id`
    /// (`answeringDelegate(_:)`) supplies for an animated transition: its name when
    /// it answers animationController, and whether it answers interactionController
    /// too. Read in place: `answeringDelegate` copied the controller out of its
    /// slot and, for a proxy, built a Set of the methods its class forwards and
    /// that Set's intersection with the outside delegate's, two Sets allocated and
    /// hashed.
    @inline(never) func animationSupplier(_ id: Int) -> (name: String, interaction: Bool)? {
        guard let nav = navs.controller(id) else { return nil }
        switch nav.delegate {
        case .none:
            return nil
        case .outside(let outside):
            guard outside.methods.contains(.animationController) else { return nil }
            return (outside.name, outside.methods.contains(.interactionController))
        case .controller(let forward):
            guard let forward, nav.cls.features.contains(.proxy) else { return nil }
            let forwarded = nav.cls.forwardedMethods
            func answers(_ method: DelegateMethod) -> Bool {
                forward.methods.contains(method) && forwarded.contains(method)
            }
            guard answers(.animationController) else { return nil }
            return (forward.name, answers(.interactionController))
        }
    }

    /// The end of a transition: the did-calls, didShow, releases, then the queue.
    mutating func finishTransition(_ id: Int) {
        if let nav = navs.controller(id), nav.isTransitioning,
            case .interactive(_, let cancels) = nav.transition!.kind, cancels
        {
            let t = nav.transition!
            cancelInteractivePop(id, t)
            return
        }
        guard navs.isTransitioning(id) == true, let t = navs.edit(id, { $0.takeTransition() }) else { return }
        emitDepartures(t)
        emitLifecycle(t.to, .viewDidAppear(t.animated))
        if t.toIsNew { emitLifecycle(t.to, .didMove(toNav: true)) }
        for name in t.addedBelow { emitLifecycle(name, .didMove(toNav: true)) }
        if t.repairsBar { navs[id]?.barCorrupted = false }
        delegateDidShow(id, t.to, t.animated)
        releaseUnheld(t.removed)
        if t.kind.isInteractive { emit(t.byContentPan ? .contentGestureFinished : .gestureFinished) }
        runQueue(id)
    }

    /// Runs the calls that waited for the transition, until one starts another.
    mutating func runQueue(_ id: Int) {
        // An empty queue (the usual case) costs one read of the table.
        while navs[id]?.queue.isEmpty == false, navs.isTransitioning(id) == false, frozenNav != id,
            let call = navs[id]?.queue.first
        {
            navs.edit(id) { _ = $0.queue.count == 1 ? $0.queue.removeLast() : $0.queue.removeFirst() }
            do { try run(id, call) } catch {}
            // The queued call held its arguments; now that it ran, they may be free.
            releaseUnheld(namedBy: call)
        }
    }

    /// Ends a transition before its time: no viewDidAppear, no didShow, a
    /// corrupted bar (behaviour.md, "Nested calls (legacy)").
    mutating func cutTransition(_ id: Int) {
        guard let t = navs.edit(id, { $0.takeCutTransition() }) else { return }
        emit(Warning.unexpectedTransitionState)
        emitDepartures(t)
        if t.toIsNew { emitLifecycle(t.to, .didMove(toNav: true)) }
        emit(Warning.unbalancedAppearance(t.to))
        if !t.removed.isEmpty { releaseCutScreens(of: id, t.removed) }
    }

    /// The did-calls of the screens a transition took away, cut short or finished:
    /// the old top's viewDidDisappear, and didMove(toNav: false) for each removed
    /// screen. Calls with no bookkeeping (only the appear calls have): a quiet step
    /// skips them whole, not a test a screen in a loop over the removed ones.
    private mutating func emitDepartures(_ t: borrowing NavTransition) {
        if scratch.quiet { return }
        if let from = t.from {
            emitLifecycle(from, .viewDidDisappear(t.animated))
            if t.removed.first == from { emitLifecycle(from, .didMove(toNav: false)) }
        }
        for i in t.removed.indices where t.removed[i] != t.from {
            emitLifecycle(t.removed[i], .didMove(toNav: false))
        }
    }

    mutating func loadView(_ name: ScreenName) {
        guard screens.loadView(name) else { return }
        emitLifecycle(name, .viewDidLoad)
    }

    mutating func viewWillAppear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emitLifecycle(name, .viewWillAppear(animated))
        if navs[id]?.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs.edit(id) { $0.safeDelegate = name }
            emit(.safeDelegateAssigned(screen: name, set: true))
        }
    }

    mutating func viewWillDisappear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emitLifecycle(name, .viewWillDisappear(animated))
        if navs[id]?.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs.edit(id) { $0.safeDelegate = nil }
            emit(.safeDelegateAssigned(screen: name, set: false))
        }
    }
}

extension NavController {
    /// The safe delegate a UISafeNavigationController asks before a pop;
    /// nil for any other class.
    var safePopAsker: ScreenName? { cls.features.contains(.safePop) ? safeDelegate : nil }

    /// Starts transition `t`, moved into place (over the nil that is there
    /// when a transition starts: an idle controller, or one whose transition
    /// was cut first).
    mutating func start(_ t: NavTransition) {
        transition = t
    }

    /// Takes out the running transition (there is one), a nil left in its place.
    mutating func takeTransition() -> NavTransition {
        defer { transition = nil }
        return transition!
    }

    /// Takes the running transition (there is one) out, cut short, and corrupts the
    /// bar in the same write of the controller: written apart, the bar cost a
    /// second trip through the table's mutable addressor.
    mutating func takeCutTransition() -> NavTransition {
        barCorrupted = true
        return takeTransition()
    }
}

extension NavTransition.Kind {
    var isPush: Bool { if case .push = self { true } else { false } }
    var isPop: Bool { !isPush }
    var isInteractive: Bool { if case .interactive = self { true } else { false } }
}
