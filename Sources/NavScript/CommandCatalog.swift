import NavigationEngine

/// Every command word with its usage, a one-line summary and an example, for
/// `help`, completion and suggestions.
public struct CommandHelp: Sendable {
    public var name: String
    public var usage: String
    public var summary: String
    public var example: String
}

public enum CommandCatalog {
    public static let all: [CommandHelp] = [
        .init(
            name: "push", usage: "push NAME [gate] [instant] | push NAME#N [instant]",
            summary: "pushViewController(_:animated:) with a new NAME, or an existing instance",
            example: "push Login gate"),
        .init(name: "pop", usage: "pop [instant]", summary: "popViewController(animated:)", example: "pop"),
        .init(
            name: "popto", usage: "popto REF [instant]", summary: "popToViewController(_:animated:)",
            example: "popto Home"),
        .init(
            name: "poproot", usage: "poproot [instant]", summary: "popToRootViewController(animated:)",
            example: "poproot instant"),
        .init(
            name: "setstack", usage: "setstack REF... [instant]",
            summary: "setViewControllers(_:animated:); a bare name not in the stack creates one",
            example: "setstack Home Settings"),
        .init(
            name: "root", usage: "root NAME",
            summary: "window.rootViewController = a new navigation controller rooted at NAME", example: "root Home"),
        .init(
            name: "tabs", usage: "tabs NAME...",
            summary: "window.rootViewController = a tab bar with one navigation controller per NAME",
            example: "tabs Notes Settings"),
        .init(
            name: "back", usage: "back", summary: "tap the back button (the custom one, where the top screen has one)",
            example: "back"),
        .init(
            name: "backmenu", usage: "backmenu REF", summary: "long-press the back button and pick REF from its menu",
            example: "backmenu Home"),
        .init(
            name: "swipe", usage: "swipe [cancel] | swipe content [cancel]",
            summary:
                "a full edge swipe (an interactive pop), or one released early; with content, iOS 26's pan in the content area",
            example: "swipe cancel"),
        .init(
            name: "drag", usage: "drag PCT | drag content PCT",
            summary: "start or move an edge swipe (or, with content, a content-area pan) and hold it at PCT",
            example: "drag 40%"),
        .init(
            name: "release", usage: "release", summary: "lift the finger: the pop finishes above 50 %, else it cancels",
            example: "release"),
        .init(name: "tap", usage: "tap OK|Cancel", summary: "tap a button of the alert on screen", example: "tap OK"),
        .init(
            name: "tab", usage: "tab NAME", summary: "tap a tab bar item; tapping the selected one pops to its root",
            example: "tab Settings"),
        .init(
            name: "present", usage: "present NAME [nav] [instant]",
            summary: "the top screen presents a new NAME full screen (with nav: inside a navigation controller)",
            example: "present Sheet nav"),
        .init(
            name: "dismiss", usage: "dismiss [instant]", summary: "dismiss the topmost presented controller",
            example: "dismiss &"),
        .init(
            name: "screen",
            usage: "screen NAME TRAIT...  (gate | custom-back [\"TEXT\"] | confirm \"TEXT\" | hides-back | plain)",
            summary: "give the class NAME traits, for live and future instances",
            example: "screen Editor confirm \"Discard changes?\""),
        .init(
            name: "use", usage: "use CLASS [fragile] | use features F...  (gates safe-pop swipe-guard proxy)",
            summary: "the class of the current navigation controller and of later ones",
            example: "use GateNavigationController"),
        .init(
            name: "delegate", usage: "delegate NAME [METHOD...] | delegate none",
            summary: "set an outside object as the navigation controller's delegate",
            example: "delegate Spy willShow didShow animationController"),
        .init(
            name: "gesture-delegate", usage: "gesture-delegate system|none|controller",
            summary: "the delegate of interactivePopGestureRecognizer", example: "gesture-delegate none"),
        .init(
            name: "content-swipe", usage: "content-swipe on|off",
            summary: "interactiveContentPopGestureRecognizer.isEnabled (iOS 26; on by default)",
            example: "content-swipe off"),
        .init(
            name: "wait", usage: "wait [DURATION]",
            summary: "run the clock until nothing is in flight, or for DURATION", example: "wait 100ms"),
        .init(
            name: "jobs", usage: "jobs", summary: "list the transitions in flight and their remaining time",
            example: "jobs"),
        .init(name: "clock", usage: "clock", summary: "print the time on the clock", example: "clock"),
        .init(
            name: "set",
            usage:
                "set duration push|pop|present|dismiss DURATION | set profile ios26|legacy | set preemption on|off | set clock virtual|real | set speed X",
            summary: "change a setting (set speed 0.1: slow motion, ten times slower)", example: "set speed 0.1"),
        .init(
            name: "show", usage: "show | show live [off]",
            summary: "the whole hierarchy: window, tabs, stacks, modals, alert, frozen, in flight", example: "show"),
        .init(name: "stack", usage: "stack", summary: "the current stack on one line, bottom to top", example: "stack"),
        .init(name: "alive", usage: "alive", summary: "every live screen and what holds it", example: "alive"),
        .init(
            name: "notify", usage: "notify NAME", summary: "post a system notification to every live screen",
            example: "notify keyboardWillShow"),
        .init(
            name: "log", usage: "log brief|full|off | log notes on|off",
            summary: "what is printed (brief: all but lifecycle)", example: "log full"),
        .init(
            name: "expect",
            usage:
                "expect WHAT  (stack, top, depth, back, swipe, content-swipe, frozen, responsive, alert, no, alive, released, presented, idle, busy, bar, gates, confirmations, log, sequence, error)",
            summary: "check the session; a failure is reported and sets the exit status",
            example: "expect stack Home Detail"),
        .init(
            name: "source", usage: "source FILE", summary: "run a script (relative to the including script)",
            example: "source common.nav"),
        .init(
            name: "record", usage: "record FILE | record off",
            summary: "append every command typed from now on to FILE", example: "record session.nav"),
        .init(
            name: "timeline",
            usage: "timeline FILE.svg|FILE.md|FILE.html [since reset | since section N | last N] [large]",
            summary:
                "write the session's events so far (or since the last reset or section N, or the last N) as a sequence diagram (SVG picture or Mermaid) or a page that replays them",
            example: "timeline push.svg"),
        .init(
            name: "explore", usage: "explore ACTION...",
            summary: "the actions navsh explore tries (quoted when they have blanks); elsewhere it does nothing",
            example: "explore back swipe \"push Detail\""),
        .init(
            name: "invariant", usage: "invariant EXPECTATION",
            summary:
                "a state expectation (without 'expect') navsh explore checks after every step; elsewhere it does nothing",
            example: "invariant no alert"),
        .init(
            name: "check", usage: "check NAME...|none  (exceptions responsive bar gates confirmations)",
            summary: "the built-in properties navsh explore checks (all by default)",
            example: "check gates confirmations"),
        .init(
            name: "undo", usage: "undo", summary: "return to the state before the last command that changed it",
            example: "undo"),
        .init(name: "reset", usage: "reset", summary: "start a fresh session, settings included", example: "reset"),
        .init(
            name: "pause", usage: "pause [\"TEXT\"]",
            summary:
                "at a terminal, in a lesson: print TEXT and wait (Enter goes on, Backspace back, Esc to the prompt); elsewhere nothing",
            example: "pause \"Now try: swipe\""),
        .init(
            name: "help", usage: "help [COMMAND]", summary: "list the commands, or one command's usage and example",
            example: "help push"),
        .init(name: "quit", usage: "quit", summary: "leave navsh", example: "quit"),
        .init(name: "exit", usage: "exit", summary: "leave navsh", example: "exit"),
    ]

    public static let names: [String] = all.map(\.name)

    /// Keywords Tab completes besides command names.
    public static let keywords: [String] =
        [
            "gate", "instant", "nav", "cancel", "fragile", "features", "gates", "safe-pop", "swipe-guard", "proxy",
            "custom-back", "confirm", "hides-back", "plain", "system", "none", "controller", "duration", "profile",
            "preemption",
            "ios26", "legacy", "virtual", "real", "speed", "brief", "full", "off", "notes", "on", "OK", "Cancel",
            "willShow", "didShow", "animationController", "interactionController", "supportedOrientations",
            "preferredOrientation", "visible", "hidden", "enabled", "disabled", "frozen", "responsive", "alert", "no",
            "alive", "released", "presented", "modal", "idle", "busy", "bar", "corrupted", "intact", "log", "sequence",
            "error", "top", "depth", "gates", "confirmations", "held", "exceptions", "content",
        ] + ControllerClass.knownNames

    public static func help(for name: String) -> CommandHelp? {
        all.first { $0.name == name }
    }
}
