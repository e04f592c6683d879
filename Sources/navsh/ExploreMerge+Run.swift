import NavExplorer
import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ExploreMerge {
    /// `navsh explore --merge FILE... [--json] [--out FILE]`: the shards'
    /// results, checked against one another, as the one run would print them.
    static func run(files: [String], json: Bool, out: String?) -> Int32 {
        // Memory stays that of one shard's file and the best violation of
        // each property, whatever the number of shards: each shard keeps its
        // summary and the names of the properties it broke, and shares the
        // first shard's search (the same, as their digests are).
        var shards: [ShardResult] = []
        var best: [String: ShardViolation] = [:]
        for file in files {
            switch read(file) {
            case .success(var shard):
                // The same search, every shard once.
                if let first = shards.first {
                    guard shard.id.digest == first.id.digest else {
                        Shell.writeError(
                            "navsh: explore --merge: \(printable(shard.file)) is a shard of another search than \(printable(first.file)) (\(difference(shard.id, first.id)) differ)"
                        )
                        return 2
                    }
                    let index = shard.id.index
                    shard.id = first.id
                    shard.id.index = index
                }
                for v in shard.violations where best[v.property].map({ precedes(v, $0) }) ?? true {
                    best[v.property] = v
                }
                shard.properties = shard.violations.map(\.property)
                shard.violations = []
                shards.append(shard)
            case .failure(let problem):
                Shell.writeError("navsh: explore --merge: \(problem.text)")
                return 2
            }
        }
        guard let first = shards.first else { return 2 }
        let indices = shards.map(\.id.index).sorted()
        guard indices == Array(0..<first.id.count) else {
            let missing = Set(0..<first.id.count).subtracting(indices).sorted()
            let twice = Dictionary(grouping: indices, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            var why: [String] = []
            if !missing.isEmpty {
                let shown =
                    missing.prefix(10).map(String.init).joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
                why.append("missing shard\(missing.count == 1 ? "" : "s") \(shown) of \(first.id.count)")
            }
            if !twice.isEmpty {
                let shown = twice.prefix(10).map(String.init).joined(separator: ", ") + (twice.count > 10 ? ", …" : "")
                why.append("shard\(twice.count == 1 ? "" : "s") \(shown) given twice")
            }
            Shell.writeError(
                "navsh: explore --merge: \(why.joined(separator: "; ")): the merged result would not cover every sequence"
            )
            return 2
        }
        if let problem = checkActions(first.id) {
            Shell.writeError("navsh: explore --merge: \(printable(first.file)): \(problem)")
            return 2
        }
        let id = first.id
        let chosen = choose(best, all: id.all, id: id)

        // A shard cut short (--max-states, Ctrl-C) did not look at every
        // sequence shorter than the counterexample: a shorter one may be there.
        var unsure: [String] = []
        for v in chosen {
            for shard in shards where shard.cut && shard.summary.depthComplete + 1 < v.length {
                if !shard.properties.contains(v.property) {
                    unsure.append(
                        "shard \(shard.id.index) was cut at depth \(shard.summary.depthComplete + 1) (complete to depth \(shard.summary.depthComplete)): a shorter counterexample of \(printable(v.property)) may be in it"
                    )
                }
            }
        }

        // Each count is bounded (maxCount); their sums are checked too.
        guard let states = sum(shards.map(\.summary.states)), let steps = sum(shards.map(\.summary.steps)),
            let jobs = sum(shards.map(\.summary.jobs))
        else {
            Shell.writeError(
                "navsh: explore --merge: the shards' states, steps or jobs add up to more than \(grouped(maxTotal)): not the counts of a search"
            )
            return 2
        }
        let slowest = shards.map(\.summary.seconds).max() ?? 0
        let total = shards.reduce(0.0) { $0 + $1.summary.seconds }
        let peak = shards.map(\.summary.peak).max() ?? 0
        let interrupted = shards.contains { $0.summary.result == "interrupted" }
        let cut = shards.contains { $0.summary.result == "cut" }
        let depthComplete = shards.map(\.summary.depthComplete).min() ?? 0
        let depthReached =
            chosen.isEmpty ? (shards.map(\.summary.depthReached).max() ?? 0) : (chosen.map(\.length).min() ?? 0)
        let exhausted = shards.allSatisfy(\.summary.exhausted)
        let n = Double(states)
        // A bound on a probability: past 1 it says nothing more.
        let collision = min(1, n * n / 36_893_488_147_419_103_232.0)
        let profile = Profile(rawValue: id.profile)

        var status: Int32 = !chosen.isEmpty ? 1 : interrupted ? 130 : 0
        if let out {
            // Neither the setup the shards ran, nor a file it sources, nor a shard being merged.
            let protected =
                id.paths.map { ($0, "a setup file of the shards' search") }
                + id.sourced.map { ($0, "a file the shards' setup sources") }
                + files.filter { $0 != "-" }.map { ($0, "a shard's result being merged") }
            if let problem = ExploreCommand.protectedTarget(out, among: protected) {
                Shell.writeError("navsh: explore --merge: \(problem)")
                return ExploreCommand.writeFailed
            }
            if let v = chosen.min(by: precedes) {
                let dir = ExploreCommand.outFolder(out)
                let script = ExploreShard.script(
                    lines: v.steps, expectLine: id.expectLine(ofProperty: v.property) ?? nil,
                    sources: id.paths.map { relativePath($0, from: dir) }, profile: profile)
                if let problem = SafeFile.replace(out, with: script, protecting: protected.map(\.0)) {
                    Shell.writeError("navsh: explore --merge: \(problem)")
                    status = ExploreCommand.writeFailed
                }
            } else {
                ExploreCommand.removeStaleCounterexample(out, protecting: protected)
            }
        }

        // The one writer: a failed write to stdout makes the status 3 (`OutputWriter.finish`).
        let writer = Shell.writer
        defer { writer.flush() }
        if !json { writer.line(printable(id.header)) }
        for v in chosen {
            if json {
                writer.line(v.line)
            } else {
                writer.line(
                    "violated: \(printable(v.property)) after \(v.length) step\(v.length == 1 ? "" : "s") (\(printable(v.explanation)))"
                )
                writer.line("")
                writer.line("# counterexample: navsh test fails on it")
                let script = ExploreShard.script(
                    lines: v.steps, expectLine: id.expectLine(ofProperty: v.property) ?? nil, sources: id.sources,
                    profile: profile)
                for line in script.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    writer.line(printable(String(line)))
                }
                writer.line("")
            }
        }
        if json {
            let outcome = !chosen.isEmpty ? "violation" : interrupted ? "interrupted" : cut ? "cut" : "none"
            writer.line(
                "{\"type\":\"summary\",\"result\":\"\(outcome)\",\"states\":\(states),\"steps\":\(steps),\"depth\":\(id.depth),\"depth_reached\":\(depthReached),\"depth_complete\":\(depthComplete),\"exhausted\":\(exhausted),\"seconds\":\(decimal(slowest, 3)),\"seconds_all_shards\":\(decimal(total, 3)),\"jobs\":\(jobs),\"shards\":\(id.count),\"shortest_unsure\":\(!unsure.isEmpty),\"collision_probability\":\(scientific(collision)),\"max_rss_bytes\":\(peak)}"
            )
        } else {
            for note in unsure { writer.line("note: not necessarily the shortest: \(note)") }
            let work = "\(grouped(states)) distinct states, \(grouped(steps)) steps"
            // The rate of the work as done: every shard's states over every shard's seconds.
            let rate = total >= 0.001 ? "\(grouped(Int(min(1e15, Double(states) / total)))) states/s a shard, " : ""
            let speed =
                "in \(decimal(slowest, 2)) s (the slowest of \(id.count) shards; \(decimal(total, 2)) s in all, \(rate)\(jobs) job\(jobs == 1 ? "" : "s"))"
            if !chosen.isEmpty {
                writer.line("explored \(work), depth \(depthReached) of \(id.depth), \(speed)")
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
                writer.line("no violation within depth \(id.depth): \(work), \(speed)\(ex)")
            }
            writer.line(
                "64-bit fingerprints: probability that a collision hid a state at most \(collision < 1 ? scientific(collision) : "1 (too many states for the bound to say more)"); peak memory \(decimal(Double(peak) / 1_048_576, 1)) MiB (the largest shard); states are counted in every shard that stored them"
            )
        }
        return status
    }

    /// The largest total of the shards' counts a merge prints.
    static let maxTotal = 1 << 62

    /// The sum of `values`, or nil past `maxTotal` (never an overflow).
    static func sum(_ values: [Int]) -> Int? {
        var total = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            guard !overflow, next >= 0, next <= maxTotal else { return nil }
            total = next
        }
        return total
    }

    /// Shortest first, then first in the explore list's order.
    static func precedes(_ a: ShardViolation, _ b: ShardViolation) -> Bool {
        a.length < b.length || (a.length == b.length && a.path.lexicographicallyPrecedes(b.path))
    }

    /// From the shortest counterexample of each property (first in the
    /// explore list's order among equal lengths): with --all every property found, in report order, without it
    /// the one a run reports (the shortest, then the first, over every property).
    static func choose(_ best: [String: ShardViolation], all: Bool, id: SearchIdentity) -> [ShardViolation] {
        var chosen = best.values.sorted {
            (id.rank(ofProperty: $0.property), $0.property) < (id.rank(ofProperty: $1.property), $1.property)
        }
        if !all, let one = chosen.min(by: precedes) { chosen = [one] }
        return chosen
    }

    /// Which fields of two shards' searches differ, in words.
    static func difference(_ a: SearchIdentity, _ b: SearchIdentity) -> String {
        var parts: [String] = []
        if a.version != b.version || a.build != b.build { parts.append("navsh versions or builds") }
        if a.setup != b.setup || a.files != b.files || a.sources != b.sources || a.paths != b.paths
            || a.sourced != b.sourced
        {
            parts.append("setup files")
        }
        if a.start != b.start { parts.append("start states") }
        if a.actions != b.actions || a.invariants != b.invariants || a.checks != b.checks {
            parts.append("actions or properties")
        }
        if a.profile != b.profile { parts.append("profiles") }
        if a.depth != b.depth || a.all != b.all { parts.append("depth or --all") }
        if a.count != b.count || a.prefixDepth != b.prefixDepth { parts.append("shard count or prefix depth") }
        return parts.isEmpty ? "their digests" : parts.joined(separator: ", ")
    }

    /// Whether the shard line's actions and invariants are ones navsh reads
    /// back the same (a forged line could name anything); nil if so.
    static func checkActions(_ id: SearchIdentity) -> String? {
        let sink = CapturingSink()
        let session = Session(options: SessionOptions(), output: sink, loader: FileLoader())
        for action in id.actions {
            _ = session.runLine("explore \(Self.word(action))", file: "<merge>", line: 1)
        }
        for invariant in id.invariants {
            _ = session.runLine("invariant \(invariant)", file: "<merge>", line: 1)
        }
        let declarations = session.declarations
        guard session.failureCount == 0, declarations.actions.map(\.source) == id.actions,
            declarations.invariants.map(\.source) == id.invariants
        else { return "the shard line's actions or invariants are not ones navsh explores" }
        return nil
    }

    /// An action as one word of an `explore` line.
    static func word(_ text: String) -> String {
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
