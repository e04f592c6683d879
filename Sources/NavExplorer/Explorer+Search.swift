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
        /// Whether the state is new: not seen before the child was inserted
        /// (until then, true; with invariants, whether it was not seen when
        /// looked up).
        var fresh: Bool
        /// Properties the step broke, and the state (only for a fresh state).
        var violations: UInt64
    }
    var children: [Child] = []
    var steps = 0
    /// The first child not inserted in the seen-set yet (`Chunks.finish`):
    /// those before it were inserted as they were made.
    var uninserted = 0
    /// New states among the children, counted (and their links appended)
    /// when the chunk is committed (`Explorer.commit`).
    var freshCount = 0
    /// Whether a child broke a property (as `run` judges it: a state seen
    /// before, only by its step): the others need not be visited one by one.
    var flagged = false
}

/// Memory threads write at different places (each place by one thread).
struct SendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// The chunks of a batch: the next one to take, a slot for each one's
/// expansion, and the order in which their children enter the seen-set.
///
/// Children are inserted chunk by chunk in the chunks' order, whatever
/// thread made them, so the first of two equal children in that order is the
/// new one, as on one thread. The thread expanding the chunk whose turn it
/// is (every chunk before it `committed`) inserts its children as it looks
/// them up, while their slots are in its cache; a chunk finished before its
/// turn is inserted, when the turn comes, by the thread that finishes the
/// chunk before it (`finish`). One thread inserts at a time; meanwhile
/// the others only prefetch its slots (with invariants, they look up:
/// SeenSet). Each expansion slot is written by the thread that took the
/// chunk, then by the one that commits it, and read after every thread has
/// been joined.
final class Chunks: @unchecked Sendable {
    let next = Atomic<Int>(0)
    /// Whether the batch was given up (Ctrl-C): no thread takes another chunk.
    let abandoned = Atomic<Bool>(false)
    /// Chunks whose children are all in the seen-set: the first `committed`.
    let committed = Atomic<Int>(0)
    /// Whether a thread is committing finished chunks.
    private let committing = Atomic<Bool>(false)
    private let done: UnsafeMutablePointer<Atomic<Bool>>
    private let slots: UnsafeMutablePointer<Expansion>
    private let count: Int

    init(_ count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
        done = .allocate(capacity: max(1, count))
        for c in 0..<count { (done + c).initialize(to: Atomic(false)) }
    }

    deinit {
        done.deinitialize(count: count)
        done.deallocate()
        slots.deallocate()
    }

    /// Whether every chunk before `c` is in the seen-set, so that the thread
    /// expanding `c` may insert its children (until it finishes it, no other
    /// thread inserts).
    @inline(__always) func isTurn(of c: Int) -> Bool { committed.load(ordering: .acquiring) == c }

