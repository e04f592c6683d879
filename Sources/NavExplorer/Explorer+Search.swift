import NavScript
import NavigationEngine

extension Explorer {
    /// Parents a job takes in a batch at first; then the batch doubles
    /// while one takes under `batchSeconds / 2` and halves past twice that,
    /// between `batchPerJob` and `maxBatchPerJob`. Big enough that the
    /// threads pay off: each batch starts a thread per job and ends waiting
    /// for the slowest, and a thread woken on an idle core takes a while to
    /// run; small enough that progress and Ctrl-C are seen at once.
    /// The answers do not depend on the batches (each child is judged
    /// against the states seen before its batch, then merged in order).
    static let batchPerJob = 1024
    static let maxBatchPerJob = 32_768
    static let batchSeconds = 0.2

    /// Searches breadth-first. `progress` is called between batches on the
    /// calling thread; `shouldStop` (Ctrl-C) is asked as often.
    ///
    /// No state's model is stored: a level's states are rebuilt from their
    /// parent links when they are expanded (`AncestorPath`), so a stored
    /// state costs its fingerprint and its link, and the last level not even
    /// the link.
    public func run(
        progress: (ExploreProgress) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) -> ExploreResult {
        let clockStart = monotonicSeconds()
        var result = ExploreResult()
        let jobs = max(1, config.jobs)
        result.jobs = jobs
        let seen = SeenSet()
        let links = ParentLinks()
        let pool = jobs > 1 ? WorkerPool(jobs) : nil
        defer { pool?.shutDown() }
        // The threads made, which may be fewer than asked.
        result.jobs = pool?.count ?? 1
        var first = start
        canonical(&first)
        _ = seen.insert(Self.fingerprint(first))
        result.states = 1
        var reported: UInt64 = 0
        let startMask = stateViolations(start, events: [])
        if startMask != 0, config.shard?.reportsShort(length: 0) ?? true {
            record(startMask, path: [], into: &result, reported: &reported)
        }
        // The ids of the level being expanded: the start state first.
        var frontier = 0..<1
        var done = !result.violations.isEmpty && (!config.all || reported == checkedMask)
        var level = 0
        var batchPerJob = config.fixedBatchPerJob ?? Self.batchPerJob
        // Under a memory limit, a batch's children (a child a step at most) fit in its share.
        let childBytes = (config.actions.count + 1) * MemoryLayout<Expansion.Child>.stride
        let memoryBatch = config.batchBytes.map { max(Self.chunk, $0 / childBytes / jobs) } ?? Int.max
        search: while !done, level < config.depth {
            if frontier.isEmpty {
                result.exhausted = true
                break
            }
            result.depthReached = level + 1
            // The states of the last level are checked and counted but never
            // expanded: their links are not kept (most states are on the last level).
            let keepLinks = level + 1 < config.depth
            let nextStart = links.count
            var nextCount = 0
            var batchStart = frontier.lowerBound
            while batchStart < frontier.upperBound {
                let batchEnd = min(frontier.upperBound, batchStart + min(batchPerJob, memoryBatch) * jobs)
                let batchClock = monotonicSeconds()
                // Which children are new: inserted in the seen-set in the
                // chunks' order as they are made (`Chunks`), so the first of
                // two equal states wins as it would on one thread.
                let (expansions, stopped) = expand(
                    batchStart..<batchEnd, level: level, first: first, links: links, keepLinks: keepLinks, pool: pool,
                    seen: seen, shouldStop: shouldStop)
                // (Read once a batch, not once a child.)
                let silenced = config.shard.map { !$0.reportsShort(length: level + 1) } ?? false
                let maxStates = config.maxStates
                let stepBits = stepMask
                for expansion in expansions {
                    result.steps += expansion.steps
                    // (The new states' links were appended as their chunks were committed.)
                    if !expansion.flagged, result.states + expansion.freshCount < maxStates {
                        nextCount += expansion.freshCount
                        result.states += expansion.freshCount
                        continue
                    }
                    for child in expansion.children {
                        let parentID = child.parent
                        var mask = silenced ? 0 : child.violations
                        let isNew = child.fresh
                        if !isNew { mask &= stepBits }
                        if isNew {
                            nextCount += 1
                            result.states += 1
                        }
                        if mask & ~reported != 0 {
                            let path = links.path(to: parentID) + [Int(child.step)]
                            record(mask & ~reported, path: path, into: &result, reported: &reported)
                            if !config.all || reported == checkedMask {
                                done = true
                                break search
                            }
                        }
                        if result.states >= maxStates {
                            result.cut = .maxStates
                            break search
                        }
                    }
                }
                // Ctrl-C in the batch: what its chunks taken found is merged, the rest is not explored.
                if stopped {
                    result.cut = .interrupted
                    break search
                }
                batchStart = batchEnd
                if config.fixedBatchPerJob == nil {
                    let took = monotonicSeconds() - batchClock
                    if took < Self.batchSeconds / 2 {
                        batchPerJob = min(Self.maxBatchPerJob, batchPerJob * 2)
                    } else if took > Self.batchSeconds * 2 {
                        batchPerJob = max(Self.batchPerJob, batchPerJob / 2)
                    }
                }
                progress(
                    ExploreProgress(
                        depth: level + 1, states: result.states, steps: result.steps,
                        queue: frontier.upperBound - batchStart + nextCount,
                        seconds: monotonicSeconds() - clockStart))
                if shouldStop() {
                    result.cut = .interrupted
                    break search
                }
            }
            level += 1
            result.depthComplete = level
            frontier = keepLinks ? nextStart..<links.count : nextStart..<(nextStart + nextCount)
        }
        if !done, result.cut == nil, level < config.depth, frontier.isEmpty { result.exhausted = true }
        if done, result.cut == nil, !config.all {
            // The level of the violation was not finished; the one before it was.
            result.depthComplete = max(0, result.depthReached - 1)
        }
        result.seconds = monotonicSeconds() - clockStart
        result.violations.sort { $0.property < $1.property }
        return result
    }

