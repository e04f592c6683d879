import Foundation
import NavScript
import NavigationEngine
import Testing

/// Collects what a session prints: stdout lines and stderr diagnostics (the
/// one sink of these tests but DiagnosticTests', which refuses diagnostics
/// given as text).
final class CollectingSink: OutputSink {
    var lines: [String] = []
    var diagnostics: [String] = []

    func line(_ text: String) { lines.append(text) }
    func diagnostic(_ text: String) { diagnostics.append(text) }
}

/// Serves scripts from memory. A relative path is taken relative to the
/// including script's directory; the identity is the resolved path.
struct MemoryLoader: ScriptLoader {
    var files: [String: String]

    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        let full = path.hasPrefix("/") || directory == nil ? path : "\(directory!)/\(path)"
        guard let text = files[full] else {
            return .failure(LoadFailure(path: path, reason: "No such file or directory"))
        }
        let directory = full.lastIndex(of: "/").map { String(full[..<$0]) } ?? "."
        return .success(LoadedScript(displayName: full, identity: full, directory: directory, text: text))
    }
}

/// A session with an in-memory file system, run the way `navsh test` runs a file.
struct Harness {
    let sink = CollectingSink()
    let session: Session

    init(files: [String: String] = [:], profile: Profile = .ios26) {
        var options = SessionOptions()
        options.profile = profile
        session = Session(options: options, output: sink, loader: MemoryLoader(files: files))
    }

    /// Runs `text` as the script `file` (in directory `dir`).
    func run(_ text: String, file: String = "t.nav", dir: String = ".") {
        session.enterScript("\(dir)/\(file)")
        session.run(script: text, file: file, directory: dir)
        session.leaveScript("\(dir)/\(file)")
    }

    /// Runs `text` with the files it writes (`timeline FILE`) kept in memory, by path.
    func runKeepingFiles(_ text: String) -> [String: String] {
        nonisolated(unsafe) var files: [String: String] = [:]
        session.writeFile = { path, contents in
            files[path] = contents
            return nil
        }
        run(text)
        return files
    }

    var stack: [String] { session.state.stackText }
    var diagnostics: [String] { sink.diagnostics }
    var failures: Int { session.failureCount }
    /// The event texts printed, without their clock prefix.
    var events: [String] {
        sink.lines.compactMap { line in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            return String(line[line.index(close, offsetBy: 2)...])
        }
    }
}

/// Runs a script in a fresh session and checks it ends with exactly these
/// diagnostics (none by default) and failure count.
@discardableResult
func expectScript(
    _ text: String, diagnostics: [String] = [], failures: Int? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Harness {
    let harness = Harness()
    harness.run(text)
    #expect(harness.diagnostics == diagnostics, sourceLocation: sourceLocation)
    #expect(harness.failures == (failures ?? diagnostics.count), sourceLocation: sourceLocation)
    return harness
}

extension NavigationModel {
    /// The current stack as `stack` prints it (worded with the model's class names).
    var stackText: [String] { currentStack.map { names.text(of: $0) } }
}

/// The lessons (scripts/lessons/*.nav), by file name in order, with their text.
func lessonScripts() throws -> [(name: String, text: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = root.appendingPathComponent("scripts/lessons")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".nav") }
    return try names.sorted().map { name in
        (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
}
