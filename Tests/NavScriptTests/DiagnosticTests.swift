import Foundation
import NavScript
import NavigationEngine
import Testing

/// Keeps each diagnostic as the value the session reported, and stdout lines.
final class DiagnosticSink: OutputSink {
    var reported: [Diagnostic] = []
    var lines: [String] = []
    func line(_ text: String) { lines.append(text) }
    func diagnostic(_ text: String) { Issue.record("a diagnostic given as text: \(text)") }
    func report(_ diagnostic: Diagnostic) { reported.append(diagnostic) }
}

/// language.md, Diagnostics: one value per problem, one printer for its text and its JSON.
@Suite("Diagnostics as values")
struct DiagnosticTests {
    static func session(json: Bool = false, files: [String: String] = [:]) -> (Session, DiagnosticSink) {
        var options = SessionOptions()
        options.json = json
        let sink = DiagnosticSink()
        return (Session(options: options, output: sink, loader: MemoryLoader(files: files)), sink)
    }

    @Test("a script's problems are located values")
    func located() {
        let (session, sink) = Self.session()
        session.run(script: "push A\npush A#2\ntap OK\nexpect depth 2\nundo; undo; undo", file: "s.nav")
        #expect(
            sink.reported == [
                Diagnostic(
                    .engine(.noSuchInstance(ScreenRef(className: "A", ordinal: 2), created: 1)),
                    at: SourceLocation(file: "s.nav", line: 2, column: 1)),
                Diagnostic(.engine(.noAlert(button: "OK")), at: SourceLocation(file: "s.nav", line: 3, column: 1)),
                Diagnostic(
                    .expectation(source: "expect depth 2", .depthIs(1)),
                    at: SourceLocation(file: "s.nav", line: 4, column: 1)),
                Diagnostic(.session(.nothingToUndo), at: SourceLocation(file: "s.nav", line: 5, column: 7)),
            ])
    }

    @Test("what an expectation found instead is a value")
    func expectationFailures() {
        let (session, sink) = Self.session()
        session.run(
            script: """
                push A
                push B
                expect stack A
                expect alive C
                expect released A
                expect top A#2
                expect no alert
                expect busy
                expect sequence "pushViewController(B" "nope"
                expect no log "B.viewDidAppear"
                """, file: "x.nav")
        let a = ScreenName(cls: session.state.names.existing("A")!, ordinal: 1)
        let b = ScreenName(cls: session.state.names.existing("B")!, ordinal: 1)
        #expect(
            sink.reported.map(\.problem) == [
                .expectation(source: "expect stack A", .stackIs([a, b])),
                .expectation(source: "expect alive C", .liveness([.unresolved(.neverCreated("C"))])),
                .expectation(source: "expect released A", .liveness([.wrong(a, alive: true)])),
                .expectation(
                    source: "expect top A#2",
                    .noSuchScreen(.noSuchInstance(ScreenRef(className: "A", ordinal: 2), created: 1))),
                .expectation(source: "expect busy", .nothingInFlight),
                .expectation(
                    source: "expect sequence \"pushViewController(B\" \"nope\"",
                    .sequenceStopped(missing: "nope", found: 1, count: 2)),
                .expectation(source: "expect no log \"B.viewDidAppear\"", .eventLineContains("B.viewDidAppear(true)")),
            ])
        #expect(sink.reported.map(\.message)[4] == "expect busy (nothing is in flight)")
    }

    @Test("the printer's formats")
    func printer() {
        let here = SourceLocation(file: "a.nav", line: 2, column: 7)
        #expect(Diagnostic(.session(.nothingToUndo), at: here).text == "a.nav:2:7: error: nothing to undo")
        #expect(Diagnostic(.session(.nothingToUndo), at: nil).text == "error: nothing to undo")
        #expect(
            Diagnostic(.expectation(source: "expect idle", .inFlight), at: here).text
                == "a.nav:2: expectation failed: expect idle (a transition is in flight)")
        #expect(
            Diagnostic(.expectation(source: "expect idle", .inFlight), at: nil).text
                == "expectation failed: expect idle (a transition is in flight)")
        #expect(
            Diagnostic(.session(.unreadableInput(path: "x.nav", reason: "Permission denied")), at: nil).text
                == "navsh: cannot read 'x.nav': Permission denied")
        #expect(
            Diagnostic(.session(.cannotRead(path: "x.nav", reason: "No such file or directory")), at: here).text
                == "a.nav:2:7: error: cannot read 'x.nav': No such file or directory")
        #expect(
            Diagnostic(.session(.sourceCycle(path: "b.nav", chain: ["a.nav", "b.nav"])), at: here).message
                == "source cycle: 'b.nav' is already being run (a.nav -> b.nav)")
        var names = ClassNames()
        let twice = UIKitException.pushedTwice(ScreenName(cls: names.intern("Home"), ordinal: 1))
        #expect(
            Diagnostic(.session(.exception(twice, shownAbove: false)), at: here, names: names).message
                == "UIKit raised NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (Home)"
        )
        #expect(
            Diagnostic(.session(.exception(twice, shownAbove: true)), at: nil).text
                == "error: UIKit raised NSInvalidArgumentException (the exception above)")
    }

    @Test(
        "words from the input that a terminal would act on are escaped",
        arguments: [
            ("push \u{202E}B", "'\\u{202E}B' is not a valid screen reference"),
            ("tap \u{2066}OK\u{2069}", "no alert is on screen to tap '\\u{2066}OK\\u{2069}'"),
            ("push A\u{85}", "'A\\u{85}' is not a valid screen reference"),
            ("tap a\u{2028}b", "tap 'a\\u{2028}b'"),
            ("pop \u{FEFF}x", "unexpected '\\u{FEFF}x' after 'pop'"),
        ])
    func escapes(line: String, says: String) {
        let (session, sink) = Self.session()
        session.run(script: line, file: "e.nav")
        #expect(sink.reported.count == 1)
        let text = sink.reported.first?.text ?? ""
        #expect(text.contains(says), "\(text)")
        #expect(!text.unicodeScalars.contains { [0x202E, 0x2066, 0x2069, 0x85, 0x2028, 0xFEFF].contains($0.value) })
    }

    @Test("a tab in a quoted word is not escaped")
    func tabStays() {
        #expect(escapingInvisibles("a\tb") == "a\tb")
        #expect(escapingInvisibles("a\u{1B}[31mb") == "a\\u{1B}[31mb")
    }

    @Test("a byte order mark opening a file is skipped")
    func byteOrderMark() {
        let (session, sink) = Self.session()
        session.run(script: "\u{FEFF}push A\nexpect stack A", file: "bom.nav")
        #expect(sink.reported.isEmpty, "\(sink.reported.map(\.text))")
        #expect(session.state.stackText == ["A"])
        // Columns count from after it.
        let (other, otherSink) = Self.session()
        other.run(script: "\u{FEFF}pusj A", file: "bom.nav")
        #expect(
            otherSink.reported == [
                Diagnostic(.syntax(.unknownCommand("pusj")), at: SourceLocation(file: "bom.nav", line: 1, column: 1))
            ])
    }

    @Test("an error in a file sourced at the prompt has its FILE:LINE:COL")
    func sourcedAtThePrompt() {
        let (session, sink) = Self.session(files: ["./lib.nav": "push A\npusj B\nexpect depth 3"])
        session.atPrompt = true
        session.feed("source lib.nav", file: "<prompt>", line: 1, directory: ".")
        session.feed("pusj", file: "<prompt>", line: 2)
        session.endOfInput(file: "<prompt>")
        #expect(
            sink.reported.map(\.text) == [
                "./lib.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)",
                "./lib.nav:3: expectation failed: expect depth 3 (the depth is 1)",
                "error: unknown command 'pusj' (did you mean 'push'?)",
            ])
        #expect(session.failureCount == 0, "mistakes at the prompt do not count")
    }

    @Test("--json: each diagnostic is also an object on stdout, in order")
    func json() throws {
        let (session, sink) = Self.session(json: true)
        session.run(script: "push A\npusj B\nexpect depth 3\nstack", file: "j.nav")
        let objects = try sink.lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["category"] as? String } == ["call", "error", "expectation", "output"])
        #expect(
            objects.map { $0["seq"] as? Int } == [1, 7, 8, 9],
            "every line numbered in order, hidden lifecycle events included")
        let error = objects[1]
        #expect(error["file"] as? String == "j.nav")
        #expect(error["line"] as? Int == 2)
        #expect(error["column"] as? Int == 1)
        #expect(error["message"] as? String == "unknown command 'pusj'")
        #expect(error["suggestion"] as? String == "push")
        #expect(error["text"] as? String == "j.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)")
        #expect(objects[2]["suggestion"] is NSNull)
        #expect(sink.reported.count == 2, "the text still goes to stderr")
    }

    @Test("--json at the prompt: no location")
    func jsonAtPrompt() throws {
        let (session, sink) = Self.session(json: true)
        session.atPrompt = true
        session.feed("tap OK", file: "<prompt>", line: 1)
        let line = try #require(sink.lines.first)
        #expect(
            line
                == #"{"t_ms":0,"seq":1,"category":"error","text":"error: no alert is on screen to tap 'OK'","file":null,"line":null,"column":null,"message":"no alert is on screen to tap 'OK'","suggestion":null}"#
        )
    }

    @Test("an error excused by expect error prints nothing, in JSON either")
    func excused() {
        let (session, sink) = Self.session(json: true)
        session.run(script: "tap OK\nexpect error", file: "x.nav")
        #expect(sink.reported.isEmpty)
        #expect(sink.lines.isEmpty)
    }
}
