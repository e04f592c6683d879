// TimelineRenderer: `timeline FILE.svg` and `timeline FILE.md`.
//
// The SVG must parse as XML, give every object a lane and every call an
// arrow with its text; the Mermaid must be a sequenceDiagram with
// participants and arrows; hostile texts must come out escaped. When
// rsvg-convert is installed, the SVG is also rendered to a PNG (set
// NAVSH_TIMELINE_KEEP=DIR to keep the SVGs and PNGs there; docs/images/timeline-example.png
// is DIR/timeline-example.png).

import Foundation
import NavigationEngine
import Testing

@testable import NavScript

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every class name the events of this file use, in one table: the sessions
/// below start from it, so their events and the hand-made ones are worded
/// with the same numbers.
private let fixtureNames: ClassNames = {
    var names = ClassNames()
    let texts = [
        "Home", "Detail", "Editor", "Sheet", "Other", "Login", "Register", "Notes", "Feed", "Evil", "\"A\"; B",
        "Ev\"il<]]> <!-- -->", "A", "B", "", ".", "A(", "A)",
    ]
    for text in texts { _ = names.intern(text) }
    for i in 0..<(TimelineRenderer.maxEvents + 123) { _ = names.intern("S\(i)") }
    return names
}()

/// A screen of `fixtureNames`.
private func screen(_ text: String, _ ordinal: Int = 1) -> ScreenName {
    var names = fixtureNames
    return ScreenName(cls: names.intern(text), ordinal: ordinal)
}

/// The events a fresh session records for `commands`, one a line.
private func recorded(_ commands: String) -> [Event] {
    let harness = Harness()
    harness.session.model.adoptNames(fixtureNames)
    harness.run(commands)
    #expect(harness.session.state.names == fixtureNames, "a class name missing from fixtureNames")
    return Array(harness.session.history)
}

/// A real session: delegate calls, pushes, a cancelled and a finished swipe,
/// a custom back button's alert, and two presentations, the second dropped.
private let sampleSession = recorded(
    """
    log full
    delegate Spy
    push Home
    push Detail
    swipe cancel
    swipe
    screen Editor custom-back "Discard changes?"
    push Editor
    back
    tap OK
    present Sheet
    present Other &
    dismiss
    wait
    """)

/// The picture in the docs (docs/images/timeline-example.png): the sample up to the
/// finished swipe, then `present Sheet &` and `dismiss`, which UIKit drops with a warning.
private let docsSession = recorded(
    """
    log full
    delegate Spy
    push Home
    push Detail
    swipe cancel
    swipe
    present Sheet &
    dismiss
    wait
    """)

private let login2 = screen("Login", 2)
private let editor = screen("Editor")
private let register = screen("Register")
private let notes = screen("Notes")

/// One event of each kind navsh prints that the sample lacks.
private let otherKinds: [Event] = [
    Event(
        time: 0,
        payload: .windowRoot(
            controller: .plain, roots: [screen("Feed"), screen("Notes")], tabs: true)),
    Event(time: 0, payload: .tabSelected(name: "Notes", reselected: false)),
    Event(time: 0, payload: .lifecycle(notes, .viewDidAppear(false))),
    Event(time: 0, payload: .gateHidesBack(login2)),
    Event(time: 0, payload: .gateTrimmed(login2)),
    Event(time: 10, payload: .barShouldPop(editor, answer: false)),
    Event(time: 10, payload: .safeDelegateAssigned(screen: editor, set: true)),
    Event(time: 10, payload: .shouldPop(asker: editor, top: editor)),
    Event(time: 10, payload: .alertShown(text: "Discard changes?", presenter: nil)),
    Event(time: 10, payload: .alertTapped(button: "Cancel")),
    Event(time: 20, payload: .notification(register, name: "keyboardWillShow", visible: false)),
    Event(time: 20, payload: .gestureRefused(.singleScreen)),
    Event(time: 20, payload: .frozen(.transitionRunning(push: true))),
    Event(time: 20, payload: .touchIgnored(.back, because: .frozen)),
    Event(time: 30, payload: .exception(.pushedTwice(screen("Login")))),
    Event(
        time: 30,
        payload: .present(
            receiver: screen("Home"), screen: screen("Sheet"),
            container: nil, animated: true)),
    Event(time: 30, payload: .deinitialized(login2)),
]

