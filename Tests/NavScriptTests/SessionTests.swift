import NavScript
import NavigationEngine
import Testing

/// language.md 4.8 and section 5: lines, source, reset.
@Suite("Session")
struct SessionTests {
    @Test("a line whose later command raises is rolled back whole")
    func multiCommandLineRollsBack() {
        let harness = Harness()
        harness.run("push A")
        let before = harness.session.state
        harness.run("push B; push A#1\nexpect error")
        #expect(harness.session.state == before)
        #expect(harness.failures == 0)
        harness.run("push B")
        #expect(harness.stack == ["A", "B"], "the rolled-back B does not count as created")
    }

    @Test("a line whose later command is refused as input is rolled back whole")
    func multiCommandLineWithShellError() {
        let harness = Harness()
        harness.run("push A")
        let before = harness.session.state
        harness.run("push B; popto Nope; push C")
        #expect(harness.session.state == before)
        #expect(harness.diagnostics == ["t.nav:1:9: error: no instance of 'Nope' was ever created"])
    }

    @Test("a line that does not parse runs none of its commands")
    func parseErrorRunsNothing() {
        let harness = Harness()
        harness.run("push A; pusj B")
        #expect(harness.stack == [])
        #expect(harness.sink.lines == [])
        #expect(harness.diagnostics == ["t.nav:1:9: error: unknown command 'pusj' (did you mean 'push'?)"])
    }

    @Test("a trailing backslash joins the next line")
    func continuation() {
        let harness = expectScript("push A; \\\npush B\nexpect stack A B")
        #expect(harness.stack == ["A", "B"])
    }

    @Test("source runs a script relative to the including script")
    func sourceRelative() {
        let harness = Harness(files: [
            "/p/lib/common.nav": "push Home\nsource more.nav",
            "/p/lib/more.nav": "push More",
        ])
        harness.run("source lib/common.nav\nexpect stack Home More", file: "main.nav", dir: "/p")
        #expect(harness.diagnostics == [])
        #expect(harness.stack == ["Home", "More"])
    }

    @Test("diagnostics inside a sourced script name that script and line")
    func sourceLocations() {
        let harness = Harness(files: ["/p/lib.nav": "push A\npusj B"])
        harness.run("source lib.nav", file: "main.nav", dir: "/p")
        #expect(harness.diagnostics == ["/p/lib.nav:2:1: error: unknown command 'pusj' (did you mean 'push'?)"])
    }

    @Test("a source cycle is an error naming the chain")
    func sourceCycle() {
        let harness = Harness(files: [
            "/p/a.nav": "source b.nav",
            "/p/b.nav": "source a.nav",
        ])
        harness.run("source a.nav", file: "main.nav", dir: "/p")
        #expect(
            harness.diagnostics == [
                "/p/b.nav:1:1: error: source cycle: 'a.nav' is already being run (/p/main.nav -> /p/a.nav -> /p/b.nav -> /p/a.nav)"
            ])
    }

    @Test("a missing file is an error that expect error can excuse")
    func sourceMissing() {
        let harness = Harness()
        harness.run("source nope.nav\nexpect error", file: "main.nav", dir: "/p")
        #expect(harness.failures == 0)
    }

    @Test("reset starts a fresh session, settings and numbering included")
    func reset() {
        let harness = expectScript(
            """
            set profile legacy
            set duration push 1s
            log off
            push A
            push B
            reset
            push A
            push B
            expect stack A B
            """)
        #expect(harness.session.state.profile == .ios26)
        #expect(harness.session.state.clock == 350)
        #expect(harness.session.logLevel == .brief)
    }

    @Test("events print with the clock time, right-aligned")
    func eventRendering() {
        var names = ClassNames()
        let login = ScreenName(cls: names.intern("Login"), ordinal: 1)
        #expect(
            EventRenderer.text(Event(time: 350, payload: .lifecycle(login, .viewDidAppear(true))), names: names)
                == "[  350ms] Login.viewDidAppear(true)")
        #expect(
            EventRenderer.text(Event(time: 123456, payload: .navCall(.pop(animated: false))), names: names)
                == "[123456ms] nav.popViewController(animated: false)")
    }

    @Test("a reference to a class never created adds nothing to the class-name table")
    func failedLookupsDoNotIntern() {
        let harness = Harness()
        harness.run(
            "push A\npopto NeverCreatedClass#3\nexpect error\nsetstack A NeverCreatedEither\nexpect stack A NeverCreatedEither"
        )
        #expect(harness.session.state.names.existing("NeverCreatedClass") == nil, "popto only looked it up")
        #expect(harness.session.state.names.existing("NeverCreatedEither") != nil, "setstack created it")
        #expect(harness.failures == 0, "\(harness.diagnostics)")
    }

    @Test("a history limit of 0 or below keeps no history and never traps", arguments: [0, -1])
    func noHistory(limit: Int) {
        let harness = Harness()
        harness.session.historyLimit = limit
        harness.run("push A\npush B\npop\nexpect stack A")
        #expect(harness.session.history.isEmpty)
        #expect(harness.session.historyDropped == 0)
        #expect(harness.failures == 0, "\(harness.diagnostics)")
    }
}
