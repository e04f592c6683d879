/// Read-only views of the model, for expectations and the looking commands.
extension NavigationModel {
    /// The current stack, bottom to top.
    public var currentStack: ChunkedArray<ScreenName> {
        navs[currentNavID]?.stack ?? []
    }

    public var isBackVisible: Bool {
        guard !plainModalOnTop, let nav = navs[currentNavID] else { return false }
        return backVisible(in: nav)
    }

    public var isFrozen: Bool { if case .some = frozen { true } else { false } }
    public var frozenReason: FreezeReason? { frozen?.reason }
    public var alertText: String? { alert?.text }
    public var alertButtons: [String] { alert?.buttons ?? [] }

    public func isAlive(_ name: ScreenName) -> Bool { screens[name] != nil }

    /// The topmost presented screen (for `present X nav`, X).
    public var presentedTop: ScreenName? { modals.last?.screen }

    public var isBarCorrupted: Bool { navs[currentNavID]?.barCorrupted ?? false }

    /// The class names of live screens and declared classes, for completion.
    public var knownClassNames: [String] {
        Set(screens.keys.map { names[$0.cls] }).union(traits.classes.map { names[$0] }).sorted()
    }

    /// Live screen names for completion.
    public var liveScreenNames: [String] { screens.keys.sorted(by: names.precedes).map { names.text(of: $0) } }

    /// Every live screen, top first, with what holds it (`alive`): each nav's
    /// stack, transition and queue and each presentation read once, not once
    /// a screen. Counts what it reads as work (hence `mutating`: only the
    /// work count changes).
    public var aliveReport: [(screen: ScreenName, heldBy: String)] {
        mutating get {
            var parts: [ScreenName: String] = [:]
            func hold(_ name: ScreenName, _ text: String) {
                if parts[name] == nil { parts[name] = text } else { parts[name]?.append("; " + text) }
            }
            // The presentation that shows each presented nav, found once.
            var presenting: [Int: Modal] = [:]
            for modal in modals.reversed() { if let id = modal.nav { presenting[id] = modal } }
            var tabs = Set<Int>()
            if case .tabs(let ids, _) = window { tabs = Set(ids) }
            var examined = 0
            for id in navs.keys.sorted() {
                guard let nav = navs[id] else { continue }
                let description = navDescription(id, presentedBy: presenting[id], isTab: tabs.contains(id))
                var held = Set<ScreenName>()
                for (index, name) in nav.stack.enumerated() where held.insert(name).inserted {
                    hold(name, "\(description) stack, position \(index + 1) of \(nav.stack.count)")
                }
                for name in Set(nav.transition?.removed ?? []) where !held.contains(name) {
                    hold(name, "the transition leaving \(description)")
                }
                var queued = Set<ScreenName>()
                for call in nav.queue {
                    switch call {
                    case .push(let name, _), .popTo(let name, _): queued.insert(name)
                    case .setStack(let names, _): queued.formUnion(names)
                    case .pop, .popToRoot: break
                    }
                }
                for name in queued { hold(name, "a call queued on \(description)") }
                examined &+= 1 &+ nav.stack.count &+ (nav.transition?.removed.count ?? 0) &+ nav.queue.count
            }
            for modal in modals {
                if modal.nav == nil {
                    hold(modal.screen, "the presentation from \(modal.presenter.map { names.text(of: $0) } ?? "nav")")
                }
                if let presenter = modal.presenter {
                    hold(presenter, "its presentation of \(modal.screen, in: names)")
                }
            }
            work(examined &+ modals.count)
            return allScreensTopFirst().map { name in (name, parts[name] ?? "nothing") }
        }
    }

    /// How `alive` names nav `id`: presented by `modal`, a tab's, or the window's.
    func navDescription(_ id: Int, presentedBy modal: Modal?, isTab: Bool) -> String {
        if let modal {
            return "the nav presented by \(modal.presenter.map { names.text(of: $0) } ?? "nav")"
        }
        if isTab {
            return "the \(navs[id]?.tabName ?? "?") tab's nav"
        }
        return "the window's nav"
    }

