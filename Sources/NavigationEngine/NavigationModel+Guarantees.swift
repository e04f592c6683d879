/// What `expect gates held` and `expect confirmations held` need, kept as part
/// of the state (explorer.md section 2): the screens that sat below a gate when
/// it finished appearing, the confirm screens whose alert got an OK, and the
/// first breach of each guarantee.
///
/// Updated at every change of a stack (the stack edits call in here), so a
/// change made and undone inside one step still counts.
struct Guarantees: Hashable, Sendable {
    /// A screen that sat below `gate` in controller `nav` when the gate appeared.
    struct Guarded: Hashable, Sendable, Comparable {
        var nav: Int
        var screen: ScreenName
        var gate: ScreenName

        static func < (lhs: Guarded, rhs: Guarded) -> Bool {
            (lhs.nav, lhs.screen.cls.id, lhs.screen.ordinal, lhs.gate.cls.id, lhs.gate.ordinal)
                < (rhs.nav, rhs.screen.cls.id, rhs.screen.ordinal, rhs.gate.cls.id, rhs.gate.ordinal)
        }
    }

    /// Sorted, so two states that guard the same screens compare equal.
    var guarded: [Guarded] = []
    /// Confirm screens with an OK tapped on their alert since they last appeared (sorted).
    var granted: [ScreenName] = []
    /// The first screen that became the top again after sitting below a gate, and that gate.
    var gateBreach: Guarded?
    /// The first confirm screen that left its stack without an OK.
    var confirmationBreach: ScreenName?
}

extension NavigationModel {
    /// Why `expect gates held` fails, or nil when it holds.
    public var gatesProblem: String? {
        guard let breach = guarantees.gateBreach else { return nil }
        return "\(breach.screen, in: names) became the top again after it sat below the gate \(breach.gate, in: names)"
    }

    /// Why `expect confirmations held` fails, or nil when it holds.
    public var confirmationsProblem: String? {
        guard let screen = guarantees.confirmationBreach else { return nil }
        return "\(screen, in: names) left its stack without an OK on its alert \"\(traits(of: screen).confirm ?? "")\""
    }

    /// A screen finished appearing: if it is a gate, every screen below it in
    /// its stack is guarded from now on.
    mutating func noteDidAppear(_ gate: ScreenName) {
        guard isGate(gate), let id = screens[gate]?.parent, let stack = navs[id]?.stack,
            let index = stack.lastIndex(of: gate), index > 0
        else { return }
        for screen in stack[..<index] {
            let entry = Guarantees.Guarded(nav: id, screen: screen, gate: gate)
            if !guarantees.guarded.contains(where: { $0.nav == id && $0.screen == screen }) {
                guarantees.guarded.append(entry)
            }
        }
        guarantees.guarded.sort()
    }

    /// A screen is about to appear: an OK from before no longer covers it.
    mutating func noteWillAppear(_ screen: ScreenName) {
        guard !guarantees.granted.isEmpty, let i = guarantees.granted.firstIndex(of: screen) else { return }
        guarantees.granted.remove(at: i)
    }

    /// OK was tapped on an alert that `screen` showed: its next departure is the one it asked about.
    mutating func noteConfirmed(_ screen: ScreenName) {
        guard traits(of: screen).confirm != nil, !guarantees.granted.contains(screen) else { return }
        guarantees.granted.append(screen)
        guarantees.granted.sort(by: ScreenName.canonicalOrder)
    }

    /// The stack of `id` changed: a guarded screen on top breaks the gate.
    mutating func noteStackChanged(_ id: Int) {
        guard !guarantees.guarded.isEmpty, guarantees.gateBreach == nil else { return }
        checkGuardedTop(id)
    }

    private mutating func checkGuardedTop(_ id: Int) {
        guard let top = navs[id]?.top,
            let entry = guarantees.guarded.first(where: { $0.nav == id && $0.screen == top })
        else { return }
        guarantees.gateBreach = entry
    }

    /// Screens left a stack: a confirm screen (one that was ever shown) needs an OK for it.
    mutating func noteLeft(_ name: ScreenName) {
        guard traits.count > 0, traits(of: name).confirm != nil, screens[name]?.viewLoaded == true else { return }
        if let i = guarantees.granted.firstIndex(of: name) {
            guarantees.granted.remove(at: i)
        } else if guarantees.confirmationBreach == nil {
            guarantees.confirmationBreach = name
        }
    }

    /// Every stack is thrown away (a new window root): each confirm screen leaves.
    mutating func noteAllStacksDiscarded() {
        guard traits.count > 0 else { return }
        for id in navs.ids {
            guard let stack = navs[id]?.stack else { continue }
            for name in stack { noteLeft(name) }
        }
    }

    /// A controller id is (re)used for a new controller: nothing is guarded in it yet.
    mutating func noteNewController(_ id: Int) {
        guard !guarantees.guarded.isEmpty else { return }
        guarantees.guarded.removeAll { $0.nav == id }
    }

    /// Drops what no longer matters: entries of released screens (they can never
    /// come back), so equal situations make equal states. The test for nothing to
    /// drop is inlined.
    mutating func pruneGuarantees() {
        guard !guarantees.guarded.isEmpty || !guarantees.granted.isEmpty else { return }
        pruneGuaranteeEntries()
    }

    // (Kept out of line: the test above is what most states need.)
    @inline(never) private mutating func pruneGuaranteeEntries() {
        let live = screens
        let navs = navs
        // Tested before anything is rewritten: on most steps nothing is dropped,
        // and removing in place from arrays a parent shares copies them.
        // (`navs[id]?.id` reads one field in place; `navs[id] == nil` copied the controller.)
        func dropped(_ entry: Guarantees.Guarded) -> Bool { !live.contains(entry.screen) || navs[entry.nav]?.id == nil }
        if guarantees.guarded.contains(where: dropped) { guarantees.guarded.removeAll(where: dropped) }
        if guarantees.granted.contains(where: { !live.contains($0) }) {
            guarantees.granted.removeAll { !live.contains($0) }
        }
    }
}
