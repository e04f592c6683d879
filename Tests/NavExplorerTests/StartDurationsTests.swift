import NavigationEngine
import Testing

/// The durations a wait stops short by: exactly those the listed actions can
/// start (`Action.timedStarts(heldAt:)`, Action+Durations.swift).
@Suite("Start durations")
struct StartDurationsTests {
    let model = NavigationModel()

    @Test("a release lets go a held pop at any listed drag's percentage, edge or content")
    func releaseFromEitherDrag() {
        #expect(model.startDurations(of: [.contentDrag(percent: 30), .release]) == [105])
        #expect(model.startDurations(of: [.drag(percent: 70), .contentDrag(percent: 20), .release]) == [70, 105])
    }

    @Test("drags, instant calls, Cancel and the window's commands start nothing timed")
    func nothingTimed() {
        let actions: [Action] = [
            .drag(percent: 30), .contentDrag(percent: 70), .tap("Cancel"),
            .push(ScreenRef(className: "A"), gate: false, animated: false),
            .pop(animated: false), .dismiss(animated: false), .root("A"), .tabs(["A", "B"]), .notify("memory"),
        ]
        #expect(model.startDurations(of: actions) == [])
    }

    @Test("OK, a back, a swipe and a tab re-tap pop; presentations take their own duration")
    func timed() {
        #expect(model.startDurations(of: [.tap("OK")]) == [350])
        #expect(
            model.startDurations(of: [.back, .swipe(cancel: true), .contentSwipe(cancel: false), .tab("A")]) == [350])
        #expect(
            model.startDurations(of: [.present("S", inNavigation: false, animated: true), .dismiss(animated: true)])
                == [400])
    }

    @Test("the step's release takes the length the explorer is given")
    func stepAgrees() throws {
        var m = NavigationModel()
        var events: [Event] = []
        for action: Action in [
            .push(ScreenRef(className: "A"), gate: false, animated: false),
            .push(ScreenRef(className: "B"), gate: false, animated: false), .drag(percent: 30),
        ] {
            _ = try m.perform(action, events: &events)
        }
        _ = try m.perform(.release, events: &events)
        #expect(m.nextDeadline.map { $0 - m.clock } == m.length(of: .release(percent: 30)))
    }
}
