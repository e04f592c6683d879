/// The renaming's new names written into every part of the state that
/// names a screen (NavigationModel+Renaming.swift).
extension NavigationModel {
    /// Gives every name the state holds outside the screen table its new
    /// name, `rename(name)`: in the controllers (stack, safe-pop delegate,
    /// running transition, queued calls), the modals, the one in flight,
    /// the alert and the guarantees. Each part is read first and written
    /// only where a name changes: a controller written is hashed again, and
    /// an array written that a parent state shares is copied.
    mutating func renameReferences(_ rename: (ScreenName) -> ScreenName) {
        func renamed(_ call: NavCall) -> NavCall {
            switch call {
            case .push(let name, let animated): .push(rename(name), animated: animated)
            case .popTo(let name, let animated): .popTo(rename(name), animated: animated)
            case .setStack(let names, let animated): .setStack(names.map(rename), animated: animated)
            case .pop, .popToRoot: call
            }
        }
        for id in navs.ids {
            guard let nav = navs[id] else { continue }
            // What changes, read before any write: a controller written is
            // hashed again, and an array written that a parent shares is copied.
            let inStack = nav.stack.firstIndexRenamed(by: rename)
            let delegate = nav.safeDelegate.map(rename)
            let delegateChanges = delegate != nav.safeDelegate
            let inQueue = nav.queue.firstIndex { renamed($0) != $0 }
            var from: ScreenName?
            var to: ScreenName?
            var inRemoved: Int?
            var inAddedBelow: Int?
            var transitionChanges = false
            if let t = nav.transition {
                from = t.from.map(rename)
                to = rename(t.to)
                inRemoved = t.removed.firstIndexRenamed(by: rename)
                inAddedBelow = t.addedBelow.firstIndexRenamed(by: rename)
                transitionChanges = from != t.from || to != t.to || inRemoved != nil || inAddedBelow != nil
            }
            guard inStack != nil || delegateChanges || inQueue != nil || transitionChanges else { continue }
            navs.edit(id) { nav in
                if let i = inStack { nav.stack.rename(from: i, by: rename) }
                if delegateChanges { nav.safeDelegate = delegate }
                if transitionChanges {
                    if from != nav.transition!.from { nav.transition!.from = from }
                    if let to, to != nav.transition!.to { nav.transition!.to = to }
                    if let i = inRemoved { nav.transition!.removed.rename(from: i, by: rename) }
                    if let i = inAddedBelow { nav.transition!.addedBelow.rename(from: i, by: rename) }
                }
                if let first = inQueue {
                    for i in first..<nav.queue.count {
                        let call = renamed(nav.queue[i])
                        if call != nav.queue[i] { nav.queue[i] = call }
                    }
                }
            }
        }
        func renamed(_ modal: Modal) -> Modal {
            Modal(presenter: modal.presenter.map(rename), screen: rename(modal.screen), nav: modal.nav)
        }
        if !modals.isEmpty, modals.contains(where: { renamed($0) != $0 }) {
            modals = ModalStack(modals.map(renamed))
        }
        if isModalTransitioning, let t = modalTransition, renamed(t.modal) != t.modal {
            modalTransition!.modal = renamed(t.modal)
        }
        if hasAlert, let a = alert {
            let asker = a.asker.map(rename)
            if asker != a.asker { alert!.asker = asker }
            if case .safePop(let nav, let call) = a.action, renamed(call) != call {
                alert!.action = .safePop(nav: nav, call: renamed(call))
            }
        }
        if guarantees.guarded.isEmpty, guarantees.granted.isEmpty, guarantees.gateBreach == nil,
            guarantees.confirmationBreach == nil
        {
            return
        }
        func renamed(_ entry: Guarantees.Guarded) -> Guarantees.Guarded {
            Guarantees.Guarded(nav: entry.nav, screen: rename(entry.screen), gate: rename(entry.gate))
        }
        // Both lists are kept sorted by every write (`noteDidAppear`,
        // `noteConfirmed`; removals keep the order), so one with no name
        // changed is sorted already; a renamed one is sorted again.
        if guarantees.guarded.contains(where: { renamed($0) != $0 }) {
            guarantees.guarded = guarantees.guarded.map(renamed).sorted()
        }
        if let i = guarantees.granted.firstIndexRenamed(by: rename) {
            guarantees.granted.rename(from: i, by: rename)
            guarantees.granted.sort(by: ScreenName.canonicalOrder)
        }
        if let breach = guarantees.gateBreach, renamed(breach) != breach { guarantees.gateBreach = renamed(breach) }
        if let breach = guarantees.confirmationBreach, rename(breach) != breach {
            guarantees.confirmationBreach = rename(breach)
        }
    }
}

extension MutableCollection where Element == ScreenName, Index == Int {
    /// The index of the first name `rename` changes, or nil: the look
    /// before a write, so that an array with no name changed is not written
    /// (and its storage, often a parent state's too, not copied).
    fileprivate func firstIndexRenamed(by rename: (ScreenName) -> ScreenName) -> Int? {
        for i in indices where rename(self[i]) != self[i] { return i }
        return nil
    }

    /// Renames the names from `start` on in place, writing only those that change.
    fileprivate mutating func rename(from start: Int, by rename: (ScreenName) -> ScreenName) {
        for i in start..<count {
            let name = rename(self[i])
            if name != self[i] { self[i] = name }
        }
    }
}
