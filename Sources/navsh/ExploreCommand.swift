import NavExplorer
import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by Ctrl-C (SIGINT) or SIGTERM while a search runs: the signal's number.
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
        /// The options given, by name (`--merge` refuses those of a search).
        var given: Set<String> = []
    }

    /// The bounds of the numbers explore takes: far above any search that
    /// ends, far below where arithmetic on them could overflow.
    static let maxDepth = 1_000_000_000
    static let maxJobs = 1024
    static let maxBatch = 1 << 20
    /// The exit status of an output that could not be written.
    static let writeFailed = OutputWriter.writeFailed
    /// The prefix depth of `--shard K/N` without `--prefix-depth` (explorer.md section 6).
    static let defaultPrefixDepth = 2

    static let usage = """
        usage: navsh explore FILE... [--depth N] [--max-states N] [--jobs N] [--all] [--out FILE] [--json] [--profile ios26|legacy]
               [--shard K/N [--prefix-depth D]]
               navsh explore --merge RESULT.json... [--json] [--out FILE]
        exit status: 0 no violation, 1 a violation was found, 2 usage error or a refused merge,
        3 a file or stdout could not be written, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var args = arguments[...]
        var onlyFiles = false
        func number(_ name: String, _ text: String?, minimum: Int, maximum: Int = maxDepth) throws(UsageError) -> Int {
            guard let text else { throw UsageError("option '\(name)' needs a value") }
            guard let n = Int(text), n >= minimum, n <= maximum else {
                throw UsageError(
                    "invalid value '\(printable(text, limit: 60))' for '\(name)' (a whole number from \(minimum) to \(grouped(maximum)))"
                )
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
            parsed.given.insert(name == "-j" ? "--jobs" : name)
            switch name {
            case "--": onlyFiles = true
            case "--depth": parsed.depth = try number(name, value(), minimum: 0)
            case "--max-states": parsed.maxStates = try number(name, value(), minimum: 1, maximum: 1 << 50)
            case "--jobs", "-j": parsed.jobs = try number(name, value(), minimum: 1, maximum: maxJobs)
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
            case "--prefix-depth": parsed.prefixDepth = try number(name, value(), minimum: 1, maximum: 1000)
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
            // The search is the shards': an option of a search would be ignored, so it is refused.
            let searchOptions = [
                "--shard", "--prefix-depth", "--depth", "--max-states", "--jobs", "--all", "--profile",
            ]
            if let option = searchOptions.first(where: parsed.given.contains) {
                throw UsageError(
                    "'--merge' merges the shards' search as they ran it; it takes no '\(option)' (give it to every shard)"
                )
            }
            return parsed
        }
        if parsed.files.isEmpty { throw UsageError("'navsh explore' needs a setup file (one with explore lines)") }
        if parsed.prefixDepth != nil, parsed.shard == nil {
            throw UsageError("'--prefix-depth D' goes with '--shard K/N'")
        }
        if parsed.shard != nil, parsed.prefixDepth == nil { parsed.prefixDepth = defaultPrefixDepth }
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
        if args.merge { return ExploreMerge.run(files: args.files, json: args.json, out: args.out) }
        for path in args.files where access(path, R_OK) != 0 {
            Shell.writeError("navsh: cannot read '\(printable(path))': \(String(cString: strerror(errno)))")
            return 2
        }
        // Checked before the search: a counterexample file that could not be written is known at once.
        if let out = args.out, case .failure(let problem) = SafeFile.target(out, protecting: args.files) {
            Shell.writeError("navsh: explore: \(problem.text)")
            return writeFailed
        }
        // The setup runs as `navsh FILE...` would, silently unless it fails.
        let sink = CapturingSink()
        var options = SessionOptions()
        if let profile = args.profile { options.profile = profile }
        let reads = SetupReads()
        let session = Session(options: options, output: sink, loader: RecordingLoader(reads: reads))
        for path in args.files {
            Shell.runFile(path, session: session)
            if session.quitRequested { break }
        }
        if session.failureCount > 0 {
            for line in sink.diagnostics { Shell.writeError(line) }
            Shell.writeError("navsh: explore: the setup failed, so there is no start state to explore from")
            return 2
        }
        // Every file the setup read is known now: --out replaces none of them.
        let protected = args.files.map { ($0, "a setup file") } + reads.paths.map { ($0, "a file the setup sources") }
        if let out = args.out, let problem = protectedTarget(out, among: protected) {
            Shell.writeError("navsh: explore: \(problem)")
            return writeFailed
        }
        let declarations = session.declarations
        guard !declarations.actions.isEmpty else {
            Shell.writeError(
                "navsh: explore: no 'explore ACTION...' line in \(args.files.map { printable($0) }.joined(separator: ", ")): nothing to explore"
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
        let budget = MemoryBudget.plan(jobs: min(maxJobs, args.jobs ?? max(1, availableCores())))
        config.maxStates = min(args.maxStates, budget.states)
        config.jobs = budget.jobs
        config.batchBytes = budget.batchBytes
        config.all = args.all
        // Batches of a fixed size (parents a job), for an instruction count that repeats.
        if let value = getenv("NAVSH_EXPLORE_BATCH"), let n = Int(String(cString: value)), n > 0 {
            config.fixedBatchPerJob = min(n, maxBatch)
        }
        if let shard = args.shard, let prefixDepth = args.prefixDepth {
            config.shard = ExploreShard(index: shard.index, count: shard.count, prefixDepth: prefixDepth)
        }
        let identity = config.shard.map {
            SearchIdentity.of(
                files: args.files, reads: reads, config: config, profile: args.profile, start: session.state, shard: $0)
        }
        if let problem = identity?.unmergeable {
            Shell.writeError("navsh: explore: \(problem)")
            return 2
        }
        let explorer = Explorer(start: session.state, configuration: config)

        let writer = Shell.writer
        defer { writer.flush() }
        let header = Self.header(
            files: args.files, actions: config.actions.count, depth: config.depth,
            checks: config.checks.map(\.rawValue),
            invariants: config.invariants.count)
        if !args.json {
            writer.line(header)
            writer.flush()
        } else if let identity {
            writer.line(identity.line)
        }

        exploreInterrupted = 0
        signal(SIGINT) { _ in exploreInterrupted = SIGINT }
        signal(SIGTERM) { _ in exploreInterrupted = SIGTERM }
        // A parent may have started navsh with them blocked (a thread pool's mask is inherited).
        var handled = sigset_t()
        sigemptyset(&handled)
        sigaddset(&handled, SIGINT)
        sigaddset(&handled, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        defer {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        let terminal = isatty(2) == 1 && !args.json
        var lastDraw = 0.0
        var drewProgress = false
        var readerGone = false
        let result = explorer.run(
            progress: { p in
                let now = p.seconds
                if terminal, now - lastDraw >= 0.1 {
                    lastDraw = now
                    drewProgress = true
                    let rate = p.seconds > 0 ? Int(min(1e15, Double(p.states) / p.seconds)) : p.states
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
            },
            shouldStop: {
                // Ctrl-C, SIGTERM, or nobody left to read the result (`| head -1`).
                if exploreInterrupted != 0 { return true }
                if !readerGone, stdoutReaderGone() { readerGone = true }
                return readerGone
            })
        if drewProgress { Shell.writeErrorRaw("\r\u{1b}[K") }

        var status: Int32 = 0
        if let out = args.out {
            status = writeCounterexample(
                result.violations, to: out, files: args.files, protecting: protected, profile: args.profile)
        }
        report(
            result, header: header, args: args, config: config, identity: identity,
            memoryCut: budget.states < args.maxStates && result.cut == .maxStates ? budget : nil)
        if status != 0 { return status }
        if !result.violations.isEmpty { return 1 }
        if result.cut == .interrupted { return exploreInterrupted == SIGTERM ? 143 : 130 }
        return 0
    }

    /// `--out FILE`: the shortest counterexample found (with `--all`, the
    /// first of the shortest in report order), its `source` lines relative to
    /// FILE's folder (a link's target's), written whole (`SafeFile`), never
    /// over a file the setup read; a stale counterexample is removed when
    /// there is none. The exit status
    /// of a failed write, or 0.
    static func writeCounterexample(
        _ violations: [Violation], to out: String, files: [String],
        protecting protected: [(path: String, what: String)],
        profile: Profile?
    ) -> Int32 {
        guard let shortest = violations.min(by: { $0.steps.count < $1.steps.count }) else {
            removeStaleCounterexample(out, protecting: protected)
            return 0
        }
        let dir = outFolder(out)
        let script = shortest.script(sources: files.map { relativePath($0, from: dir) }, profile: profile)
        let contents =
            out.hasSuffix(".html")
            ? counterexamplePage(script, shortest.name, shortest.explanation, path: out, directory: dir) : script
        if let problem = SafeFile.replace(out, with: contents, protecting: files + protected.map(\.path)) {
            Shell.writeError("navsh: explore: \(problem)")
            return writeFailed
        }
        if violations.count > 1 {
            let count = shortest.steps.count
            Shell.writeError(
                "navsh: explore: wrote \(printable(out)): the counterexample of \(shortest.name) (\(count) step\(count == 1 ? "" : "s")), the shortest found"
            )
        }
        return 0
    }

    /// The first line of a run: what is searched.
    static func header(files: [String], actions: Int, depth: Int, checks: [String], invariants: Int) -> String {
        let checkList = checks.isEmpty ? "none" : checks.joined(separator: " ")
        let invariantCount = invariants == 0 ? "" : ", \(invariants) invariant\(invariants == 1 ? "" : "s")"
        return
            "explore: \(files.joined(separator: " ")): \(actions) action\(actions == 1 ? "" : "s"), depth \(depth), checks: \(checkList)\(invariantCount)"
    }
}

/// Whether stdout is a pipe or socket whose reader has gone (`| head -1`
/// read what it wanted): the search's result can no longer be read.
func stdoutReaderGone() -> Bool {
    var st = stat()
    guard fstat(1, &st) == 0, (st.st_mode & S_IFMT) == S_IFIFO || (st.st_mode & S_IFMT) == S_IFSOCK else {
        return false
    }
    var fds = pollfd(fd: 1, events: 0, revents: 0)
    guard poll(&fds, 1, 0) > 0 else { return false }
    return fds.revents & Int16(POLLERR | POLLHUP) != 0
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
