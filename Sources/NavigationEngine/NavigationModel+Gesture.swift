/// The interactive pop gesture: the edge swipe, drag and release.
extension NavigationModel {
    /// Why the gesture's delegate would refuse to begin now, or nil if it begins.
    func swipeRefusal(_ nav: NavController) -> String? {
        switch nav.gestureDelegate {
        case .none:
            return nil
        case .controller:
            if nav.stack.count <= 1 { return "viewControllers.count <= 1" }
            if nav.isPushing { return "isPushingViewController" }
            return nil
        case .system:
            if nav.transition != nil || modalTransition != nil { return "a transition is in flight" }
            if nav.stack.count <= 1 { return "no previous screen" }
            guard let top = nav.top else { return "no previous screen" }
            let t = traits(of: top)
            if t.hidesBack || screens[top]?.backHiddenByGate == true { return "\(top) hides the back button" }
            if t.customBack { return "\(top) has a custom back button" }
            let supplied = suppliedAnimator(nav)
            if supplied.animation, !supplied.interaction {
                return "the delegate supplies an animation controller without an interaction controller"
            }
            return nil
        }
    }

    /// Why an interactive pop that begins now could never end, or nil.
    func freezeReason(_ nav: NavController) -> String? {
        if nav.stack.count <= 1 {
            return "an interactive pop began on the root screen with nothing to pop to (gesture delegate \(nav.gestureDelegate == .none ? "is nil" : "let it begin")); it never ends"
        }
        if let t = nav.transition {
            let what = t.kind.isPush ? "push" : "pop"
            return "an interactive pop began while a \(what) transition was running; the pop can never complete, so the navigation controller never becomes idle again"
        }
        return nil
    }

    /// Why a touch is ignored right now, or nil.
    func touchBlocker() -> String? {
        if frozen != nil { return "UI is frozen" }
        if alert != nil { return "an alert is up" }
        return nil
    }

    /// Whether an edge swipe made now would begin.
    public var swipeWouldBegin: Bool {
        guard touchBlocker() == nil, !plainModalOnTop, let nav = navs[currentNavID] else { return false }
        if case .interactive = nav.transition?.kind { return false }
        return swipeRefusal(nav) == nil
    }

    mutating func swipeCommand(percent: Int?, cancel: Bool) throws {
        let word = percent == nil ? (cancel ? "swipe cancel" : "swipe") : "drag"
        if let blocker = touchBlocker() {
            emit(.ui, "ignored: \(word) (\(blocker))")
            return
        }
        let id = currentNavID
        guard !plainModalOnTop, let nav = navs[id] else {
            emit(.ui, "ignored: \(word) (no navigation controller under the finger)")
            return
        }
        if case let .interactive(held, _) = nav.transition?.kind, nav.transition?.end == nil {
            guard let percent else {
                emit(.ui, "ignored: \(word) (a swipe is already held; use release)")
                return
            }
            if percent != held {
                navs[id]?.transition?.kind = .interactive(percent: percent, cancels: false)
                emit(.gesture, "gesture.changed (\(percent)%)")
            }
            return
        }
        if let reason = swipeRefusal(nav) {
            emit(.gesture, "gesture.shouldBegin -> false (\(reason))")
            return
        }
        emit(.gesture, "gesture.began")
        if let reason = freezeReason(nav) {
            frozen = Frozen(reason: reason, nav: id)
            emit(.ui, "frozen: \(reason)")
            return
        }
        emit(.call, .navCall(.pop(animated: true)))
        if nav.cls.features.contains(.safePop), let asker = nav.safeDelegate, screens[asker] != nil {
            _ = try overriddenCall(id, .pop(animated: true))
            emit(.gesture, "gesture.cancelled (pop refused)")
            return
        }
        if let top = nav.top { noteBypass(of: top, by: "the edge swipe pops with popViewController") }
        let kind: NavTransition.Kind = .interactive(percent: percent ?? 100, cancels: cancel)
        beginTransition(id, .keep(nav.stack.count - 1), kind: kind, animated: true, held: percent != nil)
    }

    mutating func releaseCommand() throws {
        if let blocker = touchBlocker(), frozen != nil {
            emit(.ui, "ignored: release (\(blocker))")
            return
        }
        let id = currentNavID
        guard let t = navs[id]?.transition, case let .interactive(percent, _) = t.kind, t.end == nil else {
            throw EngineError.noSwipeHeld
        }
        let cancels = percent <= 50
        let remaining = cancels ? percent * durations.pop / 100 : (100 - percent) * durations.pop / 100
        navs[id]?.transition?.kind = .interactive(percent: percent, cancels: cancels)
        navs[id]?.transition?.end = clock + remaining
        emit(.gesture, "gesture.released at \(percent)%: \(cancels ? "cancels" : "finishes") in \(remaining)ms")
    }

    /// A cancelled interactive pop: the old top comes back.
    mutating func cancelInteractivePop(_ id: Int, _ t: NavTransition) {
        guard let from = t.from else { return }
        emit(.gesture, "gesture.cancelled")
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
