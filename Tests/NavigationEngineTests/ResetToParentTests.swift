import Testing

@testable import NavigationEngine

/// `NavigationModel.reset(to:)`, the explorer's way back from a step to its
/// parent: the model is the parent again, and steps as the parent steps.
@Suite("Reset to a parent state")
struct ResetToParentTests {
    @Test("a model reset from a pop in flight is its parent, and its next pops are the parent's")
    func modelReset() {
        var sim = Sim(.legacy)
        sim.given(.push("A"), .push("B"), .push("C"), .push("D"))
        let parent = sim.model
        var child = parent
        var events: [Event] = []
        _ = try? child.perform(.popToRoot(animated: true), events: &events)
        #expect(child.navs[1]?.transition?.removed.count == 3)
        child.reset(to: parent)
        #expect(child == parent)
        // The next steps run as from the parent itself; the parent is untouched.
        var fresh = parent
        for action in [Action.pop(animated: true), .popToRoot(animated: true)] {
            var a: [Event] = []
            var b: [Event] = []
            _ = try? child.perform(action, events: &a)
            _ = try? fresh.perform(action, events: &b)
            #expect(child == fresh)
            #expect(a == b)
        }
        #expect(parent.navs[1]?.stack.count == 4)
    }
}