private let evil = screen("Evil")

/// Texts that try to break out of XML and Mermaid (the parts of events a script writes freely).
private let hostile: [Event] = [
    Event(time: 0, payload: .navCall(.push(evil, animated: true))),
    Event(
        time: 0,
        payload: .alertShown(
            text: "</text><script>alert('x')</script> & \"quotes\"; #1 ; %% not a comment\nsecond line: `end` ```",
            presenter: evil)),
    Event(
        time: 5,
        payload: .note(
            .customBackBypassed(evil, alert: "<b>bold</b> & 'single' \"double\" #35; ;; a:b\r\n\tend", by: .edgeSwipe))),
    Event(
        time: 5,
        payload: .delegateCall(
            receiver: .outside("Spy<x>"), call: .willShow(screen("\"A\"; B", 2), animated: true)
        )),
    Event(
        time: 9,
        payload: .notification(evil, name: "\u{0}\u{1}\u{7F}\u{FFFE} control characters \u{2028} end", visible: true)),
    Event(time: 9, payload: .lifecycle(screen("Ev\"il<]]> <!-- -->"), .viewDidLoad)),
]

/// An event's words, as the timeline reads them.
private func words(_ event: Event) -> String { EventRenderer.words(event, names: fixtureNames) }

// MARK: - Helpers

/// Parses XML and collects what the tests look at.
private final class SVGReader: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var texts: [String] = []
    var classes: [String: Int] = [:]
    var laneNames: [String] = []
    var error: Error?
    private var current = ""
    private var inText = 0
    private var groupClass: [String?] = []

    static func read(_ svg: String) -> SVGReader {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        if !parser.parse() { reader.error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements[name, default: 0] += 1
        if let cls = attributes["class"] { classes[cls, default: 0] += 1 }
        if name == "g" { groupClass.append(attributes["class"]) }
        if name == "text" {
            inText += 1
            current = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText > 0 { current += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" {
            inText -= 1
            texts.append(current)
            if groupClass.last == "lane" { laneNames.append(current) }
        }
        if name == "g" { _ = groupClass.popLast() }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
}

private func mermaidBlock(_ markdown: String) -> [Substring] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "```mermaid"),
        let end = lines[(start + 1)...].firstIndex(of: "```")
    else { return [] }
    return Array(lines[(start + 1)..<end])
}

/// A Mermaid line with its entity codes (`#35;`, `#quot;`) taken out.
private func withoutEntities(_ line: Substring) -> String {
    var out = ""
    var rest = line[...]
    while let hash = rest.firstIndex(of: "#") {
        out += rest[..<hash]
        let after = rest[rest.index(after: hash)...]
        if let semi = after.firstIndex(of: ";"), !after[..<semi].isEmpty,
            after[..<semi].allSatisfy({ $0.isLetter || $0.isNumber })
        {
            rest = after[after.index(after: semi)...]
        } else {
            out += "#"
            rest = after
        }
    }
    return out + rest
}

private func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

private let rsvgConvert = findExecutable("rsvg-convert")

// MARK: - Tests

