/// iOS 26's content-area pop gesture, `interactiveContentPopGestureRecognizer`
/// (behaviour.md section 5a): a pan anywhere in the content area that drives
/// the same interactive pop as the edge swipe.
extension NavigationModel {
    /// Why UIKit's delegate would refuse a content pan now, or nil if it begins.
    ///
    /// The content recognizer's delegate is always UIKit's own, whatever
    /// `gesture-delegate` set on the edge recognizer, and UIKit's delegate asks
    /// the same of both recognizers: so this is the edge swipe's refusal under
    /// the system delegate.
    func contentPanRefusal(_ nav: NavController) -> SwipeRefusal? {
        var asked = nav
        asked.gestureDelegate = .system
        return swipeRefusal(asked)
    }

    /// Whether a content pan made now would begin an interactive pop (false in legacy).
    public var contentPanWouldBegin: Bool {
        guard profile == .ios26, touchBlocker() == nil, !plainModalOnTop, let nav = navs[currentNavID],
            nav.contentPanEnabled
        else { return false }
        if case .interactive = nav.transition?.kind { return false }
        return contentPanRefusal(nav) == nil
    }

    /// Whether the current controller's content recognizer is enabled (legacy has none).
    public var isContentPanEnabled: Bool {
        profile == .ios26 && navs[currentNavID]?.contentPanEnabled == true
    }

    mutating func setContentPanEnabled(_ enabled: Bool) throws(EngineError) {
        guard profile == .ios26 else { throw .noContentPanBeforeIOS26 }
        contentPanUsed = true
        navs[currentNavID]?.contentPanEnabled = enabled
        emit(.contentPanEnabledAssigned(enabled))
    }

    /// `swipe content [cancel]` (percent nil) and `drag content PCT`.
    mutating func contentPanCommand(percent: Int?, cancel: Bool) throws {
        let touch: Touch = percent == nil ? (cancel ? .swipeContentCancel : .swipeContent) : .dragContent
        guard profile == .ios26 else { throw EngineError.noContentPanBeforeIOS26 }
        contentPanUsed = true
        if let blocker = touchBlocker() {
            emit(.touchIgnored(touch, because: blocker))
            return
        }
        let id = currentNavID
        guard !plainModalOnTop, let nav = navs[id] else {
            emit(.touchIgnored(touch, because: .noNavigationController))
            return
        }
        guard nav.contentPanEnabled else {
            emit(.touchIgnored(touch, because: .contentPanDisabled))
            return
        }
        if case .interactive(let held, _) = nav.transition?.kind, nav.transition?.end == nil {
            guard nav.transition?.byContentPan == true else {
                // The content recognizer requires the edge recognizer to fail.
                emit(.touchIgnored(touch, because: .edgeSwipeHeld))
                return
            }
            guard let percent else {
                emit(.touchIgnored(touch, because: .contentPanHeld))
                return
            }
            moveHeldPop(id, from: held, to: percent) { .contentGestureChanged(percent: $0) }
            return
        }
        if let reason = contentPanRefusal(nav) {
            emit(.contentGestureRefused(reason))
            return
        }
        // UIKit's delegate refused the root screen and every transition in
        // flight, so this pop can always end: the content pan never freezes.
        emit(.contentGestureBegan)
        emit(.navCall(.pop(animated: true)))
        if try safeDelegateRefusesInteractivePop(
            id, asker: nav.safePopAsker, cancelled: .contentGestureCancelled(popRefused: true))
        {
            return
        }
        let kind: NavTransition.Kind = .interactive(percent: percent ?? 100, cancels: cancel)
        if preemption, navs.isTransitioning(id) == true {
            try beginPreemptingPop(id, kind: kind, held: percent != nil, byContentPan: true)
            return
        }
        beginTransition(id, .keep(nav.stack.count - 1), kind: kind, animated: true, held: percent != nil)
        navs[id]?.transition?.byContentPan = true
    }
}
