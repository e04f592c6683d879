import NavScript
import NavigationEngine

extension Explorer {
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
            // The shards a batch filled grow on every thread of the pool.
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
        var codec = StateCodec(declarationsOf: start)
        let stepCount = config.actions.count + 1
        // The children, in a buffer of the most there can be (a child a step).
        let children = ChildBuffer(capacity: range.count * stepCount)
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
        // (NavigationModel.reset(to:)). A refused step changes nothing (NavigationModel.perform),
        // so the model serves the step after it as it is: most steps of a
        // search are refused. (In memory that does not move, as the path's
        // top model: a step takes either.)
        let cell = ModelCell(path.top)
        let model = cell.model
        // The last step from a parent (with the masks, the one known last)
        // runs on the parent's own model, the path's top, which the next
        // parent's rebuild makes anew anyway: one copy of the parent fewer a
        // parent. What the canonical form reads of the parent is taken
        // before (`StepOrigin`).
        var origin = StepOrigin()
        let masksFit = stepMasksFit
        // The steps counted, added to `out` at the end.
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
                        NavigationModel.unrunSteps(refusals: r, ignores: i, in: &top.pointee)
                    }
                }
                // The wait's target, read here: a wait with nothing to end is
                // refused with the rest, so the step before it is the parent's
                // last and runs on the parent's own model.
                if let t = waitTarget(in: &top.pointee) {
                    waitAt = t
                } else {
                    refused |= 1 &<< UInt64(truncatingIfNeeded: stepCount - 1)
                }
            }
            // A command refused at once is no step (`run` would return nil). A
            // step the model says changes nothing is the parent's state again:
            // counted, not run (it would be run, then found equal to its parent).
            // With the masks, only the steps left are visited, in order, and the
            // ignored ones counted at once.
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
                    origin.take(from: &top.pointee)
                    path.topChanged()
                    target = top
                } else {
                    if stale {
                        model.pointee.reset(to: &top.pointee)
                        stale = false
                    }
                    target = model
                }
                if !masksFit {
                    if step < refusalTests.count, let test = refusalTests[step],
                        NavigationModel.refuses(test, in: &model.pointee)
                    {
                        continue
                    }
                    if step < ignoreTests.count, let test = ignoreTests[step],
                        NavigationModel.ignores(test, in: &model.pointee)
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
                // them before they run, and such a state's fingerprint is the
                // parent's, seen already.)
                // A step that raised leaves the parent's state: no new state to fingerprint.
                var fingerprint: UInt64 = 0
                if !raised {
                    if last {
                        canonical(&target.pointee, stepFrom: &origin)
                    } else {
                        canonical(&target.pointee, stepFrom: &top.pointee)
                    }
                    fingerprint = codec.fingerprint(of: &target.pointee)
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
                children.append(
                    Expansion.Child(
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
        out.children = children.children(droppingMarked: marked)
        made = out.children.count
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
        /// inserted when it comes, so each is visited once.
        func settle(_ range: Range<Int>) {
            takeTurnIfDue(before: range.lowerBound)
            if turn { marked = insert(range, of: children, into: seen) || marked }
        }
    }

    /// Inserts the children `range` made as if new, in order: one seen
    /// before is not new, and marked to be dropped if that leaves it
    /// nothing to report (`ChildBuffer.markSeen`). Returns whether it marked any.
    private func insert(_ range: Range<Int>, of children: ChildBuffer, into seen: SeenSet) -> Bool {
        var marked = false
        for k in range where children[k].fresh && !seen.insert(children[k].fingerprint) {
            marked = children.markSeen(k, stepMask: stepMask) || marked
        }
        return marked
    }
}