@Suite("Timeline: lanes and steps from typed events")
struct TimelineModelTests {
    @Test("lanes are the receivers and callers, in order of first appearance")
    func laneOrder() {
        let timeline = Timeline(sampleSession, names: fixtureNames)
        #expect(
            timeline.lanes.map(\.name) == [
                "app", "nav", "Home", "Spy", "Detail", "user", "gesture", "Editor", "alert", "Sheet", "Other",
            ])
        let kinds = Dictionary(uniqueKeysWithValues: timeline.lanes.map { ($0.name, $0.kind) })
        #expect(kinds["app"] == .actor)
        #expect(kinds["user"] == .actor)
        #expect(kinds["nav"] == .uikit)
        #expect(kinds["gesture"] == .uikit)
        #expect(kinds["Home"] == .screen)
        #expect(kinds["Spy"] == .delegate)
    }

    @Test("senders: app calls, nav drives lifecycle and delegates, a finger drives gestures and alert taps")
    func senders() {
        let timeline = Timeline(sampleSession + otherKinds, names: fixtureNames)
        func arrow(_ text: String) -> (String, String)? {
            guard let step = timeline.steps.first(where: { $0.text == text }),
                case .message(let from, let to, _) = step.shape
            else { return nil }
            return (timeline.lanes[from].name, timeline.lanes[to].name)
        }
        #expect(arrow("nav.pushViewController(Home, animated: true)")! == ("app", "nav"))
        #expect(arrow("Home.viewDidLoad()")! == ("nav", "Home"))
        #expect(arrow("Spy.willShow(Detail, animated: true)")! == ("nav", "Spy"))
        #expect(arrow("gesture.began")! == ("user", "gesture"))
        #expect(arrow("alert.tap OK")! == ("user", "alert"))
        #expect(arrow("alert \"Discard changes?\" [Cancel] [OK]")! == ("Editor", "alert"))
        #expect(arrow("Home.present(Sheet, animated: true)")! == ("app", "Home"))
        #expect(arrow("Detail.deinit")! == ("Detail", "Detail"))
        #expect(
            arrow(
                "window.rootViewController = UITabBarController(viewControllers: [UINavigationController(rootViewController: Feed), UINavigationController(rootViewController: Notes)])"
            )! == ("app", "window"))
        #expect(arrow("tab: select Notes")! == ("user", "tabBar"))
        #expect(arrow("Login#2.navigationItem.setHidesBackButton(true, animated: false)")! == ("nav", "Login#2"))
        #expect(arrow("gate: viewControllers = [Login#2]")! == ("nav", "nav"))
        #expect(arrow("bar.shouldPop(Editor) -> false")! == ("nav", "bar"))
        #expect(arrow("Editor.shouldPop(Editor) -> false")! == ("nav", "Editor"))
        #expect(arrow("Register.received(keyboardWillShow) (not visible)")! == ("system", "Register"))
        #expect(arrow("ignored: back (UI is frozen)")! == ("user", "nav"))
        for text in [
            "warning: Attempt to dismiss from view controller Sheet while a presentation or dismiss is in progress!",
            "exception: NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (Login)",
            "frozen: an interactive pop began while a push transition was running; the pop can never complete, so the navigation controller never becomes idle again",
        ] {
            let step = timeline.steps.first { $0.text == text }
            guard case .note = step?.shape else {
                Issue.record("\(text) is not a note")
                continue
            }
        }
    }

    @Test(
        "transitions in flight run from viewWillAppear(true) to viewDidAppear(true), or to viewDidDisappear(true) when cancelled"
    )
    func intervals() {
        let timeline = Timeline(sampleSession, names: fixtureNames)
        let spans = timeline.intervals.map { interval in
            (timeline.steps[interval.start].time, interval.end.map { timeline.steps[$0].time }, interval.cancelled)
        }
        // push Detail, the cancelled swipe, the swipe, push Editor, back, present Sheet, present Other.
        #expect(spans.map(\.0) == [0, 350, 700, 1050, 1400, 1750, 2150])
        #expect(spans.map(\.1) == [350, 700, 1050, 1400, 1750, 2150, 2550])
        #expect(spans.map(\.2) == [false, true, false, false, false, false, false])
        #expect(timeline.intervals[0].caption == "pushViewController: Detail appears · 350 ms")
        #expect(timeline.intervals[1].caption == "popViewController (swipe): cancelled, Home stays hidden · 350 ms")
        #expect(timeline.intervals[5].caption == "present: Sheet appears · 400 ms")
    }

    @Test("without lifecycle events, willShow(X, animated: true) to didShow opens and closes a transition")
    func intervalsFromDelegates() {
        let brief = sampleSession.filter { $0.category != .lifecycle }
        let timeline = Timeline(brief, names: fixtureNames)
        let spans = timeline.intervals.map { ($0.cancelled, $0.end.map { timeline.steps[$0].time }) }
        #expect(spans.first.map { $0.1 } == 350)
        #expect(spans.contains { $0.0 }) // the cancelled swipe
    }

    @Test("a transition still running when the events end stays open")
    func openInterval() {
        let events = Array(sampleSession.prefix(15)) // push Detail, before 350 ms
        let timeline = Timeline(events, names: fixtureNames)
        #expect(timeline.intervals.count == 1)
        #expect(timeline.intervals.first?.end == nil)
        #expect(timeline.intervals.first?.caption.contains("still in flight") == true)
    }

    @Test("a deferred pop is captioned with its call, not with an assignment made while it waited")
    func deferredCallCaption() {
        let timeline = Timeline(recorded("push A\npush B &\npop &\ngesture-delegate system\nwait"), names: fixtureNames)
        #expect(
            timeline.intervals.map(\.caption) == [
                "pushViewController: B appears · 350 ms", "popViewController: A appears · 350 ms",
            ])
    }
}

