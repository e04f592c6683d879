// navsh-fuzz: the libFuzzer target over the parser, the engine and the renderers.
//
//   swift build -c release --product navsh-fuzz --sanitize=fuzzer   (scripts/fuzz does this)
//
// With -sanitize=fuzzer SwiftPM compiles this file as a library: there is no
// top-level code, libFuzzer's runtime supplies main and calls
// LLVMFuzzerTestOneInput. In a plain build (swift build), the file is the
// program's main and the global `replayStatus` below is initialised at start-up:
// it replays the files and folders named on the command line through the same
// harness and exits (1 when any input shows a problem).

import NavFuzzHarness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func navFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // NAVFUZZ_STRICT=1: a line that prints an error must leave the session as it was.
    let problems = FuzzHarness.run(bytes, strict: getenv("NAVFUZZ_STRICT") != nil)
    if let first = problems.first {
        fatalError("navsh-fuzz: \(first)")
    }
    return 0
}

/// Plain build: `navsh-fuzz [FILE|DIR]...` runs each input, prints a line per
/// input with a problem, and a summary.
func navFuzzReplay() -> Int32 {
    var inputs: [String] = []
    for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
        inputs += navFuzzFiles(argument)
    }
    if inputs.isEmpty {
        navFuzzError(
            "usage: navsh-fuzz FILE|DIR... (a plain build replays inputs; build with --sanitize=fuzzer to fuzz)")
        exit(2)
    }
    let strict = getenv("NAVFUZZ_STRICT") != nil
    var bad = 0
    for path in inputs {
        guard let bytes = navFuzzRead(path) else {
            navFuzzError("\(path): cannot read")
            bad += 1
            continue
        }
        let problems = FuzzHarness.run(bytes, strict: strict)
        if !problems.isEmpty {
            bad += 1
            for problem in problems { print("\(path): \(problem)") }
        }
    }
    print("replayed \(inputs.count) inputs, \(bad) with problems")
    exit(bad == 0 ? 0 : 1)
}

func navFuzzError(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func navFuzzFiles(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [path] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        names.append(name)
    }
    return names.sorted().flatMap { navFuzzFiles(path + "/" + $0) }
}

func navFuzzRead(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        bytes += chunk[0..<n]
        if n < chunk.count { break }
    }
    return bytes
}

/// Initialised at start-up only when this file is the program's main (a plain build).
let replayStatus: Int32 = navFuzzReplay()
