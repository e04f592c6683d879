import Foundation
import NavScript

/// A reference for `navsh explore`, written apart from it: every sequence of
/// steps up to a depth (explorer.md section 3), each run as a plain script in
/// a fresh session, with no state merged and nothing shared with the
/// explorer. It reads the setup's `explore`, `invariant` and `check` lines
/// itself, finds a wait's critical instants from what `jobs` prints, and
/// judges each property with the `expect` line a counterexample ends with.
struct BruteForce {
    /// One counterexample: the property's rank (explorer.md section 2's
    /// report order: the built-in ones, then the invariants in file order)
    /// and the step lines, as `navsh explore` writes them.
    struct Finding: Equatable, CustomStringConvertible {
        var rank: Int
        var lines: [String]
        /// Where the sequence comes in the search's order (0: the start state).
        var order: Int
        var description: String { "\(rank): \(lines.joined(separator: "; "))" }
    }

    let path: String
    let directory: String
    /// The `explore` list, each action as written (unquoted).
    let actions: [String]
    /// The properties checked, in report order, each with the script lines
    /// that judge it after a step: it is broken when the first fails and the
    /// second (if any) holds.
    let properties: [(rank: Int, failing: String, unless: String?)]
    /// The durations the listed actions can start, by the table below.
    let durations: [Int]
    /// A transition length seen start at a step's instant that the table
    /// does not give (the table would then miss a critical instant).
    private(set) var unexpectedLengths: [(lines: [String], length: Int)] = []
    /// Scripts run.
    private(set) var runs = 0

    static let builtins = ["exceptions", "responsive", "bar", "gates", "confirmations"]

