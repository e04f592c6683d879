import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ExploreCommand {
    /// Prints a search's result: each violation with its counterexample, then
    /// the summary (text or `--json`; a shard's summary also counts its
    /// violation lines and digests them, for `--merge` to check).
    static func report(
        _ result: ExploreResult, header: String, args: Arguments, config: ExploreConfiguration,
        identity: SearchIdentity?, memoryCut: MemoryBudget?
    ) {
        let writer = Shell.writer
        var lines = SearchDigest()
        if let identity { lines.add(identity.digest) }
        for violation in result.violations {
            let printedScript = violation.script(
                sources: args.files.map { relativePath($0, from: ".") }, profile: args.profile)
            let count = violation.steps.count
            if args.json {
                let steps = violation.lines.map { EventRenderer.jsonString($0) }.joined(separator: ",")
                let path =
                    config.shard == nil ? "" : ExploreMerge.pathField(violation.steps, waitIndex: config.actions.count)
                let line =
                    "{\"type\":\"violation\",\"property\":\(EventRenderer.jsonString(violation.name)),\"explanation\":\(EventRenderer.jsonString(violation.explanation)),\"length\":\(count),\"steps\":[\(steps)],\"script\":\(EventRenderer.jsonString(printedScript))\(path)}"
                writer.line(line)
                lines.add(line)
            } else {
                writer.line(
                    "violated: \(violation.name) after \(count) step\(count == 1 ? "" : "s") (\(violation.explanation))"
                )
                writer.line("")
                writer.line("# counterexample: navsh test fails on it")
                for line in printedScript.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    writer.line(String(line))
                }
                writer.line("")
            }
        }
        let rate = result.seconds > 0 ? Int(min(1e15, Double(result.states) / result.seconds)) : result.states
        let work = "\(grouped(result.states)) distinct states, \(grouped(result.steps)) steps"
        let speed =
            "in \(decimal(result.seconds, 2)) s (\(grouped(rate)) states/s, \(result.jobs) job\(result.jobs == 1 ? "" : "s"))"
        let peakBytes = peakResidentBytes()
        if args.json {
            let outcome =
                !result.violations.isEmpty
                ? "violation" : result.cut == .interrupted ? "interrupted" : result.cut == .maxStates ? "cut" : "none"
            let shardFields =
                identity == nil ? "" : ",\"violations\":\(result.violations.count),\"lines\":\"\(lines.hex)\""
            let memoryField = memoryCut.map { ",\"memory_budget_bytes\":\($0.bytes)" } ?? ""
            writer.line(
                "{\"type\":\"summary\",\"result\":\"\(outcome)\",\"states\":\(result.states),\"steps\":\(result.steps),\"depth\":\(config.depth),\"depth_reached\":\(result.depthReached),\"depth_complete\":\(result.depthComplete),\"exhausted\":\(result.exhausted),\"seconds\":\(decimal(result.seconds, 3)),\"jobs\":\(result.jobs),\"collision_probability\":\(scientific(min(1, result.collisionProbability))),\"max_rss_bytes\":\(peakBytes)\(memoryField)\(shardFields)}"
            )
        } else {
            if !result.violations.isEmpty {
                writer.line("explored \(work), depth \(result.depthReached) of \(config.depth), \(speed)")
            } else if result.cut == .interrupted {
                writer.line(
                    "interrupted: no violation within depth \(result.depthComplete) (the last depth explored completely): \(work), \(speed)"
                )
            } else if result.cut == .maxStates {
                let why =
                    memoryCut.map {
                        "the memory \($0.source) leaves: \(grouped($0.bytes / 1_048_576)) MiB"
                    } ?? "--max-states"
                writer.line(
                    "search cut at \(grouped(result.states)) distinct states (\(why)): no violation within depth \(result.depthComplete) (the last depth explored completely): \(grouped(result.steps)) steps, \(speed)"
                )
            } else {
                let exhausted =
                    result.exhausted ? " (every reachable state was seen by depth \(result.depthComplete))" : ""
                writer.line("no violation within depth \(config.depth): \(work), \(speed)\(exhausted)")
            }
            writer.line(
                "64-bit fingerprints: probability that a collision hid a state at most \(scientific(min(1, result.collisionProbability))); peak memory \(decimal(Double(peakBytes) / 1_048_576, 1)) MiB"
            )
        }
    }
}

