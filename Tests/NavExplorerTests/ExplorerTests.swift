import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// A setup script run the way `navsh explore` runs it, and an explorer over its final state.
struct Setup {
    let session: Session

    init(_ text: String, profile: Profile = .ios26, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        final class Sink: OutputSink {
            var diagnostics: [String] = []
            func line(_ text: String) {}
            func diagnostic(_ text: String) { diagnostics.append(text) }
        }
        struct NoFiles: ScriptLoader {
            func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
                .failure(LoadFailure(path: path, reason: "no files here"))
            }
        }
        let sink = Sink()
        var options = SessionOptions()
        options.profile = profile
        session = Session(options: options, output: sink, loader: NoFiles())
        session.run(script: text, file: "setup.nav")
        #expect(sink.diagnostics == [], "the setup must run cleanly", sourceLocation: sourceLocation)
    }

    var model: NavigationModel { session.state }

    func explorer(
        depth: Int = 8, jobs: Int = 1, all: Bool = false, maxStates: Int = 1_000_000, fixedBatch: Int? = nil
    ) -> Explorer {
        let d = session.declarations
        var config = ExploreConfiguration(
            actions: d.actions, invariants: d.invariants, checks: d.checks ?? BuiltinProperty.allCases)
        config.depth = depth
        config.jobs = jobs
        config.all = all
        config.maxStates = maxStates
        config.fixedBatchPerJob = fixedBatch
        return Explorer(start: model, configuration: config)
    }
}

/// Each property judged on hand-built states (explorer.md section 2).
@Suite("Explorer properties")
struct ExplorerPropertyTests {
    func violated(_ setup: Setup) -> [Property] {
        let explorer = setup.explorer()
        var model = setup.model
        model.canonicalize()
        let mask = explorer.stateViolations(model, events: [])
        return (0..<64).filter { mask & (1 << UInt64($0)) != 0 }.map {
            $0 < BuiltinProperty.allCases.count
                ? .builtin(BuiltinProperty.allCases[$0]) : .invariant($0 - BuiltinProperty.allCases.count)
        }
    }

    @Test("a responsive, intact, idle state breaks nothing")
    func clean() {
        #expect(violated(Setup("explore back\npush Home\npush Detail")) == [])
    }

    @Test("responsive: a swipe that began on the root froze the UI")
    func responsive() {
        #expect(violated(Setup("explore back\ngesture-delegate none\npush Home\nswipe")) == [.builtin(.responsive)])
    }

    @Test("bar: corrupted while nothing is in flight; not while a transition runs")
    func bar() {
        let busy = Setup("explore back\nset profile legacy\npush Home\npush A\npush B &\npush C &")
        #expect(busy.model.isBarCorrupted && busy.model.isBusy)
        #expect(violated(busy) == [])
        let idle = Setup("explore back\nset profile legacy\npush Home\npush A\npush B &\npush C &\nwait")
        #expect(violated(idle) == [.builtin(.bar)])
    }

    @Test("gates: a screen below a gate on top again")
    func gates() {
        #expect(violated(Setup("explore back\nscreen Login gate\npush Home\npush Login\nback")) == [.builtin(.gates)])
    }

    @Test("confirmations: a confirm screen gone without an OK")
    func confirmations() {
        let setup = Setup(
            "explore back\nuse UISafeNavigationController\nscreen Editor confirm \"Sure?\"\npush List\npush Editor\nsetstack List"
        )
        #expect(violated(setup) == [.builtin(.confirmations)])
    }

    @Test("check limits the built-in properties; invariants count in file order")
    func checksAndInvariants() {
        let setup = Setup(
            "explore back\ncheck gates\ninvariant depth 3\ninvariant no alert\ninvariant stack Home\ngesture-delegate none\npush Home\nswipe"
        )
        #expect(violated(setup) == [.invariant(0)])
    }

