import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every file an `explore` setup read through `source` (nested ones too),
/// with a digest of the bytes it read from each: a shard's identity covers
/// them (explorer.md section 6), and `--out` never replaces one of them.
final class SetupReads {
    struct File {
        /// The path as the `source` line gave it, joined to the sourcing file's folder.
        var shown: String
        /// The real path (links resolved), or `shown` if it has none.
        var path: String
        var bytes: DigestingSource
    }
    private(set) var files: [File] = []

    func add(_ file: File) { files.append(file) }

    /// The real paths of the files read, each once, in the order first read.
    var paths: [String] {
        var seen = Set<String>()
        return files.map(\.path).filter { seen.insert($0).inserted }
    }

    /// What was read, for the setup digest: each file's name as sourced, its length and its bytes' digest.
    func add(to digest: inout SearchDigest) {
        for file in files {
            digest.add("source")
            digest.add(file.shown)
            digest.add(String(file.bytes.count))
            digest.add(file.bytes.digest.hex)
        }
    }
}

/// The bytes of a file as the setup reads them, digested on the way.
final class DigestingSource: ByteSource {
    private let inner: DescriptorSource
    private(set) var digest = SearchDigest()
    private(set) var count = 0

    init(_ inner: DescriptorSource) { self.inner = inner }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let n = try inner.read(into: buffer)
        digest.add(bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        count += n
        return n
    }
}

/// `FileLoader`, noting every file it opens in `reads`.
struct RecordingLoader: ScriptLoader {
    let reads: SetupReads

    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        FileLoader.load(path, relativeTo: directory) { file, full, identity in
            let bytes = DigestingSource(file)
            reads.add(SetupReads.File(shown: full, path: identity, bytes: bytes))
            return bytes
        }
    }
}

extension ExploreCommand {
    /// Why `--out FILE` must not be written: it is one of `files` (the
    /// setup, a file it sources, a shard being merged; compared as files,
    /// so a link or another name for one is caught), with `what` naming it;
    /// nil when it is none of them or does not exist.
    static func protectedTarget(_ out: String, among files: [(path: String, what: String)]) -> String? {
        var target = stat()
        guard stat(out, &target) == 0 else { return nil }
        for file in files {
            var other = stat()
            if stat(file.path, &other) == 0, SafeFile.FileID(other) == SafeFile.FileID(target) {
                return
                    "cannot write '\(printable(out))': it is \(file.what) (a counterexample never replaces what the search read)"
            }
        }
        return nil
    }

    /// The folder a counterexample's `source` lines are relative to: the
    /// one the file is in (a link's target's, as `navsh test` reads it there).
    static func outFolder(_ out: String) -> String {
        var st = stat()
        if lstat(out, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, let real = realPath(out) {
            return parentDirectory(of: real)
        }
        return parentDirectory(of: out)
    }

    /// Removes `path` if it holds a counterexample `explore --out` wrote
    /// (a run that finds none leaves no stale one) and is none of
    /// `protected`; a setup, or anything not shaped as a counterexample
    /// script line by line, is left alone.
    static func removeStaleCounterexample(_ path: String, protecting protected: [(path: String, what: String)]) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size < 1 << 20,
            protectedTarget(path, among: protected) == nil, let text = ExploreMerge.readText(path),
            isCounterexampleScript(text)
        else { return }
        unlink(path)
    }

    /// Whether `text` is shaped exactly as `Violation.script` writes a
    /// counterexample: `set profile` at most once, `source` lines, `set
    /// clock virtual`, steps (`ACTION &` or `wait Nms`), one `expect` at
    /// most, nothing else (no `explore` line: a setup has one).
    static func isCounterexampleScript(_ text: String) -> Bool {
        guard text.hasSuffix("\n") else { return false }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()[...]
        if lines.first == "set profile ios26" || lines.first == "set profile legacy" { lines = lines.dropFirst() }
        let sources = lines.prefix { $0.hasPrefix("source ") }.count
        guard sources > 0 else { return false }
        lines = lines.dropFirst(sources)
        guard lines.first == "set clock virtual" else { return false }
        lines = lines.dropFirst()
        if let last = lines.last, last.hasPrefix("expect ") { lines = lines.dropLast() }
        return lines.allSatisfy { line in
            let command = line.split(separator: " ").first ?? ""
            guard !["explore", "invariant", "check", "source", "set", "expect"].contains(command) else { return false }
            if line.hasSuffix(" &") { return true }
            guard line.hasPrefix("wait "), line.hasSuffix("ms") else { return false }
            return Int(line.dropFirst(5).dropLast(2)) != nil
        }
    }
}
