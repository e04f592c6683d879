// `timeline FILE.html` and `explore --out FILE.html` opened in a real browser
// (issue 38): Debian's chromium, headless, with `--dump-dom` at an address
// that picks an instant (`#e=N`: after event N; `#t=MS`: the clock at MS).
// At each instant the page's `#phone` says in data attributes what it draws
// (title, top screen, back button, alert, sheet, slide, FROZEN, tabs), and
// these are checked against the session's events, read from the page's own
// data. The browser's console must stay silent (no error, no message).
// scripts/test installs chromium; the tests are skipped, saying so, where it
// is not installed.

import Foundation
import XCTest

final class TimelinePageBrowserTests: XCTestCase {
    private var chromium = ""
    private var dir = URL(fileURLWithPath: "/tmp")

    override func setUpWithError() throws {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed (scripts/test installs it: apt-get install chromium)")
        }
        chromium = found
        dir = try E2E.tempDir()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// What the page's phone shows at `hash` (its `data-` attributes), and the console's lines.
    private func phone(_ page: URL, _ hash: String) throws -> [String: String] {
        let profile = dir.appendingPathComponent("profile-\(UUID().uuidString.prefix(8))")
        let run = try E2E.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000", "--dump-dom",
                page.absoluteString + "#" + hash,
            ], executable: chromium, timeout: 120)
        XCTAssertFalse(run.timedOut, "chromium timed out on \(page.lastPathComponent)#\(hash)")
        let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        XCTAssertEqual(console, [], "the browser's console at \(page.lastPathComponent)#\(hash)")
        guard let start = run.stdout.range(of: "<div id=\"phone\""),
            let end = run.stdout[start.upperBound...].firstIndex(of: ">")
        else {
            XCTFail("no #phone in the page's DOM at #\(hash): \(run.stdout.prefix(300))")
            return [:]
        }
        var state: [String: String] = [:]
        let tag = run.stdout[start.upperBound..<end]
        var rest = tag[...]
        while let a = rest.range(of: " data-") {
            let after = rest[a.upperBound...]
            guard let eq = after.range(of: "=\""), let close = after[eq.upperBound...].firstIndex(of: "\"") else {
                break
            }
            state[String(after[..<eq.lowerBound])] = unescape(String(after[eq.upperBound..<close]))
            rest = after[after.index(after: close)...]
        }
        XCTAssertTrue(run.stdout.contains("data-ready=\"1\""), "the page's script did not finish at #\(hash)")
        return state
    }

    private func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The events the page holds (its JSON), as texts.
    private func events(_ page: URL) throws -> [String] {
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let a = html.range(of: "<script type=\"application/json\" id=\"session\">"),
            let b = html.range(of: "</script>", range: a.upperBound..<html.endIndex)
        else { throw E2EError("no data in \(page.lastPathComponent)") }
        let object = try JSONSerialization.jsonObject(with: Data(html[a.upperBound..<b.lowerBound].utf8))
        let ev = (object as? [String: Any])?["ev"] as? [[Any]] ?? []
        return ev.map { $0.count > 2 ? ($0[2] as? String ?? "") : "" }
    }

    /// The clock time of the first event with `text`.
    private func time(_ page: URL, _ text: String) throws -> Int {
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let r = html.range(of: ",\(text.debugDescription)]") else { throw E2EError("no event '\(text)'") }
        let line = html[..<r.lowerBound]
        guard let open = line.lastIndex(of: "["), let time = Int(line[line.index(after: open)...].prefix { $0 != "," })
        else { throw E2EError("no time for '\(text)'") }
        return time
    }

    /// The index of the first event with `text` at or after `from`.
    private func index(_ events: [String], _ text: String, from: Int = 0) throws -> Int {
        guard let i = events.indices.first(where: { $0 >= from && events[$0] == text }) else {
            throw E2EError("no event '\(text)' after \(from)")
        }
        return i
    }

    private func assertSelfContained(_ page: URL) throws {
        let html = try String(contentsOf: page, encoding: .utf8)
        for word in ["http:", "https:", "src=", "url(", "@import", "<link"] {
            XCTAssertFalse(html.contains(word), "\(page.lastPathComponent) mentions \(word): it must fetch nothing")
        }
    }

    private func navsh(_ command: String) throws {
        let run = try E2E.run(["-c", command], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func testTwoPushesMidTransitionAndAfter() throws {
        try navsh("push Home; push Detail; timeline two.html")
        let page = dir.appendingPathComponent("two.html")
        try assertSelfContained(page)
        let ev = try events(page)
        let mid = try phone(page, "t=175")
        XCTAssertEqual(mid["slide"], "0.50", "half way through the 350 ms push")
        XCTAssertEqual(mid["clock"], "175")
        XCTAssertEqual(mid["back"], "< Home")
        let done = try phone(page, "e=\(try index(ev, "Detail.viewDidAppear(true)"))")
        XCTAssertEqual(done["title"], "Detail")
        XCTAssertEqual(done["top"], "Detail")
        XCTAssertEqual(done["slide"], "", "the push has ended: drawn at rest")
        // Playing: the browser's virtual time (2 s) runs the page's clock on from 0 ms at 0.1x, through the push.
        let played = try phone(page, "t=0&speed=0.1&play")
        let clock = Int(played["clock"] ?? "") ?? -1
        XCTAssertTrue(clock > 0 && clock < 350, "played on into the push, slowly: \(played)")
        XCTAssertNotEqual(played["slide"], "", "the push is drawn moving: \(played)")
        let before = try phone(page, "e=\(try index(ev, "Home.didMove(toParent: nav)"))")
        XCTAssertEqual(before["title"], "Home")
        XCTAssertEqual(before["back"], "")
    }

    /// A lesson: the tab bar, the custom back button's alert, a pop to the root in flight, a reset, sections.
    func testLessonSafePop() throws {
        let lesson = E2E.packageRoot.appendingPathComponent("scripts/lessons/safe-pop.nav").path
        try navsh("log off; source \"\(lesson)\"; timeline lesson.html")
        let page = dir.appendingPathComponent("lesson.html")
        try assertSelfContained(page)
        let ev = try events(page)
        let alert = try phone(page, "e=\(try index(ev, "alert \"Discard changes?\" [Cancel] [OK]"))")
        XCTAssertEqual(alert["alert"], "Discard changes?")
        XCTAssertEqual(alert["title"], "Editor")
        XCTAssertEqual(alert["back"], "custom")
        XCTAssertEqual(alert["tabs"], "Notes Settings")
        XCTAssertEqual(alert["tab"], "Notes")
        let tapped = try phone(page, "e=\(try index(ev, "alert.tap Cancel"))")
        XCTAssertEqual(tapped["alert"], "", "Cancel took the alert away")
        let popStart = try index(ev, "nav.popToRootViewController(animated: true)")
        let inFlight = try phone(page, "t=525")
        XCTAssertEqual(inFlight["event"], String(try index(ev, "Notes.viewWillAppear(true)", from: popStart)))
        let slide = Double(inFlight["slide"] ?? "") ?? -1
        XCTAssertTrue(slide > 0.3 && slide < 0.7, "the pop to Notes half way at 525 ms: \(inFlight)")
        let popped = try phone(page, "e=\(try index(ev, "Notes.viewDidAppear(true)", from: popStart))")
        XCTAssertEqual(popped["title"], "Notes")
        XCTAssertEqual(popped["back"], "")
        // After the reset the clock starts again: 0 ms of the second segment is a fresh tab bar.
        let afterReset = try phone(page, "r=1&t=0")
        XCTAssertEqual(afterReset["segment"], "1")
        XCTAssertEqual(afterReset["tabs"], "Notes Settings")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("[2,\"1. A custom back button that asks\"]"), "a mark per section")
    }

    /// A lesson with a sheet: `present Home` over Register (gates.nav, section 3).
    func testLessonGatesSheet() throws {
        let lesson = E2E.packageRoot.appendingPathComponent("scripts/lessons/gates.nav").path
        try navsh("log off; source \"\(lesson)\"; timeline gates.html since section 3")
        let page = dir.appendingPathComponent("gates.html")
        let ev = try events(page)
        let shown = try phone(page, "e=\(try index(ev, "Home.viewDidAppear(true)"))")
        XCTAssertEqual(shown["sheet"], "Home 1.00")
        XCTAssertEqual(shown["top"], "Home")
        XCTAssertEqual(shown["title"], "Register", "the bar behind the sheet is Register's")
        // A quarter of the way up: the lesson's section 3 begins with a reset, so its clock is the second segment's.
        let (from, to) = (try time(page, "Home.viewWillAppear(true)"), try time(page, "Home.viewDidAppear(true)"))
        let rising = try phone(page, "r=1&t=\(from + (to - from) / 4)")
        XCTAssertEqual(rising["sheet"], "Home 0.25", "the sheet a quarter of the way up: \(rising)")
        XCTAssertEqual(rising["top"], "Register", "less than half of it is up: \(rising)")
    }

    /// A story: the frozen UI of interactive-pop.nav, act 3.
    func testStoryFrozen() throws {
        let story = E2E.packageRoot.appendingPathComponent("scripts/stories/interactive-pop.nav").path
        try navsh("log off; source \"\(story)\"; timeline story.html")
        let page = dir.appendingPathComponent("story.html")
        let ev = try events(page)
        guard let frozenAt = ev.firstIndex(where: { $0.hasPrefix("frozen:") }) else {
            return XCTFail("the story froze the UI: no frozen: event")
        }
        let frozen = try phone(page, "e=\(frozenAt)")
        XCTAssertNotEqual(frozen["frozen"], "", "FROZEN drawn: \(frozen)")
        let swipe = try phone(page, "e=\(try index(ev, "gesture.began"))")
        XCTAssertEqual(swipe["frozen"], "")
        XCTAssertEqual(swipe["title"], "Detail")
    }

    /// A session of 10,000 events: a page of under 100 bytes an event that opens, and is right at its end.
    func testTenThousandEvents() throws {
        let round = "push A\npush B\ndrag 40%\nrelease\nswipe\npush B\npresent S\ndismiss\npop\npop\n"
        try E2E.write(
            "log off\n" + String(repeating: round, count: 137) + "timeline big.html\n", to: "big.nav", in: dir)
        let run = try E2E.run(["big.nav"], in: dir, timeout: 300)
        XCTAssertTrue(run.stdout.hasPrefix("wrote big.html: 99"), run.stdout)
        let page = dir.appendingPathComponent("big.html")
        let ev = try events(page)
        XCTAssertGreaterThan(ev.count, 9_900)
        let size = try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 100 * ev.count, "\(size) bytes for \(ev.count) events")
        let end = try phone(page, "e=\(ev.count - 1)")
        XCTAssertEqual(end["event"], String(ev.count - 1))
        XCTAssertEqual(end["title"], "A", "each round ends with A alone")
        XCTAssertEqual(end["sheet"], "")
    }

    /// `explore --out FILE.html`: the counterexample as a page, from the state the setup left.
    func testCounterexample() throws {
        let lesson = E2E.packageRoot.appendingPathComponent("scripts/lessons/explore-safe-pop.nav").path
        let run = try E2E.run(["explore", lesson, "--out", "cx.html"], in: dir, timeout: 300)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let page = dir.appendingPathComponent("cx.html")
        try assertSelfContained(page)
        let ev = try events(page)
        let start = try phone(page, "s=0")
        XCTAssertEqual(start["title"], "Editor", "the setup left Editor on top")
        XCTAssertEqual(start["back"], "< List")
        let pushed = try phone(page, "e=\(try index(ev, "Detail.viewDidAppear(true)"))")
        XCTAssertEqual(pushed["title"], "Detail")
        let last = try phone(page, "e=\(ev.count - 1)")
        XCTAssertEqual(last["event"], String(ev.count - 1))
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(html.contains("violated: confirmations"), "the violation closes the page")
    }
}
