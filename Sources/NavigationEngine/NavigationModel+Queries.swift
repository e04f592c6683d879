/// Read-only views of the model, for expectations and the looking commands.
extension NavigationModel {
    /// The current stack, bottom to top.
    public var currentStack: [ScreenName] { navs[currentNavID]?.stack ?? [] }

    public var isBackVisible: Bool {
        guard !plainModalOnTop, let nav = navs[currentNavID] else { return false }
        return backVisible(in: nav)
    }

    public var isFrozen: Bool { frozen != nil }
    public var frozenReason: String? { frozen?.reason }
    public var alertText: String? { alert?.text }
    public var alertButtons: [String] { alert?.buttons ?? [] }

    public func isAlive(_ name: ScreenName) -> Bool { screens[name] != nil }

    /// The topmost presented screen (for `present X nav`, X).
    public var presentedTop: ScreenName? { modals.last?.screen }

    public var isBarCorrupted: Bool { navs[currentNavID]?.barCorrupted ?? false }

    /// The class names of live screens and declared classes, for completion.
    public var knownClassNames: [String] {
        Set(screens.keys.map(\.className)).union(traits.keys).sorted()
    }

    /// Live screen names for completion.
    public var liveScreenNames: [String] { screens.keys.sorted().map(\.description) }

    /// Every live screen, top first, with what holds it.
    public var aliveReport: [(screen: ScreenName, heldBy: String)] {
        allScreensTopFirst().map { name in (name, holders(of: name)) }
    }

    func holders(of name: ScreenName) -> String {
        var parts: [String] = []
        for id in navs.keys.sorted() {
            guard let nav = navs[id] else { continue }
            if let index = nav.stack.firstIndex(of: name) {
                parts.append("\(navDescription(id)) stack, position \(index + 1) of \(nav.stack.count)")
            } else if nav.transition?.removed.contains(name) == true {
                parts.append("the transition leaving \(navDescription(id))")
            }
        }
        for modal in modals where modal.screen == name && modal.nav == nil {
            parts.append("presented by \(modal.presenter?.description ?? "nav")")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
    }

    func navDescription(_ id: Int) -> String {
        if let modal = modals.first(where: { $0.nav == id }) {
            return "the nav presented by \(modal.presenter?.description ?? "nav")"
        }
        if case let .tabs(ids, _) = window, ids.contains(id) {
            return "the \(navs[id]?.stack.first?.className ?? "?") tab's nav"
        }
        return "the window's nav"
    }

    /// A drawing of the whole hierarchy, one line an item.
    public var hierarchyLines: [String] {
        var lines: [String] = []
        lines.append("profile \(profile.rawValue), clock \(clock)ms, controller class \(controllerClass.name)")
        func describe(_ id: Int, indent: String) {
            guard let nav = navs[id] else { return }
            var flags: [String] = [nav.cls.name]
            switch nav.delegate {
            case .none: break
            case let .outside(d): flags.append("delegate \(d.name)")
            case let .controller(f): flags.append("delegate nav\(f.map { " -> \($0.name)" } ?? "")")
            }
            flags.append("gesture delegate \(nav.gestureDelegate.rawValue)")
            lines.append("\(indent)nav (\(flags.joined(separator: ", ")))")
            lines.append("\(indent)  stack: \(nav.stack.isEmpty ? "(empty)" : nav.stack.map(\.description).joined(separator: " "))")
            if id == currentNavID {
                lines.append("\(indent)  back button: \(backVisible(in: nav) ? (nav.top.map { traits(of: $0).customBack } == true ? "custom" : "visible") : "hidden"); swipe: \(swipeWouldBegin ? "would begin" : "would not begin")")
            }
            if let safe = nav.safeDelegate { lines.append("\(indent)  safeDelegate: \(safe)") }
            if nav.barCorrupted { lines.append("\(indent)  navigation bar: corrupted") }
        }
        switch window {
        case let .nav(id):
            lines.append("window")
            describe(id, indent: "  ")
        case let .tabs(ids, selected):
            lines.append("window: tab bar")
            for (index, id) in ids.enumerated() {
                lines.append("  tab \(navs[id]?.stack.first?.className ?? "?")\(index == selected ? " (selected)" : "")")
                describe(id, indent: "    ")
            }
        }
        for modal in modals {
            lines.append("presented by \(modal.presenter?.description ?? "nav"): \(modal.screen)")
            if let id = modal.nav { describe(id, indent: "  ") }
        }
        if let alert { lines.append("alert \"\(alert.text)\" [Cancel] [OK]") }
        if let frozen { lines.append("FROZEN: \(frozen.reason)") }
        for job in jobs { lines.append("in flight: \(job)") }
        return lines
    }
}
