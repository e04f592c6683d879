import NavScript
import Testing

/// Issue 12, "a model the search can trust": a seed controller's code that
/// lives in a lifecycle method runs on every path that prints that call.
/// UISafeNavigationController's confirm screen takes the safe delegate in its
/// viewWillAppear and gives it up in its viewWillDisappear.
@Suite("Lifecycle hooks on every path")
struct LifecycleHookTests {
    static let safe = """
        use UISafeNavigationController
        screen Editor confirm "Discard changes?"

        """

    @Test(
        "each path runs the hook of the call it prints",
        arguments: [
            ("push", "push List\npush Editor", ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]),
            ("push over", "push Editor\npush Detail", ["Editor.viewWillDisappear(true)", "nav.safeDelegate = nil"]),
            ("pop", "push Editor\npush Detail\npop", ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]),
            (
                "popto", "push Editor\npush Detail\npush More\npopto Editor",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "poproot", "push Editor\npush Detail\npoproot",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "setstack", "push List\nsetstack List Editor",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "swipe begun", "push Editor\npush Detail\ndrag 30%",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "swipe finished", "push Editor\npush Detail\nswipe",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor", "Editor.viewDidAppear(true)"]
            ),
            (
                "swipe cancelled", "push Editor\npush Detail\nswipe cancel",
                [
                    "nav.safeDelegate = Editor", "gesture.cancelled", "Editor.viewWillDisappear(true)",
                    "nav.safeDelegate = nil",
                ]
            ),
            (
                "present", "push List\npush Editor\npresent Sheet",
                ["Editor.viewWillDisappear(true)", "nav.safeDelegate = nil"]
            ),
            (
                "present nav", "push List\npresent Editor nav",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "dismiss", "push List\npush Editor\npresent Sheet\ndismiss",
                ["Editor.viewWillAppear(true)", "nav.safeDelegate = Editor"]
            ),
            (
                "dismiss nav", "push List\npresent Editor nav\ndismiss",
                ["Editor.viewWillDisappear(true)", "nav.safeDelegate = nil"]
            ),
            (
                "root", "push List\npush Editor\nroot Home",
                ["Editor.viewWillDisappear(false)", "nav.safeDelegate = nil"]
            ),
            ("tabs", "tabs Editor Settings", ["Editor.viewWillAppear(false)", "nav.safeDelegate = Editor"]),
            (
                "tab switch away", "tabs Notes Settings\npush Editor\ntab Settings",
                ["Editor.viewWillDisappear(false)", "nav.safeDelegate = nil"]
            ),
            (
                "tab switch back", "tabs Notes Settings\npush Editor\ntab Settings\ntab Notes",
                ["Editor.viewWillAppear(false)", "nav.safeDelegate = Editor"]
            ),
        ])
    func hookRuns(path: String, script: String, sequence: [String]) {
        let quoted = sequence.map { "\"\($0)\"" }.joined(separator: " ")
        expectScript(Self.safe + "log full\n" + script + "\nexpect sequence \(quoted)")
    }

    @Test("a confirm screen covered by a sheet is no longer asked: a programmatic pop under the sheet goes through")
    func popUnderSheet() {
        expectScript(
            Self.safe + """
                push List
                push Editor
                present Sheet
                pop
                expect no alert
                expect stack List
                """)
    }

    @Test("after the sheet is dismissed the screen asks again")
    func asksAfterDismiss() {
        expectScript(
            Self.safe + """
                push List
                push Editor
                present Sheet
                dismiss
                pop
                expect alert "Discard changes?"
                expect stack List Editor
                """)
    }
}
