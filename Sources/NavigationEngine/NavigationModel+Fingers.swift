/// What a finger does: the back button and its menu (behaviour.md section
/// 4), alert buttons (section 6, the safe pop's alert) and tabs (section 8).
extension NavigationModel {
    /// Why a tap on the back button is ignored now (an alert up, no back
    /// button, the bar in a transition), or nil if it acts. Ignored, the tap
    /// changes nothing: `backCommand` only says why.
    ///
    /// Of the model `m` points to, read in place: the explorer asks before
    /// every back it could take (`ignores(_:in:)`), and a method of the
    /// model it called there, not inlined, was handed a copy of the whole
    /// model, its parts retained and released.
    static func backIgnored(_ m: NavigationModel) -> IgnoreReason? {
        if let blocker = m.touchBlocker() { return blocker }
        // The controller read where it is: bound by value (`let nav = navs[id]`)
        // it was copied out, its arrays retained and released.
        guard !m.plainModalOnTop, let nav = m.navs.controller(m.currentNavID),
            backVisible(in: nav, of: m)
        else {
            return .noBackButton
        }
        // A pre-emptable transition takes the tap (behaviour.md 5b, rule 5).
        if nav.isTransitioning, !(m.preemption && m.preemptable(nav)) { return .barInTransition }
        return nil
    }

    mutating func backCommand() throws {
        if let reason = Self.backIgnored(self) {
            emit(.touchIgnored(.back, because: reason))
            return
        }
        // (`backIgnored` found both: a controller with a top screen.)
        let id = currentNavID
        // Read in place: bound by value, the controller was copied out.
        let nav = navs.controller(id)!
        let top = nav.top!
        let features = nav.cls.features
        let t = traits(of: top)
        if t.customBack {
            if let text = t.customBackAlert {
                showAlert(Alert(text: text, action: .customBack(nav: id), asker: top))
                emit(.alertShown(text: text, presenter: top))
            } else {
                try navCall(id, .pop(animated: true))
            }
            return
        }
        if features.contains(.safePop) {
            // UISafeNavigationController sends the back button through its own pop and answers false.
            try navCall(id, .pop(animated: true))
            emit(.barShouldPop(top, answer: false))
        } else {
            emit(.barShouldPop(top, answer: true))
            try navCall(id, .pop(animated: true))
        }
    }

    mutating func backMenuCommand(_ ref: ScreenRef) throws {
        let target = try resolveLive(ref)
        if let blocker = touchBlocker() {
            emit(.touchIgnored(.backMenu, because: blocker))
            return
        }
        let id = currentNavID
        guard !plainModalOnTop, let nav = navs[id], let top = nav.top, backVisible(in: nav) else {
            emit(.touchIgnored(.backMenu, because: .noBackButton))
            return
        }
        if traits(of: top).customBack {
            emit(.touchIgnored(.backMenu, because: .customBackHasNoMenu))
            return
        }
        guard nav.stack.dropLast().contains(target) else {
            throw EngineError.notInBackMenu(target, offered: nav.stack.dropLast().reversed())
        }
        try navCall(id, .popTo(target, animated: true))
    }

    /// A pop that does not go through a custom back button's question.
    mutating func noteBypass(of top: ScreenName, by path: BackBypass) {
        guard let text = traits(of: top).customBackAlert else { return }
        emit(Note.customBackBypassed(top, alert: text, by: path))
    }

    mutating func tapCommand(_ text: String) throws {
        guard let button = AlertButton(rawValue: text) else {
            guard let current = alert else { throw EngineError.noAlert(button: text) }
            throw EngineError.noSuchButton(text, available: current.buttons)
        }
        try tap(button)
    }

    /// `tap`: a button every alert has.
    mutating func tap(_ button: AlertButton) throws {
        if frozen != nil {
            guard hasAlert else { throw EngineError.noAlert(button: button.rawValue) }
            emit(.touchIgnored(.tap, because: .frozen))
            return
        }
        guard hasAlert else { throw EngineError.noAlert(button: button.rawValue) }
        let current = takeAlert()
        emit(.alertTapped(button: button.rawValue))
        guard button == .ok else { return }
        if let asker = current.asker { noteConfirmed(asker) }
        switch current.action {
        case .customBack(let id):
            try navCall(id, .pop(animated: true))
        case .safePop(let id, let call):
            // The stored block calls super with the original arguments.
            emit(.navCall(call))
            try superCall(id, call)
        }
    }

