import NavScript
import NavigationEngine
import Testing

/// language.md: `swipe content [cancel]`, `drag content PCT`, `content-swipe
/// on|off`, `expect content-swipe enabled|disabled` (behaviour.md section 5a).
@Suite("The content pan in the language")
struct ContentSwipeLanguageTests {
    @Test(
        "the words parse to the content pan's actions and expectation",
        arguments: [
            ("swipe content", Command.action(.contentSwipe(cancel: false))),
            ("swipe content cancel", .action(.contentSwipe(cancel: true))),
            ("drag content 40%", .action(.contentDrag(percent: 40))),
            ("content-swipe on", .action(.setContentSwipe(true))),
            ("content-swipe off", .action(.setContentSwipe(false))),
            ("expect content-swipe enabled", .expect(.contentSwipeEnabled(true))),
            ("expect content-swipe disabled", .expect(.contentSwipeEnabled(false))),
            ("swipe cancel", .action(.swipe(cancel: true))),
            ("drag 40%", .action(.drag(percent: 40))),
        ])
    func parses(line: String, command: Command) throws {
        #expect(try Parser.parse(line: line).map(\.command) == [command])
    }

    @Test(
        "bad content-pan input is a located error",
        arguments: [
            ("content-swipe", 14, "'content-swipe' needs"),
            ("content-swipe maybe", 15, "'content-swipe' does not take 'maybe' here (expected on, off)"),
            ("drag content", 13, "'drag' needs"),
            ("drag content 140%", 14, "140%"),
            ("swipe content now", 15, "unexpected 'now'"),
            ("expect content-swipe on", 22, "'expect' does not take 'on' here (expected enabled, disabled)"),
        ])
    func refuses(line: String, column: Int, says: String) {
        do {
            _ = try Parser.parse(line: line)
            Issue.record("parsed \(line)")
        } catch {
            #expect(error.column == column)
            #expect(error.message.contains(says), "\(error.message)")
        }
    }

    @Test("in legacy each command is a located error that changes nothing; the expectation fails saying why")
    func legacy() {
        let h = Harness(profile: .legacy)
        h.run(
            """
            push A
            push B
            swipe content
            drag content 30%
            content-swipe off
            expect content-swipe disabled
            expect stack A B
            """)
        #expect(h.stack == ["A", "B"])
        let gone =
            "the content-area pop gesture (interactiveContentPopGestureRecognizer) does not exist before iOS 26, and the profile is legacy (iOS 12)"
        #expect(
            h.diagnostics == [
                "t.nav:3:1: error: \(gone)",
                "t.nav:4:1: error: \(gone)",
                "t.nav:5:1: error: \(gone)",
                "t.nav:6: expectation failed: expect content-swipe disabled (the content-area pop gesture does not exist before iOS 26, and the profile is legacy (iOS 12))",
            ])
    }

    @Test("a failed content-swipe expectation says what it found")
    func failureText() {
        expectScript(
            """
            push A
            push B
            expect content-swipe disabled
            content-swipe off
            expect content-swipe enabled
            """,
            diagnostics: [
                "t.nav:3: expectation failed: expect content-swipe disabled (a content pan would begin)",
                "t.nav:5: expectation failed: expect content-swipe enabled (a content pan would not begin)",
            ])
    }

    @Test(
        "undo: content-swipe is a step; a refused content pan is one only the first time (show then names the gesture)")
    func undo() {
        let h = Harness()
        h.run(
            """
            push A
            push B
            content-swipe off
            undo
            expect content-swipe enabled
            pop
            swipe content
            swipe content
            undo
            expect stack A
            undo
            expect stack A B
            """)
        #expect(h.diagnostics == [])
        #expect(h.events.filter { $0.hasPrefix("contentGesture") }.count == 2)
        #expect(h.sink.lines.contains("undone: swipe content"))
        #expect(h.sink.lines.contains("undone: pop"))
    }

    @Test("the timeline draws a content pan as it draws an edge swipe, on a lane of its own")
    func timeline() {
        final class Files: @unchecked Sendable { var written: [String: String] = [:] }
        var drawings: [String] = []
        for finger in ["drag content 30%", "drag 30%"] {
            let files = Files()
            let h = Harness()
            h.session.writeFile = { path, contents in
                files.written[path] = contents
                return nil
            }
            h.run("push A; push B; \(finger); release; timeline t.md")
            drawings.append(files.written["./t.md"] ?? files.written["t.md"] ?? "")
        }
        #expect(!drawings[0].isEmpty)
        #expect(drawings[0].contains("participant p5 as contentGesture"))
        let renamed = drawings[0].split(separator: "contentGesture", omittingEmptySubsequences: false).joined(
            separator: "gesture")
        #expect(renamed == drawings[1])
    }

    @Test("Tab completion and help know the words")
    func completionAndHelp() {
        let h = Harness()
        #expect(h.session.completionWords.contains("content-swipe"))
        #expect(h.session.completionWords.contains("content"))
        #expect(CommandCatalog.help(for: "content-swipe")?.usage == "content-swipe on|off")
        #expect(CommandCatalog.help(for: "swipe")?.usage.contains("swipe content [cancel]") == true)
        #expect(CommandCatalog.help(for: "drag")?.usage.contains("drag content PCT") == true)
    }
}