    @Test("exceptions and no log are properties of a step's events")
    func stepProperties() {
        let setup = Setup("explore back\ninvariant no log \"deinit\"\npush Home")
        let explorer = setup.explorer()
        let names = setup.model.names
        let home = ScreenName(cls: names.existing("Home")!, ordinal: 1)
        let deinitEvent = Event(time: 0, payload: .deinitialized(home))
        #expect(
            explorer.stepViolations(raised: false, events: [deinitEvent], names: names)
                == 1 << UInt64(Property.invariant(0).rank))
        #expect(
            explorer.stepViolations(raised: true, events: [], names: names)
                == 1 << UInt64(Property.builtin(.exceptions).rank))
        #expect(explorer.stepViolations(raised: false, events: [], names: names) == 0)
    }

    @Test("states equal up to the absolute clock are one state")
    func clockNormalised() {
        var early = Setup("explore back\npush Home\npush A &").model
        var late = Setup("explore back\npush Home\nwait 5s\npush A &").model
        #expect(early != late)
        early.canonicalize()
        late.canonicalize()
        #expect(early == late)
        #expect(Explorer.fingerprint(early) == Explorer.fingerprint(late))
    }

    @Test("a wait stops at the deadline, or earlier where a listed duration ends together with it")
    func waitTargets() {
        let setup = Setup("explore back dismiss\npush Home\npush A &")
        // push ends at 350; a dismiss (400 ms) cannot start later than now and end with it, a pop (350) can only start now.
        #expect(setup.explorer().waitTarget(setup.model) == setup.model.clock + 350)
        let shorter = Setup("explore back\nset duration pop 100ms\npush Home\npush A &")
        #expect(shorter.explorer().waitTarget(shorter.model) == shorter.model.clock + 250)
        let idle = Setup("explore back\npush Home")
        #expect(idle.explorer().waitTarget(idle.model) == nil)
    }
}