/// How many states a search may store in the memory it can have: an
/// allocation that fails cannot be caught in Swift (the process stops with
/// a trace and no summary), so the search stops before, as at
/// `--max-states`, with its summary. The memory is the least of the address
/// space `ulimit -v` leaves (RLIMIT_AS), the data `ulimit -d` leaves
/// (RLIMIT_DATA) and the memory the system says is available, less what the
/// process uses already and the threads' stacks.
struct MemoryBudget {
    var bytes: Int
    var states: Int
    /// Where the limit comes from, in words.
    var source: String

    /// The bytes a stored state may take at most, at the worst moment (the
    /// seen-set doubling, its old and new tables both held, with the links
    /// and the level being expanded): above what a search was seen to take.
    static let bytesPerState = 64

    static func states(jobs: Int) -> MemoryBudget {
        var best = MemoryBudget(bytes: Int.max, states: Int.max, source: "")
        func consider(_ bytes: Int, _ source: String) {
            if bytes < best.bytes { best = MemoryBudget(bytes: max(0, bytes), states: 0, source: source) }
        }
        let (virtual, resident) = processMemory()
        let stacks = min(ExploreCommand.maxJobs, jobs) * (9 << 20)
        var limit = rlimit()
        if getrlimit(addressSpaceLimit, &limit) == 0, limit.rlim_cur < UInt(Int.max) {
            // The threads' stacks take address space; past half of it, fewer threads are made.
            let room = Int(limit.rlim_cur) - virtual
            consider(room - min(stacks, room / 2), "ulimit -v")
        }
        if getrlimit(dataLimit, &limit) == 0, limit.rlim_cur < UInt(Int.max) {
            consider(Int(limit.rlim_cur) - resident, "ulimit -d")
        }
        if let available = availableMemory() { consider(available, "the system") }
        guard best.bytes != Int.max else { return best }
        best.states = max(1, best.bytes / bytesPerState)
        return best
    }

    /// This process's address space and resident memory now, in bytes.
    static func processMemory() -> (virtual: Int, resident: Int) {
        guard let file = fopen("/proc/self/statm", "r") else { return (0, 0) }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard readTwoNumbers(file, &size, &resident) else { return (0, 0) }
        let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        return (size * page, resident * page)
    }

    /// MemAvailable of /proc/meminfo, and a cgroup's memory.max less its
    /// memory.current when it is lower; nil if neither can be read.
    static func availableMemory() -> Int? {
        var result: Int?
        if let text = ExploreMerge.readText("/proc/meminfo") {
            for line in text.split(separator: "\n") where line.hasPrefix("MemAvailable:") {
                if let kb = Int(line.dropFirst(13).filter(\.isNumber)) { result = kb * 1024 }
            }
        }
        if let max = ExploreMerge.readText("/sys/fs/cgroup/memory.max").flatMap({ Int($0.filter(\.isNumber)) }),
            let current = ExploreMerge.readText("/sys/fs/cgroup/memory.current").flatMap({
                Int($0.filter(\.isNumber))
            })
        {
            result = min(result ?? Int.max, max - current)
        }
        return result
    }
}

/// Two numbers from the start of an open file (`/proc/self/statm`).
private func readTwoNumbers(_ file: UnsafeMutablePointer<FILE>, _ a: inout Int, _ b: inout Int) -> Bool {
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = text.split(separator: " ")
    guard parts.count >= 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return false }
    a = x
    b = y
    return true
}

#if canImport(Glibc)
    let addressSpaceLimit = __rlimit_resource_t(RLIMIT_AS.rawValue)
    let dataLimit = __rlimit_resource_t(RLIMIT_DATA.rawValue)
#endif
