import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads scripts from disk for `source`, files on the command line and `navsh test`.
struct FileLoader: ScriptLoader {
    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        Self.load(path, relativeTo: directory) { file, _, _ in file }
    }

    /// Opens `path` (taken from `directory` unless absolute) as a script
    /// whose lines are read from what `reading` makes of the open file,
    /// given with the path opened and its real path: the file itself, or a
    /// wrapper that notes what a setup reads (`RecordingLoader`).
    static func load<Source: ByteSource>(
        _ path: String, relativeTo directory: String?,
        reading: (_ file: DescriptorSource, _ full: String, _ identity: String) -> Source
    ) -> Result<LoadedScript, LoadFailure> {
        let full: String
        if let directory, !directory.isEmpty, !path.hasPrefix("/") {
            full = "\(directory)/\(path)"
        } else {
            full = path
        }
        switch ScriptFile.open(full) {
        case .failure(let reason):
            return .failure(LoadFailure(path: path, reason: reason.message))
        case .success(let fd):
            let identity = realPath(full) ?? full
            let lines = LineSplitter(reading(DescriptorSource(fd, owned: true), full, identity))
            return .success(
                LoadedScript(
                    displayName: full, identity: identity, directory: parentDirectory(of: full),
                    lines: lines))
        }
    }
}

/// Opening scripts: a script is a regular file (or stdin). A directory, a
/// device (`/dev/zero`), a FIFO or a socket is refused before anything is
/// read from it, so it can neither hang navsh nor feed it without end.
enum ScriptFile {
    /// A descriptor open for reading on the regular file `path`, or why not.
    static func open(_ path: String) -> Result<Int32, ReadFailure> {
        // O_NONBLOCK: opening a FIFO without a writer must not wait.
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(ReadFailure(String(cString: strerror(errno)))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(ReadFailure(reason))
        }
        if let reason = notAScript(st) {
            close(fd)
            return .failure(ReadFailure(reason))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(fd)
    }

    /// Why a file with this status is not a script, or nil for a regular file.
    static func notAScript(_ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "Is a directory"
        default: "not a regular file (a script is a regular file or stdin)"
        }
    }
}

/// Bytes from a file descriptor, for the line splitter.
final class DescriptorSource: ByteSource {
    let fd: Int32
    private let owned: Bool

    init(_ fd: Int32, owned: Bool) {
        self.fd = fd
        self.owned = owned
    }

    deinit { if owned { close(fd) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR || errno == EAGAIN { continue }
            throw ReadFailure("read error: \(String(cString: strerror(errno)))")
        }
    }
}

func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}
