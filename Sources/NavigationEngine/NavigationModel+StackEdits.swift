/// The only places a stack changes: push, truncate, replace, and a screen
/// leaving another controller (addChild's detach). A stack changes when the
/// call is made, not when its animation ends (behaviour.md section 1).
extension NavigationModel {
    /// Puts a screen on top of a stack.
    mutating func appendToStack(_ id: Int, _ name: ScreenName) {
        screens.setParent(of: name, to: id)
        navs.edit(id) { $0.stack.append(name) }
        noteStackChanged(id)
    }

    /// Keeps the bottom `count` screens; returns the others, top first.
    mutating func truncateStack(_ id: Int, keeping count: Int) -> [ScreenName] {
        guard let total = navs[id]?.stack.count, count < total else { return [] }
        work(total - count)
        let removed = navs.edit(id) { $0.stack.cut(keeping: count) }!
        screens.clearParents(of: removed, ifItIs: id)
        if traits.count > 0 { for name in removed { noteLeft(name) } }
        noteStackChanged(id)
        return removed
    }

    /// Replaces a stack; returns the screens that left (top first) and the ones that came.
    mutating func replaceStack(_ id: Int, with names: [ScreenName]) -> (removed: [ScreenName], added: [ScreenName]) {
        let old = navs[id]?.stack ?? []
        work(old.count + names.count)
        let removed: [ScreenName]
        let added: [ScreenName]
        if old.count &* names.count <= 64 {
            removed = old.reversed().filter { !names.contains($0) }
            added = names.filter { !old.contains($0) }
        } else {
            let kept = Set(names)
            let before = Set(old)
            removed = old.reversed().filter { !kept.contains($0) }
            added = names.filter { !before.contains($0) }
        }
        for name in removed { screens.clearParent(of: name, ifItIs: id) }
        for name in names { screens.setParent(of: name, to: id) }
        navs.edit(id) { $0.stack = ChunkedArray(names) }
        for name in removed { noteLeft(name) }
        noteStackChanged(id)
        return (removed, added)
    }
}