@Suite("TimelineRenderer.svg")
struct TimelineSVGTests {
    @Test("parses as XML, with a lane per object and every call's text")
    func wellFormed() throws {
        let events = sampleSession + otherKinds
        let svg = TimelineRenderer.svg(events, names: fixtureNames)
        let reader = SVGReader.read(svg)
        #expect(reader.error == nil, "\(String(describing: reader.error))")
        #expect(reader.elements["svg"] == 1)
        let timeline = Timeline(events, names: fixtureNames)
        let lanes = timeline.lanes.map(\.name)
        // Each lane's header is drawn at the top (or where it begins), and each column's again at the bottom.
        #expect(reader.laneNames.count == lanes.count + timeline.columns)
        #expect(Set(reader.laneNames) == Set(lanes))
        for name in [
            "app", "user", "nav", "Spy", "Home", "Detail", "gesture", "alert", "window", "bar", "tabBar", "Login#2",
            "system",
        ] {
            #expect(reader.laneNames.contains(name), "no lane for \(name)")
        }
        // Notes, and labels in a picture too wide for a projector, are wrapped over several lines:
        // look for them in all the text, spaces aside.
        let all = reader.texts.joined().filter { $0 != " " }
        for event in events {
            #expect(
                all.contains(Timeline.short(words(event)).filter { $0 != " " })
                    || all.contains(words(event).filter { $0 != " " }),
                "missing text: \(words(event))")
        }
        func isFrozen(_ event: Event) -> Bool { if case .frozen = event.payload { true } else { false } }
        #expect(
            reader.classes["message"]
                == events.filter { ![.warning, .note, .exception].contains($0.category) && !isFrozen($0) }.count)
        #expect(reader.classes["note"] == 4)
    }

    @Test("shades each transition in flight, and marks the cancelled one")
    func bands() {
        let reader = SVGReader.read(TimelineRenderer.svg(sampleSession, names: fixtureNames))
        #expect(reader.classes["transition"] == 6)
        #expect(reader.classes["transition cancelled"] == 1)
    }

    @Test("a ruler labels each instant with its clock time and the time that passed")
    func ruler() {
        let reader = SVGReader.read(TimelineRenderer.svg(sampleSession, names: fixtureNames))
        for t in [0, 350, 700, 1050, 1400, 1750, 2150, 2550] {
            #expect(reader.texts.contains("\(t) ms"), "no ruler label for \(t) ms")
        }
        #expect(reader.texts.contains("+400 ms"))
    }

    @Test("hostile texts are escaped")
    func hostileTexts() {
        let svg = TimelineRenderer.svg(hostile, names: fixtureNames)
        let reader = SVGReader.read(svg)
        #expect(reader.error == nil, "\(String(describing: reader.error))")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(!svg.contains("]]>"))
        #expect(!svg.contains("<!-- -->"))
        #expect(reader.elements["script"] == nil)
        #expect(
            reader.texts.contains {
                $0.contains("</text><script>alert('x')</script> & \"quotes\"; #1 ; %% not a comment second line")
            })
        #expect(reader.texts.contains { $0.contains("<b>bold</b> & 'single' \"double\"") })
    }

    @Test("no events still make a picture")
    func empty() {
        let svg = TimelineRenderer.svg([], names: fixtureNames)
        let reader = SVGReader.read(svg)
        #expect(reader.error == nil)
        #expect(reader.texts.contains { $0.contains("No events yet") })
    }

    @Test("at most maxEvents events are drawn; a footer says how many were left out")
    func cap() {
        var events: [Event] = []
        for i in 0..<(TimelineRenderer.maxEvents + 123) {
            events.append(
                Event(
                    time: i * 350, payload: .navCall(.push(screen("S\(i)"), animated: true)))
            )
        }
        let reader = SVGReader.read(TimelineRenderer.svg(events, names: fixtureNames))
        #expect(reader.error == nil)
        #expect(reader.classes["message"] == TimelineRenderer.maxEvents)
        #expect(reader.texts.contains { $0.contains("123 later events left out") })
        let md = TimelineRenderer.mermaid(events, names: fixtureNames)
        #expect(md.contains("123 later events left out"))
        #expect(mermaidBlock(md).filter { $0.contains("->>") }.count == TimelineRenderer.maxEvents)
    }

    @Test(
        "odd times and texts never trap",
        arguments: [
            [
                Event(
                    time: Int.max, payload: .lifecycle(screen("A"), .viewWillAppear(true))),
                Event(time: Int.min, payload: .lifecycle(screen("A"), .viewDidAppear(true))),
            ],
            [
                Event(time: -5, payload: .deinitialized(screen(""))),
                Event(time: 3, payload: .gestureBegan),
                Event(time: 3, payload: .barShouldPop(screen(".", 0), answer: true)),
            ],
            [
                Event(
                    time: 0,
                    payload: .delegateCall(
                        receiver: .outside(String(repeating: "x", count: 5000)),
                        call: .willShow(screen("A"), animated: true)))
            ],
            [
                Event(time: 0, payload: .lifecycle(screen("A(", -1), .viewWillAppear(true))),
                Event(
                    time: 1, payload: .lifecycle(screen("A)", Int.min), .viewDidAppear(true))),
            ],
            [Event(time: 0, payload: .alertShown(text: String(repeating: "word ", count: 2000), presenter: nil))],
            [Event(time: 0, payload: .alertShown(text: "", presenter: screen("")))],
        ])
    func noTraps(events: [Event]) {
        let reader = SVGReader.read(TimelineRenderer.svg(events, names: fixtureNames))
        #expect(reader.error == nil)
        #expect(mermaidBlock(TimelineRenderer.mermaid(events, names: fixtureNames)).first == "sequenceDiagram")
    }

    @Test("renders with rsvg-convert", .enabled(if: rsvgConvert != nil, "rsvg-convert is not installed"))
    func rendersWithRsvg() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navsh-timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, events) in [
            ("timeline-example", docsSession), ("sample", sampleSession), ("kinds", sampleSession + otherKinds),
            ("hostile", hostile),
        ] {
            let svgURL = dir.appendingPathComponent("\(name).svg")
            let pngURL = dir.appendingPathComponent("\(name).png")
            try TimelineRenderer.svg(events, names: fixtureNames).write(to: svgURL, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: rsvgConvert ?? "/usr/bin/rsvg-convert")
            process.arguments = ["-o", pngURL.path, svgURL.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "rsvg-convert failed on \(name): \(stderr)")
            #expect(stderr.isEmpty, "rsvg-convert complained about \(name): \(stderr)")
            let png = try Data(contentsOf: pngURL)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png.count > 10_000)
            if let keep = ProcessInfo.processInfo.environment["NAVSH_TIMELINE_KEEP"], !keep.isEmpty {
                try TimelineRenderer.mermaid(events, names: fixtureNames).write(
                    to: URL(fileURLWithPath: keep).appendingPathComponent("\(name).md"), atomically: true,
                    encoding: .utf8)
                for url in [svgURL, pngURL] {
                    let target = URL(fileURLWithPath: keep).appendingPathComponent(url.lastPathComponent)
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.copyItem(at: url, to: target)
                }
            }
        }
    }
}

