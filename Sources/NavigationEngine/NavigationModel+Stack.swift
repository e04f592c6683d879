/// UINavigationController's API: push, pop, popTo, popToRoot, setViewControllers.
extension NavigationModel {
    mutating func pushCommand(_ ref: ScreenRef, gate: Bool, animated: Bool) throws {
        let name: ScreenName
        if ref.ordinal != nil {
            name = try resolveLive(ref)
        } else {
            let cls = names.intern(ref.className)
            if scratch.quiet, isModalTransitioning, dropsNewPush(cls) { return }
            name = makeScreen(cls)
        }
        try push(name, gate: gate, animated: animated)
    }

    /// A push of a new instance of `cls` while a modal transition runs, in
    /// a step that records nothing: `superCall` drops it, and this leaves
    /// what the push leaves (`makeReleasedScreen(_:)`, and a swipe guard's
    /// `isPushing`, which `overriddenCall` sets first). False, having changed
    /// nothing, when there is no current controller (the push then keeps its
    /// screen: `overriddenCall` returns before the drop).
    @inline(__always) mutating func dropsNewPush(_ cls: ClassName) -> Bool {
        let id = currentNavID
        guard let nav = navs.controller(id) else { return false }
        let guarded = nav.cls.features.contains(.swipeGuard)
        makeReleasedScreen(cls)
        if guarded { navs.edit(id) { $0.isPushing = true } }
        return true
    }

    /// `push`: the screen named, existing or made for it.
    mutating func push(_ name: ScreenName, gate: Bool, animated: Bool) throws {
        if gate { screens.markRuntimeGate(name) }
        try navCall(currentNavID, .push(name, animated: animated))
    }

    mutating func setStackCommand(_ refs: [ScreenRef], animated: Bool) throws {
        // Resolve every reference before creating anything, so a bad one changes nothing.
        var resolved: [ScreenName?] = []
        for ref in refs {
            if ref.ordinal != nil {
                resolved.append(try resolveLive(ref))
            } else {
                let cls = names.existing(ref.className)
                resolved.append(cls.flatMap { cls in navs[currentNavID]?.stack.last(where: { $0.cls == cls }) })
            }
        }
        var stack: [ScreenName] = []
        for (ref, existing) in zip(refs, resolved) {
            stack.append(existing ?? makeScreen(ref.className))
        }
        try navCall(currentNavID, .setStack(stack, animated: animated))
    }

    /// Prints a call, then runs it the way the controller's class does.
    mutating func navCall(_ id: Int, _ call: NavCall) throws {
        emit(.navCall(call))
        try overriddenCall(id, call)
    }

    /// The subclass's override, then super. Returns false when the pop was
    /// refused: a UISafeNavigationController asks its safe delegate first
    /// (behaviour.md, "Seed controllers"), a swipe guard notes the push.
    @discardableResult
    mutating func overriddenCall(_ id: Int, _ call: NavCall) throws -> Bool {
        guard let features = navs[id]?.cls.features else { return false }
        if features.contains(.safePop), call.isPop, let asker = navs[id]?.safeDelegate, screens[asker] != nil,
            let top = navs[id]?.top
        {
            emit(.shouldPop(asker: asker, top: top))
            let text = traits(of: asker).confirm ?? "Leave \(asker, in: names)?"
            showAlert(Alert(text: text, action: .safePop(nav: id, call: call), asker: asker))
            emit(.alertShown(text: text, presenter: nil))
            return false
        }
        if features.contains(.swipeGuard), case .push = call {
            navs.edit(id) { $0.isPushing = true }
        }
        try superCall(id, call)
        return true
    }

    /// UINavigationController's own implementation of a call: dropped
    /// during a presentation, nested (legacy) or queued during a
    /// transition, else run.
    mutating func superCall(_ id: Int, _ call: NavCall) throws {
        if isModalTransitioning {
            emit(Warning.callDuringPresentation(call.method))
            emit(Note.callDropped)
            releaseUnheld(namedBy: call)
            return
        }
        guard let running = navs.isTransitioning(id) else { return }
        if profile == .legacy, frozenNav != id, running {
            try nestedCall(id, call)
            return
        }
        // iOS 26 pre-empts the running transition (behaviour.md 5b, rule 3).
        if running, preemption, preempts(id) {
            if case .push(let name, _) = call, screens[name]?.parent == id {
                throw raising(.pushedTwice(name))
            }
            preemptThenRun(id, call)
            return
        }
        if running || frozenNav == id {
            if case .push(let name, _) = call, screens[name]?.parent == id {
                throw raising(.pushedTwice(name))
            }
            navs.edit(id) { $0.queue.append(call) }
            emit(Note.deferred)
            return
        }
        try run(id, call)
    }

