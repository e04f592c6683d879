import NavigationEngine
import Testing

/// What `perform` reports besides its events: the exception as a value and
/// whether the state changed, so no caller has to read event words for either.
@Suite("Outcome and typed events")
struct OutcomeTests {
    @Test("an exception comes back as a value, and as the last event")
    func exceptionValue() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        sim.raising(.push("A#1"))
        #expect(sim.outcome?.exception == .pushedTwice(sim.name("A")))
        #expect(sim.outcome?.exception?.name == .invalidArgument)
        #expect(sim.outcome?.changed == false)
        #expect(sim.events.last?.payload == .exception(.pushedTwice(sim.name("A"))))
    }

    @Test(
        "a command that does nothing says so; one that does something says so too",
        arguments: [
            (Action.pop(animated: true), false),
            (.popToRoot(animated: true), false),
            (.swipe(cancel: false), false),
            (.back, false),
            (.notify("Ping"), false),
            (.wait(milliseconds: 0), false),
            (.push("B"), true),
            (.wait(milliseconds: 1), true),
            (.screen("A", [.gate]), true),
        ])
    func changed(action: Action, changes: Bool) {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(action)
        #expect(sim.outcome?.changed == changes)
    }

    @Test("a refused swipe says why, as a case")
    func refusal() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .screen("B", [.customBack(alert: nil)]))
        sim.run(.swipe(cancel: false))
        #expect(sim.events.map(\.payload) == [.gestureRefused(.customBack(sim.name("B")))])
    }

    @Test("an ignored touch names the touch and the reason")
    func ignored() {
        var sim = Sim()
        sim.given(.push("A"))
        sim.run(.back)
        #expect(sim.events.map(\.payload) == [.touchIgnored(.back, because: .noBackButton)])
    }
}

@Suite("Event layout")
struct EventLayoutTests {
    @Test("an event stays small: a history of 100,000 events is a few megabytes")
    func size() {
        #expect(MemoryLayout<Event>.stride <= 48, "\(MemoryLayout<Event>.stride)")
    }
}
