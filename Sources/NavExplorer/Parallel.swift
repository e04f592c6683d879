import CPrefetch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cores this process may use.
public func availableCores() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// Threads kept for a whole search, each running a batch's `run(_:)` body
/// with the calling thread: starting a thread a batch cost a batch the time
/// the new thread took to be scheduled on this machine's kind (a VM whose
/// idle virtual core sleeps) and the tail of every thread's first chunk.
/// Between batches a worker spins a while (the caller merges the batch and
/// starts the next within a few milliseconds), then sleeps on a condition.
final class WorkerPool: @unchecked Sendable {
    /// Threads a batch runs on, the caller's included.
    private(set) var count = 1
    private let generation = Atomic<Int>(0)
    private let remaining = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// The batch's body: written by the caller before `generation` moves on
    /// (a releasing store), read by the workers after they see it (an acquiring load).
    private var body: (@Sendable (Int) -> Void)?
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    private var threads: [pthread_t] = []

    /// Spins of a waiting thread before it sleeps or yields (each a pause,
    /// tens of nanoseconds: about a millisecond in all); none when there are
    /// more threads than cores, where a spinning thread holds a core another
    /// one needs.
    let spins: Int

    /// A worker thread's stack, set rather than inherited (glibc takes
    /// `ulimit -s`), so that `MemoryBudget` knows what a thread costs: the
    /// whole of it counts against `ulimit -v` and `ulimit -d`.
    static let stackBytes = 8 << 20

    init(_ count: Int) {
        spins = count <= availableCores() ? 20_000 : 0
        lock = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wake, nil)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, Self.stackBytes)
        for index in 1..<max(1, count) {
            let context = Unmanaged.passRetained(Context(pool: self, index: index)).toOpaque()
            // pthread_t is an integer on Glibc and a pointer on Darwin, and the
            // start routine's argument is optional on one and not the other.
            #if canImport(Darwin)
                var thread: pthread_t?
            #else
                var thread = pthread_t()
            #endif
            let status = pthread_create(
                &thread, &attributes,
                { argument in
                    let raw: UnsafeMutableRawPointer? = argument
                    guard let raw else { return nil }
                    let context = Unmanaged<Context>.fromOpaque(raw).takeRetainedValue()
                    context.pool.work(context.index)
                    return nil
                }, context)
            guard status == 0 else {
                // No thread: the batches run on those there are.
                Unmanaged<Context>.fromOpaque(context).release()
                break
            }
            #if canImport(Darwin)
                guard let thread else { break }
            #endif
            threads.append(thread)
            self.count += 1
        }
    }

    private final class Context {
        unowned(unsafe) let pool: WorkerPool
        let index: Int
        init(pool: WorkerPool, index: Int) {
            self.pool = pool
            self.index = index
        }
    }

    /// Stops and joins the workers (before the pool goes: they hold no reference to it).
    func shutDown() {
        guard !threads.isEmpty else { return }
        pthread_mutex_lock(lock)
        stopping.store(true, ordering: .releasing)
        generation.wrappingAdd(1, ordering: .releasing)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    deinit {
        shutDown()
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(lock)
        wake.deallocate()
        lock.deallocate()
    }

    /// Runs `body(0) ... body(count - 1)`, the first on the calling thread,
    /// and returns when all have finished.
    func run(_ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            body(0)
            return
        }
        self.body = body
        remaining.store(count - 1, ordering: .relaxed)
        pthread_mutex_lock(lock)
        generation.wrappingAdd(1, ordering: .releasing)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        body(0)
        // The others finish within a chunk of this thread, as a rule.
        var spins = 0
        while remaining.load(ordering: .acquiring) != 0 {
            spins += 1
            if spins < self.spins { navsh_pause() } else { sched_yield() }
        }
        self.body = nil
    }

    private func work(_ index: Int) {
        var seen = 0
        while true {
            var spins = 0
            while generation.load(ordering: .acquiring) == seen {
                spins += 1
                if spins < self.spins {
                    navsh_pause()
                    continue
                }
                pthread_mutex_lock(lock)
                while generation.load(ordering: .acquiring) == seen { pthread_cond_wait(wake, lock) }
                pthread_mutex_unlock(lock)
            }
            seen = generation.load(ordering: .acquiring)
            if stopping.load(ordering: .acquiring) { return }
            body.unsafelyUnwrapped(index)
            remaining.wrappingSubtract(1, ordering: .releasing)
        }
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
