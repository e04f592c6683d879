import NavScript
import NavigationEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a worker found expanding its share of a batch, in generation order.
struct Expansion: Sendable {
    struct Child: Sendable {
        var fingerprint: UInt64
        /// The parent's position in the frontier.
        var parent: Int32
        var step: UInt8
        /// Properties the step broke, and the state (only for a state not seen before the batch).
        var violations: UInt64
        /// The state's position in `models` (0 when models are not kept); -1 when it was seen before the batch.
        var model: Int32
    }
    var children: [Child] = []
    var models: [NavigationModel] = []
    var steps = 0
}

/// The chunks of a batch: the next one to take, and a slot for each one's
/// expansion. Each slot is written once, by the thread that took the chunk,
/// and read after every thread has been joined.
final class Chunks: @unchecked Sendable {
    let next = Atomic<Int>(0)
    private let slots: UnsafeMutablePointer<Expansion>
    private let count: Int

    init(_ count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
    }

    deinit { slots.deallocate() }

    func put(_ expansion: Expansion, at index: Int) { (slots + index).initialize(to: expansion) }

    /// The expansions in chunk order (each chunk put exactly once).
    func take() -> [Expansion] { (0..<count).map { (slots + $0).move() } }
}

extension Explorer {
    /// Parents a worker takes at a time: big enough that threads pay off
    /// (some 10,000 steps a job, tens of milliseconds), small enough that
    /// progress and Ctrl-C are seen at once.
    static let batchPerJob = 1024

