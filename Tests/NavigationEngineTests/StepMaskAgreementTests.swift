import Testing

@testable import NavigationEngine

/// `NavigationModel.unrunSteps`, which reads a parent's current controller
/// once (`ParentFacts`) and asks a swipe's and drags' reading and the pop's
/// test once for all of them, says of each action what its own test
/// (`ignores(_:in:)`, `refuses(_:in:)`) says, on every state of short
/// breadth-first walks (IgnoredStepTests holds those tests to the commands).
@Suite("Step masks agree with each action's test")
struct StepMaskAgreementTests {
    static func push(_ name: String, gate: Bool = false) -> Action {
        .push(ScreenRef(className: name), gate: gate, animated: true)
    }

    /// Setups: a profile and the lines that declare it.
    static let setups: [(Profile, [Action])] = [
        (.ios26, [push("Home"), push("List")]),
        (.legacy, [push("Home"), push("List")]),
        (
            .ios26,
            [
                .use(ControllerClass(features: [.gates, .safePop, .swipeGuard, .proxy], name: "features")),
                .screen("Editor", [.confirm("Discard changes?")]),
                .screen("Form", [.customBack(alert: "Leave?")]), push("Home"), push("Editor"),
            ]
        ),
        (
            .ios26,
            [
                .use(ControllerClass(features: [.gates, .proxy], name: "GateNavigationController")),
                push("Welcome"), push("Register"),
            ]
        ),
    ]

    /// Every kind of test, some twice (a swipe and two drags share one
    /// reading; a pop and a pop to root, one test).
    static let actions: [Action] = [
        .back, .swipe(cancel: false), .drag(percent: 30), .drag(percent: 70), .release, .tap("OK"),
        .tap("Cancel"), push("Detail"), push("Form"), push("Done", gate: true), .pop(animated: true),
        .popToRoot(animated: true), .present("Sheet", inNavigation: false, animated: true),
        .present("Modal", inNavigation: true, animated: true), .dismiss(animated: true),
    ]

    @Test("on every state of short walks of four setups")
    func masksAgree() {
        var checked = 0
        var ignoredSeen = 0
        for (profile, declarations) in Self.setups {
            var root = NavigationModel(profile: profile)
            var events: [Event] = []
            for line in declarations { _ = try? root.performStep(line, events: &events, recording: false) }
            root.runUntilIdle()
            var refusals: [(step: Int, test: NavigationModel.RefusalTest)] = []
            var ignores: [(step: Int, test: NavigationModel.IgnoreTest)] = []
            for (step, action) in Self.actions.enumerated() {
                if let test = NavigationModel.refusalTest(for: action) { refusals.append((step, test)) }
                if let test = NavigationModel.ignoreTest(for: action) { ignores.append((step, test)) }
            }
            var level = [root]
            for _ in 0..<5 {
                var next: [NavigationModel] = []
                for parent in level {
                    let (refused, ignored) = NavigationModel.unrunSteps(
                        refusals: refusals, ignores: ignores, in: parent)
                    for (step, test) in refusals {
                        let alone = NavigationModel.refuses(test, in: parent)
                        #expect((refused >> UInt64(step)) & 1 == (alone ? 1 : 0), "refusal \(step)")
                    }
                    for (step, test) in ignores {
                        let alone = NavigationModel.ignores(test, in: parent)
                        #expect((ignored >> UInt64(step)) & 1 == (alone ? 1 : 0), "ignore \(step)")
                        if alone { ignoredSeen += 1 }
                    }
                    checked += 1
                    guard next.count < 400 else { continue }
                    for action in Self.actions {
                        var child = parent
                        _ = try? child.performStep(action, events: &events, recording: false)
                        next.append(child)
                    }
                    if let deadline = parent.nextDeadline {
                        var child = parent
                        child.advanceClock(to: deadline, events: &events, recording: false)
                        next.append(child)
                    }
                }
                level = next
            }
        }
        #expect(checked > 1000)
        #expect(ignoredSeen > 1000)
    }
}
