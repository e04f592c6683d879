import NavScript
import NavigationEngine
import Testing

/// Each difference between `ios26` and `legacy` (iOS 12), run under both
/// profiles: what one prints and the other must not.
@Suite("Profiles: ios26 beside legacy")
struct ProfileTests {
    struct Difference: CustomTestStringConvertible, Sendable {
        var name: String
        var script: String
        /// Event texts (substrings) only the ios26 run prints.
        var ios26: [String]
        /// Event texts (substrings) only the legacy run prints.
        var legacy: [String]
        /// Look only at the events after the last line containing this.
        var after: String? = nil
        var testDescription: String { name }
    }

    static let differences: [Difference] = [
        Difference(
            name: "a push during a push", script: "push Home\npush A &\npush B",
            ios26: ["note: deferred until the running transition ends"],
            legacy: [
                "warning: nested push animation can result in corrupted navigation bar",
                "warning: Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
                "warning: Unbalanced calls to begin/end appearance transitions for <A>.",
            ]),
        Difference(
            name: "a pop during a push", script: "push Home\npush A &\npop",
            ios26: ["note: deferred until the running transition ends"],
            legacy: ["warning: nested pop animation can result in corrupted navigation bar"]),
        Difference(
            name: "a cancelled swipe with a delegate", script: "delegate Spy\npush Home\npush A\nswipe cancel",
            ios26: ["Spy.willShow(A, animated: true)", "Spy.didShow(A, animated: true)"],
            legacy: [], after: "gesture.cancelled"),
        Difference(
            name: "popTo a screen not in the stack", script: "tabs Notes Other\npush Editor\npopto Other\nexpect error",
            ios26: ["warning: Tried to pop to a view controller that doesn't exist."],
            legacy: [
                "exception: NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist."
            ]),
        Difference(
            name: "present while presenting", script: "push Home\npresent A &\npresent B",
            ios26: ["warning: Attempt to present B on A (from A) while a presentation is in progress."],
            legacy: ["warning: Warning: Attempt to present B on A while a presentation is in progress!"]),
        Difference(
            name: "pushing an instance whose push is animating", script: "push Home\npush A &\npush A#1\nexpect error",
            ios26: ["Pushing the same view controller instance more than once is not supported (A)"],
            legacy: ["exception: NSInvalidArgumentException: Can't add self as subview"]),
    ]

    /// Runs the script under a profile and returns the event texts it printed (with `log full`).
    func events(_ script: String, profile: Profile, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> [String]
    {
        let h = Harness(profile: profile)
        h.run("log full\n" + script)
        #expect(h.failures == 0, "\(profile): \(h.diagnostics)", sourceLocation: sourceLocation)
        return h.events
    }

    @Test("each difference shows under its own profile only", arguments: differences)
    func difference(_ d: Difference) {
        // popTo under ios26 is no error: the script's `expect error` holds only in legacy.
        let ios26Script =
            d.name == "popTo a screen not in the stack"
            ? d.script.replacingOccurrences(of: "\nexpect error", with: "") : d.script
        func tail(_ lines: [String]) -> [String] {
            guard let marker = d.after, let index = lines.lastIndex(where: { $0.contains(marker) }) else {
                return lines
            }
            return Array(lines[index...])
        }
        let modern = tail(events(ios26Script, profile: .ios26))
        let old = tail(events(d.script, profile: .legacy))
        for text in d.ios26 {
            #expect(modern.contains { $0.contains(text) }, "ios26 prints \(text)")
            #expect(!old.contains { $0.contains(text) }, "legacy does not print \(text)")
        }
        for text in d.legacy {
            #expect(old.contains { $0.contains(text) }, "legacy prints \(text)")
            #expect(!modern.contains { $0.contains(text) }, "ios26 does not print \(text)")
        }
    }

    @Test("legacy: the bar stays corrupted until a later transition ends undisturbed")
    func barCorruption() {
        expectScript(
            """
            set profile legacy
            push Home
            push A &
            push B
            expect bar corrupted
            push C
            expect bar intact
            """)
        expectScript(
            """
            push Home
            push A &
            push B &
            wait
            expect bar intact
            expect stack Home A B
            """)
    }

    @Test("the profile is session state: show names it, undo and reset respect it")
    func profileIsState() {
        let h = Harness()
        h.run("set profile legacy\nshow\nundo\nshow")
        let shown = h.sink.lines.filter { $0.hasPrefix("window") }
        #expect(shown == ["window · profile legacy · clock 0ms", "window · profile ios26 · clock 0ms"])
        #expect(h.failures == 0)

        let started = Harness(profile: .legacy)
        started.run("set profile ios26\nreset\nshow")
        #expect(
            started.sink.lines.last { $0.hasPrefix("window") } == "window · profile legacy · clock 0ms",
            "reset returns to the profile the session started with")
    }
}
