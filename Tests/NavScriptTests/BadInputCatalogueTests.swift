import NavScript
import NavigationEngine
import Testing

// The catalogue of bad input (issue: "every bad input gets a clear error and
// changes nothing"). Each case runs a setup script, then one bad line as line 7
// of `cat.nav`, and checks that:
//   - exactly one diagnostic is printed, located `cat.nav:7:COL: error: ...`
//     (or, for errors inside a sourced file, `FILE:LINE:COL: error: ...`),
//     and it says what is wrong (a fragment of the message);
//   - the failure counts once;
//   - the session is exactly as it was: the engine value (`session.state`)
//     and the settings undo restores (log level, notes, clock mode, speed).

/// Files under /proc/ cannot be written or recorded to; others can (nothing is kept).
final class CatalogueHost: SessionHost {
    let output: OutputSink
    let loader: ScriptLoader = CatalogueLoader()

    init(output: OutputSink) { self.output = output }

    func writeFile(_ path: String, _ contents: String) -> SessionError? {
        path.hasPrefix("/proc/") ? .cannotWrite(path: path, reason: "No such file or directory") : nil
    }

    func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        path.hasPrefix("/proc/")
            ? .failure(.session(.cannotRecord(path: path, reason: "No such file or directory")))
            : .success(RecordingID(1))
    }
}

/// Scripts `source` can reach in the catalogue, with a cycle and an unreadable file.
struct CatalogueLoader: ScriptLoader {
    static let files: [String: String] = [
        "cat.nav": "push Self",
        "ping.nav": "source pong.nav",
        "pong.nav": "source ping.nav",
        "nested-bad.nav": "pusj X",
    ]

    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        if path == "locked.nav" { return .failure(LoadFailure(path: path, reason: "Permission denied")) }
        guard let text = CatalogueLoader.files[path] else {
            return .failure(LoadFailure(path: path, reason: "No such file or directory"))
        }
        return .success(LoadedScript(displayName: path, identity: path, directory: ".", text: text))
    }
}

/// Everything a bad line must leave as it was.
struct CatalogueSnapshot: Equatable {
    var model: NavigationModel
    var logLevel: LogLevel
    var showNotes: Bool
    var clockMode: ClockMode
    var speed: Double

    init(_ session: Session) {
        model = session.state
        logLevel = session.logLevel
        showNotes = session.showNotes
        clockMode = session.clockMode
        speed = session.speed
    }
}

/// One class of bad input.
struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var setup: String
    var line: String
    /// A fragment the message must contain (alternatives separated by `|`).
    var says: String
    /// The column the diagnostic must point at, when it is fixed.
    var column: Int?
    /// Where the diagnostic is located when not at `cat.nav:7` (an error inside a sourced file).
    var locatedIn: String?
    /// A known bug (reported, not yet fixed): the state check is expected to fail.
    var knownIssue: String?

    init(
        _ name: String, setup: String = "", _ line: String, says: String, column: Int? = nil,
        locatedIn: String? = nil, knownIssue: String? = nil
    ) {
        self.name = name
        self.setup = setup
        self.line = line
        self.says = says
        self.column = column
        self.locatedIn = locatedIn
        self.knownIssue = knownIssue
    }

    var testDescription: String { name }
}

/// A realistic state to start from: two stacks' worth of screens, a released one, an alert-free UI.
let catalogueSetup = """
    push Home
    push Login
    push Profile
    pop
    """

let megabyte = 1 << 20

