import NavScript
import NavigationEngine
import Testing

/// explorer.md section 2: `explore`, `invariant` and `check` parse, are checked
/// like any command, and do nothing outside `navsh explore`.
@Suite("Explore declarations")
struct ExploreDeclarationTests {
    @Test("declarations do nothing to the session")
    func declarationsDoNothing() {
        let h = expectScript(
            """
            push Home
            explore back swipe "swipe cancel" "drag 70%" release "tap OK" "push Detail" pop "setstack Home" "present Sheet nav" dismiss "notify kbd"
            invariant no alert
            invariant no log "deinit"
            invariant stack Home
            invariant gates held
            check gates confirmations
            expect stack Home
            expect idle
            """)
        #expect(h.events == ["nav.pushViewController(Home, animated: true)"])
    }

    @Test("the session collects what was declared, several explore lines adding up")
    func collected() throws {
        let h = expectScript(
            """
            explore back "push Detail"
            explore "drag 30%"
            invariant no log "x y"
            invariant depth 2
            check confirmations gates
            """)
        let d = h.session.declarations
        #expect(d.actions.map(\.source) == ["back", "push Detail", "drag 30%"])
        #expect(
            d.actions.map(\.action) == [
                .back, .push(ScreenRef(className: "Detail"), gate: false, animated: true), .drag(percent: 30),
            ])
        #expect(d.invariants.map(\.source) == ["no log \"x y\"", "depth 2"])
        #expect(d.invariants.map(\.expectation) == [.log("x y", present: false), .depth(2)])
        #expect(d.checks == [.gates, .confirmations])
    }

    @Test("check none turns every property off")
    func checkNone() {
        let h = expectScript("check none")
        #expect(h.session.declarations.checks == [])
    }

    @Test(
        "bad declarations get located errors",
        arguments: [
            (
                "explore",
                "t.nav:1:8: error: 'explore' needs at least one action, as in explore back swipe \"push Detail\""
            ),
            (
                "explore back \"wait 1s\"",
                "t.nav:1:14: error: 'explore' takes actions (navigation calls, fingers, modals, notify), not 'wait 1s'"
            ),
            (
                "explore undo",
                "t.nav:1:9: error: 'explore' takes actions (navigation calls, fingers, modals, notify), not 'undo'"
            ),
            (
                "explore \"use UISafeNavigationController\"",
                "t.nav:1:9: error: 'explore' takes actions (navigation calls, fingers, modals, notify), not 'use UISafeNavigationController'"
            ),
            (
                "explore \"push A &\"",
                "t.nav:1:9: error: 'explore' runs every action as 'ACTION &' already: drop the '&' in 'push A &'"
            ),
            (
                "explore \"push A; pop\"",
                "t.nav:1:9: error: 'explore' takes one command per action: 'push A; pop' is several (quote each on its own)"
            ),
            ("explore \"drag 170%\"", "t.nav:1:15: error: invalid percentage '170%' (a whole number from 0% to 100%)"),
            ("explore pusj", "t.nav:1:9: error: unknown command 'pusj' (did you mean 'push'?)"),
            (
                "invariant",
                "t.nav:1:10: error: 'invariant' needs an expectation without 'expect', as in invariant responsive"
            ),
            ("invariant expect idle", "t.nav:1:11: error: write the expectation without 'expect': invariant idle"),
            (
                "invariant log \"x\"",
                "t.nav:1:11: error: 'invariant' takes state expectations and 'no log \"TEXT\"', not 'log' (it looks at one command's events)"
            ),
            (
                "invariant sequence \"a\"",
                "t.nav:1:11: error: 'invariant' takes state expectations and 'no log \"TEXT\"', not 'sequence' (it looks at one command's events)"
            ),
            (
                "invariant error",
                "t.nav:1:11: error: 'invariant' takes state expectations and 'no log \"TEXT\"', not 'error' (it looks at one command's events)"
            ),
            ("invariant gates open", "t.nav:1:17: error: 'invariant' does not take 'open' here (expected held)"),
            (
                "check",
                "t.nav:1:6: error: 'check' needs a property (exceptions, responsive, bar, gates, confirmations) or none"
            ),
            ("check gates none", "t.nav:1:13: error: 'check none' stands alone: it turns every built-in property off"),
            (
                "check gate",
                "t.nav:1:7: error: 'check' does not take 'gate' here (expected exceptions, responsive, bar, gates, confirmations, none) (did you mean 'gates'?)"
            ),
        ])
    func badDeclarations(line: String, diagnostic: String) {
        let h = expectScript(line, diagnostics: [diagnostic])
        #expect(h.session.declarations == ExploreDeclarations())
    }
}

