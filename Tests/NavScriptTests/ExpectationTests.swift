import NavScript
import Testing

/// language.md 4.7: what an expectation checks and how a failure reads.
@Suite("Expectations")
struct ExpectationTests {
    @Test("expect error after a failed command excuses the failure")
    func expectErrorAfterFailure() {
        expectScript(
            """
            push A
            push A#1
            expect error
            """)
    }

    @Test("expect error may follow other expectations about the same command")
    func expectErrorAfterOtherExpectations() {
        expectScript(
            """
            push A
            push A#1
            expect stack A
            expect log "exception: NSInvalidArgumentException"
            expect error
            """)
    }

    @Test("expect error after a successful command is itself a failure")
    func expectErrorAfterSuccess() {
        expectScript(
            """
            push A
            expect error
            """, diagnostics: ["t.nav:2: expectation failed: expect error (the command succeeded)"])
    }

    @Test("a failed command not followed by expect error counts, with its location")
    func unexpectedFailure() {
        expectScript(
            """
            push A
              push A#1
            push B
            """,
            diagnostics: [
                "t.nav:2:3: error: UIKit raised NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (A)"
            ])
    }

    @Test("a shell error is a failure too, and expect error excuses it")
    func shellErrors() {
        expectScript("pusj A\nexpect error")
        expectScript("popto Nope\nexpect error")
        expectScript("pusj A", diagnostics: ["t.nav:1:1: error: unknown command 'pusj' (did you mean 'push'?)"])
    }

    @Test("what UIKit refuses quietly is not a failure")
    func quietRefusals() {
        expectScript(
            """
            push A
            pop
            expect stack A
            expect error
            """, diagnostics: ["t.nav:4: expectation failed: expect error (the command succeeded)"])
    }

    @Test(
        "a failed expectation says what it found",
        arguments: [
            ("expect stack A B", "expect stack A B (the stack is A C)"),
            ("expect top A", "expect top A (the top is C)"),
            ("expect depth 3", "expect depth 3 (the depth is 2)"),
            ("expect back hidden", "expect back hidden (the back button is visible)"),
            ("expect swipe disabled", "expect swipe disabled (a swipe would begin)"),
            ("expect frozen", "expect frozen (the UI responds)"),
            ("expect alert \"x\"", "expect alert \"x\" (no alert is on screen)"),
            ("expect released A", "expect released A (A is alive)"),
            ("expect alive B", "expect alive B (B is released)"),
            ("expect alive Nope", "expect alive Nope (no instance of 'Nope' was ever created)"),
            ("expect presented C", "expect presented C (nothing is presented)"),
            ("expect busy", "expect busy (nothing is in flight)"),
            ("expect bar corrupted", "expect bar corrupted (the bar is intact)"),
            ("expect log \"B.deinit\"", "expect log \"B.deinit\" (no event line contains it)"),
            (
                "expect no log \"C.viewDidAppear\"",
                "expect no log \"C.viewDidAppear\" (an event line contains it: C.viewDidAppear(true))"
            ),
            (
                "expect sequence \"C.viewDidAppear\" \"C.viewWillAppear\"",
                "expect sequence \"C.viewDidAppear\" \"C.viewWillAppear\" (\"C.viewWillAppear\" not found in order after 1 of 2)"
            ),
        ])
    func failureTexts(expectation: String, what: String) {
        expectScript(
            """
            push A
            push B
            pop
            push C
            \(expectation)
            """, diagnostics: ["t.nav:5: expectation failed: \(what)"])
    }

    @Test("expectations see every event, whatever log lets through")
    func expectationsSeeHiddenEvents() {
        let harness = expectScript(
            """
            log off
            push A
            push B
            expect sequence "B.willMove(toParent: nav)" "A.viewWillDisappear(true)" "B.didMove(toParent: nav)"
            """)
        #expect(harness.sink.lines.isEmpty)
    }

    @Test("expect log looks only at the last command that was not an expectation")
    func logWindow() {
        expectScript(
            """
            push A
            push B
            expect log "B.viewDidAppear"
            expect log "B.viewDidAppear"
            pop
            expect no log "B.viewDidAppear"
            """)
    }

    @Test("log brief hides lifecycle events from the output; log full shows them")
    func logLevels() {
        let harness = expectScript(
            """
            push A
            log full
            push B
            """)
        #expect(
            harness.sink.lines == [
                "[    0ms] nav.pushViewController(A, animated: true)",
                "[    0ms] nav.pushViewController(B, animated: true)",
                "[    0ms] B.willMove(toParent: nav)",
                "[    0ms] B.viewDidLoad()",
                "[    0ms] A.viewWillDisappear(true)",
                "[    0ms] B.viewWillAppear(true)",
                "[  350ms] A.viewDidDisappear(true)",
                "[  350ms] B.viewDidAppear(true)",
                "[  350ms] B.didMove(toParent: nav)",
            ])
    }
}
