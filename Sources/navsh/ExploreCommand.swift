import Glibc
import NavExplorer
import NavScript
import NavigationEngine

/// Set by Ctrl-C while a search runs.
nonisolated(unsafe) private var exploreInterrupted: sig_atomic_t = 0

/// `navsh explore FILE... [OPTIONS]` (explorer.md): runs the setup files,
/// searches every interleaving of their `explore` actions, prints the result.
enum ExploreCommand {
    struct Arguments {
        var files: [String] = []
        var depth = 8
        var maxStates = 50_000_000
        var jobs: Int?
        var all = false
        var out: String?
        var json = false
        var profile: Profile?
        /// `--shard K/N` and `--prefix-depth D` (explorer.md section 6).
        var shard: (index: Int, count: Int)?
        var prefixDepth: Int?
        /// `--merge`: the files are shards' --json results.
        var merge = false
    }

    static let usage = """
        usage: navsh explore FILE... [--depth N] [--max-states N] [--jobs N] [--all] [--out FILE] [--json] [--profile ios26|legacy]
               [--shard K/N --prefix-depth D]
               navsh explore --merge RESULT.json... [--json]
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var args = arguments[...]
        var onlyFiles = false
        func number(_ name: String, _ text: String?, minimum: Int) throws(UsageError) -> Int {
            guard let text else { throw UsageError("option '\(name)' needs a value") }
            guard let n = Int(text), n >= minimum else {
                throw UsageError("invalid value '\(text)' for '\(name)' (a whole number, \(minimum) or more)")
            }
            return n
        }
        while let arg = args.popFirst() {
            if onlyFiles || arg == "-" || !arg.hasPrefix("-") {
                parsed.files.append(arg)
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func value() -> String? { inline ?? args.popFirst() }
            switch name {
            case "--": onlyFiles = true
            case "--depth": parsed.depth = try number(name, value(), minimum: 0)
            case "--max-states": parsed.maxStates = try number(name, value(), minimum: 1)
            case "--jobs", "-j": parsed.jobs = try number(name, value(), minimum: 1)
            case "--all": parsed.all = true
            case "--json": parsed.json = true
            case "--out":
                guard let path = value(), !path.isEmpty else { throw UsageError("option '--out' needs a file name") }
                parsed.out = path
            case "--profile":
                let v = value() ?? ""
                guard let p = Profile(rawValue: v) else { throw UsageError("invalid profile '\(v)' (ios26 or legacy)") }
                parsed.profile = p
            case "--shard": parsed.shard = try ExploreMerge.parseShard(value())
            case "--prefix-depth": parsed.prefixDepth = try number(name, value(), minimum: 1)
            case "--merge": parsed.merge = true
            default:
                let known = [
                    "--depth", "--max-states", "--jobs", "--all", "--out", "--json", "--profile", "--shard",
                    "--prefix-depth", "--merge",
                ]
                let hint = suggestion(for: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown option '\(name)' for explore\(hint)")
            }
        }
        if parsed.merge {
            if parsed.files.isEmpty { throw UsageError("'navsh explore --merge' needs the shards' --json results") }
            if parsed.shard != nil || parsed.prefixDepth != nil {
                throw UsageError("'--merge' reads shards' results; it takes no '--shard' or '--prefix-depth'")
            }
            return parsed
        }
        if parsed.files.isEmpty { throw UsageError("'navsh explore' needs a setup file (one with explore lines)") }
        if (parsed.shard == nil) != (parsed.prefixDepth == nil) {
            throw UsageError("'--shard K/N' and '--prefix-depth D' go together")
        }
        if parsed.shard != nil, !parsed.json {
            throw UsageError("'--shard' writes a result for 'navsh explore --merge': it needs '--json'")
        }
        return parsed
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Shell.writeOut(usage + "\n")
            return 0
        }
        let args: Arguments
        do {
            args = try parse(arguments)
        } catch {
            Shell.writeError("navsh: \(error.message)\n\(usage)")
            return 2
        }
        if args.merge { return ExploreMerge.run(files: args.files, json: args.json) }
        for path in args.files where access(path, R_OK) != 0 {
            Shell.writeError("navsh: cannot read '\(path)': \(String(cString: strerror(errno)))")
            return 2
        }
        // The setup runs as `navsh FILE...` would, silently unless it fails.
        let sink = CapturingSink()
        var options = SessionOptions()
        if let profile = args.profile { options.profile = profile }
        let session = Session(options: options, output: sink, loader: FileLoader())
        for path in args.files {
            Shell.runFile(path, session: session)
            if session.quitRequested { break }
        }
        if session.failureCount > 0 {
            for line in sink.diagnostics { Shell.writeError(line) }
            Shell.writeError("navsh: explore: the setup failed, so there is no start state to explore from")
            return 2
        }
        let declarations = session.declarations
        guard !declarations.actions.isEmpty else {
            Shell.writeError(
                "navsh: explore: no 'explore ACTION...' line in \(args.files.joined(separator: ", ")): nothing to explore"
            )
            return 2
        }
        guard declarations.actions.count < 255 else {
            Shell.writeError("navsh: explore: at most 254 actions (the setup lists \(declarations.actions.count))")
            return 2
        }
        guard declarations.invariants.count <= ExploreConfiguration.maxInvariants else {
            Shell.writeError(
                "navsh: explore: at most \(ExploreConfiguration.maxInvariants) invariants (the setup has \(declarations.invariants.count))"
            )
            return 2
        }
        var config = ExploreConfiguration(
            actions: declarations.actions, invariants: declarations.invariants,
            checks: declarations.checks ?? BuiltinProperty.allCases)
        config.depth = args.depth
        config.maxStates = args.maxStates
        config.jobs = args.jobs ?? max(1, availableCores())
        config.all = args.all
        // Batches of a fixed size (parents a job), for an instruction count that repeats.
        if let value = getenv("NAVSH_EXPLORE_BATCH"), let n = Int(String(cString: value)), n > 0 {
            config.fixedBatchPerJob = n
        }
        if let shard = args.shard, let prefixDepth = args.prefixDepth {
            config.shard = ExploreShard(index: shard.index, count: shard.count, prefixDepth: prefixDepth)
        }
        let explorer = Explorer(start: session.state, configuration: config)

        let writer = Shell.writer
        defer { writer.flush() }
        let checks = config.checks.isEmpty ? "none" : config.checks.map(\.rawValue).joined(separator: " ")
        let invariants =
            config.invariants.isEmpty
            ? "" : ", \(config.invariants.count) invariant\(config.invariants.count == 1 ? "" : "s")"
        let header =
            "explore: \(args.files.joined(separator: " ")): \(config.actions.count) action\(config.actions.count == 1 ? "" : "s"), depth \(config.depth), checks: \(checks)\(invariants)"
        if !args.json {
            writer.line(header)
            writer.flush()
        } else if let shard = config.shard {
            writer.line(ExploreMerge.shardLine(shard, all: config.all, header: header))
        }

        exploreInterrupted = 0
        signal(SIGINT) { _ in exploreInterrupted = 1 }
        defer { signal(SIGINT, SIG_DFL) }
        let terminal = isatty(2) == 1 && !args.json
        var lastDraw = 0.0
        var drewProgress = false
        let result = explorer.run(
            progress: { p in
                let now = p.seconds
                if terminal, now - lastDraw >= 0.1 {
                    lastDraw = now
                    drewProgress = true
                    let rate = p.seconds > 0 ? Int(Double(p.states) / p.seconds) : p.states
                    Shell.writeErrorRaw(
                        "\r\u{1b}[Kexplore: depth \(p.depth), \(grouped(p.states)) states, \(grouped(rate)) states/s, queue \(grouped(p.queue))"
                    )
                } else if args.json, now - lastDraw >= 1 {
                    lastDraw = now
                    writer.line(
                        "{\"type\":\"progress\",\"depth\":\(p.depth),\"states\":\(p.states),\"steps\":\(p.steps),\"queue\":\(p.queue),\"seconds\":\(decimal(p.seconds, 3))}"
                    )
                    writer.flush()
                }
            }, shouldStop: { exploreInterrupted != 0 })
        if drewProgress { Shell.writeErrorRaw("\r\u{1b}[K") }

        let outDirectory = args.out.map { parentDirectory(of: $0) }
        for (index, violation) in result.violations.enumerated() {
            let printedScript = violation.script(
                sources: args.files.map { relativePath($0, from: ".") }, profile: args.profile)
            if index == 0, let out = args.out, let dir = outDirectory {
                let written = violation.script(
                    sources: args.files.map { relativePath($0, from: dir) }, profile: args.profile)
                let contents =
                    out.hasSuffix(".html")
                    ? counterexamplePage(written, violation.name, violation.explanation, path: out, directory: dir)
                    : written
                if let problem = writeWholeFile(out, contents) {
                    Shell.writeError("navsh: explore: \(problem)")
                }
            }
            let count = violation.steps.count
            if args.json {
                let steps = violation.lines.map { EventRenderer.jsonString($0) }.joined(separator: ",")
                let path =
                    config.shard == nil ? "" : ExploreMerge.pathField(violation.steps, waitIndex: config.actions.count)
                writer.line(
                    "{\"type\":\"violation\",\"property\":\(EventRenderer.jsonString(violation.name)),\"explanation\":\(EventRenderer.jsonString(violation.explanation)),\"length\":\(count),\"steps\":[\(steps)],\"script\":\(EventRenderer.jsonString(printedScript))\(path)}"
                )
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
        let rate = result.seconds > 0 ? Int(Double(result.states) / result.seconds) : result.states
        let work = "\(grouped(result.states)) distinct states, \(grouped(result.steps)) steps"
        let speed =
            "in \(decimal(result.seconds, 2)) s (\(grouped(rate)) states/s, \(result.jobs) job\(result.jobs == 1 ? "" : "s"))"
        let peakBytes = peakResidentBytes()
        if args.json {
            let outcome =
                !result.violations.isEmpty
                ? "violation" : result.cut == .interrupted ? "interrupted" : result.cut == .maxStates ? "cut" : "none"
            writer.line(
                "{\"type\":\"summary\",\"result\":\"\(outcome)\",\"states\":\(result.states),\"steps\":\(result.steps),\"depth\":\(config.depth),\"depth_reached\":\(result.depthReached),\"depth_complete\":\(result.depthComplete),\"exhausted\":\(result.exhausted),\"seconds\":\(decimal(result.seconds, 3)),\"jobs\":\(result.jobs),\"collision_probability\":\(scientific(result.collisionProbability)),\"max_rss_bytes\":\(peakBytes)}"
            )
        } else {
            if !result.violations.isEmpty {
                writer.line("explored \(work), depth \(result.depthReached) of \(config.depth), \(speed)")
            } else if result.cut == .interrupted {
                writer.line(
                    "interrupted: no violation within depth \(result.depthComplete) (the last depth explored completely): \(work), \(speed)"
                )
            } else if result.cut == .maxStates {
                writer.line(
                    "search cut at \(grouped(result.states)) distinct states (--max-states): no violation within depth \(result.depthComplete) (the last depth explored completely): \(grouped(result.steps)) steps, \(speed)"
                )
            } else {
                let exhausted =
                    result.exhausted ? " (every reachable state was seen by depth \(result.depthComplete))" : ""
                writer.line("no violation within depth \(config.depth): \(work), \(speed)\(exhausted)")
            }
            writer.line(
                "64-bit fingerprints: probability that a collision hid a state at most \(scientific(result.collisionProbability)); peak memory \(decimal(Double(peakBytes) / 1_048_576, 1)) MiB"
            )
        }
        if !result.violations.isEmpty { return 1 }
        if result.cut == .interrupted { return 130 }
        return 0
    }
}

extension Shell {
    /// Writes to stderr as is (no newline added): the progress line.
    static func writeErrorRaw(_ text: String) {
        writer.errorRaw(text)
    }
}

/// 1234567 as "1,234,567".
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}

/// A number with `places` decimals.
func decimal(_ x: Double, _ places: Int) -> String {
    guard x.isFinite else { return "0" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let n = Int((x * Double(scale)).rounded())
    let whole = n / scale
    let fraction = n % scale
    guard places > 0 else { return String(whole) }
    let digits = String(fraction)
    return "\(whole).\(String(repeating: "0", count: places - digits.count))\(digits)"
}

/// A small probability as "3.2e-14".
func scientific(_ x: Double) -> String {
    guard x > 0, x.isFinite else { return "0" }
    var exponent = 0
    var mantissa = x
    while mantissa < 1 {
        mantissa *= 10
        exponent -= 1
    }
    while mantissa >= 10 {
        mantissa /= 10
        exponent += 1
    }
    var text = decimal(mantissa, 1)
    if text == "10.0" {
        text = "1.0"
        exponent += 1
    }
    return "\(text)e\(exponent)"
}

/// `path` as seen from `directory` (both taken from the current directory when relative).
func relativePath(_ path: String, from directory: String) -> String {
    guard let target = realPath(path), let base = realPath(directory) else { return path }
    let t = target.split(separator: "/")
    let b = base.split(separator: "/")
    var common = 0
    while common < t.count, common < b.count, t[common] == b[common] { common += 1 }
    let ups = Array(repeating: "..", count: b.count - common)
    let rest = t[common...].map(String.init)
    let parts = ups + rest
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}

/// This process's peak resident memory: the kernel's high-water mark of
/// its own address space (`VmHWM`). `getrusage`'s `ru_maxrss` is the
/// fallback only: on Linux it also counts the memory of the process that
/// forked this one before it ran navsh (a Python bench's 14 MiB, say).
func peakResidentBytes() -> Int {
    if let fd = fopen("/proc/self/status", "r") {
        defer { fclose(fd) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), fd) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix("VmHWM:"), let kb = Int(line.dropFirst(6).filter(\.isNumber)) {
                return kb * 1024
            }
        }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

/// `explore --out FILE.html`: the counterexample run in a fresh session, as
/// the page `timeline FILE.html` writes: from the state the setup (its
/// `source` lines) left, a section for the steps and one for the violation.
func counterexamplePage(_ script: String, _ name: String, _ why: String, path: String, directory: String) -> String {
    let session = Session(options: SessionOptions(), output: CapturingSink(), loader: FileLoader())
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let setup = lines.prefix { $0.hasPrefix("source ") || $0.hasPrefix("set profile ") }
    _ = session.run(script: setup.joined(separator: "\n"), file: path, directory: directory)
    let start = session.history.count
    let steps = ["## counterexample: \(name)"] + lines.dropFirst(setup.count) + ["## violated: \(name) (\(why))"]
    _ = session.run(script: steps.joined(separator: "\n"), file: path, directory: directory)
    let title = "counterexample: " + (path.split(separator: "/").last.map(String.init) ?? path)
    return session.timelinePage(.last(Swift.max(1, session.history.count - start)), title: title)
}
