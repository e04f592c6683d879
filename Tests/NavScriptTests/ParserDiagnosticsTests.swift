import NavScript
import NavigationEngine
import Testing

/// language.md sections 2 and 4: what the parser refuses, where, and how it says so.
@Suite("Parser diagnostics")
struct ParserDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var column: Int
        var problem: Problem
        init(_ line: String, _ column: Int, _ error: SyntaxError) {
            self.line = line
            self.column = column
            self.problem = .syntax(error)
        }
        init(_ line: String, _ column: Int, _ error: LexError) {
            self.line = line
            self.column = column
            self.problem = .lex(error)
        }
        var testDescription: String { line.debugDescription }
    }

    static let pushUsage = "push NAME [gate] [instant] | push NAME#N [instant]"

    static let unknownAndArity: [Case] = [
        Case("pusj A", 1, .unknownCommand("pusj")),
        Case("stck", 1, .unknownCommand("stck")),
        Case("pop; frobnicate", 6, .unknownCommand("frobnicate")),
        Case("push", 5, .missing(command: "push", .screenWithUsage)),
        Case("push;", 5, .missing(command: "push", .screenWithUsage)),
        Case("popto", 6, .missing(command: "popto", .screen)),
        Case("present", 8, .missing(command: "present", .classNameWithUsage)),
        Case("push A B", 8, .unexpectedWord("B", after: "push")),
        Case("pop now", 5, .unexpectedWord("now", after: "pop")),
        Case("tap", 4, .missing(command: "tap", .button)),
        Case("expect log", 11, .missing(command: "expect", .theText)),
        Case("setstack", 9, .missing(command: "setstack", .stackScreens)),
        Case(
            "log ful", 5, .keywordNotAllowed(command: "log", word: "ful", allowed: ["brief", "full", "off", "notes"])),
        Case(
            "gesture-delegate nnoe", 18,
            .keywordNotAllowed(command: "gesture-delegate", word: "nnoe", allowed: ["system", "none", "controller"])),
        Case("help pusj", 6, .noHelp("pusj")),
        Case("\"push\" A", 1, .quotedCommand("push")),
        Case("use Foo", 5, .unknownControllerClass("Foo")),
        Case("use UISafeNavigationController fragile", 5, .noFragileVersion("UISafeNavigationController")),
        Case("screen E confirm Discard", 18, .expectedQuoted(.confirmationText, found: "Discard")),
        Case("timeline out.txt", 10, .timelineFileType("out.txt")),
        Case("root Login#2", 6, .instanceForNewScreen(command: "root", word: "Login#2")),
        Case("tab 9", 5, .invalidClassName("9")),
    ]

    static let values: [Case] = [
        Case("wait -1ms", 6, .negativeDuration("-1ms")),
        Case("wait 1e309ms", 6, .invalidDuration("1e309ms")),
        Case("wait 0.0005s", 6, .invalidDuration("0.0005s")),
        Case("wait abc", 6, .invalidDuration("abc")),
        Case("set duration push -5s", 19, .negativeDuration("-5s")),
        Case("drag 101%", 6, .invalidPercentage("101%")),
        Case("drag -1%", 6, .invalidPercentage("-1%")),
        Case("drag 50", 6, .invalidPercentage("50")),
        Case("drag 4.5%", 6, .invalidPercentage("4.5%")),
        Case("push Login#0", 12, .instanceNumberZero(className: "Login", word: "Login#0")),
        Case("push Login#99999999999", 12, .instanceNumberTooLarge(digits: "99999999999")),
        Case("popto Login#x", 13, .invalidInstanceNumber(digits: "x", word: "Login#x")),
        Case("push 9A", 6, .invalidReference("9A")),
        Case("expect depth x", 14, .invalidDepth("x")),
        Case("expect depth -0", 14, .invalidDepth("-0")),
        Case("expect depth +3", 14, .invalidDepth("+3")),
        Case("set speed 0", 11, .invalidSpeed("0")),
        Case("set speed 0x1p3", 11, .invalidSpeed("0x1p3")),
        Case("delegate 9", 10, .invalidDelegateName("9")),
    ]

    static let lexical: [Case] = [
        Case("screen A confirm \"open", 18, .unterminatedQuote),
        Case("push A & &", 10, .straySeparator(.ampersand)),
        Case(";", 1, .straySeparator(.semicolon)),
        Case("push A ;; pop", 9, .straySeparator(.semicolon)),
        Case("& pop", 1, .straySeparator(.ampersand)),
        Case("push A\u{01}", 7, .controlCharacter(0x01)),
        Case("push A\u{1B}[1m", 7, .controlCharacter(0x1B)),
        Case("push A\u{7F}", 7, .controlCharacter(0x7F)),
        Case("push A\u{0}B", 7, .nulByte),
        Case("expect log \"a\u{0}\"", 14, .nulByte),
    ]

    func check(_ c: Case, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let parsed = try Parser.parse(line: c.line)
            Issue.record("parsed without error: \(parsed.map(\.source))", sourceLocation: sourceLocation)
        } catch {
            #expect(error.problem == c.problem, sourceLocation: sourceLocation)
            #expect(error.column == c.column, sourceLocation: sourceLocation)
        }
    }

    @Test("unknown commands and wrong arguments", arguments: unknownAndArity)
    func unknownAndArityErrors(c: Case) { check(c) }

    @Test("bad durations, percentages, references and numbers", arguments: values)
    func valueErrors(c: Case) { check(c) }

    @Test("quotes, separators and control characters", arguments: lexical)
    func lexicalErrors(c: Case) { check(c) }

    /// The words of each kind of problem (README.md, docs/ and the scenarios show them).
    @Test(
        "the wording of parse errors",
        arguments: [
            ("pusj A", "unknown command 'pusj' (did you mean 'push'?)"),
            ("pop; frobnicate", "unknown command 'frobnicate'"),
            ("push", "'push' needs a screen (usage: \(pushUsage))"),
            ("popto", "'popto' needs a screen (NAME or NAME#N)"),
            ("present", "'present' needs a screen class name (usage: present NAME [nav] [instant])"),
            ("push A B", "unexpected 'B' after 'push' (usage: \(pushUsage))"),
            ("setstack", "'setstack' needs at least one screen (usage: setstack REF... [instant])"),
            ("log ful", "'log' does not take 'ful' here (expected brief, full, off, notes) (did you mean 'full'?)"),
            ("help pusj", "no help for 'pusj': not a command (did you mean 'push'?)"),
            ("\"pu\\\"sh\" A", "expected a command, found the quoted text \"pu\\\"sh\""),
            ("use Gate", "unknown controller class 'Gate'"),
            (
                "use UISafeNavigationController fragile",
                "'UISafeNavigationController' has no fragile version (only GateNavigationController and InteractivePopNavigationController do)"
            ),
            (
                "screen E confirm Discard",
                "expected the confirmation text in quotes, as in confirm \"Discard changes?\", found 'Discard'"
            ),
            ("wait -1ms", "invalid duration '-1ms': durations are never negative"),
            ("wait abc", "invalid duration 'abc' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)"),
            ("drag 50", "invalid percentage '50' (a whole number from 0% to 100%)"),
            (
                "push Login#0",
                "instance numbers start at 1: 'Login#0' names no instance (Login#1 is the one shown as Login)"
            ),
            ("push Login#99999999999", "instance number '99999999999' is too large"),
            ("popto Login#x", "invalid instance number 'x' in 'Login#x' (a whole number from 1)"),
            ("push 9A", "'9A' is not a valid screen reference (NAME or NAME#N)"),
            ("root Login#2", "'root' creates a new screen: give a class name, not the instance 'Login#2'"),
            ("expect depth x", "invalid depth 'x' (a whole number, 0 or more)"),
            ("set speed 0", "invalid speed '0' (a number from 0.01 to 100)"),
            ("delegate 9", "'9' is not a valid delegate name (letters, digits and _, not starting with a digit)"),
            ("screen A confirm \"open", "unterminated quote (a '\"' opened here is never closed)"),
            ("push A & &", "stray '&' with no command before it"),
            ("push A\u{1B}[1m", "control character 0x1B in input"),
            ("push A\u{0}B", "NUL byte in input"),
        ])
    func wording(line: String, message: String) {
        do {
            let parsed = try Parser.parse(line: line)
            Issue.record("parsed without error: \(parsed.map(\.source))")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("a suggestion is part of the value, not only of the words")
    func suggestions() throws {
        let unknown = Diagnostic(
            .syntax(.unknownCommand("pusj")), at: SourceLocation(file: "a.nav", line: 3, column: 1))
        #expect(unknown.suggestion == "push")
        #expect(unknown.message == "unknown command 'pusj'")
        #expect(unknown.text == "a.nav:3:1: error: unknown command 'pusj' (did you mean 'push'?)")
        #expect(Diagnostic(.syntax(.unknownCommand("frobnicate")), at: nil).suggestion == nil)
        #expect(
            Diagnostic(
                .syntax(.keywordNotAllowed(command: "expect", word: "enabld", allowed: ["enabled", "disabled"])),
                at: nil
            ).suggestion == "enabled")
    }

    @Test(
        "valid durations are whole milliseconds",
        arguments: [
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

    @Test(
        "commands parse to the actions they name",
        arguments: [
            (
                "push Login gate instant",
                Command.action(.push(ScreenRef(className: "Login"), gate: true, animated: false))
            ),
            ("push Login#2", .action(.push(ScreenRef(className: "Login", ordinal: 2), gate: false, animated: true))),
            ("popto Home instant", .action(.popTo(ScreenRef(className: "Home"), animated: false))),
            (
                "setstack A B#2 instant",
                .action(.setStack([ScreenRef(className: "A"), ScreenRef(className: "B", ordinal: 2)], animated: false))
            ),
            ("swipe cancel", .action(.swipe(cancel: true))),
            ("present Sheet nav", .action(.present("Sheet", inNavigation: true, animated: true))),
            ("screen E confirm \"Discard?\" hides-back", .action(.screen("E", [.confirm("Discard?"), .hidesBack]))),
            ("screen C custom-back \"Leave?\"", .action(.screen("C", [.customBack(alert: "Leave?")]))),
            ("delegate none", .action(.delegate(nil))),
            ("delegate Spy", .action(.delegate(OutsideDelegate(name: "Spy", methods: [.willShow, .didShow])))),
            ("set duration pop 1s", .action(.setDuration(.pop, milliseconds: 1000))),
            ("set profile legacy", .action(.setProfile(.legacy))),
            ("set preemption on", .action(.setPreemption(true))),
            ("set preemption off", .action(.setPreemption(false))),
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
        #expect(throws: ParseError(column: 9, .unknownCommand("pusj"))) {
            try Parser.parse(line: "push A; pusj B")
        }
    }
}
