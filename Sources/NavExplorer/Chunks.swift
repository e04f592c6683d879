import Synchronization

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
