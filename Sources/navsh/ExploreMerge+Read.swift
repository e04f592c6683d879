import NavExplorer
import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the shards' `--json` results back for `navsh explore --merge`:
/// every line is checked on its own (bounded numbers, known fields) and
/// against the others of its file (the summary's claims against the
/// violations, each violation against the search its shard line describes).
extension ExploreMerge {
    struct ShardViolation {
        var property: String
        var explanation: String
        var length: Int
        var path: [Int]
        /// The step lines, checked against the path and the actions.
        var steps: [String]
        /// The line as the shard wrote it (for --json).
        var line: String
    }

    struct Summary {
        var result = ""
        var states = 0
        var steps = 0
        var depthReached = 0
        var depthComplete = 0
        var exhausted = false
        var seconds = 0.0
        var jobs = 1
        var peak = 0
    }

    struct ShardResult {
        var file: String
        var id = SearchIdentity()
        var violations: [ShardViolation] = []
        /// The properties of its violations (the merge keeps only the best violation of each).
        var properties: [String] = []
        var summary = Summary()
        var cut: Bool { summary.result == "cut" || summary.result == "interrupted" }
    }

    struct Problem: Error { var text: String }

    /// The largest count a shard may claim (states, steps, bytes): far above
    /// any search, far below where arithmetic on it could overflow.
    static let maxCount = 1 << 50

    static func read(_ file: String) -> Result<ShardResult, Problem> {
        let shown = printable(file)
        let source: ShardSource
        switch ShardSource.open(file) {
        case .failure(let problem): return .failure(Problem(text: "cannot read '\(shown)': \(problem.text)"))
        case .success(let s): source = s
        }
        let reader = LineSplitter(source)
        var shard = ShardResult(file: file)
        var sawShard = false
        var sawSummary = false
        var lines = SearchDigest()
        var lineNumber = 0
        reading: while true {
            let line: String
            switch reader.next() {
            case .end: break reading
            case .line(let text): line = text
            case .failed(let why):
                let reason =
                    source.overLimit
                    ? "over \(ShardSource.limit >> 20) MiB: not a shard's result"
                    : why.hasPrefix("line longer")
                        ? "a line over \(LineSplitter<ShardSource>.maxLineBytes >> 20) MiB: not a line of navsh explore --json"
                        : why
                return .failure(Problem(text: "\(shown):\(reader.lineNumber):1: error: \(reason)"))
            }
            lineNumber = reader.lineNumber
            if line.isEmpty { continue }
            func fail(_ why: String) -> Result<ShardResult, Problem> {
                .failure(Problem(text: "\(shown):\(lineNumber):1: error: \(why)"))
            }
            guard let value = JSONValue.parse(line), case .object(let object) = value else {
                return fail("not a JSON object (give the --json output of navsh explore --shard)")
            }
            if sawSummary { return fail("a line after the summary (two runs in one file?)") }
            let type = object["type"]?.string
            if !sawShard, type != "shard" { return fail("the first line is not a shard line") }
            switch type {
            case "shard":
                if sawShard { return fail("a second shard line (two runs in one file?)") }
                sawShard = true
                switch SearchIdentity.parse(object) {
                case .failure(let problem): return fail(problem.text)
                case .success(let id): shard.id = id
                }
                lines.add(shard.id.digest)
            case "violation":
                switch violation(object, line: line, of: shard) {
                case .failure(let problem): return fail(problem.text)
                case .success(let v): shard.violations.append(v)
                }
                lines.add(line)
            case "summary":
                sawSummary = true
                switch summary(object, of: shard, lines: lines.hex) {
                case .failure(let problem): return fail(problem.text)
                case .success(let s): shard.summary = s
                }
            case "progress":
                continue
            default:
                return fail("not a line of navsh explore --json")
            }
        }
        if !sawShard {
            return .failure(
                Problem(
                    text:
                        "\(shown): not a shard's result (no shard line: run navsh explore with --shard K/N --json)"
                ))
        }
        if !sawSummary {
            return .failure(Problem(text: "\(shown): the shard's result has no summary (did the shard finish?)"))
        }
        return .success(shard)
    }

