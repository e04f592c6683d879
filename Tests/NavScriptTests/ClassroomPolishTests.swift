import NavScript
import NavigationEngine
import Testing

/// issue 15, item 11: what a class reads at the prompt.
@Suite("Classroom polish")
struct ClassroomPolishTests {
    /// A session as the prompt runs it (virtual clock, so output is fixed).
    func prompt() -> (Session, CollectingSink) {
        let sink = CollectingSink()
        let session = Session(options: SessionOptions(), output: sink, loader: MemoryLoader(files: [:]))
        session.atPrompt = true
        return (session, sink)
    }

    @Test(
        "no stack line after commands that cannot change the stack",
        arguments: [
            "delegate Spy", "screen Editor gate", "set duration push 1s", "gesture-delegate none",
            "use GateNavigationController", "notify keyboardWillShow", "set profile legacy",
        ])
    func noStackLineAfterDeclarations(line: String) {
        let (session, sink) = prompt()
        session.feed("push Home", file: "<prompt>", line: 1)
        #expect(sink.lines.last == "  stack: Home")
        let before = sink.lines.count
        session.feed(line, file: "<prompt>", line: 2)
        #expect(!sink.lines[before...].contains { $0.hasPrefix("  stack:") }, "\(sink.lines[before...])")
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
    }

    @Test("a command that can change the stack still prints it")
    func stackLineAfterNavigation() {
        let (session, sink) = prompt()
        session.feed("push Home; push Detail; pop", file: "<prompt>", line: 1)
        #expect(
            sink.lines.filter { $0.hasPrefix("  stack:") } == [
                "  stack: Home", "  stack: Home Detail", "  stack: Home",
            ])
    }

    @Test("at the prompt an exception's reason prints once: the error points at the event line above")
    func exceptionReasonOnceAtPrompt() {
        let (session, sink) = prompt()
        session.feed("push Home; push Home#1", file: "<prompt>", line: 1)
        let reason = "Pushing the same view controller instance more than once is not supported (Home)"
        #expect(sink.lines.contains { $0.hasSuffix("exception: NSInvalidArgumentException: \(reason)") })
        #expect(sink.diagnostics == ["error: UIKit raised NSInvalidArgumentException (the exception above)"])
    }

    @Test("with log off the error keeps the reason, since no event line shows it")
    func exceptionReasonWhenLogOff() {
        let (session, sink) = prompt()
        session.feed("log off; push Home; push Home#1", file: "<prompt>", line: 1)
        #expect(sink.diagnostics.count == 1)
        #expect(
            sink.diagnostics.first?.contains("Pushing the same view controller instance") == true, "\(sink.diagnostics)"
        )
    }

    @Test("a script keeps both lines, with the location (README, shared scenarios)")
    func exceptionInScriptUnchanged() {
        let harness = Harness()
        harness.run("push Home\npush Home#1\nexpect error")
        #expect(harness.diagnostics.isEmpty)
        let failing = Harness()
        failing.run("push Home\npush Home#1")
        #expect(
            failing.diagnostics == [
                "t.nav:2:1: error: UIKit raised NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported (Home)"
            ])
    }

    @Test("help takes a command's keyword after it: help expect stack")
    func helpWithKeyword() throws {
        let (session, sink) = prompt()
        session.feed("help expect stack", file: "<prompt>", line: 1)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(sink.lines.first?.hasPrefix("usage: expect") == true, "\(sink.lines)")
    }

    @Test(
        "push and present without a screen say their usage",
        arguments: [("push", "usage: push NAME"), ("present", "usage: present NAME")])
    func usageWhenArgumentMissing(command: String, usage: String) {
        let (session, sink) = prompt()
        session.feed(command, file: "<prompt>", line: 1)
        #expect(sink.diagnostics.count == 1)
        #expect(sink.diagnostics.first?.contains(usage) == true, "\(sink.diagnostics)")
    }

    @Test("use with a shortened class name gets a suggestion")
    func useSuggestion() {
        let (session, sink) = prompt()
        session.feed("use UINavController", file: "<prompt>", line: 1)
        #expect(
            sink.diagnostics.first?.contains("did you mean 'UINavigationController'?") == true, "\(sink.diagnostics)")
        session.feed("use Zebra", file: "<prompt>", line: 2)
        #expect(sink.diagnostics.last?.contains("did you mean") == false, "\(sink.diagnostics)")
    }
}
