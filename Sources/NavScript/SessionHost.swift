import NavigationEngine

/// What a session needs from the program it runs in: somewhere to print
/// (`output`), scripts to read (`loader`), files to write, a file to record
/// into, and whether it can wait in wall time. The session never calls the
/// host back for time: when a command must wait in wall time, `feed` returns
/// `.wantsRealTime` and the host drives the clock (`advanceClock`), then
/// calls `resume`.
public protocol SessionHost: AnyObject {
    /// Where events, command output and diagnostics go.
    var output: OutputSink { get }
    /// Reads the scripts `source` names.
    var loader: ScriptLoader { get }
    /// Writes a whole file (`timeline`); returns a problem to report, or nil.
    func writeFile(_ path: String, _ contents: String) -> SessionError?
    /// `record FILE` (nil: `record off`): opens FILE to append to. The session
    /// commits the recording when the line that asked for it succeeds and
    /// cancels it if the line fails. Returns a problem to report, or nil.
    func openRecording(_ path: String) -> Result<RecordingID, Problem>
    /// `writeFile` and `openRecording` for a line of a script in `directory`
    /// (nil: typed at the prompt or given with `-c`): the host decides where
    /// a relative path goes and whether the script may write there.
    func writeFile(_ path: String, _ contents: String, from directory: String?) -> SessionError?
    func openRecording(_ path: String, from directory: String?) -> Result<RecordingID, Problem>
    /// Appends one line to a recording `openRecording` gave.
    func record(_ line: String, to recording: RecordingID)
    /// Closes a recording.
    func closeRecording(_ recording: RecordingID)
    /// Whether the host can play the clock in wall time (`set clock real`);
    /// if not, real time falls back to the virtual clock.
    var drivesRealTime: Bool { get }
    /// Whether a script should stop reading (checked before each line of a
    /// script run directly, not `source`d): its output can no longer be written.
    var inputShouldStop: Bool { get }
}

/// A recording the host opened.
public struct RecordingID: Hashable, Sendable {
    public var value: Int
    public init(_ value: Int) { self.value = value }
}

extension SessionHost {
    public func writeFile(_ path: String, _ contents: String) -> SessionError? { .timelineUnavailable }
    public func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        .failure(.session(.recordUnavailable))
    }
    public func writeFile(_ path: String, _ contents: String, from directory: String?) -> SessionError? {
        writeFile(path, contents)
    }
    public func openRecording(_ path: String, from directory: String?) -> Result<RecordingID, Problem> {
        openRecording(path)
    }
    public func record(_ line: String, to recording: RecordingID) {}
    public func closeRecording(_ recording: RecordingID) {}
    public var drivesRealTime: Bool { false }
    public var inputShouldStop: Bool { false }
}

/// A host made of a sink and a loader only: no files written, no recording, virtual time.
final class SinkAndLoaderHost: SessionHost {
    let output: OutputSink
    let loader: ScriptLoader

    init(_ output: OutputSink, _ loader: ScriptLoader) {
        self.output = output
        self.loader = loader
    }
}

/// What happened to a line given to `feed` (or to a `resume` of it).
public enum LineResult: Equatable, Sendable {
    /// It ran; nothing failed.
    case ok
    /// It ends in `\` and waits for the next line.
    case continued
    /// A command or an expectation on it failed (reported; counted unless at the prompt).
    case failed
    /// It asked to leave (`quit`); no more input runs.
    case quit
    /// `--bail` stopped the session after a failure; no more input runs.
    case stopped
    /// A command waits in wall time until the clock reaches `until` (nil: until
    /// nothing the clock can end is in flight). Drive the clock with
    /// `advanceClock(to:)` (stopping early is fine), then call `resume()`,
    /// which runs the rest of the line and returns what happened to it.
    case wantsRealTime(until: Int?)
}
