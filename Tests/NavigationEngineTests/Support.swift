import NavigationEngine
import Testing

/// A model driven the way navsh drives it: a foreground command performs its
/// action and then runs the clock until nothing but held or frozen pops is in
/// flight; a background command (`&`) does not run the clock.
///
/// Events come back as lines of their facts (EventFacts.swift), e.g.
/// `"350ms lifecycle(B, viewDidAppear(true))"`, so a test can state exactly
/// what happens and when; `events` keeps the typed events of the last command.
struct Sim {
    var model: NavigationModel
    /// The events of the last command, as the engine reported them.
    var events: [Event] = []
    /// The outcome of the last command's action.
    var outcome: Outcome?

    init(_ profile: Profile = .ios26) {
        model = NavigationModel(profile: profile)
    }

    /// A foreground command that must succeed; returns every event it caused.
    @discardableResult
    mutating func run(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        perform(action, settle: action.startsTransitions, sourceLocation: sourceLocation)
    }

    /// A background command (`CMD &`): the clock does not move.
    @discardableResult
    mutating func start(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        perform(action, settle: false, sourceLocation: sourceLocation)
    }

    /// Foreground commands whose events do not matter to the test.
    mutating func given(_ actions: Action..., sourceLocation: SourceLocation = #_sourceLocation) {
        for action in actions { run(action, sourceLocation: sourceLocation) }
    }

    /// A command UIKit answers with an exception: returns its events and
    /// records an issue if no exception was raised.
    @discardableResult
    mutating func raising(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        events = []
        do {
            let outcome = try model.perform(action, events: &events)
            self.outcome = outcome
            #expect(outcome.raisedException, "expected a UIKit exception", sourceLocation: sourceLocation)
            return events.map(line)
        } catch {
            Issue.record("refused as input: \(facts(of: error, names: model.names))", sourceLocation: sourceLocation)
            return []
        }
    }

    /// A command refused as bad input: returns the engine's error.
    mutating func refused(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> Refusal? {
        events = []
        do {
            outcome = try model.perform(action, events: &events)
            Issue.record(
                "expected the engine to refuse the input, got \(events.map(line))", sourceLocation: sourceLocation)
            return nil
        } catch {
            return Refusal(error: error, facts: facts(of: error, names: model.names))
        }
    }

    /// The engine's refusal, and its facts with the model's class names
    /// (`released(B)`); NavScript words it, and its tests hold the words.
    struct Refusal: Equatable {
        var error: EngineError
        var facts: String
    }

    /// Runs the clock until idle, as `wait` does.
    @discardableResult
    mutating func settle() -> [String] {
        events = []
        model.settle(events: &events)
        return events.map(line)
    }

    private mutating func perform(_ action: Action, settle: Bool, sourceLocation: SourceLocation) -> [String] {
        events = []
        do {
            let outcome = try model.perform(action, events: &events)
            self.outcome = outcome
            #expect(
                !outcome.raisedException, "unexpected exception: \(events.last.map(line) ?? "")",
                sourceLocation: sourceLocation)
            if settle { model.settle(events: &events) }
            return events.map(line)
        } catch {
            Issue.record("refused: \(facts(of: error, names: model.names))", sourceLocation: sourceLocation)
            return []
        }
    }

    func line(_ event: Event) -> String { facts(event, names: model.names) }

    /// The current stack as `stack` prints it.
    var stack: [String] { model.currentStack.map(text) }

    /// A screen's words (`A`, `A#2`), from the model's class names.
    func text(_ name: ScreenName) -> String { model.names.text(of: name) }

