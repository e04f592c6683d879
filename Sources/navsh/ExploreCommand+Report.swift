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
