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
/// can be hung on; and a script navsh is running is never written.
enum SafeFile {
    /// Why `path` cannot be written, or nil; on success, the path to replace
    /// (a symbolic link's target) and its mode, if it exists.
    static func target(_ path: String, protecting scripts: [String]) -> Result<(path: String, mode: mode_t?), Problem> {
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

    static func write(_ path: String, _ bytes: [UInt8], protecting scripts: [String]) -> Result<Void, Problem> {
        let destination: String
        let mode: mode_t
        switch target(path, protecting: scripts) {
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

    /// A file open for appending (`record`), or why not: the target rules of
    /// `target`, checked again on the descriptor (opened without waiting, so
    /// a FIFO put there in between is refused, not hung on).
    static func openForAppending(_ path: String, protecting scripts: [String]) -> Result<
        UnsafeMutablePointer<FILE>, Problem
    > {
        if case .failure(let problem) = target(path, protecting: scripts) { return .failure(problem) }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return .failure(Problem(path, String(cString: strerror(errno)))) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(Problem(path, "not a regular file: not written"))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        guard let file = fdopen(fd, "a") else {
            close(fd)
            return .failure(Problem(path, String(cString: strerror(errno))))
        }
        return .success(file)
    }

    /// Removes the file at `path` if it is a counterexample an earlier
    /// `explore --out` wrote (a run that finds none leaves no stale one);
    /// anything else there is left alone.
    static func removeStaleCounterexample(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size < 1 << 20,
            let text = ExploreMerge.readText(path)
        else { return }
        let lines = text.split(separator: "\n")
        let body = lines.drop { $0.hasPrefix("set profile ") }
        guard body.first?.hasPrefix("source ") == true, lines.contains("set clock virtual") else { return }
        unlink(path)
    }

    /// Where a script may write (language.md, `record` and `timeline`): a
    /// relative path is taken from the script's folder, as `source` takes
    /// it, and the file must be in that folder or below it, or under a folder
    /// `--allow-write` names; lines typed at the prompt or given with `-c`
    /// (no script folder) write where they say. The path to write, or why not.
    static func confine(_ path: String, scriptFolder: String?, allowed: [String]) -> Result<String, Problem> {
        guard let scriptFolder else { return .success(path) }
        let full = path.hasPrefix("/") || scriptFolder.isEmpty || scriptFolder == "." ? path : "\(scriptFolder)/\(path)"
        let roots = ([scriptFolder] + allowed).compactMap(realPath)
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
