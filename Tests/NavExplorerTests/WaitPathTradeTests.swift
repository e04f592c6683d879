import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// `AncestorPath.rebuild(_:level:links:explorer:events:next:)` steps a
/// state on its parent's own model when the next state rebuilt does not
/// need the parent, the two levels trading their memory. These check that
/// the states it makes are those of a search that keeps every model,
/// whether the hint is right (the next state rebuilt) or wrong.
@Suite("Wait: ancestor path trades")
struct WaitPathTradeTests {
    @Test("a state rebuilt with the next one named is the state the search reached")
    func rebuiltWithHintsAreEqual() {
        for (_, explorer) in SearchStorageTests.explorers(depth: 4) {
            let (first, models, links, levels) = SearchStorageTests.keptSearch(explorer, depth: 4)
            #expect(models.count > 50)
            var events: [Event] = []
            for (level, range) in levels.enumerated() {
                // In order, then backwards (so the path changes more than one
                // level at a time), each with the next one named.
                let order = Array(range) + Array(range.reversed())
                let path = AncestorPath(start: first, depth: level)
                for (k, id) in order.enumerated() {
                    let next = k + 1 < order.count ? Int32(order[k + 1]) : -1
                    path.rebuild(Int32(id), level: level, links: links, explorer: explorer, events: &events, next: next)
                    #expect(path.top == models[id], "state \(id) on level \(level)")
                }
                // With a wrong hint: a state the path does not rebuild next.
                let wrong = AncestorPath(start: first, depth: level)
                for (k, id) in order.enumerated() {
                    let hint = Int32(range.lowerBound + (k * 7) % range.count)
                    wrong.rebuild(
                        Int32(id), level: level, links: links, explorer: explorer, events: &events, next: hint)
                    #expect(wrong.top == models[id], "state \(id) on level \(level), hint \(hint)")
                    // The top stepped, as the explorer steps it (not the
                    // start state's model, which a path rebuilds never again).
                    if level > 0 {
                        wrong.topModel.pointee.canonicalize()
                        wrong.topChanged()
                    }
                }
            }
        }
    }
}
