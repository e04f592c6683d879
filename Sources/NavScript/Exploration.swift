import NavigationEngine

/// One action of an `explore` line: what it does and how it was written.
public struct ExploreAction: Hashable, Sendable {
    public var action: Action
    /// The command as written (`push Detail`, `drag 70%`), for counterexample scripts.
    public var source: String

    public init(action: Action, source: String) {
        self.action = action
        self.source = source
    }
}

/// An `invariant` line: a state expectation that must hold after every step.
public struct Invariant: Hashable, Sendable {
    public var expectation: Expectation
    /// The expectation as written, without `invariant` (`no alert`, `no log "deinit"`).
    public var source: String

    public init(expectation: Expectation, source: String) {
        self.expectation = expectation
        self.source = source
    }
}

/// The built-in properties `navsh explore` checks, in the order it reports them.
public enum BuiltinProperty: String, Hashable, Sendable, CaseIterable, Comparable {
    case exceptions, responsive, bar, gates, confirmations

    public static func < (lhs: BuiltinProperty, rhs: BuiltinProperty) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What the `explore`, `invariant` and `check` lines a session ran declared.
public struct ExploreDeclarations: Hashable, Sendable {
    /// Every `explore` line's actions, in order (several lines add up).
    public var actions: [ExploreAction] = []
    public var invariants: [Invariant] = []
    /// The last `check` line's properties; nil when there was none (all of them).
    public var checks: [BuiltinProperty]?

    public init() {}
}

extension Action {
    /// Whether `explore` may list the action: the commands of language.md
    /// 4.1-4.3 (navigation, fingers, modals) and `notify`; not declarations,
    /// settings or the clock.
    public var isExplorable: Bool {
        if case .notify = self { return true }
        return startsTransitions
    }
}
