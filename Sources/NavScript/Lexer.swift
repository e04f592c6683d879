/// One word of a command, with the column it starts at.
public struct Token: Hashable, Sendable {
    public var text: String
    public var quoted: Bool
    public var column: Int
}

/// One command's words and whether it ends in `&`.
public struct RawCommand: Hashable, Sendable {
    public var tokens: [Token]
    public var background: Bool
    public var column: Int
    /// The command's text as typed, without `;`, `&` or the blanks around it.
    public var source: String
}

/// Splits a line into commands and words: blanks separate words, `"..."` is one
/// word, `#` at the start of a word starts a comment, `;` and `&` end a command.
/// One command of a line as the lexer found it: its words are
/// `tokens[tokenRange]` in the buffer the lexer filled.
struct LexedCommand {
    var tokenRange: Range<Int>
    var background: Bool
    var column: Int
    var source: String
}

public enum Lexer {
    public static func split(_ line: String) throws(ParseError) -> [RawCommand] {
        var tokens = ReusableBuffer<Token>()
        var commands = ReusableBuffer<LexedCommand>()
        try scan(line, tokens: &tokens, commands: &commands)
        return commands.elements.map {
            RawCommand(
                tokens: Array(tokens[$0.tokenRange]), background: $0.background, column: $0.column, source: $0.source)
        }
    }

    /// Splits `line` into `tokens` and `commands`, which are reset first and
    /// keep their capacity: a caller that reuses them allocates nothing per line.
    static func scan(
        _ line: String, tokens: inout ReusableBuffer<Token>,
        commands: inout ReusableBuffer<LexedCommand>
    ) throws(ParseError) {
        tokens.reset()
        commands.reset()
        // The line's own bytes, borrowed (native and small strings are contiguous);
        // a bridged or foreign string is copied once.
        let done: Result<Void, ParseError>? = line.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(ParseError) in try split(bytes, line: line, tokens: &tokens, commands: &commands) }
        }
        if let done { return try done.get() }
        let copy = Array(line.utf8)
        try copy.withUnsafeBufferPointer { bytes throws(ParseError) in
            try split(bytes, line: line, tokens: &tokens, commands: &commands)
        }
    }

    /// Splits the UTF-8 bytes of `line`. Words without quotes are taken straight
    /// from the bytes; only a quoted word (which may hold escapes) is built up.
    private static func split(
        _ all: UnsafeBufferPointer<UInt8>, line: String,
        tokens: inout ReusableBuffer<Token>,
        commands: inout ReusableBuffer<LexedCommand>
    ) throws(ParseError) {
        var firstToken = 0
        var word: [UInt8] = []
        var wordColumn = 0
        var wordStart = 0
        var commandStart = -1
        var lastWordEnd = 0
        var inWord = false
        var quoted = false
        // CRLF files
        let count = all.count > 0 && all[all.count - 1] == 13 ? all.count - 1 : all.count
        let bytes = UnsafeBufferPointer(rebasing: all[0..<count])
        var i = 0
        var column = 1

        func finishWord() {
            if inWord {
                let text =
                    quoted
                    ? String(decoding: word, as: UTF8.self)
                    : String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<i]), as: UTF8.self)
                tokens.append(Token(text: text, quoted: quoted, column: wordColumn))
                if commandStart < 0 { commandStart = wordStart }
                lastWordEnd = i
            }
            if quoted { word.removeAll(keepingCapacity: true) }
            inWord = false
            quoted = false
        }

        func finishCommand(background: Bool, at column: Int, separator: LexError.Separator) throws(ParseError) {
            finishWord()
            if tokens.count == firstToken {
                throw ParseError(column: column, .straySeparator(separator))
            }
            commands.append(
                LexedCommand(
                    tokenRange: firstToken..<tokens.count, background: background,
                    column: tokens[firstToken].column, source: text(commandStart, lastWordEnd)))
            firstToken = tokens.count
            commandStart = -1
        }

        func text(_ from: Int, _ to: Int) -> String {
            guard from >= 0, from <= to, to <= bytes.count else { return "" }
            // The usual line is one command with nothing around it: share its storage.
            if from == 0, to == all.count { return line }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        }

        while i < bytes.count {
            let b = bytes[i]
            if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBD {
                throw ParseError(column: column, .invalidUTF8)
            }
            if b == 0 { throw ParseError(column: column, .nulByte) }
            if b < 32 && b != 9 || b == 127 {
                throw ParseError(column: column, .controlCharacter(b))
            }
            if b == 34 { // "
                let start = column
                if !inWord {
                    inWord = true
                    wordColumn = column
                    wordStart = i
                } else if !quoted {
                    // The bare part before the quote (`ab"c"`) joins the quoted word.
                    word.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[wordStart..<i]))
                }
                quoted = true
                i += 1
                column += 1
                var closed = false
                while i < bytes.count {
                    let c = bytes[i]
                    if c == 92, i + 1 < bytes.count, bytes[i + 1] == 34 || bytes[i + 1] == 92 {
                        word.append(bytes[i + 1])
                        i += 2
                        column += 2
                        continue
                    }
                    if c == 34 {
                        closed = true
                        i += 1
                        column += 1
                        break
                    }
                    if c == 0 { throw ParseError(column: column, .nulByte) }
                    if c < 32 && c != 9 || c == 127 {
                        throw ParseError(column: column, .controlCharacter(c))
                    }
                    word.append(c)
                    i += 1
                    if c & 0xC0 != 0x80 { column += 1 }
                }
                if !closed { throw ParseError(column: start, .unterminatedQuote) }
                continue
            }
            if b == 32 || b == 9 {
                finishWord()
            } else if b == 59 { // ;
                try finishCommand(background: false, at: column, separator: .semicolon)
            } else if b == 38 { // &
                try finishCommand(background: true, at: column, separator: .ampersand)
                // allow "cmd & ;" and "cmd &" at the end
                var j = i + 1
                var col = column + 1
                while j < bytes.count, bytes[j] == 32 || bytes[j] == 9 {
                    j += 1
                    col += 1
                }
                if j < bytes.count, bytes[j] == 59 {
                    i = j
                    column = col
                }
            } else if b == 35, !inWord { // # starts a comment
                break
            } else {
                if !inWord {
                    inWord = true
                    wordColumn = column
                    wordStart = i
                }
                if quoted { word.append(b) }
            }
            i += 1
            if b & 0xC0 != 0x80 { column += 1 }
        }
        finishWord()
        if tokens.count > firstToken {
            commands.append(
                LexedCommand(
                    tokenRange: firstToken..<tokens.count, background: false,
                    column: tokens[firstToken].column, source: text(commandStart, lastWordEnd)))
        }
    }
}
