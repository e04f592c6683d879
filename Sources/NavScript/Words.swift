import NavigationEngine

/// A cursor over a command's words, with the checks every argument needs.
struct Words {
    var tokens: ArraySlice<Token>
    /// The next word's position in `tokens`.
    var index: Int

    init(tokens: ArraySlice<Token>) {
        self.tokens = tokens
        self.index = tokens.startIndex
    }

    init(tokens: [Token]) {
        self.init(tokens: tokens[...])
    }

    /// Column just past the last word, for "missing" errors.
    var endColumn: Int {
        guard let last = tokens.last else { return 1 }
        return last.column + last.text.count + (last.quoted ? 2 : 0)
    }

    var peek: Token? { index < tokens.endIndex ? tokens[index] : nil }
    var command: String { tokens.first?.text ?? "" }

    mutating func skip() { index += 1 }

    mutating func next(_ what: String) throws(ParseError) -> Token {
        guard let token = peek else { throw missing(what) }
        index += 1
        return token
    }

    func missing(_ what: String) -> ParseError {
        ParseError(column: endColumn, "'\(command)' needs \(what)")
    }

    /// Takes the next word if it is exactly `word` (unquoted).
    mutating func accept(_ word: String) -> Bool {
        guard let token = peek, !token.quoted, token.text == word else { return false }
        index += 1
        return true
    }

    mutating func keyword(_ allowed: [String]) throws(ParseError) -> String {
        let token = try next("one of: \(allowed.joined(separator: ", "))")
        guard !token.quoted, allowed.contains(token.text) else {
            throw ParseError(column: token.column, "'\(command)' does not take '\(clip(token.text))' here (expected \(allowed.joined(separator: ", ")))\(didYouMean(token.text, allowed))")
        }
        return token.text
    }

    mutating func className() throws(ParseError) -> String {
        let token = try next("a screen class name")
        guard isIdentifier(token.text), !token.quoted else {
            if token.text.contains("#") {
                throw ParseError(column: token.column, "'\(command)' creates a new screen: give a class name, not the instance '\(clip(token.text))'")
            }
            throw ParseError(column: token.column, "'\(clip(token.text))' is not a valid class name (letters, digits and _, not starting with a digit)")
        }
        return token.text
    }

    /// `Login` or `Login#2`.
    mutating func ref() throws(ParseError) -> ScreenRef {
        let token = try next("a screen (NAME or NAME#N)")
        let utf8 = token.text.utf8
        guard let hash = identifierPrefix(token.text) else {
            // The usual case, `Login`: the word is the name, with no copy.
            guard !token.quoted else {
                throw ParseError(column: token.column, "'\(clip(token.text))' is not a valid screen reference (NAME or NAME#N)")
            }
            return ScreenRef(className: token.text)
        }
        let name = String(token.text[..<hash])
        guard isIdentifier(name), !token.quoted else {
            throw ParseError(column: token.column, "'\(clip(token.text))' is not a valid screen reference (NAME or NAME#N)")
        }
        let digits = token.text[utf8.index(after: hash)...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw ParseError(column: token.column + name.count + 1, "invalid instance number '\(digits)' in '\(clip(token.text))' (a whole number from 1)")
        }
        guard digits.count <= 9, let n = Int(digits) else {
            throw ParseError(column: token.column + name.count + 1, "instance number '\(clip(String(digits)))' is too large")
        }
        guard n >= 1 else {
            throw ParseError(column: token.column + name.count + 1, "instance numbers start at 1: '\(clip(token.text))' names no instance (\(name)#1 is the one shown as \(name))")
        }
        return ScreenRef(className: name, ordinal: n)
    }

    /// `350ms`, `0.35s`, `2s`: whole milliseconds, never negative.
    mutating func duration() throws(ParseError) -> Int {
        let token = try next("a duration, as in 350ms or 0.35s")
        guard let ms = parseDuration(token.text) else {
            if token.text.hasPrefix("-") {
                throw ParseError(column: token.column, "invalid duration '\(clip(token.text))': durations are never negative")
            }
            throw ParseError(column: token.column, "invalid duration '\(clip(token.text))' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)")
        }
        return ms
    }

    mutating func percent() throws(ParseError) -> Int {
        let token = try next("a percentage from 0% to 100%")
        let text = token.text
        guard text.hasSuffix("%"), let n = Int(text.dropLast()), (0...100).contains(n),
              text.dropLast().utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw ParseError(column: token.column, "invalid percentage '\(clip(text))' (a whole number from 0% to 100%)")
        }
        return n
    }

    /// A quoted text (or a bare single word).
    mutating func text(_ what: String) throws(ParseError) -> String {
        try next(what).text
    }

    mutating func quotedText(_ what: String) throws(ParseError) -> String {
        let token = try next(what)
        guard token.quoted else {
            throw ParseError(column: token.column, "expected \(what), found '\(clip(token.text))'")
        }
        return token.text
    }

    func expectEnd() throws(ParseError) {
        if let token = peek {
            throw ParseError(column: token.column, "unexpected '\(clip(token.text))' after '\(command)'\(usageHint)")
        }
    }

    var usageHint: String {
        CommandCatalog.help(for: command).map { " (usage: \($0.usage))" } ?? ""
    }
}

/// Milliseconds in `350ms`, `0.35s` or `2s`; nil if malformed, negative, fractional or too large.
func parseDuration(_ text: String) -> Int? {
    let limit = 1_000_000_000
    let isMilliseconds = text.hasSuffix("ms")
    guard isMilliseconds || text.hasSuffix("s") else { return nil }
    let number = Array(text.utf8.dropLast(isMilliseconds ? 2 : 1))
    let parts = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.count <= 10,
          whole.allSatisfy({ (48...57).contains($0) }) else { return nil }
    var fraction: ArraySlice<UInt8> = []
    if parts.count == 2 {
        fraction = parts[1]
        guard !fraction.isEmpty, fraction.allSatisfy({ (48...57).contains($0) }) else { return nil }
    }
    let wholeValue = whole.reduce(0) { $0 * 10 + Int($1 - 48) }
    let scale = isMilliseconds ? 1 : 1000
    // the digits past a millisecond must all be zero
    let kept = isMilliseconds ? 0 : 3
    guard fraction.dropFirst(kept).allSatisfy({ $0 == 48 }) else { return nil }
    var fractionValue = 0
    for i in 0..<kept {
        let digit = i < fraction.count ? Int(fraction[fraction.startIndex + i] - 48) : 0
        fractionValue = fractionValue * 10 + digit
    }
    let ms = wholeValue * scale + fractionValue
    return ms <= limit ? ms : nil
}

/// One pass over a screen reference's bytes: nil when the whole word is an
/// identifier (no `#`); otherwise the index of its first `#` (what precedes it
/// is checked by the caller) or of its first byte when it is not an identifier
/// at all, so the caller's checks report it.
func identifierPrefix(_ text: String) -> String.Index? {
    var text = text
    let end: Int? = text.withUTF8 { bytes in
        guard let first = bytes.first, !(48...57).contains(first) else { return 0 }
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "#") { return i }
            if !((65...90).contains(b) || (97...122).contains(b) || (48...57).contains(b) || b == 95) {
                // Not an identifier: leave the reporting to the slower path (from '#' on, or here).
                return bytes[i...].firstIndex(of: UInt8(ascii: "#")) ?? 0
            }
        }
        return nil
    }
    guard let end else { return nil }
    return text.utf8.index(text.utf8.startIndex, offsetBy: end)
}