/// language.md 4.7: `expect gates held` and `expect confirmations held`.
@Suite("Guarantee expectations")
struct GuaranteeExpectationTests {
    @Test("a plain controller's gate: back returns to the screen below it")
    func plainGateBroken() {
        expectScript(
            """
            screen Login gate
            push Home
            push Login
            expect gates held
            back
            """ + "\nexpect gates held",
            diagnostics: [
                "t.nav:6: expectation failed: expect gates held (Home became the top again after it sat below the gate Login)"
            ])
    }

    @Test("GateNavigationController keeps its gates on every way back")
    func gateControllerHolds() {
        expectScript(
            """
            use GateNavigationController
            push Welcome
            push Home gate
            push Profile
            back
            swipe
            poproot
            expect gates held
            """)
    }

    @Test("a gate counts from its viewDidAppear: a nested pop that cuts its push (legacy) is no breach")
    func gateBeforeAppearing() {
        expectScript(
            """
            set profile legacy
            screen Login gate
            push Home
            push Login &
            pop &
            wait
            expect gates held
            expect stack Home
            """)
    }

    @Test("a pop queued behind the gate's push runs after the gate appeared: a breach")
    func queuedPopAfterGate() {
        expectScript(
            """
            screen Login gate
            push Home
            push Login &
            pop &
            wait
            expect stack Home
            expect gates held
            """,
            diagnostics: [
                "t.nav:7: expectation failed: expect gates held (Home became the top again after it sat below the gate Login)"
            ])
    }

    @Test("an interactive pop that begins breaks the gate even if it is cancelled")
    func cancelledSwipeStillCounts() {
        expectScript(
            """
            screen Login gate
            push Home
            push Login
            swipe cancel
            expect stack Home Login
            expect gates held
            """,
            diagnostics: [
                "t.nav:6: expectation failed: expect gates held (Home became the top again after it sat below the gate Login)"
            ])
    }

    @Test("reset forgets a breach")
    func resetForgets() {
        expectScript(
            """
            screen Login gate
            push Home
            push Login
            back
            reset
            expect gates held
            """)
    }

    @Test(
        "an OK on the screen's alert covers its departure",
        arguments: ["back", "swipe", "poproot", "pop", "backmenu List"])
    func confirmedDeparture(way: String) {
        expectScript(
            """
            use UISafeNavigationController
            screen Editor confirm "Discard changes?"
            push List
            push Editor
            \(way)
            tap OK
            expect stack List
            expect confirmations held
            """)
    }

    @Test(
        "each way that skips the question breaks confirmations",
        arguments: [
            ("setstack List", "UISafeNavigationController"),
            ("back", "UINavigationController"),
            ("swipe", "UINavigationController"),
            ("root Other", "UISafeNavigationController"),
        ])
    func skippedQuestion(way: String, cls: String) {
        expectScript(
            """
            use \(cls)
            screen Editor confirm "Discard changes?"
            push List
            push Editor
            \(way)
            expect confirmations held
            """,
            diagnostics: [
                "t.nav:6: expectation failed: expect confirmations held (Editor left its stack without an OK on its alert \"Discard changes?\")"
            ])
    }

    @Test("an OK covers only the screen that asked: a new instance asks again")
    func okIsPerInstance() {
        expectScript(
            """
            use UISafeNavigationController
            screen Editor confirm "Discard changes?"
            push List
            push Editor
            back
            tap OK
            push Editor
            setstack List
            expect confirmations held
            """,
            diagnostics: [
                "t.nav:9: expectation failed: expect confirmations held (Editor#2 left its stack without an OK on its alert \"Discard changes?\")"
            ])
    }

    @Test("a confirm screen added below without ever appearing asks nothing when it goes")
    func neverShown() {
        expectScript(
            """
            screen Editor confirm "Discard changes?"
            push List
            setstack List Editor Detail
            setstack List
            expect confirmations held
            """)
    }
}
