// issue 15 item 4, the rest: resets and undos marked on the timeline, a lane
// that ends at its deinit, and a lesson's picture that fits a projector.

import Foundation
import NavScript
import Testing

/// The lines of the Markdown file's mermaid block.
private func diagram(_ markdown: String) -> [String] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let open = lines.firstIndex(of: "sequenceDiagram") else { return [] }
    return Array(lines[open...].prefix { $0 != "```" })
}

/// The numbers of `name="…"` attributes in an SVG element.
private func number(_ name: String, in element: Substring) -> Double? {
    guard let range = element.range(of: " \(name)=\"") else { return nil }
    return Double(element[range.upperBound...].prefix { $0 != "\"" })
}

/// The `<line …/>` elements of the SVG group with this id.
private func lines(inGroup id: String, of svg: String) -> [Substring] {
    guard let start = svg.range(of: "<g id=\"\(id)\">") else { return [] }
    let group = svg[start.upperBound...]
    guard let end = group.range(of: "\n</g>\n") else { return [] }
    return group[..<end.lowerBound].components(separatedBy: "<line ").dropFirst().map { Substring(" " + $0) }
}

@Suite("Timeline marks, lane ends and size")
struct TimelineMarksTests {
    @Test("a reset and an undo are marked where they happened, in the Mermaid and the SVG")
    func marks() throws {
        let files = Harness().runKeepingFiles(
            "push A\npush B\nreset\npush C\npush D\nundo\ntimeline t.md\ntimeline t.svg")
        let block = diagram(try #require(files["t.md"]))
        let reset = try #require(block.firstIndex { $0.hasPrefix("    Note over") && $0.contains("reset#58;") })
        let undo = try #require(block.firstIndex { $0.hasPrefix("    Note over") && $0.contains("undone#58; push D") })
        let lastB = try #require(block.lastIndex { $0.contains("B.") })
        let firstC = try #require(block.firstIndex { $0.contains("pushViewController(C") })
        let lastC = try #require(block.lastIndex { $0.contains("C.") })
        #expect(lastB < reset && reset < firstC && lastC < undo, "\(block.joined(separator: "\n"))")
        #expect(!block.contains { $0.contains("(D") })
        let svg = try #require(files["t.svg"])
        #expect(
            svg.contains("<g class=\"mark reset\"><title>reset: a fresh session, the clock starts again at 0</title>"))
        #expect(svg.contains("<g class=\"mark undo\"><title>undone: push D</title>"))
    }

    @Test(
        "no arrow reaches a screen's lane after its deinit: the screen made again after a reset gets a lane of its own")
    func laneEndsAtDeinit() throws {
        let files = Harness().runKeepingFiles(
            "push A\npush B\npop\nwait\nreset\npush A\npush B\ntimeline t.md\ntimeline t.svg")
        let block = diagram(try #require(files["t.md"]))
        let death = try #require(block.firstIndex { $0.hasSuffix(": B.deinit") })
        let lane = String(block[death].drop { $0 == " " }.prefix { $0 != "-" })
        let later = block[(death + 1)...].filter { $0.contains(">>\(lane):") }
        #expect(later.isEmpty, "arrows into \(lane) after its deinit: \(later)")
        #expect(block.contains { $0.contains("->>") && $0.hasSuffix(": B.viewDidAppear(true)") })

        // In the SVG, every arrow ends on a lifeline that is there at its height.
        let svg = try #require(files["t.svg"])
        let lifelines = lines(inGroup: "lanes", of: svg).compactMap {
            line -> (x: Double, top: Double, bottom: Double)? in
            guard let x = number("x1", in: line), let top = number("y1", in: line), let bottom = number("y2", in: line)
            else { return nil }
            return (x, top, bottom)
        }
        let arrows = lines(inGroup: "events", of: svg).filter { $0.contains("marker-end") }
        #expect(!arrows.isEmpty)
        for arrow in arrows {
            guard let x = number("x2", in: arrow), let y = number("y2", in: arrow) else { continue }
            let onALane = lifelines.contains { abs($0.x - x) <= 2.5 && $0.top <= y && y <= $0.bottom }
            #expect(onALane, "an arrow ends at (\(x), \(y)), where no lifeline is")
        }
        // And no lifeline goes on through a deinit's cross (`M{x - 7},{y - 12} l14,14`).
        let crosses = svg.components(separatedBy: "<path d=\"M").dropFirst().compactMap { path -> (Double, Double)? in
            guard path.contains(" l14,14 "), let comma = path.firstIndex(of: ","), let x = Double(path[..<comma]),
                let y = Double(path[path.index(after: comma)...].prefix { $0 != " " })
            else { return nil }
            return (x + 7, y + 12)
        }
        #expect(crosses.count == 1)
        for (x, y) in crosses {
            let through = lifelines.filter { abs($0.x - x) <= 0.5 && $0.top < y && $0.bottom > y }
            #expect(through.isEmpty, "a lifeline goes on through the cross at (\(x), \(y)): \(through)")
        }
    }

    @Test("a picture marks at most maxMarks resets and undos, the first ones")
    func markCap() throws {
        let n = TimelineRenderer.maxMarks + 700
        let files = Harness().runKeepingFiles("push A\n" + String(repeating: "reset\n", count: n) + "timeline t.md\n")
        let block = diagram(try #require(files["t.md"]))
        #expect(block.filter { $0.hasPrefix("    Note over") }.count == TimelineRenderer.maxMarks)
    }

    @Test("a lesson's picture is at most 1920 pixels wide (a projector's width), whole and since its last reset")
    func lessonsFitAProjector() throws {
        let lessons = try lessonScripts()
        #expect(lessons.count >= 5)
        for (name, text) in lessons {
            let files = Harness().runKeepingFiles(text + "\ntimeline all.svg\ntimeline reset.svg since reset\n")
            for file in ["all.svg", "reset.svg"] {
                let svg = try #require(files[file], "\(name): no \(file)")
                let head = try #require(svg.range(of: "<svg ").map { svg[$0.lowerBound...].prefix { $0 != ">" } })
                let width = try #require(number("width", in: head))
                #expect(width <= 1920, "\(name) \(file): \(width) px wide")
            }
        }
    }
}
