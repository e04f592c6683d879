/// UINavigationController's API: push, pop, popTo, popToRoot, setViewControllers.
extension NavigationModel {
    mutating func pushCommand(_ ref: ScreenRef, gate: Bool, animated: Bool) throws {
        let name: ScreenName
        if ref.ordinal != nil {
            name = try resolveLive(ref)
        } else {
            name = makeScreen(ref.className)
        }
        if gate { screens[name]?.runtimeGate = true }
        try navCall(currentNavID, .push(name, animated: animated))
    }

    mutating func setStackCommand(_ refs: [ScreenRef], animated: Bool) throws {
        let nav = navs[currentNavID]
        // Resolve every reference before creating anything, so a bad one changes nothing.
        var resolved: [ScreenName?] = []
        for ref in refs {
            if ref.ordinal != nil {
                resolved.append(try resolveLive(ref))
            } else {
                resolved.append(nav?.stack.last(where: { $0.className == ref.className }))
            }
        }
        var names: [ScreenName] = []
        for (ref, existing) in zip(refs, resolved) {
            names.append(existing ?? makeScreen(ref.className))
        }
        try navCall(currentNavID, .setStack(names, animated: animated))
    }

    /// Prints a call, then runs it the way the controller's class does.
    mutating func navCall(_ id: Int, _ call: NavCall) throws {
        emit(.call, callText(call))
        try overriddenCall(id, call)
    }

    func callText(_ call: NavCall) -> String {
        switch call {
        case let .push(name, animated): "nav.pushViewController(\(name), animated: \(animated))"
        case let .pop(animated): "nav.popViewController(animated: \(animated))"
        case let .popTo(name, animated): "nav.popToViewController(\(name), animated: \(animated))"
        case let .popToRoot(animated): "nav.popToRootViewController(animated: \(animated))"
        case let .setStack(names, animated):
            "nav.setViewControllers([\(names.map(\.description).joined(separator: ", "))], animated: \(animated))"
        }
    }

    /// The subclass's override, then super. Returns false when the pop was refused.
    @discardableResult
    mutating func overriddenCall(_ id: Int, _ call: NavCall) throws -> Bool {
        guard let nav = navs[id] else { return false }
        if nav.cls.features.contains(.safePop), call.isPop, let asker = nav.safeDelegate, screens[asker] != nil,
           let top = nav.top {
            emit(.delegate, "\(asker).shouldPop(\(top)) -> false", about: asker)
            let text = traits(of: asker).confirm ?? "Leave \(asker)?"
            alert = Alert(text: text, action: .safePop(nav: id, call: call))
            emit(.alert, "alert \"\(text)\" [Cancel] [OK]")
            return false
        }
        if nav.cls.features.contains(.swipeGuard), case .push = call {
            navs[id]?.isPushing = true
        }
        try superCall(id, call)
        return true
    }

    /// UINavigationController's own implementation of a call.
    mutating func superCall(_ id: Int, _ call: NavCall) throws {
        if modalTransition != nil {
            emit(.warning, "warning: \(call.selector) called on <nav> while an existing transition or presentation is occurring; the navigation stack will not be updated.")
            if case let .push(name, _) = call { releaseUnheld([name]) }
            if case let .setStack(names, _) = call { releaseUnheld(names) }
            return
        }
        guard let nav = navs[id] else { return }
        if profile == .legacy, frozen?.nav != id, let running = nav.transition {
            try nestedCall(id, call, cutting: running)
            return
        }
        if nav.transition != nil || frozen?.nav == id {
            if case let .push(name, _) = call, nav.stack.contains(name) {
                throw raising("NSInvalidArgumentException", "Pushing the same view controller instance more than once is not supported (\(name))")
            }
            navs[id]?.queue.append(call)
            emit(.note, "note: deferred until the running transition ends")
            return
        }
        try run(id, call)
    }

    /// iOS 12: a call during a transition runs at once and cuts the running one short.
    mutating func nestedCall(_ id: Int, _ call: NavCall, cutting running: NavTransition) throws {
        if case let .push(name, _) = call, running.kind.isPush, running.to == name {
            throw raising("NSInvalidArgumentException", "Can't add self as subview")
        }
        if case let .push(name, _) = call, navs[id]?.stack.contains(name) == true {
            throw raising("NSInvalidArgumentException", "Pushing the same view controller instance more than once is not supported (\(name))")
        }
        emit(.warning, "warning: nested \(call.isPop ? "pop" : "push") animation can result in corrupted navigation bar")
        cutTransition(id)
        emit(.note, "note: iOS 12 ran the call at once instead of queueing it; the navigation bar keeps the item of the cut transition")
        nesting = true
        defer { nesting = false }
        try run(id, call)
    }

