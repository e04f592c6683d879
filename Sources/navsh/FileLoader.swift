import Glibc
import NavScript

/// Reads scripts from disk for `source`, files on the command line and `navsh test`.
struct FileLoader: ScriptLoader {
    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        let full: String
        if let directory, !directory.isEmpty, !path.hasPrefix("/") {
            full = "\(directory)/\(path)"
        } else {
            full = path
        }
        guard let text = readWholeFile(full) else {
            return .failure(LoadFailure(path: path, reason: String(cString: strerror(errno))))
        }
        let identity = realPath(full) ?? full
        return .success(LoadedScript(displayName: full, identity: identity, directory: parentDirectory(of: full), text: text))
    }
}

func readWholeFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var st = stat()
    if fstat(fileno(file), &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
        errno = EISDIR
        return nil
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count {
            if ferror(file) != 0 { return nil }
            break
        }
    }
    return String(decoding: bytes, as: UTF8.self)
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

/// Reads a stream line by line (for stdin and large scripts) without loading it whole.
struct LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
    }

    /// The next line without its newline, or nil at the end.
    mutating func next() -> String? {
        let n = getline(&buffer, &capacity, file)
        guard n >= 0, let buffer else { return nil }
        var length = n
        if length > 0, buffer[length - 1] == 10 { length -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    func close() {
        free(buffer)
    }
}
