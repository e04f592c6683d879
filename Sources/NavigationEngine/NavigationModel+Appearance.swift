/// Appearance callbacks on the paths that do not move a screen in a stack: a
/// presenter covered or uncovered by a modal, a presented or dismissed
/// screen, the window's old root (behaviour.md sections 7 and 8). The seeds'
/// code in viewWillAppear and viewWillDisappear runs here too, with the
/// controller that holds the screen (section 6; a hook that ran only on some
/// paths let a covered UISafeNavigationController screen keep the safe
/// delegate).
extension NavigationModel {
    mutating func viewWillAppear(_ name: ScreenName, _ animated: Bool) {
        if let id = screens[name]?.parent {
            viewWillAppear(name, id, animated)
        } else {
            emitLifecycle(name, .viewWillAppear(animated))
        }
    }

    mutating func viewWillDisappear(_ name: ScreenName, _ animated: Bool) {
        if let id = screens[name]?.parent {
            viewWillDisappear(name, id, animated)
        } else {
            emitLifecycle(name, .viewWillDisappear(animated))
        }
    }
}
