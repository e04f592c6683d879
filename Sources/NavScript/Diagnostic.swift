/// A place in the input: file, line and column, all 1-based.
public struct SourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A problem with the input itself, with where it is.
public struct ParseError: Error, Hashable, Sendable {
    public var column: Int
    public var message: String

    public init(column: Int, _ message: String) {
        self.column = column
        self.message = message
    }
}

/// Turns located problems into the one format navsh prints.
public enum Diagnostic {
    /// `FILE:LINE:COL: error: MESSAGE`, or `error: MESSAGE` at the prompt.
    public static func error(_ message: String, at location: SourceLocation?) -> String {
        guard let location else { return "error: \(message)" }
        return "\(location.file):\(location.line):\(location.column): error: \(message)"
    }

    /// `FILE:LINE: expectation failed: WHAT`.
    public static func expectationFailed(_ what: String, at location: SourceLocation?) -> String {
        guard let location else { return "expectation failed: \(what)" }
        return "\(location.file):\(location.line): expectation failed: \(what)"
    }
}

/// The closest word among `candidates`, when it is close enough to be a likely typo
/// (commands, keywords, and the executable's option names).
public func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(Array(word.utf8), Array(candidate.utf8))
        if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = word.utf8.count <= 3 ? 1 : (word.utf8.count <= 6 ? 2 : 3)
    return distance <= limit ? candidate : nil
}

func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// `did you mean 'X'?` appended when there is a likely X.
func didYouMean(_ word: String, _ candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// A word as a diagnostic quotes it: long ones are cut, so a 1 MB word gives a short message.
func clip(_ word: String, limit: Int = 60) -> String {
    guard word.utf8.count > limit else { return word }
    return String(word.prefix(limit)) + "…"
}