    /// A violation line, checked against its shard's search: a property it
    /// checks, reported once, steps that are its actions (or a wait) in a
    /// sequence this shard owns, a script that is the one those steps make.
    static func violation(_ object: [String: JSONValue], line: String, of shard: ShardResult) -> Result<
        ShardViolation, Problem
    > {
        let id = shard.id
        func fail(_ why: String) -> Result<ShardViolation, Problem> { .failure(Problem(text: why)) }
        guard let property = object["property"]?.string, let explanation = object["explanation"]?.string,
            let length = object["length"]?.int, case .array(let pathValues)? = object["path"],
            let script = object["script"]?.string, case .array(let stepValues)? = object["steps"]
        else { return fail("a violation needs property, explanation, length, path, steps and script") }
        guard let expectLine = id.expectLine(ofProperty: property) else {
            return fail("the violation's property is not one the shard's search checks")
        }
        if shard.violations.contains(where: { $0.property == property }) {
            return fail("a second violation of the same property")
        }
        if !id.all, !shard.violations.isEmpty { return fail("a second violation in a run without --all") }
        guard (0...id.depth).contains(length) else { return fail("the violation's length is not within the depth") }
        let path = pathValues.compactMap(\.int)
        let steps = stepValues.compactMap(\.string)
        guard path.count == pathValues.count, path.count == length, steps.count == stepValues.count,
            steps.count == length
        else { return fail("the violation's path and steps are not \(length) steps") }
        let waitIndex = id.actions.count
        for (index, step) in zip(path, steps) {
            guard (0...waitIndex).contains(index) else { return fail("a step index is not an action's or the wait's") }
            if index < waitIndex {
                guard step == "\(id.actions[index]) &" else { return fail("a step is not the action its index names") }
            } else {
                guard step.hasPrefix("wait "), step.hasSuffix("ms"), let ms = Int(step.dropFirst(5).dropLast(2)),
                    (1...1_000_000_000).contains(ms), step == "wait \(ms)ms"
                else { return fail("a wait step is not 'wait Nms'") }
            }
        }
        let owner =
            length >= id.prefixDepth
            ? ExploreShard.shard(ofPrefix: Array(path.prefix(id.prefixDepth)), count: id.count) : 0
        guard owner == id.index else {
            return fail("the violation's steps belong to shard \(owner), not to shard \(id.index)")
        }
        let rebuilt = ExploreShard.script(
            lines: steps, expectLine: expectLine, sources: id.sources, profile: Profile(rawValue: id.profile))
        guard script == rebuilt else { return fail("the violation's script is not the one its steps make") }
        guard explanation.utf8.count <= 4096 else { return fail("the violation's explanation is over 4096 bytes") }
        return .success(
            ShardViolation(
                property: property, explanation: explanation, length: length, path: path, steps: steps, line: line))
    }

