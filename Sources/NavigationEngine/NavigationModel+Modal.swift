/// Modal presentation and dismissal (behaviour.md section 7).
extension NavigationModel {
    mutating func present(_ cls: ClassName, inNavigation: Bool, animated: Bool) {
        // Dropped (below), in a step that records nothing: the new screen is
        // made and released at once (`makeReleasedScreen(_:)`).
        if scratch.quiet, isModalTransitioning {
            makeReleasedScreen(cls)
            return
        }
        // `visibleTop`, with the controller whose stack's top it is (its
        // parent, for its viewWillDisappear below); none for a plain modal's
        // screen, whose parent is looked up.
        let presenter: ScreenName?
        var presenterNav: Int?
        if let last = modals.last {
            if let id = last.nav {
                presenter = navs[id]?.top
                presenterNav = id
            } else {
                presenter = last.screen
            }
        } else {
            let id = windowNavID
            presenter = navs[id]?.top
            presenterNav = id
        }
        // Made with its view loaded: `loadView` below, written into the new
        // slot (nothing before it reads whether the view is loaded, and a
        // dropped presentation releases the screen), where it probed the
        // table again and wrote the slot a second time.
        let presented = makeScreen(cls, viewLoaded: true)
        // What a payload reads of the model is read before `emit`: its payload is
        // an autoclosure, run while `emit` holds the model for writing.
        if !scratch.quiet {
            let container = inNavigation ? controllerClass : nil
            emit(.present(receiver: presenter, screen: presented, container: container, animated: animated))
        }
        if isModalTransitioning {
            let profile = profile
            emit(Warning.presentDuringPresentation(presented, on: presenter, profile: profile))
            emit(Note.presentDropped)
            releaseUnheld(presented)
            return
        }
        if !modals.isEmpty, let existing = modals.presented(by: presenter) {
            emit(Warning.alreadyPresenting(presented, on: presenter, presenting: existing.screen))
            releaseUnheld(presented)
            return
        }
        var modal = Modal(presenter: presenter, screen: presented, nav: nil)
        if inNavigation {
            modal.nav = makeNav(root: presented)
            emitLifecycle(presented, .willMove(toNav: true))
        }
        modals.append(modal)
        emitLifecycle(presented, .viewDidLoad)
        if let presenter {
            // (Its parent known: not looked up in the screens' table.)
            if let id = presenterNav {
                viewWillDisappear(presenter, id, animated)
            } else {
                viewWillDisappear(presenter, animated)
            }
        }
        // `viewWillAppear(presented, animated)`, its parent known: the new
        // controller (`makeNav(root:)` made it the root's), or none (a new
        // screen). (Looked up, it cost a probe of the table a presentation.)
        if let id = modal.nav {
            viewWillAppear(presented, id, animated)
            delegateWillShow(id, presented, animated)
        } else {
            emitLifecycle(presented, .viewWillAppear(animated))
        }
        modalTransition = ModalTransition(
            presenting: true, modal: modal, animated: animated,
            end: clock + (animated ? durations.present : 0))
        if !animated { finishModalTransition() }
    }

    /// Whether a dismiss made now changes nothing: no modal to dismiss, or
    /// one moving already (the dismiss is dropped). `dismiss(animated:)`
    /// tests the same two things, in this order, and only reports.
    var dismissChangesNothing: Bool {
        modals.isEmpty || isModalTransitioning
    }

    mutating func dismiss(animated: Bool) {
        guard let modal = modals.last else {
            let receiver = visibleTop
            emit(.dismiss(receiver: receiver, presented: nil, animated: animated))
            emit(Note.nothingToDismiss)
            return
        }
        emit(.dismiss(receiver: modal.presenter, presented: modal.screen, animated: animated))
        if isModalTransitioning {
            emit(Warning.dismissDuringPresentation(from: modal.presenter))
            emit(Note.dismissDropped)
            return
        }
        let leaving = modal.nav.flatMap { navs[$0]?.top } ?? modal.screen
        viewWillDisappear(leaving, animated)
        let returning = screenUnder(modalIndex: modals.count - 1)
        if let returning { viewWillAppear(returning, animated) }
        modalTransition = ModalTransition(
            presenting: false, modal: modal, animated: animated,
            end: clock + (animated ? durations.dismiss : 0))
        if !animated { finishModalTransition() }
    }

    /// The screen visible under the modal at `index`.
    func screenUnder(modalIndex index: Int) -> ScreenName? {
        if index > 0 {
            let below = modals[index - 1]
            return below.nav.flatMap { navs[$0]?.top } ?? below.screen
        }
        return navs[windowNavID]?.top
    }

    mutating func finishModalTransition() {
        guard let t = modalTransition else { return }
        modalTransition = nil
        let animated = t.animated
        if t.presenting {
            if let presenter = t.modal.presenter {
                emitLifecycle(presenter, .viewDidDisappear(animated))
            }
            emitLifecycle(t.modal.screen, .viewDidAppear(animated))
            if let id = t.modal.nav {
                emitLifecycle(t.modal.screen, .didMove(toNav: true))
                delegateDidShow(id, t.modal.screen, animated)
            }
        } else {
            guard let index = modals.lastIndex(of: t.modal) else { return }
            let leaving = t.modal.nav.flatMap { navs[$0]?.top } ?? t.modal.screen
            emitLifecycle(leaving, .viewDidDisappear(animated))
            if let returning = screenUnder(modalIndex: index) {
                emitLifecycle(returning, .viewDidAppear(animated))
            }
            modals.remove(at: index)
            var released = [t.modal.screen]
            if let id = t.modal.nav {
                // Everything the controller held goes with it: its stack, a transition's
                // leaving screens (a held swipe), and the arguments of queued calls.
                released = truncateStack(id, keeping: 0)
                released += navs[id]?.transition?.removed ?? []
                for call in navs[id]?.queue ?? [] { released += call.screens }
                navs.remove(id)
                if frozenNav == id { frozen = nil }
                if hasAlert, alert.map({ alertNav($0) == id }) == true { alert = nil }
            }
            // The presenter was held by the presentation too (it may have left its stack meanwhile).
            if let presenter = t.modal.presenter { released.append(presenter) }
            releaseUnheld(released)
        }
        // Ascending ids, among the controllers with something in flight only: reading
        // every controller per modal transition made N nested presentations quadratic.
        // (A queue run changes its own controller only, so the list taken first holds.)
        work(1 &+ navs.activeCandidates)
        // Usually no queue waits: then the sorted list is not built.
        var queued = false
        navs.forEachActive { id in
            if !queued, navs[id]?.queue.isEmpty == false, navs.isTransitioning(id) == false { queued = true }
        }
        guard queued else { return }
        for id in navs.activeIDs where navs[id]?.queue.isEmpty == false && navs.isTransitioning(id) == false {
            runQueue(id)
        }
    }

    func alertNav(_ alert: Alert) -> Int {
        switch alert.action {
        case .customBack(let id): id
        case .safePop(let id, _): id
        }
    }
}