    /// Ends a transition before its time: no viewDidAppear, no didShow, a corrupted bar.
    mutating func cutTransition(_ id: Int) {
        guard let t = navs[id]?.transition else { return }
        emit(.warning, "warning: Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.")
        if let from = t.from {
            emit(.lifecycle, "\(from).viewDidDisappear(\(t.animated))", about: from)
            if t.removed.contains(from) { emit(.lifecycle, "\(from).didMove(toParent: nil)", about: from) }
        }
        for name in t.removed where name != t.from { emit(.lifecycle, "\(name).didMove(toParent: nil)", about: name) }
        if t.toIsNew { emit(.lifecycle, "\(t.to).didMove(toParent: nav)", about: t.to) }
        emit(.warning, "warning: Unbalanced calls to begin/end appearance transitions for <\(t.to)>.", about: t.to)
        navs[id]?.transition = nil
        navs[id]?.barCorrupted = true
        releaseUnheld(t.removed)
    }

    /// Runs a call on an idle controller.
    mutating func run(_ id: Int, _ call: NavCall) throws {
        guard let nav = navs[id] else { return }
        let stack = nav.stack
        switch call {
        case let .push(name, animated):
            if stack.contains(name) {
                throw raising("NSInvalidArgumentException", "Pushing the same view controller instance more than once is not supported (\(name))")
            }
            detachFromOtherControllers(name, except: id)
            beginTransition(id, to: stack + [name], kind: .push, animated: stack.isEmpty ? false : animated)
        case let .pop(animated):
            guard stack.count > 1, let top = nav.top else {
                emit(.note, "note: popViewController(animated:) returned nil: \(nav.top.map { "\($0) is the root" } ?? "the stack is empty"), there is nothing to pop")
                return
            }
            _ = top
            beginTransition(id, to: Array(stack.dropLast()), kind: .pop, animated: animated)
        case let .popTo(target, animated):
            guard let index = stack.firstIndex(of: target) else {
                if profile == .legacy {
                    throw raising("NSInternalInconsistencyException", "Tried to pop to a view controller that doesn't exist.")
                }
                emit(.warning, "warning: Tried to pop to a view controller that doesn't exist.")
                return
            }
            guard index < stack.count - 1 else {
                emit(.note, "note: popToViewController(_:animated:) returned nil: \(target) is already on top")
                return
            }
            beginTransition(id, to: Array(stack[...index]), kind: .pop, animated: animated)
        case let .popToRoot(animated):
            guard stack.count > 1 else {
                emit(.note, "note: popToRootViewController(animated:) returned nil: \(nav.top.map { "\($0) is already the root" } ?? "the stack is empty")")
                return
            }
            beginTransition(id, to: [stack[0]], kind: .pop, animated: animated)
        case let .setStack(names, animated):
            if Set(names).count != names.count {
                throw raising("NSInternalInconsistencyException", "All view controllers in a navigation controller must be distinct ([\(names.map(\.description).joined(separator: ", "))])")
            }
            for name in names where !stack.contains(name) { detachFromOtherControllers(name, except: id) }
            let newTop = names.last
            if newTop == nav.top || stack.isEmpty {
                replaceStackQuietly(id, with: names)
            } else {
                let kind: NavTransition.Kind = newTop.map(stack.contains) == true ? .pop : .push
                beginTransition(id, to: names, kind: kind, animated: animated)
            }
        }
    }

    /// A screen shown elsewhere leaves its old parent first, as addChild does.
    mutating func detachFromOtherControllers(_ name: ScreenName, except id: Int) {
        for (otherID, other) in navs where otherID != id && other.stack.contains(name) {
            navs[otherID]?.stack.removeAll { $0 == name }
        }
    }

    /// setViewControllers with the same top (or onto an empty controller): no transition.
    mutating func replaceStackQuietly(_ id: Int, with names: [ScreenName]) {
        guard let nav = navs[id] else { return }
        let old = nav.stack
        if old.isEmpty, !names.isEmpty {
            beginTransition(id, to: names, kind: .push, animated: false)
            return
        }
        let removed = old.filter { !names.contains($0) }.reversed()
        let added = names.filter { !old.contains($0) }
        for name in removed { emit(.lifecycle, "\(name).willMove(toParent: nil)", about: name) }
        for name in added { emit(.lifecycle, "\(name).willMove(toParent: nav)", about: name) }
        navs[id]?.stack = names
        for name in removed { emit(.lifecycle, "\(name).didMove(toParent: nil)", about: name) }
        for name in added { emit(.lifecycle, "\(name).didMove(toParent: nav)", about: name) }
        releaseUnheld(Array(removed))
    }

