#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How navsh writes files (`explore --out`, `timeline`, `record`; the
/// history has its own, `HistoryFile`): a whole file is written to a
/// temporary file beside it and renamed over it, so a failed write (a full
/// disk, `ulimit -f`) leaves the old file whole; the target must be absent
/// or a regular file (a symbolic link is followed to one), so a FIFO, a
/// device or a folder is refused before anything is opened, and neither
/// can be hung on; a script navsh is running, or was asked to run, is
/// never written; and a file a script writes (`confined`) must not have
/// other hard links, which could be names of it outside the script's folder.
enum SafeFile {
    /// A file, by device and inode (a name can change; the file stays).
    struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64
        init(_ st: stat) {
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
        }
    }

    /// The scripts navsh was asked to run (every file on its command line,
    /// every file `navsh test` found), taken before any of them runs: no
    /// write replaces or appends to one, and the history is not saved onto one.
    nonisolated(unsafe) private(set) static var protected: [FileID] = []

    /// Adds `paths` (those that exist) to `protected`.
    static func protect(_ paths: [String]) {
        for path in paths {
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { protected.append(FileID(st)) }
        }
    }

    /// Whether the file `st` describes is one of `protected`.
    static func isProtected(_ st: stat) -> Bool {
        !protected.isEmpty && protected.contains(FileID(st))
    }

    /// Why a script may not write the regular file `st` describes, or nil.
    static func refusal(_ st: stat, confined: Bool) -> String? {
        if isProtected(st) { return "it is a script navsh was asked to run" }
        if confined, st.st_nlink > 1 {
            return
                "it has \(st.st_nlink) hard links (another name of it may be outside the script's folder): not written from a script"
        }
        return nil
    }

    /// Why `path` cannot be written, or nil; on success, the path to replace
    /// (a symbolic link's target) and its mode, if it exists. `confined`: a
    /// script asks (`confine` applied), and a file with other hard links is refused.
    static func target(_ path: String, protecting scripts: [String], confined: Bool = false) -> Result<
        (path: String, mode: mode_t?), Problem
    > {
        var st = stat()
        var resolved = path
        if lstat(path, &st) != 0 {
            guard errno == ENOENT else { return .failure(Problem(path, String(cString: strerror(errno)))) }
            return .success((path, nil))
        }
        if (st.st_mode & S_IFMT) == S_IFLNK {
            guard let real = realPath(path), stat(real, &st) == 0 else {
                return .failure(Problem(path, "a symbolic link to nothing: not replaced"))
            }
            resolved = real
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Problem(path, "Is a directory"))
        case S_IFIFO: return .failure(Problem(path, "a FIFO, not a regular file: not written"))
        default: return .failure(Problem(path, "not a regular file: not written"))
        }
        for script in scripts {
            var other = stat()
            if stat(script, &other) == 0, other.st_dev == st.st_dev, other.st_ino == st.st_ino {
                return .failure(Problem(path, "it is a script navsh is running"))
            }
        }
        if let reason = refusal(st, confined: confined) { return .failure(Problem(path, reason)) }
        return .success((resolved, st.st_mode & 0o7777))
    }

    struct Problem: Error {
        var path: String
        var reason: String
        init(_ path: String, _ reason: String) {
            self.path = path
            self.reason = reason
        }
        var text: String { "cannot write '\(printable(path))': \(reason)" }
    }

    /// Replaces the file at `path` with `contents` (see the type); the
    /// problem as a message, or nil.
    static func replace(_ path: String, with contents: String, protecting scripts: [String]) -> String? {
        switch write(path, Array(contents.utf8), protecting: scripts) {
        case .success: nil
        case .failure(let problem): problem.text
        }
    }

    static func write(_ path: String, _ bytes: [UInt8], protecting scripts: [String], confined: Bool = false)
        -> Result<Void, Problem>
    {
        let destination: String
        let mode: mode_t
        switch target(path, protecting: scripts, confined: confined) {
        case .failure(let problem): return .failure(problem)
        case .success(let t):
            destination = t.path
            if let m = t.mode {
                mode = m
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
        }
        // From mkstemp to rename or unlink, Ctrl-C, SIGTERM and SIGHUP wait
        // (and then act as they would have), so no temporary file is left.
        return holdingSignals { writeThroughTemporary(path, bytes, destination: destination, mode: mode) }
    }

    /// The file written beside `destination`, then renamed over it (see `write`).
    private static func writeThroughTemporary(_ path: String, _ bytes: [UInt8], destination: String, mode: mode_t)
        -> Result<Void, Problem>
    {
        let folder = parentDirectory(of: destination)
        let base = destination.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array("\(folder)/.\(base).navsh-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { return .failure(Problem(path, String(cString: strerror(errno)))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = HistoryFile.writeAll(fd, bytes)
        if failure == nil, fchmod(fd, mode) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, destination) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            return .failure(Problem(path, failure))
        }
        return .success(())
    }

    /// Runs `body` with SIGINT, SIGTERM, SIGHUP and SIGQUIT blocked on this
    /// thread; one that came meanwhile is delivered when they are unblocked.
    static func holdingSignals<T>(_ body: () -> T) -> T {
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// A file open for appending (`record`), or why not: the target rules of
    /// `target`, checked again on the descriptor (opened without waiting, so
    /// a FIFO put there in between is refused, not hung on; so are a
    /// protected script and, when `confined`, a file with other hard links).
    static func openForAppending(_ path: String, protecting scripts: [String], confined: Bool = false) -> Result<
        UnsafeMutablePointer<FILE>, Problem
    > {
        if case .failure(let problem) = target(path, protecting: scripts, confined: confined) {
            return .failure(problem)
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return .failure(Problem(path, String(cString: strerror(errno)))) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(Problem(path, "not a regular file: not written"))
        }
        if let reason = refusal(st, confined: confined) {
            close(fd)
            return .failure(Problem(path, reason))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        guard let file = fdopen(fd, "a") else {
            close(fd)
            return .failure(Problem(path, String(cString: strerror(errno))))
        }
        return .success(file)
    }

    /// Where a script may write (language.md, `record` and `timeline`): a
    /// relative path is taken from the folder of the script the line is in
    /// (`scriptFolder`), as `source` takes it, and the file must be in the
    /// folder of the script navsh was asked to run (`runFolder`: a file on
    /// the command line or one `navsh test` runs; a file `source`d from it,
    /// even from another folder, writes only there too) or below it, or
    /// under a folder `--allow-write` names; lines typed at the prompt or
    /// given with `-c` (no script folder) write where they say. The path to
    /// write, or why not.
    static func confine(_ path: String, scriptFolder: String?, runFolder: String? = nil, allowed: [String]) -> Result<
        String, Problem
    > {
        guard let scriptFolder else { return .success(path) }
        let full = path.hasPrefix("/") || scriptFolder.isEmpty || scriptFolder == "." ? path : "\(scriptFolder)/\(path)"
        let roots = ([runFolder ?? scriptFolder] + allowed).compactMap(realPath)
        func inside(_ real: String) -> Bool {
            roots.contains { root in root == "/" || real == root || real.hasPrefix(root + "/") }
        }
        // The folder the file goes in, and the file itself if it is a link (followed when written).
        guard let folder = realPath(parentDirectory(of: full)) else {
            return .failure(Problem(path, String(cString: strerror(errno))))
        }
        var st = stat()
        let linkTarget = lstat(full, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK ? realPath(full) : nil
        let last = full.split(separator: "/").last.map(String.init) ?? ""
        if !inside(folder) || last == ".." || linkTarget.map({ !inside($0) }) == true {
            return .failure(
                Problem(
                    path,
                    "outside the script's folder (a script writes only in its own folder; navsh --allow-write DIR allows DIR too)"
                ))
        }
        return .success(full)
    }
}
