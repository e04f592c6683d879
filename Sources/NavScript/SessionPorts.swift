import NavigationEngine

// What a session talks to: where its output goes and how it reads scripts.

/// Where a session's output goes: events and results to stdout, diagnostics to stderr.
public protocol OutputSink: AnyObject {
    /// One line for stdout, without its newline.
    func line(_ text: String)
    /// One line for stderr, without its newline.
    func diagnostic(_ text: String)
    /// One event, rendered as text or JSON (a sink may render straight into its buffer).
    func event(_ event: Event, seq: Int, json: Bool, colour: Bool, names: ClassNames)
    /// One diagnostic for stderr (by default its text, through `diagnostic(_:)`).
    func report(_ diagnostic: Diagnostic)
    /// The events of `log[range]` that `filter` passes, in order; the event at
    /// `range.lowerBound` is number `firstSeq`, each next one (printed or not)
    /// one more. A whole command's events in one call, so a sink that renders
    /// into its buffer does it in one pass (by default, `event` for each).
    func events(
        _ log: [Event], _ range: Range<Int>, firstSeq: Int, filter: EventFilter, json: Bool, colour: Bool,
        names: ClassNames)
}

/// Which events the log prints: the others always, lifecycle only at
/// `log full`, notes only when notes are on.
public struct EventFilter: Sendable {
    public let lifecycle: Bool
    public let notes: Bool

    public init(lifecycle: Bool, notes: Bool) {
        self.lifecycle = lifecycle
        self.notes = notes
    }

    @inline(__always)
    public func passes(_ category: EventCategory) -> Bool {
        switch category {
        case .lifecycle: lifecycle
        case .note: notes
        default: true
        }
    }
}

extension OutputSink {
    public func report(_ diagnostic: Diagnostic) {
        self.diagnostic(diagnostic.text)
    }

    public func event(_ event: Event, seq: Int, json: Bool, colour: Bool, names: ClassNames) {
        line(
            json
                ? EventRenderer.json(event, seq: seq, names: names)
                : EventRenderer.text(event, colour: colour, names: names))
    }

    public func events(
        _ log: [Event], _ range: Range<Int>, firstSeq: Int, filter: EventFilter, json: Bool, colour: Bool,
        names: ClassNames
    ) {
        for index in range where filter.passes(log[index].category) {
            event(log[index], seq: firstSeq &+ (index &- range.lowerBound), json: json, colour: colour, names: names)
        }
    }
}

/// Reads the scripts `source` names.
public protocol ScriptLoader {
    /// The script at `path` (relative paths are relative to `directory`), with a
    /// canonical identity for cycle detection and a display name.
    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure>
}

public struct LoadedScript {
    public var displayName: String
    public var identity: String
    public var directory: String?
    public var text: String
    /// The script's lines read as they run (a file), instead of `text`.
    public var lines: (any ScriptLineReader)?

    public init(displayName: String, identity: String, directory: String?, text: String) {
        self.displayName = displayName
        self.identity = identity
        self.directory = directory
        self.text = text
    }

    public init(displayName: String, identity: String, directory: String?, lines: any ScriptLineReader) {
        self.init(displayName: displayName, identity: identity, directory: directory, text: "")
        self.lines = lines
    }
}

/// Why a script could not be read: the path as given and the system's reason.
public struct LoadFailure: Error, Sendable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
