import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the shards' `--json` results back for `navsh explore --merge`.
extension ExploreMerge {
    struct ShardViolation {
        var property: String
        var explanation: String
        var length: Int
        var path: [Int]
        var steps: [String]
        var script: String
        /// The line as the shard wrote it (for --json).
        var line: String
    }

    struct ShardResult {
        var file: String
        var index = -1
        var count = 0
        var prefixDepth = 0
        var header = ""
        var all = false
        var violations: [ShardViolation] = []
        var summary: [String: JSONValue] = [:]
    }

    struct Problem: Error { var text: String }

    static func read(_ file: String) -> Result<ShardResult, Problem> {
        guard let text = readText(file) else {
            return .failure(Problem(text: "cannot read '\(file)': \(String(cString: strerror(errno)))"))
        }
        var shard = ShardResult(file: file)
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            let location = "\(file):\(lineNumber):1: error:"
            guard let value = JSONValue.parse(String(line)), case .object(let object) = value else {
                return .failure(
                    Problem(text: "\(location) not a JSON object (give the --json output of navsh explore --shard)"))
            }
            switch object["type"]?.string {
            case "shard":
                guard let index = object["shard"]?.int, let count = object["of"]?.int,
                    let prefix = object["prefix_depth"]?.int,
                    let header = object["header"]?.string, count >= 1, (0..<count).contains(index)
                else {
                    return .failure(Problem(text: "\(location) a shard line needs shard, of, prefix_depth and header"))
                }
                shard.index = index
                shard.count = count
                shard.prefixDepth = prefix
                shard.header = header
                shard.all = object["all"]?.bool ?? false
            case "violation":
                guard let property = object["property"]?.string, let explanation = object["explanation"]?.string,
                    let length = object["length"]?.int, case .array(let pathValues)? = object["path"],
                    let script = object["script"]?.string, case .array(let stepValues)? = object["steps"]
                else {
                    return .failure(
                        Problem(
                            text: "\(location) a violation needs property, explanation, length, path, steps and script")
                    )
                }
                let path = pathValues.compactMap(\.int)
                guard path.count == pathValues.count, path.count == length else {
                    return .failure(Problem(text: "\(location) the violation's path is not \(length) step indices"))
                }
                shard.violations.append(
                    ShardViolation(
                        property: property, explanation: explanation, length: length, path: path,
                        steps: stepValues.compactMap(\.string), script: script, line: String(line)))
            case "summary":
                shard.summary = object
            case "progress":
                continue
            default:
                return .failure(Problem(text: "\(location) not a line of navsh explore --json"))
            }
        }
        if shard.index < 0 {
            return .failure(
                Problem(
                    text:
                        "\(file): not a shard's result (no shard line: run navsh explore with --shard K/N --prefix-depth D --json)"
                ))
        }
        if shard.summary.isEmpty {
            return .failure(Problem(text: "\(file): the shard's result has no summary (did the shard finish?)"))
        }
        return .success(shard)
    }

    /// A file's bytes as text; nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            errno = EINVAL
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 1 << 28 {
                errno = EFBIG
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
