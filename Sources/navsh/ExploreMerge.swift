import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navsh explore --merge RESULT.json...` (explorer.md section 6): reads the
/// `--json` results of `navsh explore --shard K/N --prefix-depth D` and
/// prints the combined result and exit status as one run would. Every
/// sequence falls in exactly one shard, so the shortest counterexample among
/// the shards is the shortest overall; among equal lengths the first in the
/// explore list's order (the `path` of step indices each shard writes), so it
/// is the one an unsharded run prints.
enum ExploreMerge {
    /// The first line of a shard's --json result: which shard, and the header an unsharded run prints.
    static func shardLine(_ shard: ExploreShard, all: Bool, header: String) -> String {
        "{\"type\":\"shard\",\"shard\":\(shard.index),\"of\":\(shard.count),\"prefix_depth\":\(shard.prefixDepth),\"all\":\(all),\"header\":\(EventRenderer.jsonString(header))}"
    }

    /// `K/N`: shard K (0 to N-1) of N.
    static func parseShard(_ text: String?) throws(UsageError) -> (index: Int, count: Int) {
        guard let text else { throw UsageError("option '--shard' needs a value (K/N: shard K of N, from 0)") }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, k >= 0, k < n
        else {
            throw UsageError("invalid value '\(text)' for '--shard' (K/N: shard K of N, 0 <= K < N)")
        }
        return (k, n)
    }

    /// `,"path":[0,3,12]`: a counterexample's steps as indices in the explore list (the wait last).
    static func pathField(_ steps: [Step], waitIndex: Int) -> String {
        let indices = steps.map { step -> String in
            switch step {
            case .action(let i): String(i)
            case .wait: String(waitIndex)
            }
        }
        return ",\"path\":[\(indices.joined(separator: ","))]"
    }

    static func run(files: [String], json: Bool) -> Int32 {
        var shards: [ShardResult] = []
        for file in files {
            switch read(file) {
            case .success(let shard): shards.append(shard)
            case .failure(let problem):
                Shell.writeError("navsh: explore --merge: \(problem.text)")
                return 2
            }
        }
        // The same search, every shard once.
        let first = shards[0]
        for shard in shards {
            guard shard.count == first.count, shard.prefixDepth == first.prefixDepth, shard.header == first.header,
                shard.all == first.all
            else {
                Shell.writeError(
                    "navsh: explore --merge: \(shard.file) is a shard of another search than \(first.file) (its setup, depth, checks, shard count or prefix depth differ)"
                )
                return 2
            }
        }
        let indices = shards.map(\.index).sorted()
        guard indices == Array(0..<first.count) else {
            let missing = Set(0..<first.count).subtracting(indices).sorted().map(String.init)
            let twice = Dictionary(grouping: indices, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().map(
                String.init)
            var why: [String] = []
            if !missing.isEmpty {
                why.append(
                    "missing shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) of \(first.count)"
                )
            }
            if !twice.isEmpty {
                why.append("shard\(twice.count == 1 ? "" : "s") \(twice.joined(separator: ", ")) given twice")
            }
            Shell.writeError(
                "navsh: explore --merge: \(why.joined(separator: "; ")): the merged result would not cover every sequence"
            )
            return 2
        }

        // Per property, the shortest counterexample, first in the explore list's order.
        func precedes(_ a: ShardViolation, _ b: ShardViolation) -> Bool {
            a.length < b.length || (a.length == b.length && a.path.lexicographicallyPrecedes(b.path))
        }
        var best: [String: ShardViolation] = [:]
        var order: [String] = []
        for shard in shards {
            for v in shard.violations {
                if let current = best[v.property] {
                    if precedes(v, current) { best[v.property] = v }
                } else {
                    best[v.property] = v
                    order.append(v.property)
                }
            }
        }
        var chosen = order.compactMap { best[$0] }
        if first.all {
            // Report order, as each shard prints them.
            let rank = Dictionary(
                shards.flatMap { $0.violations.enumerated().map { ($0.element.property, $0.offset) } },
                uniquingKeysWith: { min($0, $1) })
            chosen.sort { (rank[$0.property] ?? 0, $0.property) < (rank[$1.property] ?? 0, $1.property) }
        } else if let one = chosen.min(by: precedes) {
            // Without --all a run reports one violation: the shortest, then the first, over every property.
            chosen = [one]
        }

        func int(_ shard: ShardResult, _ key: String) -> Int { shard.summary[key]?.int ?? 0 }
        func double(_ shard: ShardResult, _ key: String) -> Double { shard.summary[key]?.double ?? 0 }
        let states = shards.reduce(0) { $0 + int($1, "states") }
        let steps = shards.reduce(0) { $0 + int($1, "steps") }
        let depth = int(first, "depth")
        let seconds = shards.map { double($0, "seconds") }.max() ?? 0
        let jobs = shards.reduce(0) { $0 + int($1, "jobs") }
        let peak = shards.map { int($0, "max_rss_bytes") }.max() ?? 0
        let interrupted = shards.contains { $0.summary["result"]?.string == "interrupted" }
        let cut = shards.contains { $0.summary["result"]?.string == "cut" }
        let depthComplete = shards.map { int($0, "depth_complete") }.min() ?? 0
        let depthReached =
            chosen.isEmpty ? (shards.map { int($0, "depth_reached") }.max() ?? 0) : (chosen.map(\.length).min() ?? 0)
        let exhausted = shards.allSatisfy { $0.summary["exhausted"]?.bool == true }
        let n = Double(states)
        let collision = n * n / 36_893_488_147_419_103_232.0

        let writer = OutputWriter()
        defer { writer.flush() }
        if !json { writer.line(first.header) }
        for v in chosen {
            if json {
                writer.line(v.line)
            } else {
                writer.line(
                    "violated: \(v.property) after \(v.length) step\(v.length == 1 ? "" : "s") (\(v.explanation))")
                writer.line("")
                writer.line("# counterexample: navsh test fails on it")
                for line in v.script.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    writer.line(String(line))
                }
                writer.line("")
            }
        }
        let rate = seconds > 0 ? Int(Double(states) / seconds) : states
        let work = "\(grouped(states)) distinct states, \(grouped(steps)) steps"
        let speed =
            "in \(decimal(seconds, 2)) s (\(grouped(rate)) states/s, \(jobs) job\(jobs == 1 ? "" : "s") in \(first.count) shards)"
        if json {
            let outcome = !chosen.isEmpty ? "violation" : interrupted ? "interrupted" : cut ? "cut" : "none"
            writer.line(
                "{\"type\":\"summary\",\"result\":\"\(outcome)\",\"states\":\(states),\"steps\":\(steps),\"depth\":\(depth),\"depth_reached\":\(depthReached),\"depth_complete\":\(depthComplete),\"exhausted\":\(exhausted),\"seconds\":\(decimal(seconds, 3)),\"jobs\":\(jobs),\"shards\":\(first.count),\"collision_probability\":\(scientific(collision)),\"max_rss_bytes\":\(peak)}"
            )
        } else {
            if !chosen.isEmpty {
                writer.line("explored \(work), depth \(depthReached) of \(depth), \(speed)")
            } else if interrupted {
                writer.line(
                    "interrupted: no violation within depth \(depthComplete) (the last depth explored completely): \(work), \(speed)"
                )
            } else if cut {
                writer.line(
                    "search cut (--max-states in a shard): no violation within depth \(depthComplete) (the last depth explored completely): \(grouped(steps)) steps, \(speed)"
                )
            } else {
                let ex = exhausted ? " (every reachable state was seen by depth \(depthComplete))" : ""
                writer.line("no violation within depth \(depth): \(work), \(speed)\(ex)")
            }
            writer.line(
                "64-bit fingerprints: probability that a collision hid a state at most \(scientific(collision)); peak memory \(decimal(Double(peak) / 1_048_576, 1)) MiB (the largest shard); states are counted in every shard that stored them"
            )
        }
        if !chosen.isEmpty { return 1 }
        if interrupted { return 130 }
        return 0
    }
}