    /// iOS 12: a call during a transition runs at once and cuts the running
    /// one short (behaviour.md, "Nested calls (legacy)"). A push of the
    /// screen the running push brings raises, and so does a push of a
    /// screen in this stack, before anything is cut.
    mutating func nestedCall(_ id: Int, _ call: NavCall) throws {
        if case .push(let name, _) = call {
            if let t = navs[id]?.transition, t.kind.isPush, t.to == name { throw raising(.addSelfAsSubview) }
            if screens[name]?.parent == id { throw raising(.pushedTwice(name)) }
        }
        emit(Warning.nestedAnimation(pop: call.isPop))
        cutTransition(id)
        emit(Note.nestedCallRanAtOnce)
        nesting = true
        defer { nesting = false }
        try run(id, call)
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

    /// The did-calls of the screens a transition took away, cut short or
    /// finished: the old top's viewDidDisappear, and didMove(toNav: false)
    /// for each removed screen. Calls with no bookkeeping (only the appear
    /// calls have): a quiet step skips them whole, not a test a screen in a
    /// loop over the removed ones (legacy.nav, depth 10: 37,425 cuts).
    @inline(__always) private mutating func emitDepartures(_ t: borrowing NavTransition) {
        if scratch.quiet { return }
        if let from = t.from {
            emitLifecycle(from, .viewDidDisappear(t.animated))
            if t.removed.first == from { emitLifecycle(from, .didMove(toNav: false)) }
        }
        // By index: an iterator held the array, retained and released
        // (17,114 times in legacy.nav's search at depth 10).
        for i in t.removed.indices where t.removed[i] != t.from {
            emitLifecycle(t.removed[i], .didMove(toNav: false))
        }
    }

    /// Runs a call on an idle controller.
    mutating func run(_ id: Int, _ call: NavCall) throws {
        // One read of the table, scoped so no copy of the stack outlives it.
        let count: Int
        let top: ScreenName?
        do {
            guard let nav = navs.controller(id) else { return }
            count = nav.stack.count
            top = nav.top
        }
        if case .popTo = call { work(count) } // lastIndex(of:)
        switch call {
        case .push(let name, let animated):
            if screens[name]?.parent == id {
                throw raising(.pushedTwice(name))
            }
            detachFromOtherControllers(name, except: id)
            beginTransition(id, .push(name), kind: .push, animated: count == 0 ? false : animated)
        case .pop(let animated):
            guard count > 1 else {
                emit(Note.popReturnedNil(root: top))
                return
            }
            beginTransition(id, .keep(count - 1), kind: .pop, animated: animated)
        case .popTo(let target, let animated):
            guard screens[target]?.parent == id, let index = navs[id]?.stack.lastIndex(of: target)
            else {
                if profile == .legacy {
                    throw raising(.popToMissing)
                }
                emit(Warning.popToMissing)
                emit(Note.popToNotInStack(target))
                return
            }
            guard index < count - 1 else {
                emit(Note.popToAlreadyOnTop(target))
                return
            }
            beginTransition(id, .keep(index + 1), kind: .pop, animated: animated)
        case .popToRoot(let animated):
            guard count > 1 else {
                emit(Note.popToRootReturnedNil(root: top))
                return
            }
            beginTransition(id, .keep(1), kind: .pop, animated: animated)
        case .setStack(let names, let animated):
            if navs[id]?.cls.features.contains(.safePop) == true, let asker = navs[id]?.safeDelegate,
                screens[asker] != nil, !names.contains(asker)
            {
                emit(Note.setStackSkipsSafePop(asker))
            }
            if Set(names).count != names.count {
                throw raising(.notDistinct(names))
            }
            for name in names where screens[name]?.parent != id { detachFromOtherControllers(name, except: id) }
            let newTop = names.last
            if newTop == top || count == 0 || newTop == nil {
                replaceStackQuietly(id, with: names)
            } else {
                let kind: NavTransition.Kind = newTop.map { screens[$0]?.parent == id } == true ? .pop : .push
                beginTransition(id, .replace(names), kind: kind, animated: animated)
            }
        }
    }

    /// A screen shown elsewhere leaves its old parent first, as addChild does.
    mutating func detachFromOtherControllers(_ name: ScreenName, except id: Int) {
        guard let other = screens[name]?.parent, other != id else { return }
        navs.edit(other) { $0.stack.removeAll { $0 == name } }
        noteLeft(name)
        screens.setParent(of: name, to: nil)
        noteStackChanged(other)
    }

    /// setViewControllers with the same top (or onto an empty controller): no transition.
    mutating func replaceStackQuietly(_ id: Int, with names: [ScreenName]) {
        if navs[id]?.stack.isEmpty == true, !names.isEmpty {
            beginTransition(id, .replace(names), kind: .push, animated: false)
            return
        }
        let (removed, added) = replaceStack(id, with: names)
        for name in removed { emitLifecycle(name, .willMove(toNav: false)) }
        for name in added { emitLifecycle(name, .willMove(toNav: true)) }
        for name in removed { emitLifecycle(name, .didMove(toNav: false)) }
        for name in added { emitLifecycle(name, .didMove(toNav: true)) }
        releaseUnheld(removed)
    }

    // MARK: - Stack edits (the only places a stack changes)

    /// Puts a screen on top of a stack.
    mutating func appendToStack(_ id: Int, _ name: ScreenName) {
        screens.setParent(of: name, to: id)
        navs.edit(id) { $0.stack.append(name) }
        noteStackChanged(id)
    }

    /// Keeps the bottom `count` screens; returns the others, top first.
    mutating func truncateStack(_ id: Int, keeping count: Int) -> [ScreenName] {
        guard let total = navs[id]?.stack.count, count < total else { return [] }
        work(total - count)
        let removed = navs.edit(id) { nav -> [ScreenName] in
            let removed = Array(nav.stack[count...].reversed())
            nav.stack.removeSubrange(count...)
            return removed
        }!
        screens.clearParents(of: removed, ifItIs: id)
        if traits.count > 0 { for name in removed { noteLeft(name) } }
        noteStackChanged(id)
        return removed
    }

    /// Replaces a stack; returns the screens that left (top first) and the ones that came.
    mutating func replaceStack(_ id: Int, with names: [ScreenName]) -> (removed: [ScreenName], added: [ScreenName]) {
        let old = navs[id]?.stack ?? []
        work(old.count + names.count)
        let removed: [ScreenName]
        let added: [ScreenName]
        if old.count &* names.count <= 64 {
            // Short stacks (a gate closing keeps one screen): a scan of the
            // other array costs less than two Sets hashed into (about 5,800
            // instructions a gate, 1 % of features.nav's search).
            removed = old.reversed().filter { !names.contains($0) }
            added = names.filter { !old.contains($0) }
        } else {
            let kept = Set(names)
            let before = Set(old)
            removed = old.reversed().filter { !kept.contains($0) }
            added = names.filter { !before.contains($0) }
        }
        for name in removed { screens.clearParent(of: name, ifItIs: id) }
        for name in names { screens.setParent(of: name, to: id) }
        navs.edit(id) { $0.stack = names }
        for name in removed { noteLeft(name) }
        noteStackChanged(id)
        return (removed, added)
    }

    // MARK: - Transitions

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

    /// What the delegate that answers the optional methods of controller
    /// `id` (`answeringDelegate(_:)`) supplies for an animated transition:
    /// its name when it answers animationController, and whether it answers
    /// interactionController too. Read in place: `answeringDelegate` copied
    /// the controller out of its slot and, for a proxy, built a Set of the
    /// methods its class forwards and that Set's intersection with the
    /// outside delegate's, two Sets allocated and hashed (about 2,900
    /// instructions on each animated transition of gate.nav's proxy).
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
            // The only call waiting (the usual case) taken off the end:
            // `removeFirst` went through the generic `replaceSubrange`, about
            // 150 instructions.
            navs.edit(id) { _ = $0.queue.count == 1 ? $0.queue.removeLast() : $0.queue.removeFirst() }
            do { try run(id, call) } catch {}
            // The queued call held its arguments; now that it ran, they may be free.
            releaseUnheld(namedBy: call)
        }
    }

    // MARK: - Appearance callbacks with the seeds' hooks

    mutating func loadView(_ name: ScreenName) {
        guard screens.loadView(name) else { return }
        emitLifecycle(name, .viewDidLoad)
    }

    // This and viewWillDisappear are inlined: each runs on every transition's
    // start, and most controllers have no safe-pop delegate to set, so the
    // calls cost more than the test (legacy.nav: about 50 instructions a transition).
    @inline(__always) mutating func viewWillAppear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emitLifecycle(name, .viewWillAppear(animated))
        if navs[id]?.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs.edit(id) { $0.safeDelegate = name }
            emit(.safeDelegateAssigned(screen: name, set: true))
        }
    }

    @inline(__always) mutating func viewWillDisappear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
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

    /// Takes the running transition (there is one) out, cut short, and
    /// corrupts the bar in the same write of the controller: written apart,
    /// the bar cost a second trip through the table's mutable addressor,
    /// about 70 instructions (legacy.nav at depth 10: 37,371 cuts). Nothing
    /// between the take and the bar's old write (lifecycle calls, warnings)
    /// reads the bar.
    @inline(__always) mutating func takeCutTransition() -> NavTransition {
        barCorrupted = true
        return takeTransition()
    }
}

extension NavTransition.Kind {
    var isPush: Bool { if case .push = self { true } else { false } }
    var isPop: Bool { !isPush }
    var isInteractive: Bool { if case .interactive = self { true } else { false } }
}
