import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// The search keeps no state's model: it stores fingerprints and parent
/// links and rebuilds a level's states from the links (`AncestorPath`). These
/// check that against a search that keeps every model.
@Suite("Search storage")
struct SearchStorageTests {
    /// The setups of the encoding tests with every property off, so no
    /// violation ends the search early.
    static func explorers(depth: Int, jobs: Int = 1) -> [(Setup, Explorer)] {
        StateEncodingTests.setups.map { text, profile in
            let setup = Setup(text, profile: profile)
            var config = ExploreConfiguration(actions: setup.session.declarations.actions, invariants: [], checks: [])
            config.depth = depth
            config.jobs = jobs
            return (setup, Explorer(start: setup.model, configuration: config))
        }
    }

    /// A search that keeps every model: the start state, the models, their
    /// links and the levels' ranges of ids.
    static func keptSearch(
        _ explorer: Explorer, depth: Int
    ) -> (NavigationModel, [NavigationModel], ParentLinks, [Range<Int>]) {
        var first = explorer.start
        explorer.canonical(&first)
        let links = ParentLinks()
        var models = [first]
        var seen: Set<NavigationModel> = [first]
        var levels = [0..<1]
        var events: [Event] = []
        for level in 0..<depth {
            let start = models.count
            for id in levels[level] {
                for step in 0...explorer.config.actions.count {
                    var model = models[id]
                    guard let raised = explorer.run(step, on: &model, events: &events), !raised else { continue }
                    explorer.canonical(&model)
                    if seen.insert(model).inserted {
                        models.append(model)
                        links.append(parent: Int32(id), step: UInt8(step))
                    }
                }
            }
            levels.append(start..<models.count)
        }
        return (first, models, links, levels)
    }

    @Test("as many states as a breadth-first search that keeps every model, for 1 and 2 jobs")
    func countsMatchAKeepingSearch() {
        for jobs in [1, 2] {
            for (setup, explorer) in Self.explorers(depth: 5, jobs: jobs) {
                let kept = StateEncodingTests.states(setup, depth: 5, limit: .max)
                let result = explorer.run()
                #expect(result.states == kept.count)
                #expect(result.states > 100, "the setup reaches states: \(result.states)")
            }
        }
    }

    @Test("a state rebuilt from its parent links is the state the search reached")
    func rebuiltStatesAreEqual() {
        for (_, explorer) in Self.explorers(depth: 4) {
            let (first, models, links, levels) = Self.keptSearch(explorer, depth: 4)
            var events: [Event] = []
            #expect(models.count > 50)
            // Each level's states in order, then the deepest level backwards
            // (so the path changes more than one level at a time).
            for (level, range) in levels.enumerated() {
                let path = AncestorPath(start: first, depth: level)
                for id in Array(range) + Array(range.reversed()) {
                    path.rebuild(Int32(id), level: level, links: links, explorer: explorer, events: &events)
                    #expect(path.top == models[id], "state \(id) on level \(level)")
                }
            }
        }
    }

    @Test("the seen-set holds every fingerprint through its growth, in any shard")
    func seenSetGrows() {
        let seen = SeenSet(capacityPerShard: 4)
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<50_000).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
        for key in keys { #expect(seen.insert(key)) }
        #expect(seen.count == keys.count)
        #expect(keys.allSatisfy { seen.contains($0) })
        #expect(!keys.contains { seen.insert($0) })
        #expect(seen.bytes <= keys.count * 8 * 8 / 3 + SeenSet.shardCount * 32)
    }

    @Test(
        "children inserted chunk by chunk in the chunks' order by several threads are new for the same children as on one",
        arguments: [1, 2, 3, 4])
    func chunkOrderAgrees(threads: Int) {
        var generator = SystemRandomNumberGenerator()
        // Fingerprints drawn from a small pool, so children repeat within and across chunks.
        let pool = (0..<3000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        let before = Set(pool.prefix(500))
        let chunkCount = 200
        let made = (0..<chunkCount).map { c in
            (0..<120).map { i in
                Expansion.Child(
                    fingerprint: pool.randomElement(using: &generator)!, parent: Int32(c), step: UInt8(i % 12),
                    fresh: i % 7 != 0, violations: 0)
            }
        }
        // One thread, in order: a fresh child is new when its fingerprint was
        // seen neither before nor by an earlier fresh child.
        var seenInOrder = before
        let expected = made.map { children in
            children.map { $0.fresh && seenInOrder.insert($0.fingerprint).inserted }
        }
        let seen = SeenSet(capacityPerShard: 4)
        for key in before { _ = seen.insert(key) }
        seen.retiresTables = threads > 1
        let chunks = Chunks(chunkCount)
        let workers = WorkerPool(threads)
        defer { workers.shutDown() }
        workers.run { _ in
            while true {
                let c = chunks.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < chunkCount else { break }
                // As a worker does: the children made once the chunk's turn has
                // come are inserted at once (those before first); the rest when
                // the chunk is finished, by whichever thread commits it.
                var expansion = Expansion(children: made[c], steps: 0)
                var turn = false
                func insert(_ i: Int) {
                    if expansion.children[i].fresh, !seen.insert(expansion.children[i].fingerprint) {
                        expansion.children[i].fresh = false
                    }
                }
                for i in expansion.children.indices {
                    if !turn, chunks.isTurn(of: c) {
                        turn = true
                        for j in expansion.uninserted..<i { insert(j) }
                    }
                    if turn {
                        insert(i)
                        expansion.uninserted = i + 1
                    }
                    for _ in 0..<Int.random(in: 0..<50) { _ = seen.contains(pool[i]) }
                }
                chunks.finish(expansion, at: c) { Explorer.insertRest(&$0, into: seen) }
            }
        }
        seen.freeRetired()
        let expansions = chunks.take()
        #expect(expansions.map { $0.children.map(\.fresh) } == expected)
        #expect(seen.count == Set(pool.prefix(500) + made.joined().filter(\.fresh).map(\.fingerprint)).count)
        #expect(expected.joined().filter { $0 }.count > 1000)
    }
}