    /// The summary line, its numbers bounded and its claims checked against
    /// the violations read before it.
    static func summary(_ object: [String: JSONValue], of shard: ShardResult, lines: String) -> Result<Summary, Problem>
    {
        func fail(_ why: String) -> Result<Summary, Problem> { .failure(Problem(text: "the summary's \(why)")) }
        func count(_ key: String, _ range: ClosedRange<Int> = 0...maxCount) -> Int? {
            guard let n = object[key]?.int, range.contains(n) else { return nil }
            return n
        }
        var s = Summary()
        guard let result = object["result"]?.string, ["violation", "none", "cut", "interrupted"].contains(result)
        else { return fail("result is not violation, none, cut or interrupted") }
        s.result = result
        guard let states = count("states", 1...maxCount), let steps = count("steps"), states <= steps + 1 else {
            return fail("states and steps are not counts (at least one state, at most one a step besides the start)")
        }
        let depth = shard.id.depth
        guard count("depth") == depth, let reached = count("depth_reached", 0...depth),
            let complete = count("depth_complete", 0...reached)
        else { return fail("depth, depth_reached or depth_complete disagree with the search's depth") }
        guard let exhausted = object["exhausted"]?.bool else { return fail("exhausted is not true or false") }
        guard let seconds = object["seconds"]?.double, seconds.isFinite, (0...1e7).contains(seconds) else {
            return fail("seconds is not a time from 0 to 10,000,000")
        }
        guard let jobs = count("jobs", 1...ExploreCommand.maxJobs), let peak = count("max_rss_bytes") else {
            return fail("jobs or max_rss_bytes is out of bounds")
        }
        (s.states, s.steps, s.depthReached, s.depthComplete, s.exhausted, s.seconds, s.jobs, s.peak) =
            (states, steps, reached, complete, exhausted, seconds, jobs, peak)
        let violations = shard.violations
        guard count("violations") == violations.count, object["lines"]?.string == lines else {
            return fail("violations or lines do not match the violation lines before it")
        }
        guard (result == "violation") == !violations.isEmpty else {
            return fail("result does not match the violations before it")
        }
        if result == "cut" || result == "interrupted" {
            guard complete < reached else { return fail("result says cut, but every depth reached was completed") }
        }
        if exhausted, !(complete < depth && reached == complete) {
            return fail("exhausted claim disagrees with its depths")
        }
        if result == "none", !(complete == reached && (reached == depth || exhausted)) {
            return fail("result says none, but the depths say the search stopped early")
        }
        if let longest = violations.map(\.length).max(), longest > reached {
            return fail("depth_reached is below a violation's length")
        }
        if !shard.id.all, let v = violations.first, !(reached == v.length && complete == max(0, v.length - 1)) {
            return fail("depths disagree with the violation's length")
        }
        return .success(s)
    }

    /// A setup file's bytes as text (for its digest); nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        guard case .success(let fd) = ScriptFile.open(path) else { return nil }
        defer { close(fd) }
        guard let bytes = HistoryFile.readAll(fd, upTo: 1 << 28) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A shard's result read a buffer at a time (for `LineSplitter`): a
/// regular file, a pipe (`<(...)`) or stdin (`-`); a folder or a device is
/// refused. Past `limit` bytes in all it fails, so a merge holds at most
/// one buffer and one line of a file, whatever its size.
final class ShardSource: ByteSource {
    static let limit = 1 << 28
    private let inner: DescriptorSource
    private var total = 0
    private(set) var overLimit = false

    private init(_ inner: DescriptorSource) { self.inner = inner }

    static func open(_ path: String) -> Result<ShardSource, ExploreMerge.Problem> {
        let fd = path == "-" ? dup(0) : openForReading(path)
        guard fd >= 0 else { return .failure(ExploreMerge.Problem(text: String(cString: strerror(errno)))) }
        let source = ShardSource(DescriptorSource(fd, owned: true))
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(ExploreMerge.Problem(text: String(cString: strerror(errno)))) }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK: return .success(source)
        case S_IFDIR: return .failure(ExploreMerge.Problem(text: "Is a directory"))
        default: return .failure(ExploreMerge.Problem(text: "not a regular file or a pipe"))
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let count = try inner.read(into: buffer)
        total += count
        if total > Self.limit {
            overLimit = true
            throw ReadFailure("over the limit")
        }
        return count
    }
}

/// `open` for reading (in `ShardSource`, its own `open` hides the C one).
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

/// Text from a file to print: control characters (C0, DEL, C1) and the
/// line's own end shown as `\u{1B}`-style escapes, so what a file holds can
/// neither move the cursor nor end a line; at most `limit` characters.
func printable(_ text: String, limit: Int = 4096) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        count += 1
        if count > limit {
            out += "…"
            break
        }
        let v = scalar.value
        if v < 0x20 || v == 0x7f || (0x80...0x9f).contains(v) {
            out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