@Suite("TimelineRenderer.mermaid")
struct TimelineMermaidTests {
    @Test("a Markdown file with a sequenceDiagram: participants, arrows, notes")
    func structure() {
        let md = TimelineRenderer.mermaid(sampleSession + otherKinds, names: fixtureNames)
        #expect(md.hasPrefix("# navsh timeline\n"))
        let block = mermaidBlock(md)
        #expect(block.first == "sequenceDiagram")
        #expect(block.contains("    actor p0 as app"))
        #expect(block.contains("    participant p1 as nav"))
        #expect(block.contains("    participant p2 as Home"))
        #expect(block.contains("    participant p3 as Spy"))
        #expect(block.contains("    p0->>p1: nav.pushViewController(Home, animated#58; true)"))
        #expect(block.contains("    p1->>p3: Spy.willShow(Detail, animated#58; true)"))
        #expect(block.contains("    p4-xp4: Detail.deinit"))
        #expect(block.contains { $0.hasPrefix("    Note over p0,p") && $0.contains("warning#58; Attempt to dismiss") })
        #expect(block.contains("    Note left of p0: 350 ms (+350 ms)"))
        #expect(block.contains { $0.contains("participant") && $0.contains("Login#35;2") })
        // Shaded transitions: rect blocks, balanced.
        let opened = block.filter { $0.hasPrefix("    rect ") }.count
        #expect(opened >= 6)
        #expect(opened == block.filter { $0 == "    end" }.count)
    }