let badInputs: [BadInput] = [
    // commands
    BadInput(
        "unknown command", setup: catalogueSetup, "pusj Login", says: "unknown command 'pusj' (did you mean 'push'?)",
        column: 1),
    BadInput(
        "unknown command after a good one", setup: catalogueSetup, "push A; poop", says: "unknown command 'poop'",
        column: 9),
    BadInput("a quoted command word", setup: catalogueSetup, "\"push\" A", says: "expected a command", column: 1),
    BadInput("uppercase keyword", setup: catalogueSetup, "Push A", says: "unknown command 'Push'", column: 1),
    // arity
    BadInput("missing argument", setup: catalogueSetup, "push", says: "'push' needs", column: 5),
    BadInput("missing argument of popto", setup: catalogueSetup, "popto", says: "'popto' needs"),
    BadInput("missing tabs", setup: catalogueSetup, "tabs", says: "'tabs' needs at least one tab"),
    BadInput("missing trait", setup: catalogueSetup, "screen Login", says: "'screen' needs a trait"),
    BadInput("extra argument", setup: catalogueSetup, "pop Login", says: "unexpected 'Login' after 'pop'", column: 5),
    BadInput(
        "extra argument after a keyword", setup: catalogueSetup, "push A instant now", says: "unexpected 'now'",
        column: 16),
    BadInput("extra argument of undo", setup: catalogueSetup, "undo 2", says: "unexpected '2'", column: 6),
    // durations
    BadInput("negative duration", setup: catalogueSetup, "wait -5ms", says: "never negative", column: 6),
    BadInput(
        "overflowing duration", setup: catalogueSetup, "wait 99999999999999999999ms", says: "invalid duration",
        column: 6),
    BadInput("1e309ms", setup: catalogueSetup, "wait 1e309ms", says: "invalid duration '1e309ms'", column: 6),
    BadInput(
        "duration past the limit", setup: catalogueSetup, "set duration push 1000000001ms", says: "invalid duration"),
    BadInput("a fraction of a millisecond", setup: catalogueSetup, "wait 0.5ms", says: "invalid duration"),
    BadInput("duration without a unit", setup: catalogueSetup, "wait 350", says: "invalid duration '350'"),
    BadInput("duration in minutes", setup: catalogueSetup, "wait 1min", says: "invalid duration"),
    BadInput("duration NaN", setup: catalogueSetup, "wait nans", says: "invalid duration"),
    // percentages
    BadInput("percentage above 100", setup: catalogueSetup, "drag 101%", says: "invalid percentage '101%'", column: 6),
    BadInput("negative percentage", setup: catalogueSetup, "drag -1%", says: "invalid percentage", column: 6),
    BadInput("percentage without %", setup: catalogueSetup, "drag 50", says: "invalid percentage"),
    BadInput("overflowing percentage", setup: catalogueSetup, "drag 99999999999999999999%", says: "invalid percentage"),
    BadInput("fractional percentage", setup: catalogueSetup, "drag 50.5%", says: "invalid percentage"),
    // references
    BadInput(
        "unknown reference", setup: catalogueSetup, "popto Nobody", says: "no instance of 'Nobody' was ever created"),
    BadInput(
        "released reference", setup: catalogueSetup, "popto Profile",
        says: "'Profile' has been released (deinit); it can no longer be used"),
    BadInput("released instance pushed again", setup: catalogueSetup, "push Profile#1", says: "has been released"),
    BadInput("#0", setup: catalogueSetup, "popto Home#0", says: "instance numbers start at 1", column: 12),
    BadInput("huge #N", setup: catalogueSetup, "popto Home#99999999999999999999", says: "too large", column: 12),
    BadInput(
        "#N never created", setup: catalogueSetup, "popto Home#7",
        says: "no instance 'Home#7': 1 Home instance was created"
    ),
    BadInput(
        "#N of a class never met", setup: catalogueSetup, "push Nope#2",
        says: "no instance 'Nope#2': no Nope was ever created"),
    BadInput("empty #", setup: catalogueSetup, "popto Home#", says: "invalid instance number"),
    BadInput("letters after #", setup: catalogueSetup, "popto Home#x", says: "invalid instance number"),
    BadInput("an instance where a class is wanted", setup: catalogueSetup, "root Home#2", says: "give a class name"),
    BadInput("a bad class name", setup: catalogueSetup, "push 9Lives", says: "not a valid screen reference", column: 6),
    BadInput("a quoted screen name", setup: catalogueSetup, "push \"Login\"", says: "not a valid screen reference"),
    // lexical
    BadInput(
        "open quote", setup: catalogueSetup, "screen Login confirm \"Discard", says: "unterminated quote", column: 22),
    BadInput("stray &", setup: catalogueSetup, "& push A", says: "stray '&'", column: 1),
    BadInput("stray ;", setup: catalogueSetup, "push A ;; pop", says: "stray ';'", column: 9),
    BadInput("leading ;", setup: catalogueSetup, "; pop", says: "stray ';'", column: 1),
    BadInput("control character", setup: catalogueSetup, "push A\u{01}", says: "control character 0x01", column: 7),
    BadInput("escape sequence", setup: catalogueSetup, "\u{1B}[A", says: "control character 0x1B", column: 1),
    BadInput(
        "carriage return inside a line", setup: catalogueSetup, "push A\rpop", says: "control character 0x0D", column: 7
    ),
    BadInput("DEL", setup: catalogueSetup, "pop\u{7F}", says: "control character 0x7F", column: 4),
    BadInput(
        "control character inside quotes", setup: catalogueSetup, "screen A confirm \"x\u{07}\"",
        says: "control character 0x07"),
    BadInput(
        "invalid UTF-8", setup: catalogueSetup, String(decoding: Array("push A".utf8) + [0xFF, 0xFE], as: UTF8.self),
        says: "invalid UTF-8", column: 7),
    BadInput(
        "truncated UTF-8 sequence", setup: catalogueSetup,
        String(decoding: Array("push ".utf8) + [0xE2, 0x82], as: UTF8.self), says: "invalid UTF-8", column: 6),
    BadInput("NUL byte", setup: catalogueSetup, "push A\u{0}B", says: "NUL byte", column: 7),
    BadInput("NUL byte in quotes", setup: catalogueSetup, "screen A confirm \"a\u{0}b\"", says: "NUL byte"),
    BadInput(
        "1 MB of one word", setup: catalogueSetup, String(repeating: "z", count: megabyte), says: "unknown command",
        column: 1),
    BadInput(
        "1 MB of extra words", setup: catalogueSetup, "pop" + String(repeating: " x", count: megabyte / 2),
        says: "unexpected 'x'", column: 5),
    BadInput(
        "1 MB open quote", setup: catalogueSetup, "screen A confirm \"" + String(repeating: "y", count: megabyte),
        says: "unterminated quote", column: 18),
    BadInput(
        "1 MB of commands with an error at the end", setup: catalogueSetup,
        String(repeating: "stack; ", count: megabyte / 7) + "pusj", says: "unknown command 'pusj'"),
    // the alert and fingers
    BadInput(
        "tap with no alert", setup: catalogueSetup, "tap OK", says: "no alert is on screen to tap 'OK'", column: 1),
    BadInput(
        "tap a button the alert lacks", setup: "screen Editor custom-back \"Leave?\"\npush Home\npush Editor\nback",
        "tap Maybe", says: "the alert has no button 'Maybe' (it has Cancel, OK)"),
    BadInput(
        "release with no swipe held", setup: catalogueSetup, "release",
        says: "no edge swipe is held (start one with 'drag PCT')"),
    BadInput(
        "tab with no tab bar", setup: catalogueSetup, "tab Home",
        says: "there is no tab bar (create one with 'tabs NAME...')"),
    BadInput("unknown tab", setup: "tabs Home Search", "tab Settings", says: "no tab 'Settings' (tabs: Home, Search)"),
    BadInput(
        "the top in the back menu", setup: "push A\npush B\npush C", "backmenu C",
        says: "'C' is not in the back menu (it offers B, A)"),
    BadInput(
        "back menu without the screen", setup: catalogueSetup + "\npush Editor", "backmenu Nobody", says: "Nobody"),
    // session commands
    BadInput("source cycle", setup: catalogueSetup, "source cat.nav", says: "source cycle", column: 1),
    BadInput(
        "source cycle through two files", setup: catalogueSetup, "source ping.nav", says: "source cycle",
        locatedIn: "pong.nav:1:1"),
    BadInput(
        "missing source file", setup: catalogueSetup, "source nowhere.nav", says: "cannot read 'nowhere.nav'", column: 1
    ),
    BadInput(
        "unreadable source file", setup: catalogueSetup, "source locked.nav", says: "Permission denied", column: 1),
    BadInput(
        "record to an unwritable path", setup: catalogueSetup, "record /proc/no/such/dir/x.nav", says: "cannot record",
        column: 1),
    BadInput("nothing to undo", "undo", says: "nothing to undo", column: 1),
    BadInput("help for no command", setup: catalogueSetup, "help pusj", says: "no help for 'pusj'"),
    BadInput("unknown log level", setup: catalogueSetup, "log loud", says: "'log' does not take 'loud'", column: 5),
    BadInput("unknown set", setup: catalogueSetup, "set colour red", says: "'set' does not take 'colour'"),
    BadInput("speed zero", setup: catalogueSetup, "set speed 0", says: "invalid speed"),
    BadInput("speed 1e3", setup: catalogueSetup, "set speed 1e3", says: "invalid speed"),
    BadInput("unknown profile", setup: catalogueSetup, "set profile ios7", says: "'set' does not take 'ios7'"),
    BadInput("unknown controller class", setup: catalogueSetup, "use NavController", says: "unknown controller class"),
    BadInput(
        "fragile with no fragile version", setup: catalogueSetup, "use UINavigationController fragile",
        says: "no fragile version"),
    BadInput("unknown feature", setup: catalogueSetup, "use features teleport", says: "does not take 'teleport'"),
    BadInput(
        "bad delegate name", setup: catalogueSetup, "delegate 9lives", says: "not a valid delegate name", column: 10),
    BadInput(
        "unknown delegate method", setup: catalogueSetup, "delegate D willShoe", says: "(did you mean 'willShow'?)"),
    BadInput(
        "unknown gesture delegate", setup: catalogueSetup, "gesture-delegate maybe", says: "does not take 'maybe'"),
    BadInput("bad expectation", setup: catalogueSetup, "expect depth -1", says: "invalid depth"),
    BadInput(
        "unknown expectation", setup: catalogueSetup, "expect happiness", says: "'expect' does not take 'happiness'"),
    BadInput("timeline to an unknown format", setup: catalogueSetup, "timeline out.txt", says: "ends in none of them"),
    BadInput(
        "timeline to an unwritable path", setup: catalogueSetup, "timeline /proc/no/such/dir/t.svg",
        says: "/proc/no/such/dir/t.svg|'timeline' is not supported yet"),
    // a line with an error changes nothing, even after commands that ran
    BadInput(
        "error after commands that ran", setup: catalogueSetup, "push X; push Y instant; tap OK", says: "no alert",
        column: 25),
    BadInput("error after a setting changed", setup: catalogueSetup, "log off; tap OK", says: "no alert", column: 10),
    BadInput("error after set speed", setup: catalogueSetup, "set speed 5; tap OK", says: "no alert"),
    BadInput("error after reset", setup: catalogueSetup, "reset; tap OK", says: "no alert"),
    BadInput("error after undo", setup: catalogueSetup, "undo; tap OK", says: "no alert"),
    BadInput("error after a background push", setup: catalogueSetup, "push Z &; tap OK", says: "no alert"),
    BadInput("UIKit exception", setup: catalogueSetup, "push Home#1", says: "UIKit raised"),
    BadInput(
        "UIKit exception while a background push is in flight", setup: "set profile legacy\ntabs S H\npush D &",
        "popto H", says: "UIKit raised NSInternalInconsistencyException", column: 1),
]