    init(setup path: String) throws {
        self.path = path
        directory = (path as NSString).deletingLastPathComponent
        var actions: [String] = []
        var invariants: [String] = []
        var checks: [String]?
        var lengths = ["push": 350, "pop": 350, "present": 400, "dismiss": 400]
        // The setup's lines, and those of the files it sources, in order.
        func read(_ file: String) throws {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let here = (file as NSString).deletingLastPathComponent
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = Self.words(String(raw))
                guard let first = words.first else { continue }
                switch first {
                case "source" where words.count == 2:
                    try read(words[1].hasPrefix("/") ? words[1] : "\(here)/\(words[1])")
                case "explore": actions += words.dropFirst()
                case "invariant":
                    invariants.append(String(raw.drop { $0 == " " }.dropFirst("invariant".count).drop { $0 == " " }))
                case "check": checks = Array(words.dropFirst()).filter { $0 != "none" }
                case "set" where words.count == 4 && words[1] == "duration":
                    lengths[words[2]] = Self.milliseconds(words[3])
                default: break
                }
            }
        }
        try read(path)
        self.actions = actions
        var properties: [(Int, String, String?)] = []
        let lines = [
            "", "expect responsive", "expect bar intact", "expect gates held", "expect confirmations held",
        ]
        for (rank, name) in Self.builtins.enumerated() where checks?.contains(name) ?? true {
            properties.append((rank, lines[rank], name == "bar" ? "expect idle" : nil))
        }
        for (i, invariant) in invariants.enumerated() {
            properties.append((Self.builtins.count + i, "expect \(invariant)", nil))
        }
        self.properties = properties
        durations = Self.startDurations(of: actions, lengths: lengths)
    }

    // MARK: - The durations, from behaviour.md

    /// What each listed action can start, read from its words (behaviour.md
    /// sections 3 to 9, language.md's commands): an animated push, pop,
    /// presentation or dismissal takes its kind's duration; a back, swipe,
    /// tab re-tap or confirmed `tap OK` pops; a release lets a held pop go
    /// from a listed drag's percentage; drags, `instant` calls and the rest
    /// start nothing timed.
    static func startDurations(of actions: [String], lengths: [String: Int]) -> [Int] {
        let push = lengths["push"]!
        let pop = lengths["pop"]!
        var percents: [Int] = []
        for action in actions {
            let w = words(action)
            if w.first == "drag", let last = w.last, last.hasSuffix("%") { percents.append(Int(last.dropLast())!) }
        }
        var set = Set<Int>()
        for action in actions {
            let w = words(action)
            let instant = w.last == "instant"
            switch w.first ?? "" {
            case "push": if !instant { set.insert(push) }
            case "pop", "poproot", "popto": if !instant { set.insert(pop) }
            case "setstack": if !instant { set.formUnion([push, pop]) }
            case "back", "backmenu", "swipe", "tab": set.insert(pop)
            case "tap": if w.count > 1, w[1] == "OK" { set.insert(pop) }
            case "present": if !instant { set.insert(lengths["present"]!) }
            case "dismiss": if !instant { set.insert(lengths["dismiss"]!) }
            case "release": for p in percents { set.insert(p <= 50 ? p * pop / 100 : (100 - p) * pop / 100) }
            default: break
            }
        }
        return set.filter { $0 > 0 }.sorted()
    }

    // MARK: - The search

    /// Every sequence of steps up to `depth`, shortest first and, among
    /// equal lengths, in the explore list's order with the wait last; for
    /// each property broken, the first sequence that breaks it. With `all`
    /// false it stops at the first length that breaks anything.
    mutating func search(depth: Int, all: Bool) -> [Finding] {
        var found: [Int: Finding] = [:]
        var order = 0
        let start = run([])
        for (rank, _) in start?.broken ?? [] where found[rank] == nil {
            found[rank] = Finding(rank: rank, lines: [], order: 0)
        }
        var alive: [[Int]] = [[]]
        var length = 0
        while length < depth, !alive.isEmpty, all ? found.count < properties.count : found.isEmpty {
            length += 1
            var next: [[Int]] = []
            for prefix in alive {
                for step in 0...actions.count {
                    let sequence = prefix + [step]
                    guard let outcome = run(sequence) else { continue }
                    next.append(sequence)
                    order += 1
                    for (rank, _) in outcome.broken where found[rank] == nil {
                        found[rank] = Finding(rank: rank, lines: outcome.lines, order: order)
                    }
                }
            }
            alive = next
        }
        return found.values.sorted { $0.rank < $1.rank }
    }

    /// The first finding as `navsh explore` without `--all` reports it: the
    /// shortest, first in order, and of its properties the first in rank.
    static func first(of findings: [Finding]) -> Finding? {
        findings.min { ($0.order, $0.rank) < ($1.order, $1.rank) }
    }

    /// Runs `sequence` (indices into `actions`, `actions.count` the wait)
    /// after the setup, as one script in a fresh session: nil when it is no
    /// sequence (a step refused, a wait with nothing to end); else its step
    /// lines and the properties its last step broke.
    mutating func run(_ sequence: [Int]) -> (lines: [String], broken: [(Int, String)])? {
        runs += 1
        let sink = Sink()
        let session = Session(options: SessionOptions(), output: sink, loader: DiskLoader())
        var number = 0
        func feed(_ line: String) -> Bool {
            number += 1
            return session.feed(line, file: "reference.nav", line: number, directory: directory) == .ok
        }
        guard feed("source \(Self.quoted(path))"), feed("set clock virtual") else { return nil }
        var lines: [String] = []
        var raised = false
        for (i, step) in sequence.enumerated() {
            let last = i == sequence.count - 1
            let before = last || step == actions.count ? jobs(session, sink) : []
            if step == actions.count {
                guard let wait = criticalWait(before) else { return nil }
                lines.append("wait \(wait)ms")
                guard feed(lines.last!) else { return nil }
            } else {
                lines.append("\(actions[step]) &")
                let diagnostics = sink.diagnostics.count
                if !feed(lines.last!) {
                    // A UIKit exception is a step; a refused command is none.
                    guard sink.diagnostics[diagnostics...].contains(where: { $0.contains("error: UIKit raised") })
                    else { return nil }
                    raised = last
                }
                if last { noteLengths(started: jobs(session, sink), over: before, lines: lines) }
            }
        }
        var broken: [(Int, String)] = []
        for (rank, failing, unless) in properties {
            if rank == 0 {
                if raised { broken.append((rank, "exceptions")) }
                continue
            }
            if !feed(failing), unless.map({ feed($0) }) ?? true { broken.append((rank, failing)) }
        }
        return (lines, broken)
    }

    /// The wait's length (explorer.md section 3): to the earliest deadline,
    /// or earlier to a deadline less a duration an action can start; nil
    /// when nothing the clock can end is in flight.
    func criticalWait(_ left: [Int]) -> Int? {
        guard let earliest = left.min() else { return nil }
        var wait = earliest
        for end in left {
            for d in durations where end - d > 0 { wait = min(wait, end - d) }
        }
        return wait
    }

    /// The time left of each transition the clock can end, from `jobs`.
    func jobs(_ session: Session, _ sink: Sink) -> [Int] {
        let start = sink.lines.count
        _ = session.feed("jobs", file: "reference.nav", line: 0, directory: directory)
        return sink.lines[start...].compactMap { line in
            guard line.hasSuffix("ms left"), let colon = line.lastIndex(of: ":") else { return nil }
            return Int(line[line.index(colon, offsetBy: 2)...].dropLast("ms left".count))
        }
    }

    /// Records a length that appeared in `jobs` with the step and that the table lacks.
    mutating func noteLengths(started after: [Int], over before: [Int], lines: [String]) {
        var old = before
        for left in after {
            if let i = old.firstIndex(of: left) {
                old.remove(at: i)
            } else if !durations.contains(left) {
                unexpectedLengths.append((lines, left))
            }
        }
    }

    // MARK: - Words

    /// A line's words, quotes removed (language.md's lexical rules, enough for setups).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\\", let n = chars.next() {
                    word.append(n)
                } else if c == "\"" {
                    quoted = false
                } else {
                    word.append(c)
                }
            } else if c == "\"" {
                quoted = true
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if c == "#", !inWord {
                break
            } else {
                word.append(c)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func milliseconds(_ text: String) -> Int {
        if text.hasSuffix("ms") { return Int(text.dropLast(2)) ?? 0 }
        if text.hasSuffix("s") { return Int(((Double(text.dropLast()) ?? 0) * 1000).rounded()) }
        return 0
    }

    final class Sink: OutputSink {
        var lines: [String] = []
        var diagnostics: [String] = []
        func line(_ text: String) { lines.append(text) }
        func diagnostic(_ text: String) { diagnostics.append(text) }
    }
}

/// Reads the files a script sources from disk.
struct DiskLoader: ScriptLoader {
    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        let full = path.hasPrefix("/") || directory == nil ? path : "\(directory!)/\(path)"
        guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
            return .failure(LoadFailure(path: path, reason: "No such file or directory"))
        }
        let directory = (full as NSString).deletingLastPathComponent
        return .success(
            LoadedScript(displayName: full, identity: full, directory: directory.isEmpty ? "." : directory, text: text))
    }
}
