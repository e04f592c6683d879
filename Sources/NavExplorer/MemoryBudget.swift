import CPrefetch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many threads a search may run and how many states it may store in
/// the memory it can have. An allocation that fails cannot be caught in
/// Swift (the process stops with a trace and no summary), so the search is
/// planned to stay inside before it starts: it stops as at `--max-states`,
/// with its summary, and makes only the threads the memory holds.
///
/// The memory is the least of the address space `ulimit -v` leaves
/// (RLIMIT_AS against the process's size), the data `ulimit -d` leaves
/// (RLIMIT_DATA against its data size, which a thread's whole stack counts
/// in) and the memory the system says is available. Each thread beyond the
/// first costs its stack (`WorkerPool.stackBytes`, in full for both limits)
/// and every thread its own buffers (`bytesPerWorker`); threads may take at
/// most half of the memory, so a tight limit runs fewer of them (one, if
/// need be) rather than fewer states. Of the rest, an eighth is for a
/// batch's expansions (`batchBytes`) and the remainder holds the states,
/// at `bytesPerState` each. Under `ulimit -v` or `ulimit -d` the threads
/// share one malloc arena (`plan`).
public struct MemoryBudget: Sendable {
    /// The memory the search may have (before threads and batches), in bytes.
    public var bytes: Int
    /// States the search may store (Int.max: no limit is known).
    public var states: Int
    /// Threads to run (the caller's included): the asked number, or fewer.
    public var jobs: Int
    /// Bytes a batch's expansions may take (nil: no limit is known).
    public var batchBytes: Int?
    /// Where the limit comes from, in words ("ulimit -v", "ulimit -d", "the system").
    public var source: String

    /// The bytes a stored state may take at most, at the worst moment (the
    /// seen-set doubling, its old and new tables both held, with the links
    /// and the level being expanded): above what a search was seen to take.
    public static let bytesPerState = 64

    /// A thread's own buffers: its copy of the start model, the path of
    /// models it rebuilds, its chunk's children, events and codec.
    public static let bytesPerWorker = 2 << 20

    /// Memory kept free of the search for the rest of the process (the
    /// report, the runtime's own allocations).
    public static let headroom = 1 << 20

    /// The plan for a search asking for `jobs` threads.
    public static func plan(jobs: Int) -> MemoryBudget {
        let asked = max(1, jobs)
        let usage = ProcessMemory.now()
        // (room, cost of a thread beyond the first, source) for each known limit.
        var limits: [(room: Int, thread: Int, source: String)] = []
        if let limit = ProcessMemory.limit(addressSpaceResource) {
            limits.append((limit - usage.size, WorkerPool.stackBytes + bytesPerWorker, "ulimit -v"))
        }
        if let limit = ProcessMemory.limit(dataResource) {
            limits.append((limit - usage.data, WorkerPool.stackBytes + bytesPerWorker, "ulimit -d"))
        }
        // Available memory counts only what is touched: a thread's stack, a little.
        if let available = ProcessMemory.available() { limits.append((available, bytesPerWorker, "the system")) }
        guard !limits.isEmpty else {
            return MemoryBudget(bytes: Int.max, states: Int.max, jobs: asked, batchBytes: nil, source: "")
        }
        // glibc gives each thread a malloc arena of its own, reserving 64 MiB
        // of address space for it: under a limit the threads share the one.
        if asked > 1, limits.contains(where: { $0.source != "the system" }) { navsh_share_malloc_arena() }
        // The most threads every limit holds within half of its room.
        var threads = asked
        for limit in limits {
            let half = max(0, limit.room - headroom) / 2
            let fit = 1 + max(0, half - bytesPerWorker) / limit.thread
            threads = min(threads, fit)
        }
        threads = max(1, threads)
        // What each limit leaves for states and batches once the threads have theirs.
        var best = MemoryBudget(bytes: Int.max, states: 0, jobs: threads, batchBytes: 0, source: "")
        for limit in limits {
            let left = limit.room - headroom - (threads - 1) * limit.thread - bytesPerWorker
            if left < best.bytes {
                best = MemoryBudget(bytes: max(0, left), states: 0, jobs: threads, source: limit.source)
            }
        }
        let batch = best.bytes / 8
        best.batchBytes = batch
        best.states = max(1, (best.bytes - batch) / bytesPerState)
        return best
    }

    public init(bytes: Int, states: Int, jobs: Int, batchBytes: Int? = nil, source: String) {
        self.bytes = bytes
        self.states = states
        self.jobs = jobs
        self.batchBytes = batchBytes
        self.source = source
    }
}

/// The process's memory, as the kernel counts it against its limits.
enum ProcessMemory {
    /// The process's size (what RLIMIT_AS limits) and data (what RLIMIT_DATA
    /// limits: writable private mappings, thread stacks included), in bytes;
    /// zeros if they cannot be read.
    static func now() -> (size: Int, data: Int) {
        guard let numbers = firstLine(of: "/proc/self/statm")?.split(separator: " ").compactMap({ Int($0) }),
            numbers.count >= 6
        else { return (0, 0) }
        let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        // statm: size resident shared text lib data dt, in pages.
        return (numbers[0] &* page, numbers[5] &* page)
    }

    /// The soft limit of `resource`, or nil when there is none.
    static func limit(_ resource: LimitResource) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < UInt(Int.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    /// MemAvailable of /proc/meminfo, and a cgroup's memory.max less its
    /// memory.current when it is lower; nil if neither can be read.
    static func available() -> Int? {
        var result: Int?
        if let file = fopen("/proc/meminfo", "r") {
            defer { fclose(file) }
            while let line = readLine(file) {
                guard line.hasPrefix("MemAvailable:") else { continue }
                if let kb = Int(line.dropFirst(13).filter(\.isNumber)) { result = kb &* 1024 }
                break
            }
        }
        if let max = firstLine(of: "/sys/fs/cgroup/memory.max").flatMap({ Int($0.filter(\.isNumber)) }),
            let current = firstLine(of: "/sys/fs/cgroup/memory.current").flatMap({ Int($0.filter(\.isNumber)) })
        {
            result = min(result ?? Int.max, max - current)
        }
        return result
    }

    /// The first line of a small file, or nil.
    static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        return readLine(file)
    }

    /// The next line of `file` (up to 255 bytes), without its newline.
    private static func readLine(_ file: UnsafeMutablePointer<FILE>) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        var bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        if bytes.last == 10 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

#if canImport(Glibc)
    typealias LimitResource = __rlimit_resource_t
    let addressSpaceResource = __rlimit_resource_t(RLIMIT_AS.rawValue)
    let dataResource = __rlimit_resource_t(RLIMIT_DATA.rawValue)
#else
    typealias LimitResource = Int32
    let addressSpaceResource = RLIMIT_AS
    let dataResource = RLIMIT_DATA
#endif
