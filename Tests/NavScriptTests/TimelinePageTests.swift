// issue 38 (timeline FILE.html) and issue 37 point 6 (a projectable timeline):
// the page's data, sections as marks, `since section N`, `large`, labels cut
// between identifiers. The page in a browser: Tests/navshTests/TimelinePageBrowserTests.swift.

import Foundation
import NavScript
import Testing

@testable import NavScript

@Suite("Timeline page and sections")
struct TimelinePageTests {
    func written(_ script: String) -> (files: [String: String], harness: Harness) {
        let harness = Harness()
        let files = harness.runKeepingFiles(script)
        return (files, harness)
    }

    /// The page's JSON object.
    func data(_ html: String) throws -> [String: Any] {
        let a = try #require(html.range(of: "<script type=\"application/json\" id=\"session\">"))
        let b = try #require(html.range(of: "</script>", range: a.upperBound..<html.endIndex))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(html[a.upperBound..<b.lowerBound].utf8)) as? [String: Any])
    }

    @Test("timeline FILE.html writes one page: the events, a frame per change, and nothing fetched")
    func page() throws {
        let (files, harness) = written("push Home\npush Detail\ntimeline t.html")
        #expect(harness.diagnostics.isEmpty, "\(harness.diagnostics)")
        #expect(harness.sink.lines.last == "wrote t.html: 14 events")
        let html = try #require(files["t.html"])
        for word in ["http:", "https:", "src=", "url(", "<link"] { #expect(!html.contains(word), "\(word)") }
        let d = try data(html)
        let events = try #require(d["ev"] as? [[Any]])
        #expect(events.count == 14)
        #expect(events.first?[2] as? String == "nav.pushViewController(Home, animated: true)")
        // Frames: Home at rest, Detail sliding in from 0 to 350 ms, Detail at rest.
        let frames = try #require(d["ft"] as? [[Any]])
        #expect(frames.count == 3)
        let slide = try #require(frames[1][4] as? [Any])
        #expect(slide[0] as? String == "Detail" && slide[1] as? String == "Home")
        #expect(slide[3] as? Int == 0 && slide[4] as? Int == 350)
        #expect(frames[2][0] as? String == "Detail")
    }

    @Test("a text with </script> in it stays inside the page's data")
    func escapes() throws {
        let (files, _) = written(
            "screen Editor custom-back \"</script><b>\"\npush Home\npush Editor\nback\ntimeline t.html")
        let html = try #require(files["t.html"])
        #expect(html.components(separatedBy: "</script>").count == 3, "only the page's two scripts end")
        #expect(try data(html)["ev"] is [[Any]], "the data read back whole")
        #expect(html.contains("\\u003c/script>\\u003cb>"))
    }

    @Test("a ## line marks a section; since section N starts at the heading numbered N")
    func sections() throws {
        let script = "## 1. First\npush A\n## 2. Second\npush B\n## 3. Third\npush C\n"
        let (files, harness) = written(script + "timeline s.md since section 2\ntimeline all.svg\ntimeline p.html")
        #expect(harness.diagnostics.isEmpty, "\(harness.diagnostics)")
        let md = try #require(files["s.md"])
        #expect(!md.contains("pushViewController(A") && md.contains("pushViewController(B"))
        #expect(md.contains("section#58; 2. Second") && md.contains("section#58; 3. Third") && !md.contains("1. First"))
        let svg = try #require(files["all.svg"])
        #expect(svg.components(separatedBy: "class=\"mark section\"").count == 4, "one mark per section")
        let page = try #require(files["p.html"])
        let marks = try #require(try data(page)["mk"] as? [[Any]])
        #expect(marks.map { $0[1] as? String } == ["1. First", "2. Second", "3. Third"])
    }

    @Test("since section N without a heading numbered N takes the Nth heading; none: an error")
    func sectionByCount() throws {
        let (files, _) = written("## Intro\npush A\n## More\npush B\ntimeline s.md since section 2")
        let md = try #require(files["s.md"])
        #expect(!md.contains("pushViewController(A"))
        let (none, harness) = written("## Intro\npush A\ntimeline s.md since section 3")
        #expect(none.isEmpty)
        #expect(harness.diagnostics.first?.contains("no section 3 in the history") == true, "\(harness.diagnostics)")
    }

    @Test("timeline's words: bad ones are located errors")
    func parsing() {
        let cases = [
            ("timeline t.txt", "ends in none of them"),
            ("timeline t.svg since section x", "invalid section number 'x'"),
            ("timeline t.svg since now", "'now'"), ("timeline t.html last 0", "invalid number of events '0'"),
            ("timeline t.svg large big", "unexpected 'big'"),
        ]
        for (line, says) in cases {
            let (files, harness) = written("push A\n" + line)
            #expect(files.isEmpty, "\(line)")
            #expect(harness.diagnostics.first?.contains(says) == true, "\(line): \(harness.diagnostics)")
        }
    }

    @Test("large draws the SVG half as big again; the page opens in its large mode")
    func large() throws {
        let (files, _) = written("push A\ntimeline a.svg\ntimeline b.svg large\ntimeline c.html last 3 large")
        let a = try #require(files["a.svg"])
        let b = try #require(files["b.svg"])
        func width(_ svg: String) -> Double? {
            guard let r = svg.range(of: " width=\"") else { return nil }
            return Double(svg[r.upperBound...].prefix { $0 != "\"" })
        }
        let wa = try #require(width(a))
        let wb = try #require(width(b))
        #expect(abs(wb - 1.5 * wa) < 1)
        let c = try #require(files["c.html"])
        #expect(c.contains("<body class=\"large\">"))
    }

    @Test("a label too long for its line is cut between identifiers, not inside one")
    func cuts() {
        let text = "Home.navigationItem.setHidesBackButton(true, animated: false)"
        #expect(
            SVGLayout.breakPoint("UISafeNavigationController.x", columns: 20) == 16, "a long name: where a word begins")
        #expect(SVGLayout.breakPoint("navigationitemisverylong.x", columns: 10) == 26, "else whole")
        #expect(SVGLayout.breakPoint("(GateNavigationController", columns: 20) == 15, "not after the ( alone")
        for columns in [12, 20, 30] {
            let cut = SVGLayout.breakPoint(text, columns: columns)
            #expect(cut <= columns)
            let before = text[text.index(text.startIndex, offsetBy: cut - 1)]
            let after = text[text.index(text.startIndex, offsetBy: cut)]
            #expect(!(before.isLetter && after.isLetter), "cut at \(cut) of \(columns): \(text.prefix(cut))")
        }
    }