    mutating func tabCommand(_ name: String) throws {
        guard case .tabs(let ids, let selected) = window else { throw EngineError.noTabBar }
        let names = ids.compactMap { navs[$0]?.tabName }
        guard let index = ids.firstIndex(where: { navs[$0]?.tabName == name }) else {
            throw EngineError.noSuchTab(name, tabs: names)
        }
        if let blocker = touchBlocker() {
            emit(.touchIgnored(.tab, because: blocker))
            return
        }
        if !modals.isEmpty {
            emit(.touchIgnored(.tab, because: .presentationCoversTabBar))
            return
        }
        let id = ids[index]
        if index == selected {
            emit(.tabSelected(name: name, reselected: true))
            if let top = navs[id]?.top, navs[id]?.stack.count ?? 0 > 1 { noteBypass(of: top, by: .tabReselect) }
            try navCall(id, .popToRoot(animated: true))
            return
        }
        emit(.tabSelected(name: name, reselected: false))
        let old = navs[ids[selected]]?.top
        window = .tabs(ids, selected: index)
        guard let new = navs[id]?.top else { return }
        loadView(new)
        if let old { viewWillDisappear(old, ids[selected], false) }
        viewWillAppear(new, id, false)
        if let old { emitLifecycle(old, .viewDidDisappear(false)) }
        emitLifecycle(new, .viewDidAppear(false))
    }

    // MARK: - The window

    mutating func replaceRoot(with request: RootRequest) {
        let oldScreens = allScreensTopFirst()
        let oldTop = visibleTop
        // The names are interned whether or not the step records its events.
        // The new roots are named first, so the event names the instances
        // (`Home#2`), not their class: `root Home` twice makes two Homes.
        let newRoots: [ScreenName]
        switch request {
        case .nav(let className):
            let cls = names.intern(className)
            newRoots = [namedNew(cls)]
            let controller = controllerClass
            emit(.windowRoot(controller: controller, roots: newRoots, tabs: false))
        case .tabs(let classNames):
            var roots: [ScreenName] = []
            for className in classNames {
                let cls = names.intern(className)
                roots.append(namedNew(cls))
            }
            newRoots = roots
            let controller = controllerClass
            emit(.windowRoot(controller: controller, roots: newRoots, tabs: true))
        }
        if let oldTop {
            viewWillDisappear(oldTop, false)
            emitLifecycle(oldTop, .viewDidDisappear(false))
        }
        noteAllStacksDiscarded()
        navs = [:]
        modals = []
        modalTransition = nil
        alert = nil
        if let frozen {
            emit(Note.frozenHierarchyReplaced(frozen.reason))
            self.frozen = nil
        }
        for name in oldScreens where screens[name] != nil {
            screens[name] = nil
            emitDeinit(name)
        }
        for root in newRoots { screens.insertNew(root, viewLoaded: false) }
        switch request {
        case .nav:
            let root = newRoots[0]
            let id = makeNav(root: nil)
            window = .nav(id)
            beginTransition(id, .push(root), kind: .push, animated: false)
        case .tabs(let classNames):
            var ids: [Int] = []
            for (className, root) in zip(classNames, newRoots) {
                let id = makeNav(root: root)
                navs[id]?.tabName = className
                ids.append(id)
            }
            window = .tabs(ids, selected: 0)
            if let first = ids.first, let root = truncateStack(first, keeping: 0).first {
                beginTransition(first, .push(root), kind: .push, animated: false)
            }
        }
    }

    /// Every live screen, the one the user sees first, then down the
    /// hierarchy; last the screens nothing there holds, by name. Counts the
    /// screens and the comparisons of that last ordering as work.
    mutating func allScreensTopFirst() -> [ScreenName] {
        var order: [ScreenName] = []
        var seen = Set<ScreenName>()
        func add(_ name: ScreenName) {
            if screens[name] != nil, seen.insert(name).inserted { order.append(name) }
        }
        for modal in modals.reversed() {
            if let id = modal.nav, let nav = navs[id] { nav.stack.reversed().forEach(add) } else { add(modal.screen) }
        }
        var navOrder = [windowNavID] + windowNavIDs.filter { $0 != windowNavID }
        // A set, not `navOrder.contains`: replacing a root of N tabs was quadratic.
        let windowNavs = Set(navOrder)
        navOrder += navs.keys.filter { !windowNavs.contains($0) }
        for id in navOrder {
            guard let nav = navs[id] else { continue }
            nav.stack.reversed().forEach(add)
            nav.transition?.removed.forEach(add)
        }
        // Only the screens not reached above are sorted, not all of them.
        var comparisons = 0
        let loose = screens.keys.filter { !seen.contains($0) }
        for name in loose.sorted(by: {
            comparisons &+= 1
            return names.precedes($0, $1)
        }) { add(name) }
        work(screens.count &+ comparisons)
        return order
    }
}

extension NavigationModel {
    /// Puts up `new` over no alert, or over the one up.
    mutating func showAlert(_ new: Alert) {
        alert = new
    }

    /// Takes down the alert that is up (there is one), a nil left in its place.
    mutating func takeAlert() -> Alert {
        defer { alert = nil }
        return alert!
    }
}
