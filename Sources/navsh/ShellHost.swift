import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a session gets from navsh: output (the writer, or a capture for
/// `navsh test`), scripts from disk, files written whole, recordings, and
/// whether the clock can be played in wall time.
final class ShellHost: SessionHost {
    let output: OutputSink
    let loader: ScriptLoader = FileLoader()
    let drivesRealTime: Bool
    private var recordings: [Int: UnsafeMutablePointer<FILE>] = [:]
    private var paths: [Int: String] = [:]
    private var nextRecording = 1
    /// Reports a failed write to a recording (stderr).
    private let report: (String) -> Void

    /// Whether stdout can no longer be written (scripts then stop reading).
    private let outputFailed: () -> Bool
    /// The session, for the scripts it is reading (`record` must not write into one).
    weak var session: Session?

    /// Folders a script may write under besides its own (`--allow-write`).
    let allowedFolders: [String]

    /// The folder of the script navsh was asked to run, while it runs (a
    /// file on the command line, a file `navsh test` runs): its lines and
    /// those of every file it sources write only under it (`SafeFile.confine`).
    /// Nil otherwise: a file `source`d at the prompt or by `-c` writes under
    /// the folder of the outermost file being sourced.
    var runFolder: String?

    /// `--allow-write /`: a script may write any path, hard links to files elsewhere included.
    private var writesAnywhere: Bool { allowedFolders.contains { realPath($0) == "/" } }

    /// Where the script whose line is in `directory` may write (see `runFolder`).
    private func confinementFolder(_ directory: String?) -> String? {
        guard directory != nil else { return nil }
        return runFolder ?? session?.scriptsRunning.first.map(parentDirectory(of:))
    }

    init(
        output: OutputSink, drivesRealTime: Bool, report: @escaping (String) -> Void,
        outputFailed: @escaping () -> Bool = { false }, allowedFolders: [String] = []
    ) {
        self.allowedFolders = allowedFolders
        self.output = output
        self.drivesRealTime = drivesRealTime
        self.report = report
        self.outputFailed = outputFailed
    }

    var inputShouldStop: Bool { outputFailed() }

    func writeFile(_ path: String, _ contents: String) -> SessionError? {
        writeFile(path, contents, from: nil)
    }

    /// `timeline`: written whole through a temporary file (`SafeFile`), in
    /// the script's folder when a script asks (`SafeFile.confine`).
    func writeFile(_ path: String, _ contents: String, from directory: String?) -> SessionError? {
        let full: String
        switch SafeFile.confine(
            path, scriptFolder: directory, runFolder: confinementFolder(directory), allowed: allowedFolders)
        {
        case .failure(let problem): return .cannotWrite(path: path, reason: problem.reason)
        case .success(let p): full = p
        }
        if let session, recordingTargetIsBeingRead(full, session: session) != nil {
            return .cannotWrite(path: path, reason: "it is a script being run")
        }
        switch SafeFile.write(full, Array(contents.utf8), protecting: [], confined: directory != nil && !writesAnywhere)
        {
        case .success: return nil
        case .failure(let problem): return .cannotWrite(path: path, reason: problem.reason)
        }
    }

    func openRecording(_ path: String) -> Result<RecordingID, Problem> {
        openRecording(path, from: nil)
    }

    func openRecording(_ path: String, from directory: String?) -> Result<RecordingID, Problem> {
        let full: String
        switch SafeFile.confine(
            path, scriptFolder: directory, runFolder: confinementFolder(directory), allowed: allowedFolders)
        {
        case .failure(let problem): return .failure(.session(.cannotRecord(path: path, reason: problem.reason)))
        case .success(let p): full = p
        }
        if let session, case .cannotRecord(_, let reason)? = recordingTargetIsBeingRead(full, session: session) {
            return .failure(.session(.cannotRecord(path: path, reason: reason)))
        }
        let file: UnsafeMutablePointer<FILE>
        switch SafeFile.openForAppending(full, protecting: [], confined: directory != nil && !writesAnywhere) {
        case .failure(let problem): return .failure(.session(.cannotRecord(path: path, reason: problem.reason)))
        case .success(let f): file = f
        }
        let id = nextRecording
        nextRecording += 1
        recordings[id] = file
        paths[id] = path
        return .success(RecordingID(id))
    }

    func record(_ line: String, to recording: RecordingID) {
        guard let file = recordings[recording.value] else { return }
        // Flushed line by line, so a recording survives a crash or a kill; a
        // failed write (a full disk) is reported once and ends the recording.
        if fputs(line + "\n", file) < 0 || fflush(file) != 0 {
            let reason = String(cString: strerror(errno))
            report("navsh: cannot write recording '\(paths[recording.value] ?? "")': \(reason)")
            fclose(file)
            recordings[recording.value] = nil
            failedRecordings += 1
        }
    }

    /// Recordings that lost lines (the exit status says so).
    private(set) var failedRecordings = 0

    func closeRecording(_ recording: RecordingID) {
        guard let file = recordings.removeValue(forKey: recording.value) else { return }
        if fclose(file) != 0 {
            report(
                "navsh: cannot write recording '\(paths[recording.value] ?? "")': \(String(cString: strerror(errno)))")
            failedRecordings += 1
        }
        paths[recording.value] = nil
    }

    /// Closes every recording still open.
    func closeAll() {
        for id in recordings.keys.sorted() { closeRecording(RecordingID(id)) }
    }
}
