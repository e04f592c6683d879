import Foundation
import NavScript
import Testing

/// issue 37, defect 2: the lessons speak. Every `#$` suggestion of every
/// lesson does what its `#=` lines say, run from where the lesson leaves the
/// class; each suggestion says what it shows; the README lists the lessons.
@Suite("Lesson suggestions")
struct LessonSuggestionTests {
    /// The `#$` lines of a lesson, each with the `#=` lines that follow it.
    static func suggestions(_ text: String) -> [(line: String, checks: [String])] {
        var result: [(line: String, checks: [String])] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("#$ ") {
                result.append((String(line.dropFirst(3)), []))
            } else if line.hasPrefix("#= "), !result.isEmpty {
                result[result.count - 1].checks.append(String(line.dropFirst(3)))
            }
        }
        return result
    }

    @Test func everySuggestionDoesWhatItSays() throws {
        let lessons = try lessonScripts()
        #expect(lessons.count >= 5)
        for (name, text) in lessons {
            let turns = Self.suggestions(text)
            #expect(turns.count >= 3, "\(name) suggests fewer than three things for the class's turn")
            for turn in turns {
                #expect(!turn.checks.isEmpty, "\(name): `\(turn.line)` says nothing of what it shows (#= lines)")
                let harness = Harness()
                harness.run(text + "\n" + turn.line + "\n" + turn.checks.joined(separator: "\n") + "\n")
                #expect(
                    harness.session.failureCount == 0 && harness.sink.diagnostics.isEmpty,
                    "\(name): `\(turn.line)` then \(turn.checks): \(harness.sink.diagnostics)")
            }
        }
    }

    @Test func lessonsHaveNarrationAndAYourTurnSection() throws {
        for (name, text) in try lessonScripts() {
            let lines = text.components(separatedBy: "\n")
            #expect(lines.contains { $0.hasPrefix("#> ") }, "\(name) has no narration")
            #expect(lines.contains("## Your turn"), "\(name) has no Your turn section")
            // Each section ends at a pause, so two sections never run together.
            var sawPause = true
            for line in lines {
                if line.hasPrefix("## ") {
                    #expect(sawPause, "\(name): the section before \(line) has no pause")
                    sawPause = false
                }
                if line.hasPrefix("pause") { sawPause = true }
            }
        }
    }

    @Test func readmeListsEveryLesson() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lessons = try lessonScripts()
        for (name, _) in lessons {
            #expect(readme.contains("scripts/lessons/\(name)"), "README does not list \(name)")
        }
        let counts = ["Three", "Four", "Five", "Six", "Seven"]
        for (index, word) in counts.enumerated() where index + 3 != lessons.count {
            #expect(!readme.contains("\(word) lessons"), "README says \(word) lessons; there are \(lessons.count)")
        }
    }
}
