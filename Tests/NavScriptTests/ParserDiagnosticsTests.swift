import NavScript
import NavigationEngine
import Testing

/// language.md sections 2 and 4: what the parser refuses, where, and how it says so.
@Suite("Parser diagnostics")
struct ParserDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var column: Int
        var message: String
        init(_ line: String, _ column: Int, _ message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
        var testDescription: String { line.debugDescription }
    }

    static let unknownAndArity: [Case] = [
        Case("pusj A", 1, "unknown command 'pusj' (did you mean 'push'?)"),
        Case("stck", 1, "unknown command 'stck' (did you mean 'stack'?)"),
        Case("pop; frobnicate", 6, "unknown command 'frobnicate'"),
        Case("push", 5, "'push' needs a screen (usage: push NAME [gate] [instant] | push NAME#N [instant])"),
        Case("push A B", 8, "unexpected 'B' after 'push' (usage: push NAME [gate] [instant] | push NAME#N [instant])"),
        Case("pop now", 5, "unexpected 'now' after 'pop' (usage: pop [instant])"),
        Case("tap", 4, "'tap' needs a button (OK or Cancel)"),
        Case("expect log", 11, "'expect' needs the text in quotes"),
        Case("setstack", 9, "'setstack' needs at least one screen (usage: setstack REF... [instant])"),
        Case("log ful", 5, "'log' does not take 'ful' here (expected brief, full, off, notes) (did you mean 'full'?)"),
        Case("gesture-delegate nnoe", 18, "'gesture-delegate' does not take 'nnoe' here (expected system, none, controller) (did you mean 'none'?)"),
        Case("help pusj", 6, "no help for 'pusj': not a command (did you mean 'push'?)"),
        Case("\"push\" A", 1, "expected a command, found the quoted text \"push\""),
        Case("use Foo", 5, "unknown controller class 'Foo'"),
        Case("use UISafeNavigationController fragile", 5, "'UISafeNavigationController' has no fragile version (only GateNavigationController and InteractivePopNavigationController do)"),
        Case("screen E confirm Discard", 18, "expected the confirmation text in quotes, as in confirm \"Discard changes?\", found 'Discard'"),
    ]

    static let values: [Case] = [
        Case("wait -1ms", 6, "invalid duration '-1ms': durations are never negative"),
        Case("wait 1e309ms", 6, "invalid duration '1e309ms' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)"),
        Case("wait 0.0005s", 6, "invalid duration '0.0005s' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)"),
        Case("wait abc", 6, "invalid duration 'abc' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)"),
        Case("set duration push -5s", 19, "invalid duration '-5s': durations are never negative"),
        Case("drag 101%", 6, "invalid percentage '101%' (a whole number from 0% to 100%)"),
        Case("drag -1%", 6, "invalid percentage '-1%' (a whole number from 0% to 100%)"),
        Case("drag 50", 6, "invalid percentage '50' (a whole number from 0% to 100%)"),
        Case("drag 4.5%", 6, "invalid percentage '4.5%' (a whole number from 0% to 100%)"),
        Case("push Login#0", 12, "instance numbers start at 1: 'Login#0' names no instance (Login#1 is the one shown as Login)"),
        Case("push Login#99999999999", 12, "instance number '99999999999' is too large"),
        Case("popto Login#x", 13, "invalid instance number 'x' in 'Login#x' (a whole number from 1)"),
        Case("push 9A", 6, "'9A' is not a valid screen reference (NAME or NAME#N)"),
        Case("root Login#2", 6, "'root' creates a new screen: give a class name, not the instance 'Login#2'"),
        Case("expect depth x", 14, "invalid depth 'x' (a whole number, 0 or more)"),
        Case("set speed 0", 11, "invalid speed '0' (a number from 0.01 to 100)"),
        Case("delegate 9", 10, "'9' is not a valid delegate name (letters, digits and _, not starting with a digit)"),
    ]

    static let lexical: [Case] = [
        Case("screen A confirm \"open", 18, "unterminated quote (a '\"' opened here is never closed)"),
        Case("push A & &", 10, "stray '&' with no command before it"),
        Case(";", 1, "stray ';' with no command before it"),
        Case("push A ;; pop", 9, "stray ';' with no command before it"),
        Case("& pop", 1, "stray '&' with no command before it"),
        Case("push A\u{01}", 7, "control character 0x01 in input"),
        Case("push A\u{1B}[1m", 7, "control character 0x1B in input"),
        Case("push A\u{7F}", 7, "control character 0x7F in input"),
        Case("push A\u{0}B", 7, "NUL byte in input"),
        Case("expect log \"a\u{0}\"", 14, "NUL byte in input"),
    ]

    func check(_ c: Case, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let parsed = try Parser.parse(line: c.line)
            Issue.record("parsed without error: \(parsed.map(\.source))", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message == c.message, sourceLocation: sourceLocation)
            #expect(error.column == c.column, sourceLocation: sourceLocation)
        }
    }

    @Test("unknown commands and wrong arguments", arguments: unknownAndArity)
    func unknownAndArityErrors(c: Case) { check(c) }

    @Test("bad durations, percentages, references and numbers", arguments: values)
    func valueErrors(c: Case) { check(c) }

    @Test("quotes, separators and control characters", arguments: lexical)
    func lexicalErrors(c: Case) { check(c) }

    @Test("valid durations are whole milliseconds", arguments: [
        ("wait 350ms", 350), ("wait 0.35s", 350), ("wait 2s", 2000), ("wait 0ms", 0),
        ("wait 0.001s", 1), ("wait 1000000000ms", 1_000_000_000), ("wait 1.5000s", 1500),
    ])
    func validDurations(line: String, ms: Int) throws {
        let parsed = try Parser.parse(line: line)
        #expect(parsed.map(\.command) == [.action(.wait(milliseconds: ms))])
    }

    @Test("durations beyond the limit are refused", arguments: ["wait 1000000001ms", "wait 1000001s"])
    func tooLong(line: String) {
        #expect(throws: ParseError.self) { try Parser.parse(line: line) }
    }

    @Test("percentages from 0% to 100% are accepted", arguments: [0, 1, 50, 99, 100])
    func validPercentages(percent: Int) throws {
        let parsed = try Parser.parse(line: "drag \(percent)%")
        #expect(parsed.map(\.command) == [.action(.drag(percent: percent))])
    }

    @Test("commands parse to the actions they name", arguments: [
        ("push Login gate instant", Command.action(.push(ScreenRef(className: "Login"), gate: true, animated: false))),
        ("push Login#2", .action(.push(ScreenRef(className: "Login", ordinal: 2), gate: false, animated: true))),
        ("popto Home instant", .action(.popTo(ScreenRef(className: "Home"), animated: false))),
        ("setstack A B#2 instant", .action(.setStack([ScreenRef(className: "A"), ScreenRef(className: "B", ordinal: 2)], animated: false))),
        ("swipe cancel", .action(.swipe(cancel: true))),
        ("present Sheet nav", .action(.present("Sheet", inNavigation: true, animated: true))),
        ("screen E confirm \"Discard?\" hides-back", .action(.screen("E", [.confirm("Discard?"), .hidesBack]))),
        ("screen C custom-back \"Leave?\"", .action(.screen("C", [.customBack(alert: "Leave?")]))),
        ("delegate none", .action(.delegate(nil))),
        ("delegate Spy", .action(.delegate(OutsideDelegate(name: "Spy", methods: [.willShow, .didShow])))),
        ("set duration pop 1s", .action(.setDuration(.pop, milliseconds: 1000))),
        ("set profile legacy", .action(.setProfile(.legacy))),
        ("expect stack Home Home#2", .expect(.stack(["Home", "Home#2"]))),
        ("expect sequence \"a\" \"b\"", .expect(.sequence(["a", "b"]))),
        ("expect no log \"x\"", .expect(.log("x", present: false))),
        ("expect error", .expect(.error)),
        ("wait", .action(.wait(milliseconds: nil))),
        ("undo", .undo),
        ("reset", .reset),
    ])
    func validCommands(line: String, command: Command) throws {
        let parsed = try Parser.parse(line: line)
        #expect(parsed.map(\.command) == [command])
    }

    @Test("a line with an error parses to nothing, even when its first command is fine")
    func firstErrorWins() {
        #expect(throws: ParseError(column: 9, "unknown command 'pusj' (did you mean 'push'?)")) {
            try Parser.parse(line: "push A; pusj B")
        }
    }
}
