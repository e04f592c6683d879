import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// `NavigationModel.ignores(_:)`: the explorer counts a step the model says
/// changes nothing without running it, so the answer must be exact where it
/// says yes. On every state the encoding setups reach, each back, swipe,
/// drag, dismiss and pop it calls ignored is run: it must raise nothing, throw
/// nothing and leave the model `==` to what it was.
@Suite("Ignored steps")
struct IgnoredStepTests {
    @Test("a step the model calls ignored changes nothing, on every state the setups reach")
    func ignoredStepsChangeNothing() throws {
        var ignored: [String: Int] = [:]
        var acted: [String: Int] = [:]
        var events: [Event] = []
        for (model, action) in Self.statesAndActions() {
            let kind = Self.kind(action.action)
            guard let kind else { continue }
            var stepped = model
            events.removeAll()
            // (Not `try?`: it flattens "threw" and "raised nothing" into one nil.)
            var threw = false
            var raised: UIKitException?
            do { raised = try stepped.performStep(action.action, events: &events) } catch { threw = true }
            guard model.ignores(action.action) else {
                if stepped != model { acted[kind, default: 0] += 1 }
                continue
            }
            ignored[kind, default: 0] += 1
            #expect(!threw, "\(action.source) threw where ignored")
            #expect(raised == nil, "\(action.source) raised where ignored")
            #expect(stepped == model, "\(action.source) changed the state where ignored")
        }
        // Each kind is met both ways: called ignored, and acting where it was not.
        for kind in ["back", "swipe", "drag", "dismiss", "pop", "poproot"] {
            #expect(ignored[kind, default: 0] > 100, "\(kind) never ignored")
            #expect(acted[kind, default: 0] > 100, "\(kind) never acted")
        }
    }

    @Test("a push or presentation of a new instance the renaming test calls ignored leaves the parent's state, renamed")
    func droppedNewInstancesRenameToTheParent() throws {
        var ignored = 0
        var events: [Event] = []
        for (model, action) in Self.statesAndActions() {
            var copy = model
            var lent = model
            guard let prepared = copy.prepare(action.action),
                let test = NavigationModel.renamingIgnoreTest(for: prepared),
                NavigationModel.ignores(test, in: &lent)
            else { continue }
            ignored += 1
            var stepped = model
            events.removeAll()
            #expect(try stepped.performStep(prepared, events: &events) == nil)
            var parent = model
            parent.canonicalize()
            parent.renameInstances()
            stepped.canonicalize()
            stepped.renameInstances()
            #expect(stepped == parent, "\(action.source) changed the renamed state where ignored")
        }
        #expect(ignored > 100)
    }

    @Test("a command the model calls refused at once is refused, and one refused at once is so called")
    func refusedStepsAreRefused() throws {
        var refused: [NavigationModel.RefusalTest: Int] = [:]
        var run: [NavigationModel.RefusalTest: Int] = [:]
        var events: [Event] = []
        for (model, action) in Self.statesAndActions() {
            guard let test = NavigationModel.refusalTest(for: action.action) else { continue }
            var stepped = model
            events.removeAll()
            var refusedAtOnce = false
            do {
                _ = try stepped.performStep(action.action, events: &events)
            } catch .noAlert, .noSwipeHeld {
                refusedAtOnce = true
            } catch {}
            var lent = model
            let says = NavigationModel.refuses(test, in: &lent)
            #expect(says == refusedAtOnce, "\(action.source): refuses says \(says)")
            if says {
                refused[test, default: 0] += 1
                #expect(stepped == model, "\(action.source) changed the state where refused")
            } else {
                run[test, default: 0] += 1
            }
        }
        // Each kind is met both ways.
        for test in [NavigationModel.RefusalTest.tap, .release] {
            #expect(refused[test, default: 0] > 100, "\(test) never refused")
            #expect(run[test, default: 0] > 100, "\(test) never run")
        }
    }

    /// Each state the encoding setups reach (to depth 6, at most 3,000 a
    /// setup) with each action of its setup's explore list.
    static func statesAndActions() -> [(NavigationModel, ExploreAction)] {
        var pairs: [(NavigationModel, ExploreAction)] = []
        for (text, profile) in StateEncodingTests.setups {
            let actions = Setup(text, profile: profile).explorer(depth: 6).config.actions
            for model in StateEncodingTests.states(Setup(text, profile: profile), depth: 6, limit: 3000) {
                for action in actions { pairs.append((model, action)) }
            }
        }
        return pairs
    }

    static func kind(_ action: Action) -> String? {
        switch action {
        case .back: "back"
        case .swipe: "swipe"
        case .drag: "drag"
        case .dismiss: "dismiss"
        case .pop: "pop"
        case .popToRoot: "poproot"
        default: nil
        }
    }

    @Test("a search with a `no log` invariant still runs the ignored steps, to read their events")
    func noLogRunsIgnoredSteps() {
        // A back on a root screen is ignored and says so: counted unrun, it
        // would never be found. The counts are those of the steps run.
        let setup = Setup(
            """
            push Home
            invariant no log "no back button"
            explore back "push Detail"
            """)
        let explorer = setup.explorer(depth: 2)
        #expect(explorer.skipsIgnored == [false, false])
        let result = explorer.run()
        #expect(result.violations.map(\.lines) == [["back &"]])
        #expect(Setup("push Home\nexplore back \"push Detail\"").explorer(depth: 2).skipsIgnored == [true, true])
    }

    @Test("ignored steps are counted as steps, as when they were run")
    func ignoredStepsCount() {
        // From Home alone: back and swipe are ignored (a root screen), the
        // push acts, the wait has nothing to end. Run, that was 3 steps.
        let explorer = Setup("push Home\nexplore back swipe \"push Detail\"").explorer(depth: 1)
        #expect(explorer.skipsIgnored == [true, true, true])
        #expect(explorer.run().steps == 3)
    }
}
