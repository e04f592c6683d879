import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// The explorer's step masks (`NavigationModel.unrunSteps`, at most 63
/// actions) and the tests per step past them agree: the same actions, each
/// repeated, reach the same states, and each copy of an action takes the
/// steps the action takes alone.
@Suite("Step masks and the tests per step agree")
struct UnrunStepMaskTests {
    static let actions = [
        "back", "swipe", "\"drag 70%\"", "release", "\"push Detail\"", "pop", "\"present Sheet\"", "dismiss",
    ]

    func run(copies: Int) -> ExploreResult {
        let list = Array(repeating: Self.actions, count: copies).flatMap { $0 }.joined(separator: " ")
        let setup = "set profile legacy\npush Home\npush List\ncheck exceptions responsive\nexplore \(list)"
        return Setup(setup).explorer(depth: 4).run()
    }

    @Test("1, 7 (56 actions: masks) and 8 copies (64 actions: tests per step)")
    func copiesAgree() {
        let one = run(copies: 1)
        let seven = run(copies: 7)
        let eight = run(copies: 8)
        #expect(one.states == seven.states)
        #expect(one.states == eight.states)
        #expect(Set(one.violations.map(\.property)) == Set(eight.violations.map(\.property)))
        // steps = copies × (the actions' steps) + the waits'.
        let actionSteps = (seven.steps - one.steps) / 6
        #expect((seven.steps - one.steps) % 6 == 0)
        #expect(eight.steps == 8 * actionSteps + (one.steps - actionSteps))
        #expect(one.states > 50)
    }
}
