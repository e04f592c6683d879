import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// The explorer steps with its actions prepared (`NavigationModel.prepare(_:)`,
/// `performStep(_: PreparedAction, ...)`): each must step as its `Action`
/// does, in every state.
@Suite("Explorer prepared actions")
struct PreparedStepTests {
    /// The quiet-step setups (every kind of event), and one with the content pan.
    static let setups =
        QuietStepTests.setups + [
            """
            push Home
            push List
            explore "swipe content" "swipe content cancel" "drag content 40%" "drag content 70%" release swipe "push Detail" pop "present Sheet nav" "dismiss"
            """
        ]

    @Test(
        "a prepared action leaves its Action's state, exception or refusal, events and work count",
        arguments: setups)
    func preparedMatchesAction(setup text: String) {
        let explorer = Setup(text).explorer(depth: 4)
        let actions = explorer.config.actions.map(\.action)
        #expect(explorer.prepared.contains { $0 != nil })
        var frontier = [explorer.start]
        var seen: Set<UInt64> = [Explorer.fingerprint(explorer.start)]
        var compared = 0
        var refused = 0
        for _ in 0..<4 {
            var next: [NavigationModel] = []
            for parent in frontier {
                for (index, prepared) in explorer.prepared.enumerated() {
                    guard let prepared else { continue }
                    var byAction = parent
                    var byPrepared = parent
                    var actionEvents: [Event] = []
                    var preparedEvents: [Event] = []
                    let a = Result { () throws(EngineError) in
                        try byAction.performStep(actions[index], events: &actionEvents)
                    }
                    let b = Result { () throws(EngineError) in
                        try byPrepared.performStep(prepared, events: &preparedEvents)
                    }
                    let step = explorer.config.actions[index].source
                    #expect(a == b, "\(step)")
                    #expect(byAction == byPrepared, "\(step)")
                    #expect(actionEvents == preparedEvents, "\(step)")
                    #expect(byAction.workSteps == byPrepared.workSteps, "\(step)")
                    compared += 1
                    guard case .success(nil) = a else {
                        refused += 1
                        continue
                    }
                    explorer.canonical(&byPrepared)
                    let fingerprint = Explorer.fingerprint(byPrepared)
                    if seen.insert(fingerprint).inserted, seen.count < 3000 { next.append(byPrepared) }
                }
            }
            frontier = next
        }
        #expect(compared > 200)
        #expect(refused > 0)
    }

    @Test("only an action with nothing to look up on a step is prepared")
    func whatIsPrepared() {
        var model = NavigationModel()
        let prepared: [Action] = [
            .push(ScreenRef(className: "A"), gate: true, animated: true), .pop(animated: true),
            .popToRoot(animated: false), .back, .swipe(cancel: true), .drag(percent: 30), .contentSwipe(cancel: false),
            .contentDrag(percent: 70), .release, .tap("OK"), .tap("Cancel"),
            .present("Sheet", inNavigation: true, animated: true), .dismiss(animated: true),
        ]
        let asActions: [Action] = [
            .push(ScreenRef(className: "A", ordinal: 1), gate: false, animated: true),
            .popTo(ScreenRef(className: "A"), animated: true), .setStack([ScreenRef(className: "A")], animated: true),
            .root("A"), .tabs(["A", "B"]), .backMenu(ScreenRef(className: "A")), .tap("Later"), .tab("A"), .notify("N"),
        ]
        for action in prepared { #expect(model.prepare(action) != nil, "\(action)") }
        for action in asActions { #expect(model.prepare(action) == nil, "\(action)") }
    }
}
