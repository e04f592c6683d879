/// What a finger does: the back button, its menu, alert buttons and tabs.
extension NavigationModel {
    mutating func backCommand() throws {
        if let blocker = touchBlocker() {
            emit(.ui, "ignored: back (\(blocker))")
            return
        }
        let id = currentNavID
        guard !plainModalOnTop, let nav = navs[id], let top = nav.top, backVisible(in: nav) else {
            emit(.ui, "ignored: back (no back button on screen)")
            return
        }
        if nav.transition != nil {
            emit(.ui, "ignored: back (the navigation bar ignores touches during a transition)")
            return
        }
        let t = traits(of: top)
        if t.customBack {
            if let text = t.customBackAlert {
                alert = Alert(text: text, action: .customBack(nav: id), asker: top)
                emit(.alert, "alert \"\(text)\" [Cancel] [OK]", about: top)
            } else {
                try navCall(id, .pop(animated: true))
            }
            return
        }
        if nav.cls.features.contains(.safePop) {
            // UISafeNavigationController sends the back button through its own pop and answers false.
            try navCall(id, .pop(animated: true))
            emit(.bar, "bar.shouldPop(\(top)) -> false", about: top)
        } else {
            emit(.bar, "bar.shouldPop(\(top)) -> true", about: top)
            try navCall(id, .pop(animated: true))
        }
    }

    mutating func backMenuCommand(_ ref: ScreenRef) throws {
        let target = try resolveLive(ref)
        if let blocker = touchBlocker() {
            emit(.ui, "ignored: backmenu (\(blocker))")
            return
        }
        let id = currentNavID
        guard !plainModalOnTop, let nav = navs[id], let top = nav.top, backVisible(in: nav) else {
            emit(.ui, "ignored: backmenu (no back button on screen)")
            return
        }
        if traits(of: top).customBack {
            emit(.ui, "ignored: backmenu (a custom back button has no menu)")
            return
        }
        guard nav.stack.dropLast().contains(target) else {
            throw EngineError.notInBackMenu(target, offered: nav.stack.dropLast().reversed())
        }
        try navCall(id, .popTo(target, animated: true))
    }

    /// A pop that does not go through a custom back button's question.
    mutating func noteBypass(of top: ScreenName, by path: String) {
        guard let text = traits(of: top).customBackAlert else { return }
        emit(.note, "note: \(top)'s custom back button asks \"\(text)\", but \(path), which never goes through that button")
    }

    mutating func tapCommand(_ button: String) throws {
        guard let current = alert else { throw EngineError.noAlert(button: button) }
        guard current.buttons.contains(button) else {
            throw EngineError.noSuchButton(button, available: current.buttons)
        }
        if frozen != nil {
            emit(.ui, "ignored: tap (UI is frozen)")
            return
        }
        alert = nil
        emit(.alert, "alert.tap \(button)")
        guard button == "OK" else { return }
        if let asker = current.asker { noteConfirmed(asker) }
        switch current.action {
        case let .customBack(id):
            try navCall(id, .pop(animated: true))
        case let .safePop(id, call):
            // The stored block calls super with the original arguments.
            emit(.call, .navCall(call))
            try superCall(id, call)
        }
    }

    mutating func tabCommand(_ name: String) throws {
        guard case let .tabs(ids, selected) = window else { throw EngineError.noTabBar }
        let names = ids.compactMap { navs[$0]?.tabName }
        guard let index = ids.firstIndex(where: { navs[$0]?.tabName == name }) else {
            throw EngineError.noSuchTab(name, tabs: names)
        }
        if let blocker = touchBlocker() {
            emit(.ui, "ignored: tab (\(blocker))")
            return
        }
        if !modals.isEmpty {
            emit(.ui, "ignored: tab (a presented screen covers the tab bar)")
            return
        }
        let id = ids[index]
        if index == selected {
            emit(.tab, "tab: reselect \(name)")
            if let top = navs[id]?.top, navs[id]?.stack.count ?? 0 > 1 { noteBypass(of: top, by: "tab re-tap pops with popToRootViewController") }
            try navCall(id, .popToRoot(animated: true))
            return
        }
        emit(.tab, "tab: select \(name)")
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
        let clsName = controllerClass.typeName
        switch request {
        case let .nav(className):
            emit(.call, "window.rootViewController = \(clsName)(rootViewController: \(className))")
        case let .tabs(classNames):
            emit(.call, "window.rootViewController = UITabBarController(viewControllers: [\(classNames.map { "\(clsName)(rootViewController: \($0))" }.joined(separator: ", "))])")
        }
        if let oldTop {
            emitLifecycle(oldTop, .viewWillDisappear(false))
            emitLifecycle(oldTop, .viewDidDisappear(false))
        }
        noteAllStacksDiscarded()
        navs = [:]
        modals = []
        modalTransition = nil
        alert = nil
        if let frozen {
            emit(.note, "note: the frozen hierarchy was thrown away; the new one responds (it was frozen because \(frozen.reason))")
            self.frozen = nil
        }
        for name in oldScreens where screens[name] != nil {
            screens[name] = nil
            emitDeinit(name)
        }
        switch request {
        case let .nav(className):
            let root = makeScreen(className)
            let id = makeNav(root: nil)
            window = .nav(id)
            beginTransition(id, .push(root), kind: .push, animated: false)
        case let .tabs(classNames):
            var ids: [Int] = []
            for className in classNames {
                let root = makeScreen(className)
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

    /// Every live screen, the one the user sees first, then down the hierarchy.
    func allScreensTopFirst() -> [ScreenName] {
        var order: [ScreenName] = []
        var seen = Set<ScreenName>()
        func add(_ name: ScreenName) {
            if screens[name] != nil, seen.insert(name).inserted { order.append(name) }
        }
        for modal in modals.reversed() {
            if let id = modal.nav, let nav = navs[id] { nav.stack.reversed().forEach(add) } else { add(modal.screen) }
        }
        var navOrder = [windowNavID] + windowNavIDs.filter { $0 != windowNavID }
        navOrder += navs.keys.sorted().filter { !navOrder.contains($0) }
        for id in navOrder {
            guard let nav = navs[id] else { continue }
            nav.stack.reversed().forEach(add)
            nav.transition?.removed.forEach(add)
        }
        for name in screens.keys.sorted() { add(name) }
        return order
    }
}