    // MARK: - Transitions

    /// Changes the stack at once and starts the appearance transition to its new top.
    mutating func beginTransition(_ id: Int, to newStack: [ScreenName], kind: NavTransition.Kind, animated: Bool, held: Bool = false) {
        guard let nav = navs[id], let newTop = newStack.last else { return }
        let old = nav.stack
        let oldTop = old.last
        let removed = Array(old.filter { !newStack.contains($0) }.reversed())
        let added = newStack.filter { !old.contains($0) }
        navs[id]?.stack = newStack
        if added.contains(newTop) { emit(.lifecycle, "\(newTop).willMove(toParent: nav)", about: newTop) }
        for name in removed { emit(.lifecycle, "\(name).willMove(toParent: nil)", about: name) }
        for name in added where name != newTop { emit(.lifecycle, "\(name).willMove(toParent: nav)", about: name) }
        loadView(newTop)
        if let oldTop { viewWillDisappear(oldTop, id, animated) }
        viewWillAppear(newTop, id, animated)
        delegateWillShow(id, newTop, animated)
        if animated, let oldTop {
            let operation: String = if case .push = kind { "push" } else { "pop" }
            delegateAnimationController(id, operation, from: oldTop, to: newTop, interactive: kind.isInteractive)
        }
        let duration = kind.isPush ? durations.push : durations.pop
        var transition = NavTransition(kind: kind, from: oldTop, to: newTop, removed: removed,
                                       addedBelow: added.filter { $0 != newTop }, toIsNew: added.contains(newTop),
                                       animated: animated, repairsBar: !nesting,
                                       start: clock, end: animated ? clock + duration : clock)
        if held { transition.end = nil }
        navs[id]?.transition = transition
        if !animated { finishTransition(id) }
    }

    /// The end of a transition: the did-calls, didShow, releases, then the queue.
    mutating func finishTransition(_ id: Int) {
        guard let nav = navs[id], let t = nav.transition else { return }
        if case let .interactive(_, cancels) = t.kind, cancels {
            cancelInteractivePop(id, t)
            return
        }
        if let from = t.from {
            emit(.lifecycle, "\(from).viewDidDisappear(\(t.animated))", about: from)
            if t.removed.contains(from) { emit(.lifecycle, "\(from).didMove(toParent: nil)", about: from) }
        }
        for name in t.removed where name != t.from { emit(.lifecycle, "\(name).didMove(toParent: nil)", about: name) }
        emit(.lifecycle, "\(t.to).viewDidAppear(\(t.animated))", about: t.to)
        if t.toIsNew { emit(.lifecycle, "\(t.to).didMove(toParent: nav)", about: t.to) }
        for name in t.addedBelow { emit(.lifecycle, "\(name).didMove(toParent: nav)", about: name) }
        navs[id]?.transition = nil
        if t.repairsBar { navs[id]?.barCorrupted = false }
        delegateDidShow(id, t.to, t.animated)
        releaseUnheld(t.removed)
        if t.kind.isInteractive { emit(.gesture, "gesture.finished") }
        runQueue(id)
    }

    /// Runs the calls that waited for the transition, until one starts another.
    mutating func runQueue(_ id: Int) {
        while let nav = navs[id], nav.transition == nil, frozen?.nav != id, !nav.queue.isEmpty {
            let call = nav.queue[0]
            navs[id]?.queue.removeFirst()
            do { try run(id, call) } catch {}
            if case let .push(name, _) = call { releaseUnheld([name]) }
        }
    }

    // MARK: - Appearance callbacks with the seeds' hooks

    mutating func loadView(_ name: ScreenName) {
        guard screens[name]?.viewLoaded == false else { return }
        screens[name]?.viewLoaded = true
        emit(.lifecycle, "\(name).viewDidLoad()", about: name)
    }

    mutating func viewWillAppear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emit(.lifecycle, "\(name).viewWillAppear(\(animated))", about: name)
        if navs[id]?.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs[id]?.safeDelegate = name
            emit(.delegate, "nav.safeDelegate = \(name)", about: name)
        }
    }

    mutating func viewWillDisappear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emit(.lifecycle, "\(name).viewWillDisappear(\(animated))", about: name)
        if navs[id]?.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs[id]?.safeDelegate = nil
            emit(.delegate, "nav.safeDelegate = nil", about: name)
        }
    }
}

extension NavTransition.Kind {
    var isPush: Bool { if case .push = self { true } else { false } }
    var isPop: Bool { !isPush }
    var isInteractive: Bool { if case .interactive = self { true } else { false } }
}
