import NavigationEngine

/// What `log` lets through.
public enum LogLevel: String, Hashable, Sendable {
    case brief, full, off
}

public enum ClockMode: String, Hashable, Sendable {
    case virtual, real
}

/// One parsed command.
public enum Command: Hashable, Sendable {
    case action(Action)
    case expect(Expectation)
    case stack, show, alive, jobs, clock
    case log(LogLevel)
    case logNotes(Bool)
    case setClock(ClockMode)
    case setSpeed(Double)
    case source(String)
    case record(String?)
    /// `large`: bigger text, for a projector.
    case timeline(String, TimelineSpan, large: Bool = false)
    case undo, reset
    case help(String?)
    /// `pause ["TEXT"]`: wait for Enter in an interactive session.
    case pause(String?)
    /// `show live` / `show live off`: the live picture of the phone (a terminal only).
    case live(Bool)
    case quit
    /// Declarations for `navsh explore` (explorer.md); elsewhere they do nothing.
    case explore([ExploreAction])
    case invariant(Invariant)
    case check([BuiltinProperty])
}

/// Which events `timeline FILE [since reset|since section N|last N]` draws.
public enum TimelineSpan: Hashable, Sendable {
    case all
    /// Those since the last `reset`.
    case sinceReset
    /// The last N.
    case last(Int)
    /// Those since the `##` heading numbered N (else the Nth heading).
    case sinceSection(Int)
}

/// A check a script makes on the session.
public enum Expectation: Hashable, Sendable {
    case stack([String])
    case top(ScreenRef)
    case depth(Int)
    case backVisible(Bool)
    case swipeEnabled(Bool)
    /// A content-area pan (iOS 26) made now would begin.
    case contentSwipeEnabled(Bool)
    case frozen(Bool)
    case alert(String?)
    case alive([ScreenRef])
    case released([ScreenRef])
    case presented(ScreenRef?)
    case idle(Bool)
    case barCorrupted(Bool)
    case gatesHeld
    case confirmationsHeld
    case log(String, present: Bool)
    case sequence([String])
    case error
}

/// A command with where it came from and whether it runs in the background.
public struct LocatedCommand: Hashable, Sendable {
    public var command: Command
    public var background: Bool
    public var column: Int
    /// The command's words as typed, for `--echo` and `record`.
    public var source: String
}
