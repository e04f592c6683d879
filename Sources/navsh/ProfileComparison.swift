import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navsh compare FILE`: the script once per profile, the two event streams
/// side by side (or as a unified diff), differing lines marked.
enum ProfileComparison {
    static func run(paths: [String], options: Options, writer: OutputWriter) -> Int32 {
        guard paths.count == 1, let path = paths.first else {
            writer.error("navsh: 'navsh compare' takes exactly one script\nTry 'navsh --help'.")
            return 2
        }
        guard Shell.checkScriptArgument(path) else { return 2 }
        // The two runs: the profiles, or (`--preemption`, behaviour.md 5b)
        // iOS 26 without and with pre-emption.
        let runs: [(label: String, profile: Profile, preemption: Bool)] =
            options.preemption
            ? [("ios26", .ios26, false), ("preemption", .ios26, true)]
            : [("ios26", .ios26, false), ("legacy", .legacy, false)]
        let (left, right) = (runs[0].label, runs[1].label)
        var streams: [[String]] = []
        var diagnostics: [String] = []
        for run in runs {
            let sink = CollectingSink()
            var sessionOptions = Shell.sessionOptions(options)
            sessionOptions.json = false
            sessionOptions.quiet = false
            sessionOptions.profile = run.profile
            sessionOptions.preemption = run.preemption
            let session = Session(options: sessionOptions, output: sink, loader: FileLoader())
            Shell.runFile(path, session: session)
            streams.append(sink.lines)
            diagnostics += sink.diagnostics.map { "\(run.label): \($0)" }
        }
        let rows = LineDiff.rows(streams[0], streams[1])
        if options.json {
            for row in rows {
                var object = "{\"op\":\"\(row.op.rawValue)\""
                if let line = row.left { object += ",\"\(left)\":" + EventRenderer.jsonString(line) }
                if let line = row.right { object += ",\"\(right)\":" + EventRenderer.jsonString(line) }
                writer.line(object + "}")
            }
        } else if options.unified {
            writer.line("--- \(left)")
            writer.line("+++ \(right)")
            for row in rows {
                switch row.op {
                case .same: writer.line(" \(row.left ?? "")")
                case .changed:
                    writer.line("-\(row.left ?? "")")
                    writer.line("+\(row.right ?? "")")
                case .removed: writer.line("-\(row.left ?? "")")
                case .added: writer.line("+\(row.right ?? "")")
                }
            }
        } else {
            let width = min(72, max(20, (rows.compactMap { $0.left?.count }.max() ?? 20)))
            writer.line(pad(left, width) + "   \(right)")
            writer.line(String(repeating: "-", count: width) + "   " + String(repeating: "-", count: width))
            for row in rows {
                let marker =
                    switch row.op {
                    case .same: " "
                    case .changed: "|"
                    case .removed: "<"
                    case .added: ">"
                    }
                writer.line(pad(clip(row.left ?? "", width), width) + " \(marker) " + (row.right ?? ""))
            }
        }
        let differing = rows.filter { $0.op != .same }.count
        if !options.json { writer.line("\(differing) line\(differing == 1 ? "" : "s") differ") }
        for diagnostic in diagnostics { writer.error(diagnostic) }
        return 0
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

/// Keeps every output line and diagnostic of a session.
final class CollectingSink: OutputSink {
    var lines: [String] = []
    var diagnostics: [String] = []
    func line(_ text: String) { lines.append(text) }
    func diagnostic(_ text: String) { diagnostics.append(text) }
}

/// A line diff by longest common subsequence.
enum LineDiff {
    enum Op: String { case same, changed, removed, added }

    struct Row {
        var op: Op
        var left: String?
        var right: String?
    }

    static func rows(_ a: [String], _ b: [String]) -> [Row] {
        let n = a.count
        let m = b.count
        guard n * m <= 16_000_000 else {
            // too large for the table: pair lines by position
            return (0..<max(n, m)).map { i in
                let l = i < n ? a[i] : nil
                let r = i < m ? b[i] : nil
                return Row(
                    op: l == r ? .same : (l == nil ? .added : (r == nil ? .removed : .changed)), left: l, right: r)
            }
        }
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] =
                    a[i] == b[j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var rows: [Row] = []
        var i = 0
        var j = 0
        var removed: [String] = []
        var added: [String] = []
        func flushChanges() {
            let paired = min(removed.count, added.count)
            for k in 0..<paired { rows.append(Row(op: .changed, left: removed[k], right: added[k])) }
            for k in paired..<removed.count { rows.append(Row(op: .removed, left: removed[k], right: nil)) }
            for k in paired..<added.count { rows.append(Row(op: .added, left: nil, right: added[k])) }
            removed = []
            added = []
        }
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                flushChanges()
                rows.append(Row(op: .same, left: a[i], right: b[j]))
                i += 1
                j += 1
            } else if j < m, i == n || table[i * (m + 1) + j + 1] >= table[(i + 1) * (m + 1) + j] {
                added.append(b[j])
                j += 1
            } else {
                removed.append(a[i])
                i += 1
            }
        }
        flushChanges()
        return rows
    }
}
