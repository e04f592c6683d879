/// UINavigationControllerDelegate calls, in the order of behaviour.md
/// section 1, and what the seeds' controllers do in them (section 6).
extension NavigationModel {
    mutating func delegateWillShow(_ id: Int, _ shown: ScreenName, _ animated: Bool) {
        guard let nav = navs.controller(id), !nav.delegate.isNone else { return }
        // A step that records nothing does only what changes the state (a
        // gate's hidden back), the delegate not copied out (`quietWillShow`).
        if scratch.quiet { return quietWillShow(nav, shown) }
        let delegate = nav.delegate
        let features = nav.cls.features
        let call = DelegateCall.willShow(shown, animated: animated)
        switch delegate {
        case .none:
            break
        case .outside(let outside):
            if outside.methods.contains(.willShow) { emit(.delegateCall(receiver: .outside(outside.name), call: call)) }
        case .controller(let forward):
            // The article's InteractivePopNavigationController implements only didShow
            // itself; willShow exists on a gate controller or as a proxy's forwarder.
            if !features.isDisjoint(with: [.gates, .proxy]) {
                emit(.delegateCall(receiver: .nav, call: call))
            }
            if features.contains(.gates), isGate(shown) {
                screens[shown]?.backHiddenByGate = true
                emit(.gateHidesBack(shown))
            }
            if let forward, forward.methods.contains(.willShow) {
                emit(.delegateCall(receiver: .outside(forward.name), call: call))
            }
        }
    }

    /// `delegateWillShow` in a step that records nothing: an outside delegate's
    /// call and the controller's own are events only; a gate controller's hides the
    /// back of a gate it shows. Read in place: the delegate copied out retained and
    /// released its name and its methods on every transition begun.
    private mutating func quietWillShow(_ nav: NavController, _ shown: ScreenName) {
        guard case .controller = nav.delegate, nav.cls.features.contains(.gates),
            isGate(shown)
        else { return }
        screens[shown]?.backHiddenByGate = true
    }

    mutating func delegateDidShow(_ id: Int, _ shown: ScreenName, _ animated: Bool) {
        guard let nav = navs.controller(id) else { return }
        // (No delegate: as `delegateWillShow`, not copied out.)
        if nav.delegate.isNone {
            gateMissed(id, shown)
            return
        }
        // A step that records nothing: as `quietWillShow`, only the
        // controller's own didShow changes anything (a swipe guard's flag,
        // a gate closed); an outside delegate's call and `gateMissed` are
        // events only.
        if scratch.quiet {
            guard case .controller = nav.delegate else { return }
            let features = nav.cls.features
            if features.contains(.swipeGuard) { navs.edit(id) { $0.isPushing = false } }
            if features.contains(.gates), isGate(shown) { closeGate(id, at: shown) }
            return
        }
        let delegate = nav.delegate
        let features = nav.cls.features
        let call = DelegateCall.didShow(shown, animated: animated)
        switch delegate {
        case .none:
            gateMissed(id, shown)
        case .outside(let outside):
            if outside.methods.contains(.didShow) { emit(.delegateCall(receiver: .outside(outside.name), call: call)) }
            gateMissed(id, shown)
        case .controller(let forward):
            emit(.delegateCall(receiver: .nav, call: call))
            if features.contains(.swipeGuard) { navs.edit(id) { $0.isPushing = false } }
            if features.contains(.gates), isGate(shown) { closeGate(id, at: shown) }
            if let forward, forward.methods.contains(.didShow) {
                emit(.delegateCall(receiver: .outside(forward.name), call: call))
            }
        }
    }

    /// Explains why a gate did not close the way back. Only a note: a step that
    /// records nothing skips it whole, not after `isGate` probed the screen table
    /// for the shown screen.
    mutating func gateMissed(_ id: Int, _ shown: ScreenName) {
        if scratch.quiet { return }
        gateMissedNote(id, shown)
    }

    private mutating func gateMissedNote(_ id: Int, _ shown: ScreenName) {
        guard isGate(shown), let nav = navs[id], nav.stack.count > 1 else { return }
        if nav.cls.features.contains(.gates) {
            let replacedBy: String? = if case .outside(let outside) = nav.delegate { outside.name } else { nil }
            emit(Note.gateNotHeard(shown, controller: nav.cls.name, replacedBy: replacedBy))
        } else {
            emit(Note.gateUnknown(shown, controller: nav.cls.name))
        }
    }

    /// GateNavigationController's didShow for a gate: the screens below leave without a transition.
    mutating func closeGate(_ id: Int, at gate: ScreenName) {
        guard navs[id]?.top == gate else { return }
        emit(.gateTrimmed(gate))
        let (below, _) = replaceStack(id, with: [gate])
        for name in below { emitLifecycle(name, .willMove(toNav: false)) }
        for name in below { emitLifecycle(name, .didMove(toNav: false)) }
        releaseUnheld(below)
    }

    /// Whether the delegate that UIKit asks supplies an animation controller (and an interaction controller).
    /// (Static: it reads the controller only. A method of the model, it made
    /// `ignores(_:in:)`, which reaches it, copy the model it reads in place.)
    static func suppliedAnimator(_ nav: NavController) -> (animation: Bool, interaction: Bool) {
        guard let answering = answeringDelegate(nav) else { return (false, false) }
        return (answering.methods.contains(.animationController), answering.methods.contains(.interactionController))
    }

    /// The outside delegate that really answers the optional methods, if any.
    static func answeringDelegate(_ nav: NavController) -> OutsideDelegate? {
        switch nav.delegate {
        case .none: return nil
        case .outside(let outside): return outside
        case .controller(let forward):
            guard let forward, nav.cls.features.contains(.proxy) else { return nil }
            let forwarded = Set(nav.cls.forwardedMethods)
            return OutsideDelegate(name: forward.name, methods: forward.methods.intersection(forwarded))
        }
    }

    /// The note a proxy that forwards only some methods owes an outside delegate implementing more.
    mutating func forwardingNote(_ id: Int) {
        guard let nav = navs[id], case .controller(let forward?) = nav.delegate,
            nav.cls.features.contains(.proxy)
        else { return }
        let forwarded = Set(nav.cls.forwardedMethods)
        let lost = DelegateMethod.allCases.filter { forward.methods.contains($0) && !forwarded.contains($0) }
        guard !lost.isEmpty else { return }
        emit(
            Note.forwardsOnly(
                controller: nav.cls.name, kept: nav.cls.forwardedMethods, delegate: forward.name, lost: lost))
    }
}