    /// Searches breadth-first. `progress` is called between batches on the
    /// calling thread; `shouldStop` (Ctrl-C) is asked as often.
    public func run(
        progress: (ExploreProgress) -> Void = { _ in },
        shouldStop: () -> Bool = { false }
    ) -> ExploreResult {
        let clockStart = monotonicSeconds()
        var result = ExploreResult()
        let jobs = max(1, config.jobs)
        result.jobs = jobs
        let seen = SeenSet()
        // Parent links: state id -> (parent id, step). The start state is id 0.
        var parentOf: [Int32] = [-1]
        var stepOf: [UInt8] = [0]
        var first = start
        canonical(&first)
        _ = seen.insert(Self.fingerprint(first))
        result.states = 1
        var reported: UInt64 = 0
        let startMask = stateViolations(start, events: [])
        if startMask != 0, config.shard?.reportsShort(length: 0) ?? true {
            record(startMask, path: [], into: &result, reported: &reported)
        }
        var frontier: [NavigationModel] = [first]
        var frontierIDs: [Int32] = [0]
        var done = !result.violations.isEmpty && (!config.all || reported == checkedMask)
        var level = 0
        search: while !done, level < config.depth {
            if frontier.isEmpty {
                result.exhausted = true
                break
            }
            result.depthReached = level + 1
            // The states of the last level are checked and counted but never
            // expanded: their models are not kept (most states are on the last level).
            let keepModels = level + 1 < config.depth
            var next: [NavigationModel] = []
            var nextIDs: [Int32] = []
            var nextCount = 0
            if keepModels {
                next.reserveCapacity(frontier.count * 2)
                nextIDs.reserveCapacity(frontier.count * 2)
            }
            var batchStart = 0
            let batchSize = Self.batchPerJob * jobs
            while batchStart < frontier.count {
                let batchEnd = min(frontier.count, batchStart + batchSize)
                let expansions = expand(
                    frontier, batchStart..<batchEnd, jobs: jobs, seen: seen, keepModels: keepModels)
                for expansion in expansions {
                    result.steps += expansion.steps
                    for child in expansion.children {
                        let parentID = frontierIDs[Int(child.parent)]
                        if let shard = config.shard, level + 1 == shard.prefixDepth,
                            !shard.owns(
                                prefix: Self.path(to: parentID, parentOf: parentOf, stepOf: stepOf) + [Int(child.step)])
                        {
                            continue
                        }
                        var mask = child.violations
                        if let shard = config.shard, !shard.reportsShort(length: level + 1) { mask = 0 }
                        let isNew = child.model >= 0 && seen.insert(child.fingerprint)
                        if !isNew { mask &= Self.stepMask(of: self) }
                        if isNew {
                            parentOf.append(parentID)
                            stepOf.append(child.step)
                            if keepModels {
                                next.append(expansion.models[Int(child.model)])
                                nextIDs.append(Int32(truncatingIfNeeded: parentOf.count - 1))
                            }
                            nextCount += 1
                            result.states += 1
                        }
                        if mask & ~reported != 0 {
                            let path = Self.path(to: parentID, parentOf: parentOf, stepOf: stepOf) + [Int(child.step)]
                            record(mask & ~reported, path: path, into: &result, reported: &reported)
                            if !config.all || reported == checkedMask {
                                done = true
                                break search
                            }
                        }
                        if result.states >= config.maxStates {
                            result.cut = .maxStates
                            break search
                        }
                    }
                }
                // The parents' models are done with: free them now, not at the end
                // of the level, so a level's models and the next's are not all held at once.
                for p in batchStart..<batchEnd { frontier[p] = first }
                batchStart = batchEnd
                progress(
                    ExploreProgress(
                        depth: level + 1, states: result.states, steps: result.steps,
                        queue: frontier.count - batchStart + nextCount,
                        seconds: monotonicSeconds() - clockStart))
                if shouldStop() {
                    result.cut = .interrupted
                    break search
                }
            }
            level += 1
            result.depthComplete = level
            frontier = next
            frontierIDs = nextIDs
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

    /// The bits of properties that belong to a step (checked even when its state was seen).
    static func stepMask(of explorer: Explorer) -> UInt64 {
        var mask: UInt64 = 1 << UInt64(Property.builtin(.exceptions).rank)
        for (bit, _) in explorer.noLog { mask |= 1 << UInt64(bit) }
        return mask
    }

    static func path(to id: Int32, parentOf: [Int32], stepOf: [UInt8]) -> [Int] {
        var steps: [Int] = []
        var node = id
        while node > 0 {
            steps.append(Int(stepOf[Int(node)]))
            node = parentOf[Int(node)]
        }
        return steps.reversed()
    }

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

    /// Parents in a chunk: the unit a worker takes from the batch, so a
    /// thread that finishes its part early takes more instead of waiting.
    static let chunk = 64

    /// Expands the parents in `range` on `jobs` threads, each taking the next
    /// chunk as it finishes one; the expansions come back in chunk order (the
    /// order of the parents), whatever thread made them.
    func expand(
        _ frontier: [NavigationModel], _ range: Range<Int>, jobs: Int, seen: SeenSet, keepModels: Bool
    ) -> [Expansion] {
        let count = (range.count + Self.chunk - 1) / Self.chunk
        let chunks = Chunks(count)
        runInParallel(min(jobs, count)) { _ in
            while true {
                let c = chunks.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < count else { break }
                let lower = range.lowerBound + c * Self.chunk
                var expansion = Expansion()
                self.expand(
                    frontier, lower..<min(range.upperBound, lower + Self.chunk), seen: seen, keepModels: keepModels,
                    into: &expansion)
                chunks.put(expansion, at: c)
            }
        }
        return chunks.take()
    }

    /// One worker's share: every step from every parent, in order.
    /// A new state's model is kept only when `keepModels` (its `model` is 0 otherwise).
    func expand(
        _ frontier: [NavigationModel], _ range: Range<Int>, seen: SeenSet, keepModels: Bool,
        into out: inout Expansion
    ) {
        var events: [Event] = []
        events.reserveCapacity(64)
        var encoder = StateEncoder()
        if keepModels { out.models.reserveCapacity(range.count * 2) }
        out.children.reserveCapacity(range.count * 2)
        let stepCount = config.actions.count + 1
        for p in range {
            // A refused step changes nothing (NavigationModel.perform), so the
            // copy of the parent serves the steps after it: most steps of a
            // search are refused, and each copy retains and releases every
            // array of the model.
            var model = frontier[p]
            var used = false
            for step in 0..<stepCount {
                if used {
                    model = frontier[p]
                    used = false
                }
                guard let raised = run(step, on: &model, events: &events) else { continue }
                used = true
                out.steps += 1
                var violations = stepViolations(raised: raised, events: events, names: model.names)
                // A step that raised leaves the parent's state: no new state to fingerprint.
                var fingerprint: UInt64 = 0
                if !raised {
                    canonical(&model)
                    fingerprint = encoder.fingerprint(of: model)
                }
                var modelIndex: Int32 = -1
                if !raised, !seen.contains(fingerprint) {
                    violations |= stateViolations(model, events: events)
                    if keepModels {
                        modelIndex = Int32(truncatingIfNeeded: out.models.count)
                        out.models.append(model)
                    } else {
                        modelIndex = 0
                    }
                } else if violations == 0 {
                    continue
                }
                out.children.append(
                    Expansion.Child(
                        fingerprint: fingerprint, parent: Int32(truncatingIfNeeded: p),
                        step: UInt8(truncatingIfNeeded: step),
                        violations: violations, model: modelIndex))
            }
        }
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
