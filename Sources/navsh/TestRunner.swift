import Glibc
import NavScript

/// `navsh test PATH...`: each script in a fresh session; PASS or FAIL per file.
enum TestRunner {
    static func run(paths: [String], options: Options) -> Int32 {
        if paths.isEmpty {
            Shell.writeError("navsh: 'navsh test' needs a .nav file or a folder\nTry 'navsh --help'.")
            return 2
        }
        var files: [String] = []
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else {
                Shell.writeError("navsh: cannot read '\(path)': \(String(cString: strerror(errno)))")
                return 2
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                files += navFiles(under: path)
            } else {
                files.append(path)
            }
        }
        let writer = OutputWriter()
        var passed = 0
        var failed = 0
        for file in files {
            let sink = CapturingSink()
            var sessionOptions = Shell.sessionOptions(options)
            sessionOptions.json = false
            let session = Session(options: sessionOptions, output: sink, loader: FileLoader())
            Shell.runFile(file, session: session)
            // A finding (`# navsh-test: expect-fail`) passes when it fails on its last line only.
            let mustFailOn = readWholeFile(file).flatMap(ExpectedFailure.lastLine(of:))
            let ok = if let line = mustFailOn { ExpectedFailure.failedOnlyOn(line, of: file, diagnostics: sink.diagnostics) } else { session.failureCount == 0 }
            if ok {
                passed += 1
                writer.line("PASS \(file)")
            } else {
                failed += 1
                writer.line("FAIL \(file)")
                for diagnostic in sink.diagnostics { writer.line("  \(diagnostic)") }
                if let line = mustFailOn { writer.line("  \(file): expected to fail on line \(line) only (\(ExpectedFailure.pragma))") }
            }
        }
        writer.line("\(passed) passed, \(failed) failed")
        writer.flush()
        return failed > 0 ? 1 : 0
    }

    /// Every .nav file under a folder, sorted, recursively.
    static func navFiles(under directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
            }
            if name.hasPrefix(".") { continue }
            let path = directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                found += navFiles(under: path)
            } else if name.hasSuffix(".nav") {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
