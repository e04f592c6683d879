import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// The explorer's steps run without recording events when no checked
/// property reads them (`performStep(_:events:recording:)`,
/// `advanceClock(to:events:recording:)`): the same states, the same
/// exceptions, no events.
@Suite("Explorer quiet steps")
struct QuietStepTests {
    /// Setups whose steps between them emit every kind of event the explorer
    /// meets: lifecycle and appearance bookkeeping, delegate calls, gates,
    /// confirmations, alerts, gestures, modals, warnings, notes, exceptions,
    /// window roots and tabs.
    static let setups = [
        """
        use features gates safe-pop swipe-guard proxy
        screen Editor confirm "Discard changes?"
        push Home
        push Editor
        explore back swipe "drag 70%" release "tap OK" "tap Cancel" "push Editor" "push Editor#1" "push Done gate" pop "present Sheet" dismiss
        """,
        """
        use GateNavigationController
        delegate Analytics
        push Welcome
        push Register
        explore back swipe "drag 70%" release "push Home gate" "push Profile" "push Welcome#1" poproot "present Sheet nav" dismiss "root Home"
        """,
        """
        set profile legacy
        push Home
        push List
        explore back swipe "drag 30%" release "push Detail" pop "setstack Home List Home" "present Sheet" dismiss "tabs A B" "tab B"
        """,
    ]

    @Test("a step run quietly leaves the recorded step's state and exception, and no events", arguments: setups)
    func quietMatchesRecorded(setup text: String) {
        let explorer = Setup(text).explorer(depth: 4)
        var frontier = [explorer.start]
        var seen: Set<UInt64> = [Explorer.fingerprint(explorer.start)]
        var loud: [Event] = []
        var quiet: [Event] = []
        var steps = 0
        var raised = 0
        var eventsSeen = 0
        for _ in 0..<4 {
            var next: [NavigationModel] = []
            for parent in frontier {
                for step in 0...explorer.waitIndex {
                    var recorded = parent
                    var silent = parent
                    let a = explorer.run(step, on: &recorded, events: &loud, recording: true)
                    let b = explorer.run(step, on: &silent, events: &quiet, recording: false)
                    #expect(a == b, "step \(step)")
                    #expect(recorded == silent, "step \(step)")
                    #expect(quiet.isEmpty, "step \(step)")
                    guard a != nil else { continue }
                    steps += 1
                    eventsSeen += loud.count
                    if a == true { raised += 1 }
                    explorer.canonical(&recorded)
                    explorer.canonical(&silent)
                    let fingerprint = Explorer.fingerprint(recorded)
                    #expect(fingerprint == Explorer.fingerprint(silent))
                    if a == false, seen.insert(fingerprint).inserted, seen.count < 3000 { next.append(recorded) }
                }
            }
            frontier = next
        }
        // The walk ran steps that recorded events, and some that raised.
        #expect(steps > 200)
        #expect(eventsSeen > steps)
        #expect(raised > 0)
    }

    @Test("a quiet step that raises still returns UIKit's exception, and the model records again after it")
    func quietException() throws {
        var model = Setup("push Home\npush A").model
        var events: [Event] = []
        let push = Action.push(ScreenRef(className: "A", ordinal: 1), gate: false, animated: true)
        let exception = try model.performStep(push, events: &events, recording: false)
        #expect(exception != nil)
        #expect(events.isEmpty)
        var loud = Setup("push Home\npush A").model
        #expect(try loud.performStep(push, events: &events, recording: true) == exception)
        #expect(events.contains { if case .exception = $0.payload { true } else { false } })
        #expect(loud == model)
        // Recording is back on for the next command, refused or not.
        events.removeAll()
        let refused = Action.popTo(ScreenRef(className: "Nowhere"), animated: true)
        #expect(throws: EngineError.self) { try model.performStep(refused, events: &events, recording: false) }
        _ = try model.perform(.pop(animated: false), events: &events)
        #expect(!events.isEmpty)
        events.removeAll()
        model.advanceClock(to: model.clock + 1000, events: &events, recording: false)
        _ = try model.perform(.push(ScreenRef(className: "B"), gate: false, animated: false), events: &events)
        #expect(!events.isEmpty)
    }

    @Test("the steps record only when a checked property reads them: a no log invariant")
    func readsEventsOnlyForNoLog() {
        #expect(!Setup("push Home\npush List\nexplore pop").explorer().readsEvents)
        #expect(!Setup("push Home\npush List\ninvariant depth 2\nexplore pop").explorer().readsEvents)
        #expect(Setup("push Home\npush List\ninvariant no log \"deinit\"\nexplore pop").explorer().readsEvents)
    }

    @Test("a no log invariant still finds its counterexample, on one job and two")
    func noLogFound() throws {
        for jobs in [1, 2] {
            let result = Setup(
                """
                push Home
                push List
                invariant no log "deinit"
                explore "push Detail" pop
                """
            ).explorer(depth: 4, jobs: jobs).run()
            let v = try #require(result.violations.first)
            #expect(v.property == .invariant(0))
            #expect(v.lines == ["pop &", "wait 350ms"])
            #expect(v.explanation.contains("deinit"))
        }
    }
}
