// What a fuzzed session reads and writes: files to `source` held in memory,
// and writes and recordings that go nowhere (see Harness.swift).

import NavScript

/// `source` reads from memory: a few fixed scripts, a cycle, and the input itself.
/// Files written and recordings taken in memory; an absolute or empty path is refused.
final class NavFuzzHost: SessionHost {
    let output: OutputSink
    let loader: ScriptLoader
    var recorded = 0

    init(output: OutputSink, loader: ScriptLoader) {
        self.output = output
        self.loader = loader
    }

    func writeFile(_ path: String, _ contents: String) -> SessionError? {
        path.hasPrefix("/") || path.isEmpty ? .cannotWrite(path: path, reason: "Permission denied") : nil
    }

    func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        if path.hasPrefix("/") || path.isEmpty {
            return .failure(.session(.cannotRecord(path: path, reason: "Permission denied")))
        }
        return .success(RecordingID(1))
    }

    func record(_ line: String, to recording: RecordingID) { recorded += 1 }
}

struct NavFuzzLoader: ScriptLoader {
    var selfText: String

    static let files: [String: String] = [
        "a.nav": "push A\npush B\nexpect stack A B",
        "b.nav": "source a.nav; pop\n",
        "cycle.nav": "push C\nsource cycle.nav\n",
        "ping.nav": "source pong.nav",
        "pong.nav": "source ping.nav",
        "bad.nav": "pusj X\nexpect error\n\"open",
        "cont.nav": "push D \\",
        "gate.nav": "use GateNavigationController\npush W\npush R\npush H gate\n",
        "alert.nav": "screen E custom-back \"Sure?\"\npush H\npush E\nback\n",
    ]

    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        if path == "fuzz.nav" {
            return .success(LoadedScript(displayName: "fuzz.nav", identity: "fuzz.nav", directory: nil, text: selfText))
        }
        if path == "unreadable.nav" { return .failure(LoadFailure(path: path, reason: "Permission denied")) }
        guard let text = NavFuzzLoader.files[path] else {
            return .failure(LoadFailure(path: path, reason: "No such file or directory"))
        }
        return .success(LoadedScript(displayName: "lib/\(path)", identity: path, directory: "lib", text: text))
    }
}
