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
        try push(name, gate: gate, animated: animated, isNew: ref.ordinal == nil)
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
        let guarded = nav.pointee.cls.features.contains(.swipeGuard)
        makeReleasedScreen(cls)
        if guarded { navs.edit(id) { $0.isPushing = true } }
        return true
    }

    /// `push`: the screen named, existing or made for it.
    ///
    /// `isNew`: `name` was just made, for this push: in no controller and
    /// no one's child. A push during a transition (`nestedCall`, legacy's)
    /// then skips the probe of the screen table for its parent, which the
    /// pushed-twice test and the detach read: legacy.nav 6,731 -> 6,716
    /// instructions a state at depth 10, 6,894 -> 6,878 at depth 13, the
    /// other setups as they were. Handed down the call, not kept in the
    /// model: a call queued for later, or one a hook makes, looks as any
    /// other. (Handed on to `run` as well, for a push onto an idle
    /// controller, the flag cost the five other setups about 2 instructions
    /// a state more than the probes it saved; kept in the model's scratch,
    /// set and cleared around the call, 4 to 5 more.)
    mutating func push(_ name: ScreenName, gate: Bool, animated: Bool, isNew: Bool = false) throws {
        if gate { screens.markRuntimeGate(name) }
        if isNew {
            try newPushCall(currentNavID, .push(name, animated: animated))
        } else {
            try navCall(currentNavID, .push(name, animated: animated))
        }
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

    /// `navCall` of a push of a screen just made for it (`push`): a copy
    /// of its own, out of line, so `navCall` hands no flag down (with one,
    /// the five other setups took about 2 instructions a state more; this
    /// copy in line in `push`, 4 to 7 more, legacy 2 fewer saved).
    @inline(never) mutating func newPushCall(_ id: Int, _ call: NavCall) throws {
        emit(.navCall(call))
        try overriddenCall(id, call, pushesNew: true)
    }

    /// `push` of a new instance (`namedNew(_:)`, not yet in the table) onto
    /// controller `id`: `newPushCall(_:_:)` of `makeScreen` and `push`,
    /// `overriddenCall` and `superCall` written out for a push, the screen
    /// put in the table in each way the push can go (`putNew`). Where the
    /// push begins a transition at once (a nested call, legacy's, or a run
    /// on an idle controller), the screen is put there with the parent and
    /// the loaded view the push gives it, in the probe that finds its slot,
    /// and the push does not give them again (`placed`): nothing between
    /// reads either (a nested call's cut releases other screens; a new
    /// screen is in no other controller to leave and in no stack, so
    /// neither the pushed-twice test nor the detach is made for it). A gate
    /// is marked in the same write. (Made first and given its parent by
    /// the push, a screen cost the probe and the write of
    /// `setParentAndLoadView`, and on an idle controller the pushed-twice
    /// test's and the detach's probes.)
    @inline(never) mutating func newPushCall(_ id: Int, _ name: ScreenName, gate: Bool, animated: Bool) throws {
        let call = NavCall.push(name, animated: animated)
        emit(.navCall(call))
        guard let nav = navs.controller(id) else {
            putNew(name, gate: gate, shownBy: nil)
            return
        }
        if nav.pointee.cls.features.contains(.swipeGuard) { navs.edit(id) { $0.isPushing = true } }
        if isModalTransitioning {
            putNew(name, gate: gate, shownBy: nil)
            emit(Warning.callDuringPresentation(call.method))
            emit(Note.callDropped)
            releaseUnheld(namedBy: call)
            return
        }
        guard let running = navs.isTransitioning(id) else {
            putNew(name, gate: gate, shownBy: nil)
            return
        }
        if profile == .legacy, frozenNav != id, running {
            putNew(name, gate: gate, shownBy: id)
            try nestedCall(id, call, pushesNew: true, placed: true)
            return
        }
        // iOS 26 pre-empts the running transition (behaviour.md 5b, rule 3).
        if running, preemption, preempts(id) {
            putNew(name, gate: gate, shownBy: nil)
            preemptThenRun(id, call)
            return
        }
        if running || frozenNav == id {
            putNew(name, gate: gate, shownBy: nil)
            navs.edit(id) { $0.queue.append(call.queued) }
            emit(Note.deferred)
            return
        }
        // `run`'s push.
        putNew(name, gate: gate, shownBy: id)
        let count = navs.controller(id)?.pointee.stack.count ?? 0
        beginTransition(id, .push(name), kind: .push, animated: count == 0 ? false : animated, placed: true)
    }

    /// The subclass's override, then super. Returns false when the pop was refused.
    /// In line in its two callers (`navCall`, the edge swipe's), as
    /// `superCall` is in it: 9 to 17 instructions a state fewer on the six
    /// bench setups.
    @discardableResult
    @inline(__always) mutating func overriddenCall(_ id: Int, _ call: NavCall, pushesNew: Bool = false) throws -> Bool {
        // Read through the slot (`navs[id]?.field` called the optional
        // controller's outlined tag function on each read: NavTable.edit).
        guard let nav = navs.controller(id) else { return false }
        let features = nav.pointee.cls.features
        if features.contains(.safePop), call.isPop, let asker = nav.pointee.safeDelegate, screens[asker] != nil,
            let top = nav.pointee.top
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
        try superCall(id, call, pushesNew: pushesNew)
        return true
    }

    /// UINavigationController's own implementation of a call. In line in
    /// its two callers (`overriddenCall`, the back button's): a call of
    /// its own cost 11 to 16 instructions a state on the six bench setups.
    @inline(__always) mutating func superCall(_ id: Int, _ call: NavCall, pushesNew: Bool = false) throws {
        if isModalTransitioning {
            emit(Warning.callDuringPresentation(call.method))
            emit(Note.callDropped)
            releaseUnheld(namedBy: call)
            return
        }
        guard let running = navs.isTransitioning(id) else { return }
        // (The running transition is read by `nestedCall`, in place: bound here,
        // `let t = navs[id]?.transition` was copied on every call, legacy or not.)
        if profile == .legacy, frozenNav != id, running {
            try nestedCall(id, call, pushesNew: pushesNew)
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
            // Appended as a copy made of its parts where it holds no array
            // (`queued`): the call, borrowed, went through the enum's outlined
            // copy to be stored (about 15 instructions a queued call).
            navs.edit(id) { $0.queue.append(call.queued) }
            emit(Note.deferred)
            return
        }
        try run(id, call)
    }

    /// iOS 12: a call during a transition runs at once and cuts the running one short.
    ///
    /// `placed`: the pushed screen, new (`pushesNew`), was put in the table
    /// with its parent and its view loaded (`newPushCall(_:_:gate:animated:)`).
    mutating func nestedCall(_ id: Int, _ call: NavCall, pushesNew: Bool = false, placed: Bool = false) throws {
        // (A screen the push just made is no running push's.)
        if !pushesNew, case .push(let name, _) = call, let nav = navs.controller(id), NavSlots.hasTransition(nav),
            NavSlots.transition(of: nav).pointee.kind.isPush, NavSlots.transition(of: nav).pointee.to == name
        {
            throw raising(.addSelfAsSubview)
        }
        // The pushed screen's parent, read once for this test and for the
        // ones `run` makes after the cut (below); not read for a screen the
        // push just made (`pushesNew`: it has none).
        var pushedParent: Int?
        if case .push(let name, _) = call, !pushesNew {
            pushedParent = screens[name]?.parent
            if pushedParent == id { throw raising(.pushedTwice(name)) }
        }
        emit(Warning.nestedAnimation(pop: call.isPop))
        let slot = cutTransition(id)
        emit(Note.nestedCallRanAtOnce)
        nesting = true
        defer { nesting = false }
        // `run(_:_:)` of a push, a pop and a pop to root that begin a
        // transition (legacy.nav's nested calls), written out here to hand
        // the slot the cut took through the table's mutable addressor on to
        // `beginTransition` (one trip, about 45 instructions, fewer a nested
        // call: 37,425 at depth 10). The storage is as much this model's
        // alone since: the cut's releases and the tests below copy neither
        // the model nor its table. (Handed through `run`, the slot cost the
        // other calls about one instruction a state.) The new transition is
        // written over the cut one, which the cut left in its place holding
        // nothing (`cutTransition`). The rest run as `run` runs them, once
        // the cut transition is gone.
        let count = slot.pointee.stack.count
        switch call {
        case .push(let name, let animated):
            // `run`'s pushed-twice test and the detach's look at the parent
            // find what the read above found: the cut changes no screen's
            // parent (it releases screens in no stack, which then have none).
            // A new screen (no parent) is in no other controller to leave.
            // (About 70 instructions a nested push: two probes of the table
            // and a call.)
            if pushedParent != nil { detachFromOtherControllers(name, except: id) }
            beginTransition(
                id, .push(name), kind: .push, animated: count == 0 ? false : animated, over: slot, placed: placed)
        case .pop(let animated) where count > 1:
            beginTransition(id, .keep(count - 1), kind: .pop, animated: animated, over: slot)
        case .popToRoot(let animated) where count > 1:
            beginTransition(id, .keep(1), kind: .pop, animated: animated, over: slot)
        default:
            dropCutTransition(slot)
            try run(id, call)
        }
    }

    /// Ends a transition before its time: no viewDidAppear, no didShow, a
    /// corrupted bar. Returns the controller's slot, taken through the
    /// table's mutable addressor for the cut.
    ///
    /// The cut transition stays in its place, holding nothing (its two
    /// lists the empty array's storage, which needs no release,
    /// `H1SpareListTests`), for the transition the nested call begins to be
    /// written over (`beginTransition(_:_:kind:animated:over:)`), or for
    /// `dropCutTransition(_:)` to drop without a destroy. It was moved out
    /// (not copied: a copy retained its arrays, and the controller's clear
    /// released them through the optional's value witnesses, about 400
    /// instructions a cut) and destroyed, two calls to swift_release, and
    /// the new one moved in over the nil left: about 100 instructions more
    /// a cut (legacy.nav at depth 10: 37,425 cuts).
    mutating func cutTransition(_ id: Int) -> UnsafeMutablePointer<NavController> {
        // Not asked again whether one runs: `nestedCall`, its one caller,
        // runs only where `superCall` found one, and nothing between ends it
        // (its tests read, its warning is an event). The test a cut cost
        // legacy.nav 6,699 -> 6,685 instructions a state at depth 10.
        // The bar corrupted in the same write of the controller (a second
        // trip through the table's mutable addressor cost about 70
        // instructions a cut); nothing below reads it.
        let slot = NavSlots.payload(navs.mutableSlot(id))
        slot.pointee.barCorrupted = true
        let t = NavSlots.transition(of: slot)
        emit(Warning.unexpectedTransitionState)
        if !scratch.quiet { emitDepartures(t.pointee) }
        if t.pointee.toIsNew { emitLifecycle(t.pointee.to, .didMove(toNav: true)) }
        emit(Warning.unbalancedAppearance(t.pointee.to))
        // (A push's list is empty: no call.)
        if !t.pointee.removed.isEmpty { releaseCutScreens(of: id, UnsafePointer(t)) }
        // The list's storage kept for the next pop's list (`truncateStack`),
        // not freed here to be allocated again there (about 435
        // instructions the two; legacy.nav at depth 10: 19,732 lists
        // allocated, 37,425 cuts): legacy 7,131 -> 7,102 instructions a
        // state at depth 10, 7,301 -> 7,271 at depth 13, the other setups
        // 4 to 6 fewer. Kept only while none is: a list kept in its place
        // (its storage maybe shared with the parent state's transition, then
        // copied when used) made legacy 7,150; kept from finished
        // transitions too, 7,110, the others 3 to 4 more.
        // Kept when it has room, empty or not: a push's transition reset
        // back to from a pop's (`NavTransition.reset(to:)`) keeps the pop's
        // storage with no name in it, and freed here it was allocated again
        // by the next pop (legacy 6,638 -> 6,602 at depth 10, 6,789 -> 6,752
        // at depth 13; the empty array's shared storage has no room). And
        // kept over a spare with less room (the spare then freed in its
        // place), so the spare grows to the longest pop (with the lists made
        // for 16 names, `truncateStack`: legacy 6,602 -> 6,564 at depth 10,
        // 6,752 -> 6,713 at depth 13; 16 alone made 6,573 and 6,724).
        if t.pointee.removed.capacity > scratch.spareList.capacity { swap(&scratch.spareList, &t.pointee.removed) }
        // What the list holds then (the spare's old storage) is freed, as
        // the transition's destroy freed it, and so is a replacement's list
        // of screens added below (none in a push's or a pop's).
        if !sameStorage(t.pointee.removed, []) { t.pointee.removed = [] }
        if !sameStorage(t.pointee.addedBelow, []) { t.pointee.addedBelow = [] }
        return slot
    }

    /// Drops the transition `cutTransition` left in controller `slot`'s
    /// place: a nil written over it, no destroy (it holds nothing).
    @inline(__always) private func dropCutTransition(_ slot: UnsafeMutablePointer<NavController>) {
        withUnsafeMutablePointer(to: &slot.pointee.transition) { $0.initialize(to: nil) }
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
            count = nav.pointee.stack.count
            top = nav.pointee.top
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
            guard screens[target]?.parent == id, let index = navs.controller(id)?.pointee.stack.lastIndex(of: target)
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
        if navs.controller(id)?.pointee.stack.isEmpty == true, !names.isEmpty {
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
        guard let total = navs.controller(id)?.pointee.stack.count, count < total else { return [] }
        return truncateStack(id, keeping: count, in: NavSlots.payload(navs.mutableSlot(id)))
    }

    /// `truncateStack(_:keeping:)` of controller `id`, which `nav` points
    /// to, in the table's storage this model holds alone (from its mutable
    /// addressor, this step).
    private mutating func truncateStack(
        _ id: Int, keeping count: Int, in nav: UnsafeMutablePointer<NavController>
    ) -> [ScreenName] {
        let total = nav.pointee.stack.count
        guard count < total else { return [] }
        work(total - count)
        // Popped in one edit of the controller, not one trip through the
        // table's mutable addressor a screen (nothing below reads the stacks).
        // The screens' parents cleared after the cut, over the list through
        // its address, in one `ScreenTable.clearParents(of:count:ifItIs:)`
        // (neither reads a stack), which takes the slots for writing once:
        // cleared as each screen was popped, each write asked the runtime
        // whether they were the table's alone (legacy.nav 5,557 -> 5,546
        // instructions a state at depth 10, 5,649 -> 5,634 at 13). (A second
        // loop over the list as an array retained and released it.)
        // `noteLeft` looks at nothing when no class declares traits (most
        // setups): asked here once, not in a call a screen (about 10
        // instructions a screen popped; where traits are declared, a test
        // more a pop, about 0.1 instruction a state), after the loop (it
        // reads neither a stack nor a parent).
        // The list is written and the stack cut in one mutable access to
        // each (their counts set in their headers: plain values), where a
        // `removeLast()` and an `append` a screen each asked the runtime
        // whether the storage was their own (popToRoot takes about four
        // screens a pop at depth 13): legacy.nav 7,272 -> 7,254
        // instructions a state at depth 10, 7,465 -> 7,426 at depth 13.
        // (Read by index and taken off in one `removeLast(_:)`, legacy.nav
        // at depth 10 went 7,322 -> 7,358 instructions a state; the list
        // written in place through `Array(unsafeUninitializedCapacity:)`,
        // 7,558. The `reserveCapacity` is the list's allocation, about 185
        // instructions, 19,732 times at depth 10, not a copy of the stack.)
        let n = total - count
        // Written into the storage a cut transition's list left
        // (`cutTransition`) when it has room, and is this model's alone
        // (a shared one is copied, as the allocation would have cost).
        // Made with room for 16 names in the legacy profile, where cuts keep
        // lists for later pops: one made for its pop alone was too short
        // for a later, longer pop (popToRoot), which made its own and freed
        // the spare (legacy.nav: room for 4, 8, 16 made 6,597, 6,582, 6,573
        // instructions a state at depth 10 where `n` made 6,602; 16 at depth
        // 13, 6,724 from 6,752; the stack's count, 6,575 and 6,725). Only
        // cuts keep a spare (`cutTransition`): in the other profiles the
        // room was malloc's work, about 0.6 instructions a state more on
        // interactive-pop.nav.
        // The list's storage asked once whether it is its own (where the
        // spare's was asked, emptied, then asked again for the writes: 19,732
        // lists at depth 10), and written through its address.
        var removed: [ScreenName] = []
        let room = profile == .legacy ? Swift.max(n, 16) : n
        var out: UnsafeMutablePointer<ScreenName>?
        if scratch.spareList.capacity >= n {
            swap(&removed, &scratch.spareList)
            out = removed.emptiedInPlace(keeping: n)
        }
        if out == nil {
            removed = []
            removed.reserveCapacity(room)
            out = removed.withUnsafeMutableBufferPointer { $0.baseAddress! }
        }
        let list = out!
        nav.pointee.stack.withUnsafeMutableBufferPointer { stack in
            let bottom = stack.baseAddress!
            for i in 0..<n { (list + i).initialize(to: bottom[total &- 1 &- i]) }
            ArrayHeader.setCount(count, before: UnsafeMutableRawPointer(bottom))
        }
        screens.clearParents(of: list, count: n, ifItIs: id)
        ArrayHeader.setCount(n, before: UnsafeMutableRawPointer(list))
        if traits.count > 0 { for i in 0..<n { noteLeft(removed[i]) } }
        noteStackChanged(id)
        return removed
    }

    /// Replaces a stack; returns the screens that left (top first) and the ones that came.
    mutating func replaceStack(_ id: Int, with names: [ScreenName]) -> (removed: [ScreenName], added: [ScreenName]) {
        let old = navs.controller(id)?.pointee.stack ?? []
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

    /// Changes the stack at once and starts the appearance transition to its new top.
    mutating func beginTransition(
        _ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool, held: Bool = false
    ) {
        beginTransition(id, edit, kind: kind, animated: animated, held: held, given: nil)
    }

    /// `beginTransition(_:_:kind:animated:held:)` with controller `id`'s
    /// slot taken already through the table's mutable addressor, this step
    /// (a nested call's cut).
    mutating func beginTransition(
        _ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool,
        slot: UnsafeMutablePointer<NavController>
    ) {
        beginTransition(id, edit, kind: kind, animated: animated, held: false, given: slot)
    }

    /// `beginTransition(_:_:kind:animated:slot:)` of a nested call, whose
    /// cut left its transition, holding nothing, in the slot
    /// (`cutTransition`): the new one is written over it.
    ///
    /// `placed`: the screen a push pushes was put in the table with its
    /// parent and its view loaded (`newPushCall(_:_:gate:animated:)`).
    mutating func beginTransition(
        _ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool,
        over slot: UnsafeMutablePointer<NavController>, placed: Bool = false
    ) {
        beginTransition(
            id, edit, kind: kind, animated: animated, held: false, given: slot, overCut: true, placed: placed)
    }

    /// `beginTransition(_:_:kind:animated:held:)` of a push of a screen put
    /// in the table with its parent and its view loaded
    /// (`newPushCall(_:_:gate:animated:)`).
    mutating func beginTransition(_ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool, placed: Bool)
    {
        beginTransition(id, edit, kind: kind, animated: animated, held: false, given: nil, placed: placed)
    }

    /// The four `beginTransition`s, each a copy of this (a slot handed to
    /// the first too cost its callers about one instruction a state).
    @inline(__always) private mutating func beginTransition(
        _ id: Int, _ edit: StackEdit, kind: NavTransition.Kind, animated: Bool, held: Bool,
        given: UnsafeMutablePointer<NavController>?, overCut: Bool = false, placed: Bool = false
    ) {
        // The delegate that answers the optional methods does not change with the
        // stack: read it with the old top in one read of the table, or in
        // the slot `given` (through the table, the id was tested against its
        // count and the slot's tag again: about 8 instructions a nested call).
        let nav: UnsafePointer<NavController>
        if let given {
            nav = UnsafePointer(given)
        } else {
            guard let found = navs.controller(id) else { return }
            nav = found
        }
        let oldTop = nav.pointee.top
        // (Read only for its events: a step that records nothing skips it.
        // Asked in every step, gate.nav's proxy cost 3,657 instructions a
        // state where 3,628 now; legacy 6,396 -> 6,392.)
        let animator =
            animated && !scratch.quiet && !NavSlots.delegate(of: nav).pointee.isNone ? animationSupplier(id) : nil
        // One trip through the table's mutable addressor for the stack's
        // edit and the transition's start: the storage it hands out is this
        // model's alone from then on (nothing here copies the model or its
        // table), so the pointer serves both. (Two trips cost about 45
        // instructions more on every push and pop: legacy.nav, depth 10,
        // 40,869 transitions begun.) Or the slot `given`.
        let slot = given ?? NavSlots.payload(navs.mutableSlot(id))
        var removed: [ScreenName] = []
        // What came in: a push brings exactly its screen, as the new top (no
        // array is made for it); a replacement may bring several.
        var toIsNew = false
        var addedBelow: [ScreenName] = []
        // Whether the new top's view is loaded already (`loadView` below), or
        // nil when that is still to be asked.
        var loaded: Bool?
        switch edit {
        case .push(let name) where placed:
            // (Its parent given and its view loaded when it was put in the
            // table: it was not before.)
            loaded = false
            slot.pointee.stack.append(name)
            noteStackChanged(id)
            toIsNew = true
        case .push(let name):
            // `appendToStack(_:_:)`, through the slot, and the new top's
            // `loadView` in the same probe of the table and the same write
            // (nothing between reads whether its view is loaded; the
            // viewDidLoad is still reported below, in its place): a probe,
            // a write and the entry sum's update fewer a push.
            loaded = !screens.setParentAndLoadView(of: name, to: id)
            slot.pointee.stack.append(name)
            noteStackChanged(id)
            toIsNew = true
        case .keep(let count):
            removed = truncateStack(id, keeping: count, in: slot)
        case .replace(let names):
            let added: [ScreenName]
            (removed, added) = replaceStack(id, with: names)
            if let top = navs.controller(id)?.pointee.top {
                toIsNew = added.contains(top)
                addedBelow = added.filter { $0 != top }
            }
        }
        // In the slot (the stack's edits above keep it: the table's storage
        // is this model's alone): read through the table, the id and the
        // slot's tag were tested again.
        guard let newTop = slot.pointee.top else {
            if overCut { dropCutTransition(slot) }
            return
        }
        if toIsNew { emitLifecycle(newTop, .willMove(toNav: true)) }
        for name in removed { emitLifecycle(name, .willMove(toNav: false)) }
        for name in addedBelow { emitLifecycle(name, .willMove(toNav: true)) }
        if let loaded {
            if !loaded { emitLifecycle(newTop, .viewDidLoad) }
        } else if !screens.viewIsLoaded(newTop) {
            // (A pop's new top was shown before, mostly: a read of the
            // table tells it in line. In `loadView` itself, in line at every
            // call, the other setups paid 4 to 6 instructions a state.)
            loadView(newTop)
        }
        // (The safe-pop hooks asked of the slot once, for both: through the
        // table, each read tested the id and the slot's tag.)
        if slot.pointee.cls.features.contains(.safePop) {
            if let oldTop { viewWillDisappear(oldTop, id, animated) }
            viewWillAppear(newTop, id, animated)
        } else {
            if let oldTop { emitLifecycle(oldTop, .viewWillDisappear(animated)) }
            emitLifecycle(newTop, .viewWillAppear(animated))
        }
        // A controller with no delegate (most) is told in line, in the slot:
        // the call, to learn it, cost about 30 instructions a transition.
        if !NavSlots.delegate(of: UnsafePointer(slot)).pointee.isNone { delegateWillShow(id, newTop, animated) }
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
        // Moved into the slot, not captured by a closure and copied, and the
        // arrays consumed: a copy retained them and the locals' end (after
        // `finishTransition`, a call they may not be released across)
        // released them, twice a transition.
        let repairsBar = !nesting
        let start = clock
        let t = NavTransition(
            kind: kind, from: oldTop, to: newTop, removed: consume removed,
            addedBelow: consume addedBelow, toIsNew: toIsNew,
            animated: animated, repairsBar: repairsBar,
            start: start, end: held ? nil : (animated ? start + duration : start))
        if overCut {
            // Written over the cut transition without its destroy: it holds
            // nothing to release (`cutTransition`).
            NavSlots.transition(of: slot).initialize(to: t)
        } else {
            slot.pointee.start(t)
        }
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
        switch nav.pointee.delegate {
        case .none:
            return nil
        case .outside(let outside):
            guard outside.methods.contains(.animationController) else { return nil }
            return (outside.name, outside.methods.contains(.interactionController))
        case .controller(let forward):
            guard let forward, nav.pointee.cls.features.contains(.proxy) else { return nil }
            let forwarded = nav.pointee.cls.forwardedMethods
            func answers(_ method: DelegateMethod) -> Bool {
                forward.methods.contains(method) && forwarded.contains(method)
            }
            guard answers(.animationController) else { return nil }
            return (forward.name, answers(.interactionController))
        }
    }

    /// The end of a transition: the did-calls, didShow, releases, then the queue.
    mutating func finishTransition(_ id: Int) {
        if let nav = navs.controller(id), NavSlots.hasTransition(nav),
            case .interactive(_, let cancels) = NavSlots.transition(of: nav).pointee.kind, cancels
        {
            let t = NavSlots.transition(of: nav).pointee
            cancelInteractivePop(id, t)
            return
        }
        // Moved out, not copied: the controller's transition is over from here.
        guard navs.isTransitioning(id) == true else { return }
        // The slot taken through the table's mutable addressor once, for the
        // take and the bar's repair: nothing between copies the model or its
        // table (a second trip cost about 45 instructions on most finished
        // transitions).
        let slot = NavSlots.payload(navs.mutableSlot(id))
        let t = slot.pointee.takeTransition()
        emitDepartures(t)
        emitLifecycle(t.to, .viewDidAppear(t.animated))
        if t.toIsNew { emitLifecycle(t.to, .didMove(toNav: true)) }
        for name in t.addedBelow { emitLifecycle(name, .didMove(toNav: true)) }
        if t.repairsBar { slot.pointee.barCorrupted = false }
        delegateDidShow(id, t.to, t.animated)
        releaseUnheld(t.removed)
        if t.kind.isInteractive { emit(t.byContentPan ? .contentGestureFinished : .gestureFinished) }
        // The list's storage kept as the spare when it has more room, in
        // the legacy profile only, as a cut keeps it (`cutTransition`): a
        // pop from an idle controller that is then let finish took the
        // spare and gave nothing back, and the next pop allocated its own
        // (legacy 6,494 -> 6,461 at depth 10, 6,644 -> 6,610 at depth 13;
        // the other setups, which keep no spare, about 0.2 instructions a
        // state more for the test). Assigned, not swapped: `t` bound by
        // `var` cost the other setups 3 to 4 instructions a state.
        if profile == .legacy, t.removed.capacity > scratch.spareList.capacity { scratch.spareList = t.removed }
        runQueue(id)
    }

    /// Runs the calls that waited for the transition, until one starts another.
    mutating func runQueue(_ id: Int) {
        // An empty queue (the usual case) costs one read of the table.
        while navs.controller(id)?.pointee.queue.isEmpty == false, navs.isTransitioning(id) == false, frozenNav != id,
            let call = navs.controller(id)?.pointee.queue.first
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
        if navs.controller(id)?.pointee.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs.edit(id) { $0.safeDelegate = name }
            emit(.safeDelegateAssigned(screen: name, set: true))
        }
    }

    @inline(__always) mutating func viewWillDisappear(_ name: ScreenName, _ id: Int, _ animated: Bool) {
        emitLifecycle(name, .viewWillDisappear(animated))
        if navs.controller(id)?.pointee.cls.features.contains(.safePop) == true, traits(of: name).confirm != nil {
            navs.edit(id) { $0.safeDelegate = nil }
            emit(.safeDelegateAssigned(screen: name, set: false))
        }
    }
}

extension NavController {
    /// The safe delegate a UISafeNavigationController asks before a pop;
    /// nil for any other class.
    var safePopAsker: ScreenName? { cls.features.contains(.safePop) ? safeDelegate : nil }

    // A transition goes in and comes out as a NavTransition, never by way
    // of an optional local (OptionalField.swift).

    /// Starts transition `t`, moved into place (over the nil that is there
    /// when a transition starts: an idle controller, or one whose transition
    /// was cut first).
    @inline(__always) mutating func start(_ t: consuming NavTransition) {
        put(t, into: &transition)
    }

    /// Takes out the running transition (there is one), a nil left in its place.
    @inline(__always) mutating func takeTransition() -> NavTransition {
        take(from: &transition)
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

extension Array where Element == ScreenName {
    /// Empties this array in storage of its own (a shared one is copied
    /// first), when that has room for `count`, and returns the address of
    /// its first element, for the caller to write (the storage is the
    /// array's alone until the array is next copied); nil otherwise.
    @inline(__always) mutating func emptiedInPlace(keeping count: Int) -> UnsafeMutablePointer<ScreenName>? {
        withUnsafeMutableBufferPointer { mine in
            let first = mine.baseAddress!
            guard ArrayHeader.capacity(before: UnsafeMutableRawPointer(first)) >= count else { return nil }
            ArrayHeader.setCount(0, before: UnsafeMutableRawPointer(first))
            return first
        }
    }
}
