import Foundation
import Testing

/// The lessons step (issue 15): each one has `##` headings and stops at
/// `pause` lines, and a lesson that asks the class to type a race (`push
/// Detail &` and then another command while the push runs) turns on slow
/// motion first. explore-safe-pop.nav had neither (checked: this test failed on it).
@Suite("Lessons step with pause")
struct LessonStepsTests {
    @Test func everyLessonStepsAndSlowsDownForATypedRace() throws {
        let lessons = try lessonScripts()
        #expect(lessons.count >= 5)
        for (name, text) in lessons {
            let lines = text.components(separatedBy: "\n")
            #expect(lines.contains { $0.hasPrefix("## ") }, "\(name) has no ## heading")
            #expect(lines.filter { $0.hasPrefix("pause") }.count >= 2, "\(name) has fewer than two pause steps")
            // The class's turn: the comments after "## Your turn".
            guard let turn = lines.firstIndex(where: { $0.hasPrefix("## Your turn") }) else { continue }
            let asksForARace = lines[turn...].contains { $0.hasPrefix("#") && $0.contains("&") }
            if asksForARace {
                #expect(
                    lines[turn...].contains { $0.hasPrefix("set speed 0.") },
                    "\(name): its turn types a race but does not set slow motion")
            }
        }
    }
}