/// Searches whose shortest counterexample is known by hand.
@Suite("Explorer search")
struct ExplorerSearchTests {
    @Test("a swipe on the root with a nil gesture delegate: one step")
    func swipeOnRoot() throws {
        let result = Setup("gesture-delegate none\npush Home\nexplore back \"push Detail\" swipe").explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.responsive))
        #expect(v.lines == ["swipe &"])
        #expect(v.expectLine == "expect responsive")
        #expect(result.violations.count == 1)
    }

    @Test("a plain UINavigationController with a gate on top, and back: one step")
    func plainGate() throws {
        let result = Setup("screen Login gate\npush Home\npush Login\nexplore \"push Detail\" back").explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.gates))
        #expect(v.lines == ["back &"])
        #expect(v.explanation == "Home became the top again after it sat below the gate Login")
    }

    @Test("setstack on UISafeNavigationController with a confirm screen on top: one step")
    func safeSetStack() throws {
        let result = Setup(
            """
            use UISafeNavigationController
            screen Editor confirm "Discard changes?"
            push List
            push Editor
            explore back "tap OK" "tap Cancel" "setstack List"
            """
        ).explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.confirmations))
        #expect(v.lines == ["setstack List &"])
        #expect(v.expectLine == "expect confirmations held")
    }

    @Test("a violation in the start state is reported with 0 steps")
    func startState() throws {
        let result = Setup("gesture-delegate none\npush Home\nswipe\nexplore back").explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.steps == [])
        #expect(v.property == .builtin(.responsive))
    }

    @Test("the freeze of a swipe during a push needs the push in flight: two steps, the push first")
    func swipeDuringPush() throws {
        let result = Setup("gesture-delegate none\npush Home\npush List\nexplore \"push Detail\" swipe").explorer()
            .run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.responsive))
        #expect(v.lines == ["push Detail &", "swipe &"])
    }

    @Test("InteractivePopNavigationController refuses the swipe during a push, not during a pop")
    func guardedSwipe() throws {
        let result = Setup(
            "use InteractivePopNavigationController\npush Home\npush List\npush Item\nexplore \"push Detail\" swipe"
        ).explorer(depth: 4).run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.responsive))
        #expect(v.lines == ["swipe &", "swipe &"])
        #expect(v.explanation.contains("while a pop transition was running"))
    }

    @Test("refused commands are not steps; an exception is a step that breaks exceptions")
    func exceptions() throws {
        let result = Setup("push Home\npush A\nexplore \"tap OK\" \"push A#1\"").explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.exceptions))
        #expect(v.lines == ["push A#1 &"])
        #expect(v.expectLine == nil)
        #expect(
            v.explanation.hasPrefix(
                "UIKit raised NSInvalidArgumentException: Pushing the same view controller instance more than once"))
    }

    @Test("among the shortest, the first in the explore list's order, the wait last")
    func lexicographic() throws {
        // Both `pop` and `back` break the gate in one step; the list's order decides.
        let first = Setup("screen Login gate\npush Home\npush Login\nexplore pop back").explorer().run()
        #expect(first.violations.first?.lines == ["pop &"])
        let second = Setup("screen Login gate\npush Home\npush Login\nexplore back pop").explorer().run()
        #expect(second.violations.first?.lines == ["back &"])
    }

    @Test(
        "a wait is a step: a push, a wait to its end, then the frozen swipe is not needed; the queued pop after the gate is"
    )
    func waitStep() throws {
        let result = Setup("screen Login gate\npush Home\npush Login &\nexplore pop").explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.property == .builtin(.gates))
        #expect(v.lines == ["pop &", "wait 350ms"])
    }

    @Test("--all reports the shortest sequence for each property, in report order")
    func all() {
        let result = Setup(
            """
            screen Login gate
            push Home
            push Login
            invariant depth 2
            explore back swipe "push Login#1"
            """
        ).explorer(all: true).run()
        #expect(result.violations.map(\.name) == ["exceptions", "gates", "invariant depth 2"])
        #expect(result.violations.map(\.lines) == [["push Login#1 &"], ["back &"], ["back &"]])
    }

    @Test(
        "the same result for 1 and 2 jobs",
        arguments: [
            "push Home\npush List\nexplore swipe \"push Detail\" back pop \"drag 30%\" \"drag 70%\" release",
            "use UISafeNavigationController\nscreen Editor confirm \"Sure?\"\npush List\npush Editor\ncheck gates responsive exceptions\nexplore back swipe \"tap OK\" \"tap Cancel\" \"push Editor\" \"present Sheet nav\" dismiss",
        ])
    func jobsAgree(setup: String) {
        let one = Setup(setup).explorer(depth: 5, jobs: 1, all: true).run()
        let two = Setup(setup).explorer(depth: 5, jobs: 2, all: true).run()
        #expect(one.states == two.states)
        #expect(one.steps == two.steps)
        #expect(one.depthComplete == two.depthComplete)
        #expect(one.violations == two.violations)
        #expect(one.states > 100)
    }

    @Test("the same result for 1 and 2 jobs on levels big enough to split between threads")
    func jobsAgreeOnBigLevels() {
        let setup = "push Home\nexplore \"push A\" \"push B\" pop back swipe \"drag 70%\" release"
        let one = Setup(setup).explorer(depth: 6, jobs: 1).run()
        let two = Setup(setup).explorer(depth: 6, jobs: 2).run()
        #expect(one.states == two.states)
        #expect(one.steps == two.steps)
        #expect(one.violations == two.violations)
        #expect(one.states > 1_000)
    }

    @Test("batches of a fixed size (NAVSH_EXPLORE_BATCH) give the same result, a batch at a time")
    func fixedBatches() {
        let setup = "push Home\nexplore \"push A\" \"push B\" pop back swipe \"drag 70%\" release"
        let sized = Setup(setup).explorer(depth: 5).run()
        for jobs in [1, 2] {
            var batches = 0
            let fixed = Setup(setup).explorer(depth: 5, jobs: jobs, fixedBatch: 1).run(progress: { _ in batches += 1 })
            #expect(fixed.states == sized.states)
            #expect(fixed.steps == sized.steps)
            #expect(fixed.violations == sized.violations)
            // One parent a job in each batch: a batch for every `jobs` states of
            // a level, on every level expanded (all but the last).
            let levels = (0..<5).map { Setup(setup).explorer(depth: $0).run().states }
            let expected = levels.indices.map { level in
                let size = levels[level] - (level == 0 ? 0 : levels[level - 1])
                return (size + jobs - 1) / jobs
            }.reduce(0, +)
            #expect(batches == expected)
            #expect(batches > 50)
        }
    }

    @Test("--max-states cuts the search and says so")
    func maxStates() {
        let result = Setup("push Home\nexplore \"push A\" pop").explorer(depth: 20, maxStates: 10).run()
        #expect(result.cut == .maxStates)
        #expect(result.states == 10)
        #expect(result.violations.isEmpty)
    }

    @Test("Ctrl-C stops before the next chunk with what was explored")
    func interrupted() {
        // Asked before each chunk and after each batch: the fourth time is in
        // the second level's batch, after the first level was explored.
        var asked = 0
        let result = Setup("push Home\nexplore \"push A\" pop").explorer(depth: 20).run(shouldStop: {
            asked += 1
            return asked > 3
        })
        #expect(result.cut == .interrupted)
        #expect(result.depthComplete == 1)
        #expect(result.states > 1)
        // At once: nothing but the start state.
        let atOnce = Setup("push Home\nexplore \"push A\" pop").explorer(depth: 20).run(shouldStop: { true })
        #expect(atOnce.cut == .interrupted)
        #expect(atOnce.depthComplete == 0)
        #expect(atOnce.states == 1)
    }

    @Test("a setup with nothing to break explores its whole reach and stops early")
    func exhausted() {
        let result = Setup("push Home\nexplore \"notify x\"").explorer().run()
        #expect(result.violations.isEmpty)
        #expect(result.exhausted)
        #expect(result.states == 1)
    }
}