    /// The screen `A` or `A#2` names, by the model's class names (the class
    /// must have been met).
    func name(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ScreenName {
        let parts = text.split(separator: "#")
        guard let cls = model.names.existing(String(parts.first ?? "")) else {
            Issue.record("no class \(text) in the model", sourceLocation: sourceLocation)
            var scratch = model.names
            return ScreenName(cls: scratch.intern(text), ordinal: 1)
        }
        return ScreenName(cls: cls, ordinal: parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
    }

    func isAlive(_ name: String) -> Bool {
        guard let resolved = try? model.resolve(ref(name)) else { return false }
        return model.isAlive(resolved)
    }
}

/// An animated pop of B off `A B`, Spy the delegate, called at 350 ms: what
/// UIKit does after the call, at once and when the 350 ms end. A pop, a
/// setViewControllers that pops, an edge swipe and a content pan that
/// finish all do this.
enum PopOfB {
    static let atOnce = [
        "350ms lifecycle(B, willMove(toNav: false))",
        "350ms lifecycle(B, viewWillDisappear(true))",
        "350ms lifecycle(A, viewWillAppear(true))",
        "350ms delegateCall(receiver: outside(Spy), call: willShow(A, animated: true))",
    ]
    static let atEnd = [
        "700ms lifecycle(B, viewDidDisappear(true))",
        "700ms lifecycle(B, didMove(toNav: false))",
        "700ms lifecycle(A, viewDidAppear(true))",
        "700ms delegateCall(receiver: outside(Spy), call: didShow(A, animated: true))",
        "700ms deinitialized(B)",
    ]
    /// The same pop made interactively and cancelled, in ios26: when the 350
    /// ms end, after the cancel, A leaves again and B comes back, and the
    /// delegate hears of B.
    static let undone = [
        "700ms lifecycle(A, viewWillDisappear(true))",
        "700ms lifecycle(A, viewDidDisappear(true))",
        "700ms lifecycle(B, viewWillAppear(true))",
        "700ms lifecycle(B, viewDidAppear(true))",
        "700ms delegateCall(receiver: outside(Spy), call: willShow(B, animated: true))",
        "700ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: true))",
    ]
}

/// An animated push of a new B onto `A`, Spy the delegate, called at 0 ms:
/// what UIKit does after the call. A push and a setViewControllers that
/// pushes both do this.
let pushOfB = [
    "0ms lifecycle(B, willMove(toNav: true))",
    "0ms lifecycle(B, viewDidLoad)",
    "0ms lifecycle(A, viewWillDisappear(true))",
    "0ms lifecycle(B, viewWillAppear(true))",
    "0ms delegateCall(receiver: outside(Spy), call: willShow(B, animated: true))",
    "350ms lifecycle(A, viewDidDisappear(true))",
    "350ms lifecycle(B, viewDidAppear(true))",
    "350ms lifecycle(B, didMove(toNav: true))",
    "350ms delegateCall(receiver: outside(Spy), call: didShow(B, animated: true))",
]

/// Only the lines that `log brief` prints: drops the lifecycle category
/// (view lifecycle calls and the controller's own viewDidLoad).
func brief(_ lines: [String]) -> [String] {
    lines.filter { line in
        let payload = line.split(separator: " ", maxSplits: 1).last ?? ""
        return !payload.hasPrefix("lifecycle(") && !payload.hasPrefix("controllerLoaded(")
    }
}

/// Drops navsh's own explanations (`note:` lines), whose wording the
/// contract leaves free, except where a test names one.
func withoutNotes(_ lines: [String]) -> [String] {
    lines.filter { !$0.contains("ms note(") }
}

/// `Login` or `Login#2`.
func ref(_ text: String) -> ScreenRef {
    let parts = text.split(separator: "#", maxSplits: 1)
    return ScreenRef(className: String(parts[0]), ordinal: parts.count == 2 ? Int(parts[1]) : nil)
}

extension Action {
    /// `push NAME [gate] [instant]`, `push NAME#N`.
    static func push(_ name: String, gate: Bool = false, instant: Bool = false) -> Action {
        .push(ref(name), gate: gate, animated: !instant)
    }

    /// `popto REF [instant]`.
    static func popTo(_ name: String, instant: Bool = false) -> Action {
        .popTo(ref(name), animated: !instant)
    }

    /// `setstack REF... [instant]`, the names separated by blanks.
    static func setStack(_ names: String, instant: Bool = false) -> Action {
        .setStack(names.split(separator: " ").map { ref(String($0)) }, animated: !instant)
    }

    /// `present NAME [nav] [instant]`.
    static func present(_ name: String, nav: Bool = false, instant: Bool = false) -> Action {
        .present(name, inNavigation: nav, animated: !instant)
    }

    /// `delegate NAME [METHOD...]` (default willShow didShow).
    static func delegate(_ name: String, _ methods: DelegateMethod...) -> Action {
        .delegate(OutsideDelegate(name: name, methods: methods.isEmpty ? [.willShow, .didShow] : Set(methods)))
    }

    /// `use CLASS [fragile]`.
    static func use(_ name: String, fragile: Bool = false) -> Action {
        .use(ControllerClass.named(name, fragile: fragile)!)
    }

    static let waitUntilIdle = Action.wait(milliseconds: nil)
    static func wait(_ ms: Int) -> Action { .wait(milliseconds: ms) }
}
