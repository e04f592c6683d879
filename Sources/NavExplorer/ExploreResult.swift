import NavScript

/// A property the search checks: a built-in one, or the user's invariant by its position.
public enum Property: Hashable, Sendable, Comparable {
    case builtin(BuiltinProperty)
    case invariant(Int)

    /// Report order (explorer.md section 2): the built-ins in their order, then the invariants in file order.
    var rank: Int {
        switch self {
        case .builtin(let p): BuiltinProperty.allCases.firstIndex(of: p) ?? 0
        case .invariant(let i): BuiltinProperty.allCases.count + i
        }
    }

    public static func < (lhs: Property, rhs: Property) -> Bool { lhs.rank < rhs.rank }
}

/// One step of a counterexample.
public enum Step: Hashable, Sendable {
    /// The action at this index of the explore list, run as `ACTION &`.
    case action(Int)
    /// The clock run forward by this many milliseconds.
    case wait(Int)
}

/// A property broken by the shortest sequence of steps found.
public struct Violation: Hashable, Sendable {
    public var property: Property
    /// `responsive`, or `invariant no alert`.
    public var name: String
    /// Why, in words: `the UI froze: ...`.
    public var explanation: String
    public var steps: [Step]
    /// The script lines of the steps: `push Detail &`, `wait 350ms`.
    public var lines: [String]
    /// The expectation that fails last (nil for `exceptions`: the last step itself fails).
    public var expectLine: String?
}

/// Why the search stopped before its depth.
public enum Cut: Hashable, Sendable {
    case maxStates
    case interrupted
}

/// What a search found and how much it did.
public struct ExploreResult: Sendable {
    /// In report order; at most one per property (without `--all`, at most one).
    public var violations: [Violation] = []
    /// Distinct states stored, the start state included.
    public var states = 0
    /// Steps taken (actions not refused, and waits), each step the model
    /// tells changes nothing counted as if run (Explorer.skipsIgnored).
    public var steps = 0
    /// The last depth whose every state was expanded and checked.
    public var depthComplete = 0
    /// The depth of the states being looked at when the search stopped.
    public var depthReached = 0
    public var seconds = 0.0
    public var jobs = 1
    public var cut: Cut?
    /// True when a level brought no new state: every state within reach was seen.
    public var exhausted = false
    /// The chance that two distinct states shared a 64-bit fingerprint (an upper bound, n²/2⁶⁵).
    public var collisionProbability: Double {
        let n = Double(states)
        return n * n / 36_893_488_147_419_103_232.0
    }
}

/// A snapshot while the search runs.
public struct ExploreProgress: Sendable {
    public var depth: Int
    public var states: Int
    public var steps: Int
    /// States waiting to be expanded at this depth and the next.
    public var queue: Int
    public var seconds: Double
}