    /// Inserts the children of a finished chunk that were not inserted as
    /// they were made (`Chunks.finish`): a child seen already is not new. Each
    /// slot is prefetched a few children ahead.
    static func insertRest(_ expansion: inout Expansion, into seen: SeenSet) {
        let start = expansion.uninserted
        let count = expansion.children.count
        for i in start..<min(count, start + insertsAhead) where expansion.children[i].fresh {
            seen.prefetch(expansion.children[i].fingerprint)
        }
        for i in start..<count {
            if i + insertsAhead < count, expansion.children[i + insertsAhead].fresh {
                seen.prefetch(expansion.children[i + insertsAhead].fingerprint)
            }
            if expansion.children[i].fresh, !seen.insert(expansion.children[i].fingerprint) {
                expansion.children[i].fresh = false
            }
        }
        expansion.uninserted = expansion.children.count
    }

    /// Commits a finished chunk, in the chunks' order: inserts the children
    /// not inserted yet (`insertRest`), then appends the new ones' links
    /// (`links`, nil on the last level) and counts them, and tells whether
    /// any broke a property. Done here, not when the batch is merged: by the
    /// committing thread while the others expand, so that with several
    /// threads the merge left to the calling thread visits only the flagged
    /// chunks.
    func commit(_ expansion: inout Expansion, seen: SeenSet, links: ParentLinks?) {
        Self.insertRest(&expansion, into: seen)
        let stepBits = stepMask
        var fresh = 0
        var flagged = false
        for child in expansion.children {
            if child.fresh {
                links?.append(parent: child.parent, step: child.step)
                fresh += 1
            }
            flagged = flagged || (child.fresh ? child.violations : child.violations & stepBits) != 0
        }
        expansion.freshCount = fresh
        expansion.flagged = flagged
    }

    /// How far ahead of the insertions the seen-set's slots are prefetched.
    static let insertsAhead = 8

    /// Records the first property in report order among `mask` (all of them with `--all`).
    func record(_ mask: UInt64, path: [Int], into result: inout ExploreResult, reported: inout UInt64) {
        for bit in 0..<64 where mask & (1 << UInt64(bit)) != 0 {
            let property: Property =
                bit < BuiltinProperty.allCases.count
                ? .builtin(BuiltinProperty.allCases[bit]) : .invariant(bit - BuiltinProperty.allCases.count)
            result.violations.append(counterexample(path, breaking: property))
            reported |= 1 << UInt64(bit)
            if !config.all { return }
        }
    }
}