    /// Puts chunk `c`'s expansion, then inserts, in order, the children not
    /// inserted yet of every finished chunk whose turn has come (`insert`
    /// on each), unless another thread is doing so: that one takes them.
    func finish(_ expansion: Expansion, at c: Int, insert: (inout Expansion) -> Void) {
        (slots + c).initialize(to: expansion)
        done[c].store(true, ordering: .sequentiallyConsistent)
        while committing.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            var k = committed.load(ordering: .sequentiallyConsistent)
            while k < count, done[k].load(ordering: .sequentiallyConsistent) {
                insert(&slots[k])
                k += 1
                committed.store(k, ordering: .sequentiallyConsistent)
            }
            committing.store(false, ordering: .sequentiallyConsistent)
            // A chunk finished while this thread held the role found it taken
            // and left its children to this thread: look again.
            if k == count || !done[k].load(ordering: .sequentiallyConsistent) { return }
        }
    }

    /// The expansions in chunk order, of every chunk taken, each put and
    /// committed: all of them, or the first ones when the batch was given up
    /// (chunks are taken in order, and a taken one is finished).
    func take() -> [Expansion] {
        let taken = min(count, next.load(ordering: .sequentiallyConsistent))
        precondition(committed.load(ordering: .sequentiallyConsistent) == taken)
        precondition(taken == count || abandoned.load(ordering: .sequentiallyConsistent))
        return (0..<taken).map { (slots + $0).move() }
    }
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
        expansion.children.withUnsafeMutableBufferPointer { children in
            for i in start..<min(children.count, start + insertsAhead) where children[i].fresh {
                seen.prefetch(children[i].fingerprint)
            }
            for i in start..<children.count {
                if i + insertsAhead < children.count, children[i + insertsAhead].fresh {
                    seen.prefetch(children[i + insertsAhead].fingerprint)
                }
                if children[i].fresh, !seen.insert(children[i].fingerprint) { children[i].fresh = false }
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
    /// chunks (it was about 1 % of a one-job search, serial).
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

    /// Parents in a chunk: the unit a worker takes from the batch, so a
    /// thread that finishes its part early takes more instead of waiting.
    static let chunk = 64

    /// Expands the states `range` of `level` on the pool's threads (the
    /// calling one alone without a pool), each taking the next chunk as it
    /// finishes one; the expansions come back in chunk order (the order of
    /// the parents), whatever thread made them; the new states' links are
    /// appended when `keepLinks` (every level but the last). The calling thread asks
    /// `shouldStop` before each chunk it takes; once it says so, no thread
    /// takes another, and the expansions are those of the chunks taken, with
    /// `stopped` true. (Ctrl-C is answered within a chunk: between batches,
    /// it waited for a fifth of a second of work, and more on a loaded machine.)
    func expand(
        _ range: Range<Int>, level: Int, first: NavigationModel, links: ParentLinks, keepLinks: Bool,
        pool: WorkerPool?, seen: SeenSet, shouldStop: () -> Bool
    ) -> (expansions: [Expansion], stopped: Bool) {
        let count = (range.count + Self.chunk - 1) / Self.chunk
        let chunks = Chunks(count)
        let parallel = pool.map { $0.count > 1 } ?? false && count > 1
        // (With other threads looking up, a table a growth replaces is kept
        // until they are joined, and shards fill past three quarters before
        // they grow: SeenSet.retiresTables.)
        seen.retiresTables = parallel
        defer {
            seen.freeRetired()
            seen.retiresTables = false
            // (Growing the shards a batch filled took about 1 % of a search's
            // time; on one thread, the others waiting, it was twice that of
            // a two-job search's wall time.)
            if parallel, let pool, seen.hasFullShard {
                pool.run { seen.growFull(part: $0, of: pool.count) }
            } else {
                seen.growFull()
            }
        }
        return withoutActuallyEscaping(shouldStop) { shouldStop in
            let stop = StopCheck(asks: shouldStop)
            let work: @Sendable (Int) -> Void = { index in
                // A model of the thread's own: no reference count its steps
                // touch is shared with another thread (NavigationModel.unshared).
                let mine = parallel ? first.unshared() : first
                let path = AncestorPath(start: mine, depth: level)
                while true {
                    // (Asked on the calling thread only, `work(0)`.)
                    if index == 0, stop.asks() { chunks.abandoned.store(true, ordering: .relaxed) }
                    if chunks.abandoned.load(ordering: .relaxed) { break }
                    let c = chunks.next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard c < count else { break }
                    let lower = range.lowerBound + c * Self.chunk
                    var expansion = Expansion()
                    self.expand(
                        lower..<min(range.upperBound, lower + Self.chunk), level: level, path: path, links: links,
                        seen: seen, chunk: c, of: chunks, into: &expansion)
                    chunks.finish(expansion, at: c) { self.commit(&$0, seen: seen, links: keepLinks ? links : nil) }
                }
            }
            if parallel, let pool { pool.run(work) } else { work(0) }
            return (chunks.take(), chunks.abandoned.load(ordering: .relaxed))
        }
    }

    /// The search's `shouldStop`, handed to the batch's work, which may run
    /// on other threads: only the calling thread asks it.
    private struct StopCheck: @unchecked Sendable {
        let asks: () -> Bool
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
    ///
    /// Once every chunk before this one (`chunk`) is in the seen-set, its
    /// children are inserted as they are looked up (`Chunks`): a child seen
    /// already, or made before by this chunk, is not new. Before that (with
    /// invariants: before that, each is looked up as it is made; without
    /// them, not at all, since it will be inserted when the turn comes).
    func expand(
        _ range: Range<Int>, level: Int, path: AncestorPath, links: ParentLinks, seen: SeenSet,
        chunk: Int, of chunks: Chunks, into out: inout Expansion
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
        // Whether this chunk's turn to insert has come: until then no child
        // is inserted, from then every child is, as it is looked up.
        var turn = false
        // Whether a child was marked to be dropped (parent -1).
        var marked = false
        // One model for every step but a parent's last: made equal to the
        // parent before a step when it is not, it copies only what differs
        // (NavigationModel.reset(to:)); a copy of the parent retained and
        // released every part of the model, about a dozen reference counts
        // each way. A refused step changes nothing (NavigationModel.perform),
        // so the model serves the step after it as it is: most steps of a
        // search are refused. (In memory that does not move, as the path's
        // top model: a step takes either.)
        let model = UnsafeMutablePointer<NavigationModel>.allocate(capacity: 1)
        model.initialize(to: path.top)
        defer {
            model.deinitialize(count: 1)
            model.deallocate()
        }
        // The last step from a parent (with the masks, the one known last)
        // runs on the parent's own model, the path's top, which the next
        // parent's rebuild makes anew anyway: one copy of the parent fewer a
        // parent (legacy.nav, depth 10: 29,802 of 92,204 resets). What the
        // canonical form reads of the parent is taken before (`StepOrigin`).
        var origin = StepOrigin()
        let masksFit = stepMasksFit
        // The steps counted, in a local: added to `out` on each step, each
        // addition wrote it back through the `inout`.
        var steps = 0
        for p in range {
            let id = Int32(truncatingIfNeeded: p)
            let firstChild = made
            path.rebuild(
                id, level: level, links: links, explorer: self, events: &events,
                next: p + 1 < range.upperBound ? id &+ 1 : -1)
            // (The top model moves: `AncestorPath.rebuild`.)
            let top = path.topModel
            // Whether `model` is not the parent's state.
            var stale = true
            // Every step starts from the parent, so its refusal and ignore
            // tests are asked of the parent at once (`NavigationModel.unrunSteps`).
            var refused: UInt64 = 0
            var ignored: UInt64 = 0
            var waitAt = 0
            if masksFit {
                (refused, ignored) = refusalList.withUnsafeBufferPointer { r in
                    ignoreList.withUnsafeBufferPointer { i in
                        NavigationModel.unrunSteps(refusals: r, ignores: i, in: top)
                    }
                }
                // The wait's target, read here where it was read by the wait's
                // step: a wait with nothing to end is refused with the rest,
                // so the step before it is the parent's last and runs on the
                // parent's own model, a reset fewer (legacy.nav, depth 10:
                // 906 of 16,374 parents).
                if let t = waitTarget(in: top) {
                    waitAt = t
                } else {
                    refused |= 1 &<< UInt64(truncatingIfNeeded: stepCount - 1)
                }
            }
            // A command refused at once is no step (`run` would return nil). A
            // step the model says changes nothing is the parent's state again:
            // counted, not run (it would be run, then found equal to its parent).
            // With the masks, only the steps left are visited, in order, and the
            // ignored ones counted at once: each step visited tested its bits
            // (legacy.nav: 10 steps a parent, about 4 of them run).
            var toRun: UInt64 = 0
            if masksFit {
                toRun = (stepCount == 64 ? ~0 : (1 &<< UInt64(stepCount)) &- 1) & ~(refused | ignored)
                steps += (ignored & ~refused).nonzeroBitCount
            }
            var step = -1
            while true {
                if masksFit {
                    if toRun == 0 { break }
                    step = toRun.trailingZeroBitCount
                    toRun &= toRun &- 1
                } else {
                    step += 1
                    if step == stepCount { break }
                }
                let last = masksFit && toRun == 0
                let target: UnsafeMutablePointer<NavigationModel>
                if last {
                    origin.take(from: top)
                    path.topChanged()
                    target = top
                } else {
                    if stale {
                        model.pointee.reset(to: top)
                        stale = false
                    }
                    target = model
                }
                if !masksFit {
                    if step < refusalTests.count, let test = refusalTests[step],
                        NavigationModel.refuses(test, in: UnsafePointer(model))
                    {
                        continue
                    }
                    if step < ignoreTests.count, let test = ignoreTests[step],
                        NavigationModel.ignores(test, in: UnsafePointer(model))
                    {
                        steps += 1
                        continue
                    }
                }
                let raised: Bool
                if masksFit, step == stepCount - 1 {
                    wait(until: waitAt, on: &target.pointee, events: &events, recording: readsEvents)
                    raised = false
                } else {
                    guard let r = run(step, on: &target.pointee, events: &events, recording: readsEvents) else {
                        continue
                    }
                    raised = r
                }
                if !last { stale = true }
                steps += 1
                // Another shard's prefix: the step counts, its state is that shard's.
                if let shard = config.shard, level + 1 == shard.prefixDepth,
                    !shard.owns(prefix: links.path(to: id) + [step])
                {
                    continue
                }
                // (Nothing to judge in a step that raised nothing when no `no log` is checked.)
                var violations =
                    raised || !noLog.isEmpty
                    ? stepViolations(raised: raised, events: events, names: target.pointee.names) : 0
                // (A step that leaves the state as it was is not told here by `==`
                // with the parent: the ignored-step test above takes almost all of
                // them before they run, and of those left the test found 0 to 0.7 %
                // on the bench setups while it cost 3 to 5 % of their searches. Such
                // a state's fingerprint is the parent's, seen already.)
                // A step that raised leaves the parent's state: no new state to fingerprint.
                var fingerprint: UInt64 = 0
                if !raised {
                    fingerprint =
                        last
                        ? encoder.canonicalFingerprint(
                            of: &target.pointee, renaming: renamesInstances, stepFrom: &origin)
                        : encoder.canonicalFingerprint(
                            of: &target.pointee, renaming: renamesInstances, stepFrom: UnsafePointer(top))
                }
                var fresh = false
                if !raised, deferLookups {
                    seen.prefetch(fingerprint)
                    violations |= stateViolations(in: &target.pointee, events: events)
                    fresh = true
                } else if !raised {
                    takeTurnIfDue(before: made)
                    fresh = turn ? seen.insert(fingerprint) : !seen.contains(fingerprint)
                    if fresh { violations |= stateViolations(in: &target.pointee, events: events) }
                }
                if !fresh, violations == 0 { continue }
                (children + made).initialize(
                    to: Expansion.Child(
                        fingerprint: fingerprint, parent: id, step: UInt8(truncatingIfNeeded: step), fresh: fresh,
                        violations: violations))
                made += 1
            }
            if deferLookups {
                settle(pending)
                pending = firstChild..<made
            }
        }
        out.steps += steps
        if deferLookups { settle(pending) }
        // (`out` is a chunk's own, empty until here: `expand(_:level:first:...)`.)
        assert(out.children.isEmpty)
        if marked {
            // The kept children copied straight into the expansion's array:
            // dropped in the buffer first, then copied, each child was moved
            // twice.
            let count = made
            out.children = Array(unsafeUninitializedCapacity: count) { kept, n in
                n = Self.copyKept(children, count: count, to: kept.baseAddress.unsafelyUnwrapped)
            }
            made = out.children.count
        } else {
            out.children.append(contentsOf: UnsafeBufferPointer(start: children, count: made))
        }
        // A chunk whose turn never came is inserted when it comes (`Chunks.finish`).
        out.uninserted = turn ? made : 0

        /// Once this chunk's turn has come (every chunk before it in the
        /// seen-set), inserts the children made before `end`, made before it
        /// came; from then on each child is inserted as it is looked up.
        @inline(__always) func takeTurnIfDue(before end: Int) {
            guard !turn, chunks.isTurn(of: chunk) else { return }
            turn = true
            marked = insert(0..<end, of: children, into: seen) || marked
        }

        /// Inserts the children `range` (the previous parent's) once this
        /// chunk's turn has come. Before it, they are left as they are, to be
        /// inserted when it comes: looked up now and inserted then, each was
        /// visited twice, and the look-ups of the chunks a second thread
        /// expanded were 3 % of a two-job search's samples (gate.nav, depth 10).
        func settle(_ range: Range<Int>) {
            takeTurnIfDue(before: range.lowerBound)
            if turn { marked = insert(range, of: children, into: seen) || marked }
        }
    }

    /// Copies the children `insert` did not mark (parent -1) of the `count`
    /// at `children`, in order, to `kept`; returns how many. (Each moved
    /// once: `removeAll(where:)` swapped each kept child with a marked one
    /// before it, a partition, about 30 instructions a kept child where a
    /// move is 6.)
    private static func copyKept(
        _ children: UnsafeMutablePointer<Expansion.Child>, count: Int, to kept: UnsafeMutablePointer<Expansion.Child>
    ) -> Int {
        var n = 0
        for i in 0..<count where children[i].parent >= 0 {
            (kept + n).initialize(to: children[i])
            n += 1
        }
        return n
    }

    /// Inserts the children `range` made as if new, in order: one seen
    /// before is not new, and marked to be dropped if that leaves it
    /// nothing to report (`notNew`). Returns whether it marked any.
    private func insert(_ range: Range<Int>, of children: UnsafeMutablePointer<Expansion.Child>, into seen: SeenSet)
        -> Bool
    {
        var marked = false
        for k in range where children[k].fresh && !seen.insert(children[k].fingerprint) {
            marked = notNew(children + k) || marked
        }
        return marked
    }

    /// A child found seen keeps only the properties its step broke, and is
    /// marked to be dropped (parent -1) when that leaves none; whether it was.
    @inline(__always) private func notNew(_ child: UnsafeMutablePointer<Expansion.Child>) -> Bool {
        child.pointee.fresh = false
        child.pointee.violations &= stepMask
        guard child.pointee.violations == 0 else { return false }
        child.pointee.parent = -1
        return true
    }
}

/// A worker's way down from the start state to the state it expands: the
/// models of one state and its ancestors, a level each, rebuilt by running
/// again the steps their parent links name (a step is a function of the
/// state: `perform` and the clock read nothing else). Consecutive states of
/// a level share most of their ancestors, so rebuilding a state costs about
/// one step, and a worker holds `depth + 1` models, whatever the search's size.
///
/// The models are in memory that does not move, so that the explorer can
/// step the top one in place (`topModel`, then `topChanged()`). Which
/// memory holds which level's model changes: the top level takes its
/// parent's when the parent is needed no more (`rebuild(_:level:links:explorer:events:next:)`).
final class AncestorPath {
    /// The state id on each level, -1 for none (or a model stepped past it);
    /// level 0 is the start state.
    private let ids: UnsafeMutablePointer<Int32>
    /// Where each level's model is, in `storage`.
    private let models: UnsafeMutablePointer<UnsafeMutablePointer<NavigationModel>>
    private let storage: UnsafeMutablePointer<NavigationModel>
    private let levels: Int
    /// The ids a rebuild makes, from the top down (at most one a level).
    /// Plain memory: an array's element written was asked the runtime
    /// whether its storage was its own (about 20 instructions a rebuilt
    /// state with the bounds checks).
    private let chain: UnsafeMutablePointer<Int32>
    /// What the canonical form of a top state stepped on its parent's own
    /// model reads of the parent, taken before the step.
    private let origin: UnsafeMutablePointer<StepOrigin>

    init(start: NavigationModel, depth: Int) {
        levels = depth + 1
        ids = .allocate(capacity: levels)
        ids.initialize(repeating: -1, count: levels)
        ids[0] = 0
        storage = .allocate(capacity: levels)
        storage.initialize(repeating: start, count: levels)
        models = .allocate(capacity: levels)
        for lv in 0..<levels { (models + lv).initialize(to: storage + lv) }
        origin = .allocate(capacity: 1)
        origin.initialize(to: StepOrigin())
        chain = .allocate(capacity: levels)
    }

    deinit {
        origin.deinitialize(count: 1)
        origin.deallocate()
        chain.deallocate()
        models.deallocate()
        storage.deinitialize(count: levels)
        storage.deallocate()
        ids.deallocate()
    }

    /// The model of the state last rebuilt.
    var top: NavigationModel { topModel.pointee }

    /// Where the model of the state last rebuilt is (it moves: ask after each rebuild).
    var topModel: UnsafeMutablePointer<NavigationModel> { models[levels - 1] }

    /// Says the top model was stepped: it is no longer the state last rebuilt.
    func topChanged() { ids[levels - 1] = -1 }

    /// Makes `top` the model of state `id`, which is on the last level.
    /// `next` is the state the path rebuilds after it, -1 when not known.
    ///
    /// An ancestor's model that `next` does not share (above the level where
    /// the two ways down meet) is needed no more once its child on the way
    /// is made: the child is stepped on it in place, the child's level
    /// taking the ancestor's memory and the ancestor's level the child's
    /// (its model no state's now). The reset that made the child's model its
    /// parent's again was about 540 instructions, for about one rebuilt
    /// state in two on legacy.nav (a parent has about two new children).
    func rebuild(
        _ id: Int32, level: Int, links: ParentLinks, explorer: Explorer, events: inout [Event], next: Int32 = -1
    ) {
        var length = 0
        var node = id
        var lv = level
        while ids[lv] != node {
            chain[length] = node
            length += 1
            node = links.parent(of: node)
            lv -= 1
        }
        // The highest level whose model `next` needs (`level` when `next` is not known);
        // never the start state's, which every later batch starts from.
        var shared = level
        if next >= 0 {
            var a = links.parent(of: id)
            var b = links.parent(of: next)
            shared = level - 1
            while a != b, shared > 0 {
                a = links.parent(of: a)
                b = links.parent(of: b)
                shared -= 1
            }
        }
        for k in stride(from: length - 1, through: 0, by: -1) {
            let node = chain[k]
            lv += 1
            let step = Int(links.step(of: node))
            if lv - 1 > shared {
                let parent = models[lv - 1]
                origin.pointee.take(from: parent)
                models[lv - 1] = models[lv]
                models[lv] = parent
                ids[lv - 1] = -1
                // Never recorded: a rebuilt state's properties were checked when it was found.
                _ = explorer.run(step, on: &parent.pointee, events: &events, recording: false)
                explorer.canonical(&parent.pointee, stepFrom: UnsafePointer(origin))
            } else {
                // The level's model becomes its parent's again, copying only what differs
                // (NavigationModel.reset(to:)), and steps in place.
                models[lv].pointee.reset(to: UnsafePointer(models[lv - 1]))
                _ = explorer.run(step, on: &models[lv].pointee, events: &events, recording: false)
                explorer.canonical(&models[lv].pointee, stepFrom: UnsafePointer(models[lv - 1]))
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
