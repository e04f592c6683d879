// The frames `timeline FILE.html` draws are kept packed (TimelineFrames.swift):
// what is unpacked is what the model showed, equal frames pack equally and
// unequal ones do not, and a long session keeps a few words a frame.

import NavigationEngine
import Testing

@testable import NavScript

@Suite("Timeline frames, packed")
struct TimelineFramesTests {
    /// Scripts that put every part of a frame on screen: tabs, a sheet rising and
    /// standing, a navigation controller presented, an alert, a finger holding a
    /// pop, a frozen bar, the legacy profile's full-screen sheets, a custom back.
    static let scripts = [
        """
        tabs Feed Search Inbox
        push A
        tab Search
        push B
        push C
        drag 40%
        release
        drag 80%
        release
        tab Feed
        tab Feed
        """,
        """
        use UISafeNavigationController
        screen Editor confirm "Discard changes?"
        push Home
        push Editor
        back
        tap Cancel
        back
        tap OK
        present Sheet
        dismiss
        present Modal nav
        push Inner
        pop
        dismiss
        """,
        """
        screen Custom custom-back "Leave?"
        push Home
        push Custom
        back
        swipe
        push Other
        pop instant
        push Third
        push Fourth
        popto Home
        """,
        """
        set profile legacy
        push Home
        present Sheet nav
        push Inner
        dismiss
        push A
        push B
        pop
        """,
    ]

    @Test("after each command that kept a frame, the frame unpacked is the model's")
    func unpackedIsShown() throws {
        var kept = 0
        for script in Self.scripts {
            let h = Harness()
            for (i, line) in script.split(separator: "\n").enumerated() {
                let before = h.session.frames.count
                h.session.feed(String(line), file: "t.nav", line: i + 1)
                if h.session.frames.count > before {
                    #expect(h.session.frames.frame(at: h.session.frames.count - 1) == h.session.state.frame, "\(line)")
                    kept += 1
                }
            }
            #expect(h.failures == 0, "\(h.diagnostics)")
        }
        #expect(kept > 30)
    }

    /// Frames that differ in one field each from `base`, and some at the edges
    /// of the packing: ordinals past 32 bits, depths past 20 bits, negative times.
    static func variants() -> [PhoneFrame] {
        let a = ScreenName(numbers: 1, 1)
        let b = ScreenName(numbers: 2, 3)
        let huge = ScreenName(numbers: 4, 1 << 40)
        var base = PhoneFrame()
        base.title = a
        base.depth = 2
        var out = [PhoneFrame(), base]
        func with(_ change: (inout PhoneFrame) -> Void) {
            var f = base
            change(&f)
            out.append(f)
        }
        with { $0.title = b }
        with { $0.title = huge }
        with { $0.back = .system(b) }
        with { $0.back = .system(huge) }
        with { $0.back = .custom }
        with { $0.depth = 1 << 21 }
        with { $0.behindDepth = 3 }
        with { $0.behindDepth = 1 << 30 }
        with { $0.behind = b }
        with { $0.fullScreen = true }
        with { $0.alertText = "Discard?" }
        with { $0.alertText = "" }
        with { $0.tabs = ["Feed", "Search"] }
        with {
            $0.tabs = ["Feed", "Search"]
            $0.selectedTab = 1
        }
        with { $0.selectedTab = 0 }
        for reason in [
            FreezeReason.rootScreen(delegateLetItBegin: false), .rootScreen(delegateLetItBegin: true),
            .transitionRunning(push: false), .transitionRunning(push: true),
        ] {
            with { $0.frozenReason = reason }
        }
        let slide = PhoneFrame.Slide(
            incoming: a, outgoing: b, isPush: true, start: 350, end: 700, percent: nil, cancels: false,
            byContentPan: false)
        with { $0.slide = slide }
        with {
            $0.slide = slide
            $0.slide?.isPush = false
        }
        with {
            $0.slide = slide
            $0.slide?.end = nil
        }
        with {
            $0.slide = slide
            $0.slide?.start = -5
        }
        with {
            $0.slide = slide
            $0.slide?.percent = 40
        }
        with {
            $0.slide = slide
            $0.slide?.percent = 40
            $0.slide?.cancels = true
        }
        with {
            $0.slide = slide
            $0.slide?.byContentPan = true
        }
        with {
            $0.slide = slide
            $0.slide?.incoming = huge
        }
        let sheet = PhoneFrame.Sheet(screen: b, inNavigation: false, presenting: true, start: nil, end: nil)
        with { $0.sheet = sheet }
        with {
            $0.sheet = sheet
            $0.sheet?.inNavigation = true
        }
        with {
            $0.sheet = sheet
            $0.sheet?.presenting = false
        }
        with {
            $0.sheet = sheet
            $0.sheet?.start = 0
        }
        with {
            $0.sheet = sheet
            $0.sheet?.start = 0
            $0.sheet?.end = 500
        }
        with {
            $0.sheet = sheet
            $0.sheet?.end = 500
        }
        return out
    }

    @Test("a frame unpacks to itself; two frames pack to the same words exactly when they are equal")
    func packing() {
        let frames = Self.variants()
        var words = FrameWords()
        var ranges: [Range<Int>] = []
        for var f in frames {
            let start = words.count
            words.pack(&f)
            ranges.append(start..<words.count)
        }
        for (i, f) in frames.enumerated() {
            #expect(words.unpack(ranges[i]) == f, "frame \(i)")
            for j in frames.indices {
                #expect(words.equal(ranges[i], ranges[j]) == (f == frames[j]), "frames \(i) and \(j)")
            }
        }
    }

    @Test("a long push and pop session keeps its frames in a few words each")
    func compact() {
        let h = Harness()
        var lines = ["push Home"]
        for i in 0..<3000 { lines.append(i % 3 == 2 ? "pop" : "push S\(i % 7)") }
        h.run(lines.joined(separator: "\n"))
        let frames = h.session.frames
        #expect(frames.count > 5000)
        // A stop (three words) and the frame's own words; a PhoneFrame value alone is over 30 words.
        let bytes = frames.count * MemoryLayout<TimelineFrames.Stop>.stride + frames.wordCount * 8
        #expect(bytes / frames.count <= 96, "\(bytes / frames.count) bytes a frame")
        #expect(MemoryLayout<PhoneFrame>.stride > 200)
    }

    @Test("texts no kept frame shows any more are dropped with the frames")
    func textsBounded() {
        func textsKept(_ n: Int) -> Int {
            let h = Harness()
            h.session.historyLimit = 200
            var lines = ["use UISafeNavigationController", "push Home"]
            for i in 0..<n {
                lines += ["screen E\(i) confirm \"Leave \(i)?\"", "push E\(i)", "back", "tap OK"]
            }
            h.run(lines.joined(separator: "\n"))
            #expect(h.failures == 0, "\(h.diagnostics.prefix(3))")
            return h.session.frames.textsKept
        }
        let small = textsKept(200)
        let large = textsKept(2000)
        #expect(large < 2 * small, "\(small) texts kept after 200 alerts, \(large) after 2,000")
    }
}
