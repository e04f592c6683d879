import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// The explorer's state fingerprint agrees with `==` (StateCodec+Fingerprint.swift):
/// on the states real searches reach, two states have equal fingerprints exactly
/// when the models are equal. A field left out of the fingerprint merges states
/// `==` tells apart, and the search would give wrong answers.
@Suite("State encoding")
struct StateEncodingTests {
    /// Setups that reach every part of the state: each seed controller, the
    /// legacy profile, confirm and custom-back alerts, the content pan, tabs,
    /// modals in a navigation controller, delegates and gesture delegates.
    static let setups: [(String, Profile)] = [
        (
            """
            use features gates safe-pop swipe-guard proxy
            screen Editor confirm "Discard changes?"
            push Home
            push Editor
            explore back swipe "drag 70%" release "tap OK" "tap Cancel" "push Editor" "push Done gate" pop "present Sheet" dismiss
            """, .ios26
        ),
        (
            """
            use GateNavigationController
            delegate Analytics
            push Welcome
            push Register
            explore back swipe "drag 70%" release "push Home gate" "push Profile" pop poproot "present Sheet nav" dismiss
            """, .ios26
        ),
        (
            """
            use InteractivePopNavigationController
            push Home
            push List
            explore back swipe "drag 30%" "drag 70%" release "push Detail" "push Profile" pop poproot "present Sheet" dismiss
            """, .ios26
        ),
        (
            """
            push Home
            push List
            explore back swipe "drag 70%" release "push Detail" "push Profile" pop poproot "present Sheet" dismiss
            """, .legacy
        ),
        (
            """
            use UISafeNavigationController
            screen Editor confirm "Discard changes?"
            push List
            push Editor
            explore back swipe "drag 70%" release "tap OK" "tap Cancel" "push Detail" pop poproot "present Sheet" dismiss
            """, .ios26
        ),
        (
            """
            screen Form custom-back "Leave?"
            screen Rules hides-back
            gesture-delegate none
            push Home
            push Form
            explore back "swipe content" "drag content 40%" release "tap OK" "tap Cancel" "drag content 80%" "push Rules" "push Form#1" pop
            """, .ios26
        ),
        (
            """
            tabs Feed Inbox
            push Detail
            explore "tab Feed" "tab Inbox" "push Detail" back swipe "drag 60%" release "present Sheet nav" dismiss "push Extra"
            """, .ios26
        ),
    ]

    /// Up to `limit` distinct canonical states reached breadth-first from the setup.
    static func states(_ setup: Setup, depth: Int, limit: Int) -> [NavigationModel] {
        let explorer = setup.explorer(depth: depth)
        var start = explorer.start
        explorer.canonical(&start)
        var all = [start]
        var seen: Set<NavigationModel> = [start]
        var frontier = [start]
        var events: [Event] = []
        for _ in 0..<depth where all.count < limit {
            var next: [NavigationModel] = []
            for parent in frontier {
                for step in 0...explorer.config.actions.count {
                    var model = parent
                    guard explorer.run(step, on: &model, events: &events) != nil else { continue }
                    explorer.canonical(&model)
                    if seen.insert(model).inserted {
                        all.append(model)
                        next.append(model)
                    }
                }
            }
            frontier = next
        }
        return all
    }

    @Test("equal fingerprints exactly when the models are ==, on every state the setups reach")
    func encodingAgreesWithEquality() {
        var checked = 0
        for (text, profile) in Self.setups {
            let setup = Setup(text, profile: profile)
            // Every state as reached, clock made relative, instances renumbered
            // where the search would; also the states one step further, not
            // deduplicated, so equal models from different paths meet.
            let reached = Self.states(setup, depth: 6, limit: 3000)
            let explorer = setup.explorer()
            var byModel: [NavigationModel: UInt64] = [:]
            var byFingerprint: [UInt64: NavigationModel] = [:]
            var events: [Event] = []
            for parent in reached.prefix(400) {
                for step in 0...explorer.config.actions.count {
                    var model = parent
                    guard explorer.run(step, on: &model, events: &events) != nil else { continue }
                    explorer.canonical(&model)
                    check(model)
                }
            }
            for model in reached { check(model) }
            func check(_ model: NavigationModel) {
                let fingerprint = Explorer.fingerprint(model)
                // The explorer's way, the model read in place, gives the same.
                var inPlace = model
                #expect(Explorer.fingerprint(inPlace) == fingerprint)
                if let earlier = byModel[model] {
                    #expect(earlier == fingerprint, "== models with different fingerprints")
                } else {
                    byModel[model] = fingerprint
                }
                if let earlier = byFingerprint[fingerprint] {
                    #expect(Bool(earlier == model), "a fingerprint shared by models that are not ==")
                } else {
                    byFingerprint[fingerprint] = model
                }
                checked += 1
            }
            #expect(byModel.count == byFingerprint.count, "one fingerprint per distinct model")
            #expect(byModel.count > 50, "the setup reaches states: \(byModel.count)")
        }
        #expect(checked > 10_000)
    }

    @Test("the built-in checks read in place agree with the model's own getters, on every state the setups reach")
    func inPlaceChecksAgreeWithGetters() {
        var checked = 0
        var busy = 0
        var corrupted = 0
        var breaches = 0
        for (text, profile) in Self.setups {
            for model in Self.states(Setup(text, profile: profile), depth: 6, limit: 3000) {
                var lent = model
                #expect(NavigationModel.isFrozen(&lent) == model.isFrozen)
                #expect(NavigationModel.isBarCorrupted(&lent) == model.isBarCorrupted)
                #expect(NavigationModel.isBusy(&lent) == model.isBusy)
                #expect(NavigationModel.breaksGates(&lent) == (model.gatesProblem != nil))
                #expect(NavigationModel.breaksConfirmations(&lent) == (model.confirmationsProblem != nil))
                #expect(lent == model)
                checked += 1
                if model.isBusy { busy += 1 }
                if model.isBarCorrupted { corrupted += 1 }
                if model.gatesProblem != nil || model.confirmationsProblem != nil { breaches += 1 }
            }
        }
        // Each answer is met both ways, so a check that always said one thing fails.
        #expect(checked > 5_000)
        #expect(busy > 100 && busy < checked)
        #expect(corrupted > 0 && corrupted < checked)
        #expect(breaches > 0 && breaches < checked)
    }

    @Test("each part of the state shows in the encoding")
    func everyFieldCounts() {
        // Pairs of states one step apart that the old hash (which left out the
        // content pan, the controllers' classes and delegates) could not tell apart.
        let base = Setup("push Home\npush Form")
        var panned = base.model
        var events: [Event] = []
        _ = try? panned.perform(.setContentSwipe(false), events: &events)
        var a = base.model
        var b = panned
        a.canonicalize()
        b.canonicalize()
        #expect(a != b)
        #expect(Explorer.fingerprint(a) != Explorer.fingerprint(b))
        let delegated = Setup("delegate Analytics\npush Home\npush Form")
        var c = delegated.model
        c.canonicalize()
        #expect(a != c)
        #expect(Explorer.fingerprint(a) != Explorer.fingerprint(c))
    }

    @Test("a clock made relative: states equal up to the absolute clock have one fingerprint")
    func relativeClock() {
        var early = Setup("push Home\npush A &").model
        var late = Setup("wait 1000ms\npush Home\npush A &").model
        early.canonicalize()
        late.canonicalize()
        #expect(early == late)
        #expect(Explorer.fingerprint(early) == Explorer.fingerprint(late))
    }
}