    @Test("hostile texts are escaped: no raw ; # : < > & quotes or newlines in the diagram")
    func hostileTexts() {
        let md = TimelineRenderer.mermaid(hostile, names: fixtureNames)
        let block = mermaidBlock(md)
        #expect(block.first == "sequenceDiagram")
        #expect(md.components(separatedBy: "```").count == 3, "the code fence must stay closed")
        for line in block.dropFirst() {
            // What follows the statement's own syntax: a message or note's text, a participant's name.
            var bare = withoutEntities(line)
            if let colon = bare.firstIndex(of: ":") {
                bare = String(bare[bare.index(after: colon)...])
            } else if let alias = bare.range(of: " as ") {
                bare = String(bare[alias.upperBound...])
            }
            #expect(line.hasPrefix("    "), "unexpected line: \(line)")
            for bad in [";", "#", "<", ">", "&", "\"", "`", "%"] {
                #expect(!bare.contains(bad), "raw \(bad) in: \(line)")
            }
            #expect(!bare.contains(":"), "second colon in: \(line)")
        }
        #expect(block.contains { $0.contains("#lt;/text#gt;#lt;script#gt;") })
    }

    @Test("no events still make a diagram")
    func empty() {
        let block = mermaidBlock(TimelineRenderer.mermaid([], names: fixtureNames))
        #expect(block == ["sequenceDiagram", "    participant p0 as nav", "    Note over p0: no events yet"])
    }
}