    @Test("the page grows linearly: twice the events, about twice the bytes")
    func linear() throws {
        func size(_ rounds: Int) throws -> Int {
            let script = String(repeating: "push A\nswipe 40%\nrelease\npop\n", count: rounds) + "timeline p.html"
            let (files, _) = written(script)
            return try #require(files["p.html"]).utf8.count
        }
        let fixed = try size(1)
        let (s1, s2) = (try size(200) - fixed, try size(400) - fixed)
        #expect(Double(s2) / Double(s1) < 2.1 && Double(s2) / Double(s1) > 1.9, "\(s1) \(s2)")
    }

    @Test("a line that fails puts the phone back as it was before the line")
    func rollback() throws {
        let (files, _) = written("push A\npush B; popto Nowhere\ntimeline p.html")
        let page = try #require(files["p.html"])
        let d = try data(page)
        let frames = try #require(d["ft"] as? [[Any]])
        let placed = try #require(d["fs"] as? [Int])
        // The last frame placed (the table holds each frame once: A's comes back).
        let last = try #require(placed.last)
        #expect(frames[last][0] as? String == "A", "the line's push of B was taken back")
    }

    @Test("after an undo the page keeps no frame of what was undone")
    func undo() throws {
        let (files, _) = written("push A\npush B\nundo\npush C\ntimeline p.html")
        let page = try #require(files["p.html"])
        let d = try data(page)
        let frames = try #require(d["ft"] as? [[Any]])
        #expect(!frames.contains { ($0[0] as? String) == "B" })
        #expect(frames.last?[0] as? String == "C")
    }
}
