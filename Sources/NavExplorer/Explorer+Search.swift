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
        /// The parent's state id.
        var parent: Int32
        var step: UInt8
        /// Whether the state was not seen before the batch (so it may be new).
        var fresh: Bool
        /// Properties the step broke, and the state (only for a fresh state).
        var violations: UInt64
    }
    var children: [Child] = []
    var steps = 0
}

/// Memory threads write at different places (each place by one thread).
struct SendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
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
    /// Parents a job takes in a batch at first; then the batch doubles
    /// while one takes under `batchSeconds / 2` and halves past twice that,
    /// between `batchPerJob` and `maxBatchPerJob`. Big enough that the
    /// threads pay off: each batch starts a thread per job and ends waiting
    /// for the slowest, and a thread woken on an idle core of this
    /// machine's kind (a VM) takes a while to run (plain.nav, depth 9, two
    /// jobs: 2.17 s with 1,024 parents a job, 1.62 s with 16,384, 3.0 s with
    /// one job); small enough that progress and Ctrl-C are seen at once.
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
                let batchEnd = min(frontier.upperBound, batchStart + batchPerJob * jobs)
                let batchClock = monotonicSeconds()
                let expansions = expand(
                    batchStart..<batchEnd, level: level, first: first, links: links, jobs: jobs, seen: seen)
                // Which children are new: the seen-set's shards filled at
                // once, each by one thread, each in the children's order, so
                // the first of two equal states wins as it would on one thread.
                let newFlags = insert(expansions, into: seen, jobs: jobs)
                // (Read once a batch, not once a child.)
                let silenced = config.shard.map { !$0.reportsShort(length: level + 1) } ?? false
                let maxStates = config.maxStates
                let stepBits = stepMask
                var k = 0
                for expansion in expansions {
                    result.steps += expansion.steps
                    for child in expansion.children {
                        defer { k += 1 }
                        let parentID = child.parent
                        var mask = silenced ? 0 : child.violations
                        let isNew = newFlags[k]
                        if !isNew { mask &= stepBits }
                        if isNew {
                            if keepLinks { links.append(parent: parentID, step: child.step) }
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

    /// Inserts the fresh children's fingerprints; whether each child (in
    /// order over the expansions) was new. With several jobs each thread
    /// takes its own shards of the seen-set and goes through every child,
    /// inserting those that fall in its shards: the same answers, in the
    /// same order per shard, as one thread would give.
    func insert(_ expansions: [Expansion], into seen: SeenSet, jobs: Int, parallelFrom: Int = 4096) -> [Bool] {
        let total = expansions.reduce(0) { $0 + $1.children.count }
        var isNew = [Bool](repeating: false, count: total)
        isNew.withUnsafeMutableBufferPointer { buffer in
            let out = SendablePointer(base: buffer.baseAddress!)
            if jobs == 1 || total < parallelFrom {
                Self.insertShare(0, of: 1, expansions, into: seen, out: out)
            } else {
                runInParallel(jobs) { t in Self.insertShare(t, of: jobs, expansions, into: seen, out: out) }
            }
        }
        return isNew
    }

    /// Share `t` of `jobs` of `insert`: every fresh child in shards `t` mod
    /// `jobs`, in order, each slot prefetched a few children ahead
    /// (SeenSet.prefetch); `out[k]` set for those children only.
    private static func insertShare(
        _ t: Int, of jobs: Int, _ expansions: [Expansion], into seen: SeenSet, out: SendablePointer<Bool>
    ) {
        var k = 0
        for expansion in expansions {
            let children = expansion.children
            // (One job takes every shard: no shard worked out, and divided, twice a child.)
            func mine(_ child: Expansion.Child) -> Bool {
                child.fresh && (jobs == 1 || SeenSet.shard(of: child.fingerprint) % jobs == t)
            }
            for ahead in children.prefix(insertsAhead) where mine(ahead) { seen.prefetch(ahead.fingerprint) }
            for (i, child) in children.enumerated() {
                if i + insertsAhead < children.count, mine(children[i + insertsAhead]) {
                    seen.prefetch(children[i + insertsAhead].fingerprint)
                }
                if mine(child) { out.base[k] = seen.insert(child.fingerprint) }
                k += 1
            }
        }
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

    /// Parents in a chunk: the unit a worker takes from the batch, so a
    /// thread that finishes its part early takes more instead of waiting.
    static let chunk = 64

    /// Expands the states `range` of `level` on `jobs` threads, each taking
    /// the next chunk as it finishes one; the expansions come back in chunk
    /// order (the order of the parents), whatever thread made them.
    func expand(
        _ range: Range<Int>, level: Int, first: NavigationModel, links: ParentLinks, jobs: Int, seen: SeenSet
    ) -> [Expansion] {
        let count = (range.count + Self.chunk - 1) / Self.chunk
        let chunks = Chunks(count)
        runInParallel(min(jobs, count)) { _ in
            // A model of the thread's own: no reference count its steps
            // touch is shared with another thread (NavigationModel.unshared).
            let mine = jobs > 1 ? first.unshared() : first
            var path = AncestorPath(start: mine, depth: level)
            while true {
                let c = chunks.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < count else { break }
                let lower = range.lowerBound + c * Self.chunk
                var expansion = Expansion()
                self.expand(
                    lower..<min(range.upperBound, lower + Self.chunk), level: level, path: &path, links: links,
                    seen: seen, into: &expansion)
                chunks.put(expansion, at: c)
            }
        }
        return chunks.take()
    }

    /// One worker's share: every step from every state of `range`, in order.
    ///
    /// A state is looked up in the seen-set one parent later than it is
    /// made: its slot is prefetched when its fingerprint is known, and by the
    /// time the next parent's steps have run the line is in the cache. (The
    /// seen-set outgrows the caches in any real search; a look-up made at
    /// once waited for memory, about a tenth of a one-job search's time.)
    /// Until then the state is judged as if it were new, which costs little
    /// when only built-in properties are checked; with invariants, whose
    /// checks cost more, each state is looked up at once, as it is made.
    func expand(
        _ range: Range<Int>, level: Int, path: inout AncestorPath, links: ParentLinks, seen: SeenSet,
        into out: inout Expansion
    ) {
        var events: [Event] = []
        events.reserveCapacity(64)
        var encoder = StateEncoder()
        let stepCount = config.actions.count + 1
        // The children, in a buffer of the most there can be (a child a step):
        // appended to the array one at a time, each asked the runtime whether
        // the array's storage was its own. Trivial values, so nothing to
        // deinitialize.
        let children = UnsafeMutablePointer<Expansion.Child>.allocate(capacity: range.count * stepCount)
        defer { children.deallocate() }
        var made = 0
        let deferLookups = stateInvariants.isEmpty
        // The previous parent's children, not looked up yet (deferLookups).
        var pending = 0..<0
        // One model for every step: made equal to the parent again before
        // each step after one that changed it, it copies only what that step
        // changed (NavigationModel.reset(to:)); a copy of the parent retained
        // and released every part of the model, about a dozen reference counts
        // each way. A refused step changes nothing (NavigationModel.perform),
        // so the model serves the step after it as it is: most steps of a
        // search are refused.
        var model = path.top
        let masksFit = stepMasksFit
        for p in range {
            let id = Int32(truncatingIfNeeded: p)
            let firstChild = made
            path.rebuild(id, level: level, links: links, explorer: self, events: &events)
            path.resetToTop(&model)
            // Every step starts from the parent, so its refusal and ignore
            // tests are asked of the parent at once (`NavigationModel.unrunSteps`).
            var refused: UInt64 = 0
            var ignored: UInt64 = 0
            if masksFit {
                (refused, ignored) = withUnsafePointer(to: &model) { m in
                    refusalList.withUnsafeBufferPointer { r in
                        ignoreList.withUnsafeBufferPointer { i in
                            NavigationModel.unrunSteps(refusals: r, ignores: i, in: m)
                        }
                    }
                }
            }
            var used = false
            for step in 0..<stepCount {
                // (A shift past 63, the wait's step of 64 actions, is 0.)
                let bit: UInt64 = 1 << UInt64(step)
                // A command refused at once is no step (`run` would return nil).
                if refused & bit != 0 { continue }
                // A step the model says changes nothing is the parent's state again:
                // counted, not run (it would be run, then found equal to its parent).
                if ignored & bit != 0 {
                    out.steps += 1
                    continue
                }
                if used {
                    path.resetToTop(&model)
                    used = false
                }
                if !masksFit {
                    if step < refusalTests.count, let test = refusalTests[step],
                        withUnsafePointer(to: &model, { NavigationModel.refuses(test, in: $0) })
                    {
                        continue
                    }
                    if step < ignoreTests.count, let test = ignoreTests[step],
                        withUnsafePointer(to: &model, { NavigationModel.ignores(test, in: $0) })
                    {
                        out.steps += 1
                        continue
                    }
                }
                guard let raised = run(step, on: &model, events: &events, recording: readsEvents) else { continue }
                used = true
                out.steps += 1
                // Another shard's prefix: the step counts, its state is that shard's.
                if let shard = config.shard, level + 1 == shard.prefixDepth,
                    !shard.owns(prefix: links.path(to: id) + [step])
                {
                    continue
                }
                // (Nothing to judge in a step that raised nothing when no `no log` is checked.)
                var violations =
                    raised || !noLog.isEmpty ? stepViolations(raised: raised, events: events, names: model.names) : 0
                // (A step that leaves the state as it was is not told here by `==`
                // with the parent: the ignored-step test above takes almost all of
                // them before they run, and of those left the test found 0 to 0.7 %
                // on the bench setups while it cost 3 to 5 % of their searches. Such
                // a state's fingerprint is the parent's, seen already.)
                // A step that raised leaves the parent's state: no new state to fingerprint.
                var fingerprint: UInt64 = 0
                if !raised { fingerprint = path.canonicalFingerprint(&model, explorer: self, encoder: &encoder) }
                var fresh = false
                if !raised, deferLookups {
                    seen.prefetch(fingerprint)
                    violations |= stateViolations(in: &model, events: events)
                    fresh = true
                } else if !raised, !seen.contains(fingerprint) {
                    violations |= stateViolations(in: &model, events: events)
                    fresh = true
                } else if violations == 0 {
                    continue
                }
                (children + made).initialize(
                    to: Expansion.Child(
                        fingerprint: fingerprint, parent: id, step: UInt8(truncatingIfNeeded: step), fresh: fresh,
                        violations: violations))
                made += 1
            }
            if deferLookups {
                lookUp(pending, in: children, seen: seen)
                pending = firstChild..<made
            }
        }
        if deferLookups {
            lookUp(pending, in: children, seen: seen)
            made = Self.dropMarked(children, count: made)
        }
        out.children.append(contentsOf: UnsafeBufferPointer(start: children, count: made))
    }

    /// Drops the children `lookUp` marked (parent -1), the others kept in
    /// order, each moved at most once, forward: `removeAll(where:)` swapped
    /// each kept child with a marked one before it (a partition), about 30
    /// instructions a kept child where a move is 6.
    /// Returns how many are kept, at the start of the `count` at `children`.
    private static func dropMarked(_ children: UnsafeMutablePointer<Expansion.Child>, count: Int) -> Int {
        var kept = 0
        for i in 0..<count where children[i].parent >= 0 {
            if kept != i { children[kept] = children[i] }
            kept += 1
        }
        return kept
    }

    /// Looks up the children `range` made as if new: one seen before keeps
    /// only the properties its step broke (as a state looked up at once
    /// would), and one that then breaks nothing is marked to be dropped
    /// (parent -1).
    /// (In the expansion's buffer: each write through an array asked whether
    /// its storage was its own.)
    private func lookUp(_ range: Range<Int>, in children: UnsafeMutablePointer<Expansion.Child>, seen: SeenSet) {
        let mask = stepMask
        for k in range where children[k].fresh && seen.contains(children[k].fingerprint) {
            children[k].fresh = false
            children[k].violations &= mask
            if children[k].violations == 0 { children[k].parent = -1 }
        }
    }
}

/// A worker's way down from the start state to the state it expands: the
/// models of one state and its ancestors, a level each, rebuilt by running
/// again the steps their parent links name (a step is a function of the
/// state: `perform` and the clock read nothing else). Consecutive states of
/// a level share most of their ancestors, so rebuilding a state costs about
/// one step, and a worker holds `depth + 1` models, whatever the search's size.
struct AncestorPath {
    /// The state id on each level, -1 for none yet; level 0 is the start state.
    private var ids: [Int32]
    private var models: [NavigationModel]
    private var chain: [Int32] = []

    init(start: NavigationModel, depth: Int) {
        ids = [0] + Array(repeating: -1, count: depth)
        models = Array(repeating: start, count: depth + 1)
    }

    /// The model of the state last rebuilt.
    var top: NavigationModel { models[models.count - 1] }

    /// Calls `body` with `top` in place (`top` itself is a copy).
    private func withTop<R>(_ body: (UnsafePointer<NavigationModel>) -> R) -> R {
        models.withUnsafeBufferPointer { models in body(models.baseAddress! + (models.count - 1)) }
    }

    /// The canonical form of `model`, one step from `top` (`Explorer.canonical(_:stepFrom:)`),
    /// and its fingerprint (`StateEncoder.canonicalFingerprint`, both in one call).
    func canonicalFingerprint(_ model: inout NavigationModel, explorer: Explorer, encoder: inout StateEncoder) -> UInt64
    {
        withTop { encoder.canonicalFingerprint(of: &model, renaming: explorer.renamesInstances, stepFrom: $0) }
    }

    /// Makes `model` equal to `top`, copying only what differs (`NavigationModel.reset(to:)`).
    func resetToTop(_ model: inout NavigationModel) {
        withTop { model.reset(to: $0) }
    }

    /// Makes `top` the model of state `id`, which is on the last level.
    mutating func rebuild(
        _ id: Int32, level: Int, links: ParentLinks, explorer: Explorer, events: inout [Event]
    ) {
        // The chain's entries are overwritten, not removed: `removeAll(keepingCapacity:)`
        // went through the generic `replaceSubrange` on every rebuild (0.44 % of
        // plain.nav's search at depth 7).
        var length = 0
        var node = id
        var lv = level
        while ids[lv] != node {
            if length < chain.count { chain[length] = node } else { chain.append(node) }
            length += 1
            node = links.parent(of: node)
            lv -= 1
        }
        for k in stride(from: length - 1, through: 0, by: -1) {
            let node = chain[k]
            lv += 1
            models.withUnsafeMutableBufferPointer { models in
                // The level's model becomes its parent's again, copying only what the
                // last step there changed (NavigationModel.reset(to:)), and steps in place.
                models[lv].reset(to: UnsafePointer(models.baseAddress! + (lv - 1)))
                // Never recorded: a rebuilt state's properties were checked when it was found.
                _ = explorer.run(Int(links.step(of: node)), on: &models[lv], events: &events, recording: false)
                explorer.canonical(&models[lv], stepFrom: UnsafePointer(models.baseAddress! + (lv - 1)))
            }
            ids[lv] = node
        }
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
