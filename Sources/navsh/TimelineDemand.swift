#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether anything a run is given could write `timeline FILE.html`, whose page
/// replays the phone as it was after each command (`Session.keepsTimelineFrames`).
/// Keeping those frames is work on every command, and nothing else reads
/// them; so a run whose every input is known and mentions neither `timeline`
/// nor `source` (a script that may hold one) keeps none. Only the page can
/// tell: every other output is the same either way.
///
/// The answer errs towards keeping: stdin, a file that is not a regular file
/// (reading a pipe ahead would take its lines), one that cannot be read, and a
/// `\` continuation (it may join a word across lines) all count as a yes.
enum TimelineDemand {
    /// What can lead to a page: the two words, and a continuation.
    static let patterns: [[UInt8]] = [Array("timeline".utf8), Array("source".utf8), Array("\\\n".utf8)]

    static func mayDraw(_ input: Input) -> Bool {
        switch input {
        case .stdin: return true
        case .commands(var text, _):
            return text.utf8.last == UInt8(ascii: "\\") || text.withUTF8 { mentions(UnsafeRawBufferPointer($0)) }
        case .file(let path): return fileMayDraw(path)
        }
    }

    /// Whether `bytes` holds one of `patterns`.
    static func mentions(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "t") || b == UInt8(ascii: "s") || b == UInt8(ascii: "\\") {
                for p in patterns where p[0] == b && i + p.count <= n {
                    var k = 1
                    while k < p.count, bytes[i + k] == p[k] { k += 1 }
                    if k == p.count { return true }
                }
            }
            i += 1
        }
        return false
    }

    /// Reads a regular file through once, in chunks, each searched with the
    /// tail of the one before (so a word across two chunks is found).
    static func fileMayDraw(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return true }
        let chunk = 1 << 16
        let overlap = 16
        var buffer = [UInt8](repeating: 0, count: overlap + chunk)
        return buffer.withUnsafeMutableBytes { raw in
            var kept = 0
            while true {
                let got = read(fd, raw.baseAddress! + kept, chunk)
                if got < 0 { return true }
                if got == 0 { return false }
                let filled = kept + got
                if mentions(UnsafeRawBufferPointer(rebasing: raw[0..<filled])) { return true }
                kept = Swift.min(overlap, filled)
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + (filled - kept), byteCount: kept)
            }
        }
    }
}
