import NavScript
import Testing

@testable import NavExplorer
@testable import NavigationEngine

/// `NavigationModel.reset(to:)`, the explorer's way back from a step to its
/// parent: a model reset that is not its parent would make every later step
/// of the search run from a wrong state.
@Suite("Model reset")
struct ResetTests {
    @Test(
        "a stepped model reset to its parent is its parent, and steps as its parent does",
        arguments: QuietStepTests.setups)
    func resetAfterEveryStep(setup text: String) {
        let explorer = Setup(text).explorer(depth: 4)
        var frontier = [explorer.start]
        var seen: Set<UInt64> = [Explorer.fingerprint(explorer.start)]
        var events: [Event] = []
        // Stepped and reset over and over, from one parent to the next, as the explorer does.
        var reused = explorer.start
        var resets = 0
        var changed = 0
        for _ in 0..<4 {
            var next: [NavigationModel] = []
            for parent in frontier {
                let parentFingerprint = Explorer.fingerprint(parent)
                // Lent as the explorer lends it, half the time (NavigationModel+Lent.swift).
                var lent = parent
                for step in 0...explorer.waitIndex {
                    if step.isMultiple(of: 2) { reused.reset(to: parent) } else { reused.reset(to: &lent) }
                    #expect(lent == parent)
                    resets += 1
                    #expect(reused == parent, "step \(step)")
                    #expect(reused.names.count == parent.names.count)
                    #expect(Explorer.fingerprint(reused) == parentFingerprint, "step \(step)")
                    var copy = parent
                    let a = explorer.run(step, on: &copy, events: &events, recording: false)
                    let b = explorer.run(step, on: &reused, events: &events, recording: false)
                    #expect(a == b, "step \(step)")
                    guard a == false else { continue }
                    explorer.canonical(&copy)
                    explorer.canonical(&reused)
                    #expect(copy == reused, "step \(step)")
                    let fingerprint = Explorer.fingerprint(copy)
                    #expect(Explorer.fingerprint(reused) == fingerprint, "step \(step)")
                    if fingerprint != parentFingerprint { changed += 1 }
                    if seen.insert(fingerprint).inserted, seen.count < 3000 { next.append(copy) }
                }
            }
            frontier = next
        }
        #expect(resets > 500)
        #expect(changed > 200)
    }

    /// Two models that differ in every stored property but the scratch
    /// space: profile, clock, durations, traits, counters, screens,
    /// controllers, window (tabs), modals and one in flight, controller
    /// class, alert, a frozen pop, guarantees, names.
    static func distantModels() throws -> (NavigationModel, NavigationModel) {
        var events: [Event] = []
        var a = NavigationModel(profile: .legacy)
        _ = try a.perform(.push(ScreenRef(className: "Home"), gate: false, animated: true), events: &events)
        a.settle(events: &events)

        var b = NavigationModel()
        _ = try b.perform(.setDuration(.push, milliseconds: 500), events: &events)
        _ = try b.perform(.screen("Editor", [.confirm("Discard?")]), events: &events)
        _ = try b.perform(.screen("Form", [.customBack(alert: "Leave?")]), events: &events)
        _ = try b.perform(
            .use(ControllerClass(features: [.gates, .safePop], name: "features gates safe-pop")), events: &events)
        _ = try b.perform(.tabs(["A", "B"]), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Done"), gate: true, animated: true), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Editor"), gate: false, animated: true), events: &events)
        _ = try b.perform(.contentSwipe(cancel: false), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Form"), gate: false, animated: true), events: &events)
        b.settle(events: &events)
        _ = try b.perform(.back, events: &events)
        _ = try b.perform(.present("Sheet", inNavigation: false, animated: true), events: &events)
        _ = try b.perform(.setPreemption(true), events: &events)
        return (a, b)
    }

    @Test("a model reset to an unrelated one (no storage shared) becomes it, and back")
    func resetToUnrelated() throws {
        let (a, b) = try Self.distantModels()
        // Every property differs (the scratch space is never part of a state).
        let differing = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).filter { pair in
            String(describing: pair.0.value) != String(describing: pair.1.value)
        }.map { $0.0.label ?? "?" }
        // All but a frozen pop and a legacy nested call, which need states of
        // their own (the walk above meets them), and the names, whose
        // description shows no words.
        #expect(differing.count == Mirror(reflecting: a).children.count - 3, "\(differing)")
        #expect(a.names != b.names)
        var model = a
        model.reset(to: b)
        #expect(model == b)
        #expect(String(describing: model) == String(describing: b))
        #expect(Explorer.fingerprint(model) == Explorer.fingerprint(b))
        model.reset(to: a)
        #expect(model == a)
        #expect(String(describing: model) == String(describing: a))
        #expect(Explorer.fingerprint(model) == Explorer.fingerprint(a))
    }
}