@Suite("Bad input: a located error, and nothing changes")
struct BadInputCatalogueTests {
    static func session() -> (Session, CollectingSink) {
        let sink = CollectingSink()
        let session = Session(options: SessionOptions(), host: CatalogueHost(output: sink))
        return (session, sink)
    }

    @Test("the catalogue covers at least 30 classes")
    func size() {
        #expect(badInputs.count >= 30)
        #expect(Set(badInputs.map(\.name)).count == badInputs.count)
    }

    @Test("bad input", arguments: badInputs)
    func badInput(_ input: BadInput) {
        let (session, sink) = Self.session()
        session.enterScript("cat.nav")
        session.run(script: input.setup, file: "setup.nav")
        #expect(sink.diagnostics.isEmpty, "the setup ran cleanly")
        let failures = session.failureCount
        let before = CatalogueSnapshot(session)
        sink.diagnostics = []

        session.feed(input.line, file: "cat.nav", line: 7)
        session.endOfInput(file: "cat.nav")

        #expect(sink.diagnostics.count == 1, "one diagnostic: \(sink.diagnostics.map { String($0.prefix(200)) })")
        let diagnostic = sink.diagnostics.first ?? ""
        let prefix =
            input.locatedIn.map { "\($0): error: " }
            ?? input.column.map { "cat.nav:7:\($0): error: " } ?? "cat.nav:7:"
        #expect(diagnostic.hasPrefix(prefix), "located: \(diagnostic.prefix(200))")
        #expect(diagnostic.contains(": error: "))
        #expect(
            input.says.split(separator: "|").contains { diagnostic.contains($0) },
            "says what is wrong: \(diagnostic.prefix(200))")
        #expect(diagnostic.utf8.count < 1000, "the message stays short")
        #expect(session.failureCount == failures + 1)
        let after = CatalogueSnapshot(session)
        if let known = input.knownIssue {
            withKnownIssue(Comment(rawValue: known)) {
                #expect(after.model == before.model, "the engine value is as it was")
            }
            return
        }
        #expect(after.model == before.model, "the engine value is as it was")
        #expect(
            after.logLevel == before.logLevel && after.showNotes == before.showNotes
                && after.clockMode == before.clockMode && after.speed == before.speed,
            "the settings are as they were")
    }

    @Test(
        "bad input at the prompt: an unlocated error, and nothing changes",
        arguments: badInputs.filter { $0.locatedIn == nil })
    func badInputAtPrompt(_ input: BadInput) {
        let (session, sink) = Self.session()
        session.enterScript("cat.nav")
        session.run(script: input.setup, file: "setup.nav")
        session.atPrompt = true
        let before = CatalogueSnapshot(session)
        sink.diagnostics = []
        session.feed(input.line, file: "<stdin>", line: 1)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.hasPrefix("error: ") == true, "\(sink.diagnostics.first?.prefix(200) ?? "")")
        if input.knownIssue != nil {
            withKnownIssue { #expect(CatalogueSnapshot(session) == before) }
        } else {
            #expect(CatalogueSnapshot(session) == before)
        }
    }

    @Test("expect error excuses each bad line, and the script then passes")
    func expectError() {
        // (an error inside a sourced file belongs to that file's line, not to `source`)
        for input in badInputs where input.locatedIn == nil {
            let (session, sink) = Self.session()
            session.enterScript("cat.nav")
            session.run(script: input.setup, file: "setup.nav")
            let failures = session.failureCount
            session.feed(input.line, file: "cat.nav", line: 7)
            session.feed("expect error", file: "cat.nav", line: 8)
            session.endOfInput(file: "cat.nav")
            #expect(session.failureCount == failures, "\(input.name): \(sink.diagnostics.map { $0.prefix(200) })")
        }
    }

    @Test("a bad line never crashes when it ends a script mid-continuation")
    func danglingContinuation() {
        let (session, sink) = Self.session()
        session.run(script: "push A \\\n\"open \\", file: "cat.nav")
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.hasPrefix("cat.nav:1:") == true)
        #expect(session.state.currentStack.isEmpty)
    }
}
