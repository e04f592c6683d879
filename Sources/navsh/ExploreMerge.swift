import Glibc
import NavExplorer
import NavScript

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

    struct ShardViolation {
        var property: String
        var explanation: String
        var length: Int
        var path: [Int]
        var steps: [String]
        var script: String
        /// The line as the shard wrote it (for --json).
        var line: String
    }

    struct ShardResult {
        var file: String
        var index = -1
        var count = 0
        var prefixDepth = 0
        var header = ""
        var all = false
        var violations: [ShardViolation] = []
        var summary: [String: JSONValue] = [:]
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

    struct Problem: Error { var text: String }

    static func read(_ file: String) -> Result<ShardResult, Problem> {
        guard let text = readText(file) else {
            return .failure(Problem(text: "cannot read '\(file)': \(String(cString: strerror(errno)))"))
        }
        var shard = ShardResult(file: file)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            let location = "\(file):\(lineNumber):1: error:"
            guard let value = JSONValue.parse(String(line)), case .object(let object) = value else {
                return .failure(
                    Problem(text: "\(location) not a JSON object (give the --json output of navsh explore --shard)"))
            }
            switch object["type"]?.string {
            case "shard":
                guard let index = object["shard"]?.int, let count = object["of"]?.int,
                    let prefix = object["prefix_depth"]?.int,
                    let header = object["header"]?.string, count >= 1, (0..<count).contains(index)
                else {
                    return .failure(Problem(text: "\(location) a shard line needs shard, of, prefix_depth and header"))
                }
                shard.index = index
                shard.count = count
                shard.prefixDepth = prefix
                shard.header = header
                shard.all = object["all"]?.bool ?? false
            case "violation":
                guard let property = object["property"]?.string, let explanation = object["explanation"]?.string,
                    let length = object["length"]?.int, case .array(let pathValues)? = object["path"],
                    let script = object["script"]?.string, case .array(let stepValues)? = object["steps"]
                else {
                    return .failure(
                        Problem(
                            text: "\(location) a violation needs property, explanation, length, path, steps and script")
                    )
                }
                let path = pathValues.compactMap(\.int)
                guard path.count == pathValues.count, path.count == length else {
                    return .failure(Problem(text: "\(location) the violation's path is not \(length) step indices"))
                }
                shard.violations.append(
                    ShardViolation(
                        property: property, explanation: explanation, length: length, path: path,
                        steps: stepValues.compactMap(\.string), script: script, line: String(line)))
            case "summary":
                shard.summary = object
            case "progress":
                continue
            default:
                return .failure(Problem(text: "\(location) not a line of navsh explore --json"))
            }
        }
        if shard.index < 0 {
            return .failure(
                Problem(
                    text:
                        "\(file): not a shard's result (no shard line: run navsh explore with --shard K/N --prefix-depth D --json)"
                ))
        }
        if shard.summary.isEmpty {
            return .failure(Problem(text: "\(file): the shard's result has no summary (did the shard finish?)"))
        }
        return .success(shard)
    }

    /// A file's bytes as text; nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            errno = EINVAL
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 1 << 28 {
                errno = EFBIG
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Just enough JSON to read navsh's own --json lines back.
enum JSONValue {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var double: Double? { if case .number(let n) = self { n } else { nil } }
    var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9e15 else { return nil }
        return Int(n)
    }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    static func parse(_ text: String) -> JSONValue? {
        var p = Parser(bytes: Array(text.utf8))
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == p.bytes.count ? v : nil
    }

    struct Parser {
        var bytes: [UInt8]
        var i = 0
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() { while let b = peek, b == 32 || b == 9 || b == 13 || b == 10 { i += 1 } }

        mutating func literal(_ word: String, _ v: JSONValue) -> JSONValue? {
            for b in word.utf8 {
                guard peek == b else { return nil }
                i += 1
            }
            return v
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth < 32 else { return nil }
            skipSpace()
            guard let b = peek else { return nil }
            switch b {
            case UInt8(ascii: "{"):
                i += 1
                var object: [String: JSONValue] = [:]
                skipSpace()
                if peek == UInt8(ascii: "}") {
                    i += 1
                    return .object(object)
                }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    object[key] = v
                    skipSpace()
                    if peek == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if peek == UInt8(ascii: "}") {
                        i += 1
                        return .object(object)
                    }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var array: [JSONValue] = []
                skipSpace()
                if peek == UInt8(ascii: "]") {
                    i += 1
                    return .array(array)
                }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    array.append(v)
                    skipSpace()
                    if peek == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if peek == UInt8(ascii: "]") {
                        i += 1
                        return .array(array)
                    }
                    return nil
                }
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default:
                let start = i
                while let c = peek,
                    c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                        || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (48...57).contains(c)
                { i += 1 }
                guard i > start, let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
                return .number(n)
            }
        }

        mutating func string() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            i += 1
            var out: [UInt8] = []
            while let b = peek {
                i += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else {
                    out.append(b)
                    continue
                }
                guard let e = peek else { return nil }
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
                    else { return nil }
                    i += 4
                    var scalar = code
                    if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u"),
                        let low = UInt32(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16),
                        (0xDC00..<0xE000).contains(low)
                    {
                        i += 6
                        scalar = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
            }
            return nil
        }
    }
}
