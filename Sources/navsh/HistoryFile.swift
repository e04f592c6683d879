#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The prompt's history file. It is only ever a regular file owned by the
/// user: it is never opened through a symbolic link, never truncated in
/// place and never chmod-ed. A save writes a temporary file beside it (mode
/// 0600, `mkstemp`) and renames it over the old one, so a full disk or a
/// crash leaves the old file whole (new lines are merged in under a lock, see
/// `append`); anything else at the path (a symlink, a
/// device, a FIFO, a directory, another user's file, a script named on
/// navsh's command line) is refused with one warning and left alone.
enum HistoryFile {
    /// How much of a history file is read: its last 4 MiB. A bigger file (a
    /// runaway one) is not read whole: its last lines are what the prompt
    /// keeps, and the next save trims the file to them, as readline's
    /// history-file-size does.
    static let readLimit = 4 << 20

    /// The lines of the history file, from its last `limit` bytes (a line cut
    /// by that start is left out); empty if there is none or it is not a
    /// regular file the user owns (saving says why).
    static func read(_ path: String, limit: Int = readLimit) -> [String] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, acceptable(st) == nil else { return [] }
        let size = Int(st.st_size)
        // From one byte before the tail: if that byte ends a line, the tail starts with a whole one.
        let start = size > limit ? size - limit - 1 : 0
        guard start == 0 || lseek(fd, off_t(start), SEEK_SET) == off_t(start) else { return [] }
        guard var bytes = readAll(fd, upTo: limit + 1) else { return [] }
        if start > 0 {
            guard let newline = bytes.firstIndex(of: 10) else { return [] }
            bytes.removeSubrange(...newline)
        }
        return lines(bytes)
    }

    /// Adds `lines` to the end of the history file as it is now, keeping the
    /// last `limit` lines, with the file's folder locked (flock) from reading
    /// to renaming: two prompts sharing the file both keep their lines. A
    /// reason on failure (the file is then unchanged).
    static func append(_ lines: [String], to path: String, keeping limit: Int) -> String? {
        let folder = parentDirectory(of: path)
        let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { return String(cString: strerror(errno)) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            if errno != EINTR { return "cannot lock \(folder): \(String(cString: strerror(errno)))" }
        }
        if let reason = checkTarget(path) { return reason }
        // `NAVSH_HISTORY=a.nav navsh -i a.nav`: the lesson is not appended to, nor made 0600.
        var st = stat()
        if stat(path, &st) == 0, SafeFile.isProtected(st) {
            return "it is a script navsh was asked to run, so no history is saved there"
        }
        // A file that is there but cannot be read (mode 000) would be read as
        // empty and replaced by this session's lines alone: it is left alone.
        let probe = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if probe < 0, errno != ENOENT {
            return "cannot read it (\(String(cString: strerror(errno)))), so it is not replaced"
        }
        if probe >= 0 { close(probe) }
        var merged = read(path)
        for line in lines where merged.last != line { merged.append(line) }
        return write(Array(merged.suffix(max(0, limit))), to: path)
    }

    /// Why `st` is not a history file navsh may replace, or nil.
    static func acceptable(_ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return "it is a symbolic link"
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
        if st.st_uid != geteuid() { return "it belongs to another user" }
        return nil
    }

    /// Replaces the file at `path` with `lines`; a reason on failure (the old
    /// file is then unchanged).
    static func write(_ lines: [String], to path: String) -> String? {
        if let reason = checkTarget(path) { return reason }
        var content = lines.joined(separator: "\n")
        if !lines.isEmpty { content += "\n" }
        return replace(path, with: Array(content.utf8))
    }

    /// Nil if `path` is absent or a regular file the user owns.
    static func checkTarget(_ path: String) -> String? {
        var st = stat()
        if lstat(path, &st) != 0 {
            return errno == ENOENT ? nil : String(cString: strerror(errno))
        }
        return acceptable(st)
    }

    /// Writes `bytes` to a new temporary file beside `path` and renames it into place.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        // No temporary file left by a signal in between (`SafeFile.holdingSignals`).
        SafeFile.holdingSignals { replaceThroughTemporary(path, with: bytes) }
    }

    private static func replaceThroughTemporary(_ path: String, with bytes: [UInt8]) -> String? {
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = writeAll(fd, bytes)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if failure != nil { unlink(temporary) }
        return failure
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// What is left in `fd`, at most `limit` bytes (a file that grows while
    /// it is read stops there), or nil on a read error.
    static func readAll(_ fd: Int32, upTo limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let want = min(chunk.count, limit - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// The non-empty lines of a history file's bytes, without line ends.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        for piece in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            var line = piece[...]
            while line.last == 13 { line = line.dropLast() }
            if !line.isEmpty { result.append(String(decoding: line, as: UTF8.self)) }
        }
        return result
    }

    /// Why the history's folder `folder` is not to be made: the folder
    /// `levels` above it (`$HOME` or `$XDG_STATE_HOME`) does not exist, and
    /// navsh makes no home; nil if it does.
    static func baseMissing(_ folder: String, levels: Int) -> String? {
        var base = folder
        for _ in 0..<levels { base = parentDirectory(of: base) }
        var st = stat()
        guard stat(base, &st) != 0 else { return nil }
        return "\(base) does not exist (navsh makes no home folder)"
    }
}
