import NavigationEngine
import Testing

/// The tests' notation for events (EventFacts.swift) must tell apart what the
/// engine tells apart, or a test comparing it could not fail.
@Suite("Event facts: the tests' notation")
struct EventFactsTests {
    @Test("payloads that differ in one fact read differently")
    func distinct() {
        var names = ClassNames()
        let b = ScreenName(cls: names.intern("B"), ordinal: 1)
        let b2 = ScreenName(cls: b.cls, ordinal: 2)
        let a = ScreenName(cls: names.intern("A"), ordinal: 1)
        let payloads: [EventPayload] = [
            .navCall(.push(b, animated: true)), .navCall(.push(b, animated: false)),
            .navCall(.push(b2, animated: true)),
            .navCall(.popTo(b, animated: true)), .navCall(.setStack([a, b], animated: true)),
            .navCall(.setStack([b, a], animated: true)),
            .lifecycle(b, .viewWillAppear(true)), .lifecycle(b, .viewDidAppear(true)), .lifecycle(a, .viewDidLoad),
            .lifecycle(b, .willMove(toNav: true)), .lifecycle(b, .willMove(toNav: false)),
            .delegateCall(receiver: .nav, call: .willShow(b, animated: true)),
            .delegateCall(receiver: .outside("Spy"), call: .willShow(b, animated: true)),
            .delegateCall(receiver: .outside("Spy"), call: .animationController(push: true, from: a, to: b)),
            .delegateCall(receiver: .outside("Spy"), call: .animationController(push: false, from: a, to: b)),
            .delegateAssigned(.outside(nil)), .delegateAssigned(.outside("Spy")), .delegateAssigned(.controller),
            .gestureCancelled(popRefused: true), .gestureCancelled(popRefused: false),
            .contentGestureCancelled(popRefused: true),
            .gestureReleased(percent: 40, cancels: true, remaining: 140),
            .gestureReleased(percent: 40, cancels: false, remaining: 140),
            .present(receiver: a, screen: b, container: nil, animated: true),
            .present(
                receiver: a, screen: b, container: .named("UINavigationController", fragile: false), animated: true),
            .present(
                receiver: a, screen: b, container: .named("GateNavigationController", fragile: true), animated: true),
            .dismiss(receiver: a, presented: b, animated: true), .dismiss(receiver: a, presented: nil, animated: true),
            .warning(.presentDuringPresentation(b, on: a, profile: .ios26)),
            .warning(.presentDuringPresentation(b, on: a, profile: .legacy)),
            .exception(.pushedTwice(b)), .exception(.notDistinct([a, b, a])), .deinitialized(b), .deinitialized(b2),
            .note(.forwardsOnly(controller: "C", kept: [.willShow], delegate: "Spy", lost: [.didShow])),
            .note(.forwardsOnly(controller: "C", kept: [.didShow], delegate: "Spy", lost: [.willShow])),
        ]
        let facts = payloads.map { NavigationEngineTests.facts(of: $0, names: names) }
        #expect(Set(facts).count == payloads.count, "\(facts)")
    }

    @Test("the notation: case names, labels, screens in words, a set sorted")
    func notation() {
        var names = ClassNames()
        let b2 = ScreenName(cls: names.intern("B"), ordinal: 2)
        let event = Event(time: 350, payload: .navCall(.push(b2, animated: true)))
        #expect(facts(event, names: names) == "350ms navCall(push(B#2, animated: true))")
        let forwards = EventPayload.note(
            .forwardsOnly(
                controller: "Gate", kept: [.didShow, .willShow, .animationController], delegate: "Spy", lost: []))
        #expect(
            facts(of: forwards, names: names)
                == "note(forwardsOnly(controller: Gate, kept: [didShow, willShow, animationController], delegate: Spy, lost: []))"
        )
        #expect(
            facts(of: EngineError.noSuchInstance(ScreenRef(className: "A", ordinal: 3), created: 1), names: names)
                == "noSuchInstance(A#3, created: 1)")
        let methods: Set<DelegateMethod> = [.willShow, .didShow, .animationController]
        #expect(facts(of: methods, names: names) == "[animationController, didShow, willShow]")
    }
}
