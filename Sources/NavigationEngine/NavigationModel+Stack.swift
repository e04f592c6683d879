/// UINavigationController's API: push, pop, popTo, popToRoot,
/// setViewControllers: how a call reaches the controller (the subclass's
/// override, then UIKit's own code), what it does on an idle controller
/// (behaviour.md section 1), what it raises (section 2), and what a call made
/// during a transition does: queued (iOS 26) or run at once, nested
/// (legacy) (section 3).
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
    mutating func dropsNewPush(_ cls: ClassName) -> Bool {
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
}