    /// The whole hierarchy as a tree, for `show`.
    public var hierarchy: HierarchyNode {
        func navNode(_ id: Int) -> HierarchyNode {
            guard let nav = navs[id] else { return HierarchyNode("nav (gone)") }
            var flags: [String] = ["nav: \(nav.cls.name)"]
            switch nav.delegate {
            case .none: break
            case .outside(let d): flags.append("delegate \(d.name)")
            case .controller(let f): flags.append("delegate nav\(f.map { " → \($0.name)" } ?? "")")
            }
            flags.append("gesture delegate \(nav.gestureDelegate.rawValue)")
            if profile == .ios26, !nav.contentPanEnabled { flags.append("content pan disabled") }
            if let safe = nav.safeDelegate { flags.append("safeDelegate \(safe, in: names)") }
            if nav.barCorrupted { flags.append("NAVIGATION BAR CORRUPTED") }
            if !nav.queue.isEmpty { flags.append("\(nav.queue.count) queued") }
            var node = HierarchyNode(flags.joined(separator: " · "))
            if nav.stack.isEmpty { node.children.append(HierarchyNode("(empty)")) }
            for (index, name) in nav.stack.enumerated() {
                var label = names.text(of: name)
                let t = traits(of: name)
                var marks: [String] = []
                if isGate(name) { marks.append("gate") }
                if t.confirm != nil { marks.append("confirm") }
                if index == nav.stack.count - 1 {
                    marks.append("top")
                    if id == currentNavID {
                        marks.append(
                            backVisible(in: nav)
                                ? (t.customBack ? "custom back button" : "back button") : "no back button")
                        marks.append(swipeWouldBegin ? "swipe would begin" : "swipe would not begin")
                        // Only once the session has used the content pan (behaviour.md 5a, rule 9).
                        if profile == .ios26, contentPanUsed {
                            marks.append(
                                contentPanWouldBegin ? "content pan would begin" : "content pan would not begin")
                        }
                    }
                }
                if !marks.isEmpty { label += " (" + marks.joined(separator: ", ") + ")" }
                node.children.append(HierarchyNode(label))
            }
            return node
        }
        var root = HierarchyNode(
            "window · profile \(profile.rawValue)\(preemption ? " · preemption on" : "") · clock \(clock)ms")
        switch window {
        case .nav(let id):
            root.children.append(navNode(id))
        case .tabs(let ids, let selected):
            var bar = HierarchyNode("tab bar")
            for (index, id) in ids.enumerated() {
                var tab = HierarchyNode("tab \(navs[id]?.tabName ?? "?")\(index == selected ? " (selected)" : "")")
                tab.children.append(navNode(id))
                bar.children.append(tab)
            }
            root.children.append(bar)
        }
        for modal in modals {
            var node = HierarchyNode(
                "presented by \(modal.presenter.map { names.text(of: $0) } ?? "nav"): \(names.text(of: modal.screen))\(modal.nav == nil ? " (full screen)" : "")"
            )
            if let id = modal.nav { node.children.append(navNode(id)) }
            root.children.append(node)
        }
        if let alert { root.children.append(HierarchyNode("alert \"\(alert.text)\" [Cancel] [OK]")) }
        if let frozen {
            var node = HierarchyNode("FROZEN")
            node.frozen = frozen.reason
            root.children.append(node)
        }
        for job in jobs { root.children.append(HierarchyNode("in flight: \(job)")) }
        return root
    }
}

/// One item of `show`'s tree.
public struct HierarchyNode: Hashable, Sendable {
    public var label: String
    public var children: [HierarchyNode] = []
    /// Why the UI is frozen, for the node that says so (its words are the renderer's).
    public var frozen: FreezeReason?

    public init(_ label: String) {
        self.label = label
    }
}

extension NavigationModel {

    /// `isFrozen`, read in place.
    public static func isFrozen(_ model: NavigationModel) -> Bool {
        if case .some = model.frozen { true } else { false }
    }

    /// `isBarCorrupted`, read in place.
    public static func isBarCorrupted(_ model: NavigationModel) -> Bool {
        model.navs[model.currentNavID]?.barCorrupted ?? false
    }

    /// `isBusy`, read in place.
    public static func isBusy(_ model: NavigationModel) -> Bool {
        if case .some = model.modalTransition { return true }
        if case .some = model.frozen { return true }
        var busy = false
        model.navs.forEachActive { id in if model.navs.isTransitioning(id) == true { busy = true } }
        return busy
    }

    /// Whether `gatesProblem` is not nil, read in place.
    public static func breaksGates(_ model: NavigationModel) -> Bool {
        if case .some = model.guarantees.gateBreach { true } else { false }
    }

    /// Whether `confirmationsProblem` is not nil, read in place.
    public static func breaksConfirmations(_ model: NavigationModel) -> Bool {
        if case .some = model.guarantees.confirmationBreach { true } else { false }
    }
}
