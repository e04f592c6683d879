import NavScript
import Testing

/// language.md section 2: how a line splits into commands and words.
@Suite("Lexer")
struct LexerTests {
    func words(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [[String]] {
        do {
            return try Lexer.split(line).map { $0.tokens.map(\.text) }
        } catch {
            Issue.record("lexer error: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    @Test(
        "blanks separate words; ; separates commands",
        arguments: [
            ("push A", [["push", "A"]]),
            ("  push\tA  ", [["push", "A"]]),
            ("push A; pop", [["push", "A"], ["pop"]]),
            ("push A;pop;pop", [["push", "A"], ["pop"], ["pop"]]),
            ("", []),
            ("   ", []),
            ("push A;", [["push", "A"]]),
        ])
    func splitting(line: String, expected: [[String]]) {
        #expect(words(line) == expected)
    }

    @Test(
        "# starts a comment only at the start of a word",
        arguments: [
            ("# a comment", []),
            ("#!/usr/bin/env navsh", []),
            ("push A # push B", [["push", "A"]]),
            ("push A #push B", [["push", "A"]]),
            ("push Login#2", [["push", "Login#2"]]),
            ("popto Login#2 # back", [["popto", "Login#2"]]),
            ("expect log \"#1\"", [["expect", "log", "#1"]]),
        ])
    func comments(line: String, expected: [[String]]) {
        #expect(words(line) == expected)
    }

    @Test(
        "text in double quotes is one word; \\\" and \\\\ escape inside it",
        arguments: [
            (#"screen E confirm "Discard changes?""#, ["screen", "E", "confirm", "Discard changes?"]),
            (#"expect log "say \"hi\"""#, ["expect", "log", #"say "hi""#]),
            (#"expect log "a\\b""#, ["expect", "log", #"a\b"#]),
            (#"expect log "a;b & c # d""#, ["expect", "log", "a;b & c # d"]),
            (#"expect log """#, ["expect", "log", ""]),
        ])
    func quotes(line: String, expected: [String]) throws {
        let commands = try Lexer.split(line)
        #expect(commands.count == 1)
        #expect(commands.first?.tokens.map(\.text) == expected)
        #expect(commands.first?.tokens.last?.quoted == true)
    }

    @Test("& ends a command and puts it in the background")
    func background() throws {
        let commands = try Lexer.split("push B & swipe")
        #expect(commands.map(\.background) == [true, false])
        #expect(commands.map { $0.tokens.map(\.text) } == [["push", "B"], ["swipe"]])
        #expect(try Lexer.split("dismiss &").map(\.background) == [true])
        #expect(try Lexer.split("dismiss & ; present X").map(\.background) == [true, false])
    }

    @Test("each word knows its column, counted in characters")
    func columns() throws {
        let commands = try Lexer.split("push A;  pop instant")
        #expect(commands.map { $0.tokens.map(\.column) } == [[1, 6], [10, 14]])
        #expect(commands.map(\.column) == [1, 10])
        let quoted = try Lexer.split(#"expect log "é" X"#)
        #expect(quoted.first?.tokens.map(\.column) == [1, 8, 12, 16])
    }

    @Test("a CR at the end of the line (a CRLF file) is dropped")
    func crlf() {
        #expect(words("push A\r") == [["push", "A"]])
    }
}