/// explorer.md section 3: instance numbers renamed where nothing names one.
@Suite("Explorer instance renaming")
struct ExplorerRenamingTests {
    @Test("states that differ only in instance numbers are one state after renaming")
    func renamedEqual() {
        var again = Setup("push Home\npush Detail\npop\nwait\npush Detail").model
        var once = Setup("push Home\npush Detail").model
        again.canonicalize()
        once.canonicalize()
        #expect(again != once)
        again.renameInstances()
        once.renameInstances()
        #expect(again == once)
        #expect(again.currentStack.map { again.names.text(of: $0) } == ["Home", "Detail"])
    }

    @Test("renaming keeps the order of live instances, so bare names mean the same one")
    func orderKept() {
        var model = Setup("push Home\npush A\npush A\npush A\nsetstack Home A#2 A#3").model
        #expect(model.currentStack.map { model.names.text(of: $0) } == ["Home", "A#2", "A#3"])
        model.renameInstances()
        #expect(model.currentStack.map { model.names.text(of: $0) } == ["Home", "A", "A#2"])
        #expect(
            (try? model.resolve(ScreenRef(className: "A"))) == ScreenName(cls: model.names.existing("A")!, ordinal: 2))
    }

    @Test("a loop that makes a new instance each time has finitely many states with renaming")
    func finiteWithRenaming() {
        let explore = "explore \"setstack Home Detail instant\" \"setstack Home instant\""
        let renamed = Setup("push Home\n" + explore).explorer(depth: 12)
        #expect(renamed.renamesInstances)
        let result = renamed.run()
        #expect(result.violations.isEmpty)
        #expect(result.exhausted)
        #expect(result.states == 3)
        let numbered = Setup("push Home\ninvariant alive Home#1\n" + explore).explorer(depth: 12).run()
        #expect(!numbered.exhausted)
        #expect(numbered.states == 13)
    }

    @Test(
        "no renaming when an action or invariant can tell instances apart",
        arguments: [
            "push Home\nexplore \"push Detail\" pop \"popto Home#1\"",
            "push Home\ninvariant alive Home#1\nexplore \"push Detail\" pop",
            "push Home\ninvariant no log \"Detail.deinit\"\nexplore \"push Detail\" pop",
            "push Home\ninvariant stack Home\nexplore \"push Detail\" pop",
        ])
    func noRenaming(setup: String) {
        #expect(!Setup(setup).explorer().renamesInstances)
    }

    @Test("renaming changes no counterexample of the known setups")
    func sameCounterexamples() throws {
        let result = Setup(
            "use InteractivePopNavigationController\npush Home\npush List\nexplore \"push Detail\" swipe"
        ).explorer().run()
        let v = try #require(result.violations.first)
        #expect(v.lines == ["push Detail &", "push Detail &", "wait 350ms", "swipe &"])
    }
}
