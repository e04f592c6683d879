import Testing

@testable import NavigationEngine

/// A prepared push of a new instance puts its screen in the table where the
/// push takes it (`newPushCall(_:_:gate:animated:)`): with its parent and
/// its view loaded where the push shows it at once, as it was before
/// elsewhere. Each way a push can go must leave what the `Action` leaves
/// (the shell's push, `pushCommand`, which makes the screen first).
@Suite("A push of a new screen puts it where the push takes it")
struct NewScreenPushTests {
    /// A state before the push, built by `setUp` on a model of `profile`.
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var profile: Profile
        var setUp: @Sendable (inout Sim) -> Void
        var gate = false
    }

    static let cases: [Case] = [
        Case(description: "idle", profile: .ios26, setUp: { $0.given(.push("Home")) }),
        Case(
            description: "idle, gated", profile: .ios26, setUp: { $0.given(.push("Home")) },
            gate: true),
        Case(description: "empty controller", profile: .ios26, setUp: { _ in }),
        Case(
            description: "queued behind a push", profile: .ios26,
            setUp: {
                $0.given(.push("Home"))
                $0.start(.push("List"))
            }),
        Case(
            description: "modal transition", profile: .ios26,
            setUp: {
                $0.given(.push("Home"))
                $0.start(.present("Sheet", inNavigation: false, animated: true))
            }),
        Case(
            description: "legacy, nested over a push", profile: .legacy,
            setUp: {
                $0.given(.push("Home"))
                $0.start(.push("List"))
            }),
        Case(
            description: "legacy, nested over a pop to root", profile: .legacy,
            setUp: {
                $0.given(
                    .push("Home"), .push("List"),
                    .push("Detail"), .push("Detail"))
                $0.start(.popToRoot(animated: true))
            }),
        Case(
            description: "legacy, nested over a pop, gated", profile: .legacy,
            setUp: {
                $0.given(.push("Home"), .push("List"))
                $0.start(.pop(animated: true))
            }, gate: true),
        Case(
            description: "legacy, modal transition", profile: .legacy,
            setUp: {
                $0.given(.push("Home"))
                $0.start(.present("Sheet", inNavigation: false, animated: true))
            }),
    ]

    @Test("a prepared push leaves the state, the events and the work count its Action leaves", arguments: cases)
    func preparedPushMatchesAction(_ c: Case) throws {
        var sim = Sim(c.profile)
        c.setUp(&sim)
        for recording in [true, false] {
            for className in ["Detail", "Profile"] {
                let action = Action.push(ScreenRef(className: className), gate: c.gate, animated: true)
                var byAction = sim.model
                var byPrepared = sim.model
                let made = byPrepared.prepare(action)
                let prepared = try #require(made)
                var actionEvents: [Event] = []
                var preparedEvents: [Event] = []
                let a = try byAction.performStep(action, events: &actionEvents, recording: recording)
                let b = try byPrepared.performStep(prepared, events: &preparedEvents, recording: recording)
                #expect(a == b)
                #expect(byAction == byPrepared)
                #expect(actionEvents == preparedEvents)
                #expect(byAction.workSteps == byPrepared.workSteps)
                // And the states after, once the clock ran out.
                var after: [Event] = []
                byAction.settle(events: &after)
                byPrepared.settle(events: &after)
                #expect(byAction == byPrepared)
            }
        }
    }
}
