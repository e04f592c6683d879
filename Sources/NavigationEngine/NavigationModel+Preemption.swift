/// iOS 26's pre-emption of a running navigation transition (behaviour.md
/// section 5b), on with `set preemption on`.
extension NavigationModel {
    /// `set preemption on|off`: whether UIKit pre-empts its own running
    /// transitions (behaviour.md 5b, rule 1). iOS 26 only.
    mutating func setPreemption(_ on: Bool) throws(EngineError) {
        guard profile == .ios26 else { throw .noPreemptionBeforeIOS26 }
        preemption = on
    }

    /// Whether controller `nav`'s running transition is pre-emptable
    /// (behaviour.md 5b, rule 2; `_isCurrentTransitionPreemptable`): pre-emption
    /// is on, a transition runs (an interactive pop a finger holds too: it
    /// completes), and UIKit's own animator runs it (a delegate's animator
    /// does not implement `shouldPreemptWithContext:`).
    func preemptable(_ nav: borrowing NavController) -> Bool {
        guard preemption, profile == .ios26, nav.transition != nil else { return false }
        if !nav.delegate.isNone, Self.suppliedAnimator(nav).animation { return false }
        return true
    }

    /// Whether controller `id`'s running transition is pre-emptable now and
    /// the controller is not frozen (a frozen controller queues every call).
    func preempts(_ id: Int) -> Bool {
        guard preemption, frozenNav != id, let nav = navs[id] else { return false }
        return preemptable(nav)
    }

    /// Pre-empts controller `id`'s running transition (behaviour.md 5b, rule
    /// 3; `preemptWithContext:`, then `_stopTransitionImmediately`): it
    /// completes now, with every call its end makes, as when the clock
    /// reaches it. Returns whether the controller is at rest after: false when
    /// the end started another transition (UIKit then defers the new call).
    mutating func preemptRunningTransition(_ id: Int) -> Bool {
        notePreemption(id)
        finishTransition(id)
        return navs.isTransitioning(id) == false && frozenNav != id
    }

    /// A navigation call on controller `id` that pre-empts its running
    /// transition (behaviour.md 5b, rule 3). The call waits at the end of the
    /// queue while the transition ends, as UIKit's call holds its arguments
    /// (a screen the end releases, a gate's trim, is not freed under it);
    /// the end runs the queue, so the call runs then, unless a call queued
    /// before it started another transition: it then waits, as UIKit defers
    /// it ("A transition was started while preempting previous transition").
    mutating func preemptThenRun(_ id: Int, _ call: NavCall) {
        navs.edit(id) { $0.queue.append(call) }
        notePreemption(id)
        finishTransition(id)
        if navs[id]?.queue.isEmpty == false { emit(Note.deferred) }
    }

    /// `note: iOS 26 pre-empted the running ...` for controller `id`'s transition.
    private mutating func notePreemption(_ id: Int) {
        guard let t = navs[id]?.transition else { return }
        var cancelling = false
        if case .interactive(_, let cancels) = t.kind { cancelling = cancels }
        emit(Note.preempted(push: t.kind.isPush, cancelling: cancelling, to: t.to))
    }
}

extension NavigationModel {
    /// The interactive pop a back gesture begins on controller `id` while a
    /// pre-emptable transition runs (behaviour.md 5b, rule 4):
    /// `popViewController` pre-empts it, then the pop of the top it left
    /// begins. If its end started another transition, or left one screen,
    /// the pop cannot run and the UI freezes, as section 5's freezes do.
    mutating func beginPreemptingPop(_ id: Int, kind: NavTransition.Kind, held: Bool, byContentPan: Bool) throws {
        let atRest = preemptRunningTransition(id)
        let count = navs[id]?.stack.count ?? 0
        guard atRest, count > 1 else {
            let reason: FreezeReason =
                count > 1
                ? .transitionRunning(push: navs[id]?.transition?.kind.isPush ?? false)
                : .rootScreen(delegateLetItBegin: byContentPan || navs[id]?.gestureDelegate != GestureDelegate.none)
            frozen = Frozen(reason: reason, nav: id)
            emit(.frozen(reason))
            return
        }
        beginTransition(id, .keep(count - 1), kind: kind, animated: true, held: held)
        if byContentPan { navs[id]?.transition?.byContentPan = true }
    }
}
