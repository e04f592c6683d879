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

    mutating func next(_ what: Needed) throws(ParseError) -> Token {
        guard let token = peek else { throw missing(what) }
        index += 1
        return token
    }

    func missing(_ what: Needed) -> ParseError {
        ParseError(column: endColumn, .missing(command: command, what))
    }

    /// Takes the next word if it is exactly `word` (unquoted).
    mutating func accept(_ word: String) -> Bool {
        guard let token = peek, !token.quoted, token.text == word else { return false }
        index += 1
        return true
    }

    mutating func keyword(_ allowed: [String]) throws(ParseError) -> String {
        let token = try next(.oneOf(allowed))
        guard !token.quoted, allowed.contains(token.text) else {
            throw ParseError(
                column: token.column, .keywordNotAllowed(command: command, word: token.text, allowed: allowed))
        }
        return token.text
    }

    mutating func className() throws(ParseError) -> String {
        let token = try next(.className)
        guard isIdentifier(token.text), !token.quoted else {
            if token.text.contains("#") {
                throw ParseError(column: token.column, .instanceForNewScreen(command: command, word: token.text))
            }
            throw ParseError(column: token.column, .invalidClassName(token.text))
        }
        return token.text
    }

    /// `Login` or `Login#2`.
    mutating func ref() throws(ParseError) -> ScreenRef {
        let token = try next(.screen)
        let utf8 = token.text.utf8
        guard let hash = identifierPrefix(token.text) else {
            // The usual case, `Login`: the word is the name, with no copy.
            guard !token.quoted else {
                throw ParseError(column: token.column, .invalidReference(token.text))
            }
            return ScreenRef(className: token.text)
        }
        let name = String(token.text[..<hash])
        guard isIdentifier(name), !token.quoted else {
            throw ParseError(column: token.column, .invalidReference(token.text))
        }
        let digits = token.text[utf8.index(after: hash)...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw ParseError(
                column: token.column + name.count + 1, .invalidInstanceNumber(digits: String(digits), word: token.text))
        }
        guard digits.count <= 9, let n = Int(digits) else {
            throw ParseError(column: token.column + name.count + 1, .instanceNumberTooLarge(digits: String(digits)))
        }
        guard n >= 1 else {
            throw ParseError(
                column: token.column + name.count + 1, .instanceNumberZero(className: name, word: token.text))
        }
        return ScreenRef(className: name, ordinal: n)
    }

    /// `350ms`, `0.35s`, `2s`: whole milliseconds, never negative.
    mutating func duration() throws(ParseError) -> Int {
        let token = try next(.duration)
        guard let ms = parseDuration(token.text) else {
            if token.text.hasPrefix("-") {
                throw ParseError(column: token.column, .negativeDuration(token.text))
            }
            throw ParseError(column: token.column, .invalidDuration(token.text))
        }
        return ms
    }

    mutating func percent() throws(ParseError) -> Int {
        let token = try next(.percentage)
        let text = token.text
        guard text.hasSuffix("%"), let n = Int(text.dropLast()), (0...100).contains(n),
            text.dropLast().utf8.allSatisfy({ (48...57).contains($0) })
        else {
            throw ParseError(column: token.column, .invalidPercentage(text))
        }
        return n
    }

    /// A quoted text (or a bare single word).
    mutating func text(_ what: Needed) throws(ParseError) -> String {
        try next(what).text
    }

    mutating func quotedText(_ what: Needed) throws(ParseError) -> String {
        let token = try next(what)
        guard token.quoted else {
            throw ParseError(column: token.column, .expectedQuoted(what, found: token.text))
        }
        return token.text
    }

    func expectEnd() throws(ParseError) {
        if let token = peek {
            throw ParseError(column: token.column, .unexpectedWord(token.text, after: command))
        }
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
        whole.allSatisfy({ (48...57).contains($0) })
    else { return nil }
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
