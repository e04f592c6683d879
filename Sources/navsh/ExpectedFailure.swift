/// `# navsh-test: expect-fail` as a script's first line: `navsh test` passes
/// the script only when it fails, and only on its last line (a counterexample
/// kept as a finding: docs/explorer.md). Nothing else reads the pragma; run
/// plainly, the script fails as any other would.
enum ExpectedFailure {
    static let pragma = "# navsh-test: expect-fail"

    /// The number of the script's last line with a command, when its first line is the pragma.
    static func lastLine(of text: String) -> Int? {
        var number = 0
        var last = 0
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if first {
                guard trimmed.hasPrefix(pragma) else { return nil }
                first = false
                continue
            }
            if !trimmed.isEmpty, !trimmed.hasPrefix("#") { last = number }
        }
        return first || last == 0 ? nil : last
    }

    /// Whether the diagnostics of a run show a failure on `line` of `file` and nowhere else.
    static func failedOnlyOn(_ line: Int, of file: String, diagnostics: [String]) -> Bool {
        !diagnostics.isEmpty
            && diagnostics.allSatisfy {
                $0.hasPrefix("\(file):\(line):") && !$0.hasPrefix("\(file):\(line):0")
            }
    }
}
