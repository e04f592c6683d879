// The fuzz harness's output checks: every stdout line and every diagnostic a
// run produces is checked as it arrives (see Harness.swift).

import NavScript

/// Collects nothing but checks every line: JSON lines must be JSON, and
/// diagnostics must be located (in a script, and in a file sourced at the
/// prompt) or unlocated (a line typed at the prompt).
final class NavFuzzSink: OutputSink {
    let json: Bool
    let located: Bool
    var problems: [String] = []
    var errors = 0
    var lines = 0

    init(json: Bool, located: Bool) {
        self.json = json
        self.located = located
    }

    func line(_ text: String) {
        lines += 1
        if json, !JSONCheck.isObject(text) { note("stdout line is not a JSON object: \(text)") }
        if text.utf8.contains(10) { note("stdout line contains a newline: \(text)") }
    }

    func diagnostic(_ text: String) {
        note("diagnostic given as text, not as a value: \(text)")
    }

    func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        let text = diagnostic.text
        if text.utf8.contains(where: { $0 < 32 && $0 != 9 }) {
            note("diagnostic contains a control character: \(text)")
        }
        if let location = diagnostic.location {
            if location.file.isEmpty || location.line < 1 || location.column < 1 {
                note("diagnostic with an impossible location \(location): \(text)")
            }
            // At the prompt only lines of a sourced file are located.
            if !located, !location.file.hasPrefix("lib/") {
                note("prompt diagnostic located in \(location.file): \(text)")
            }
        } else if located, !isAboutTheCommandLine(diagnostic) {
            note("diagnostic without FILE:LINE[:COL]: \(text)")
        }
    }

    private func isAboutTheCommandLine(_ diagnostic: Diagnostic) -> Bool {
        if case .session(.unreadableInput) = diagnostic.problem { true } else { false }
    }

    private func note(_ problem: String) {
        if problems.count < 20 { problems.append(problem) }
    }
}
