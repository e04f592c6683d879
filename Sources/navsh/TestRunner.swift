import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navsh test PATH...`: each script in a fresh session; PASS or FAIL per file.
enum TestRunner {
    /// What a walk found: scripts to run, and folders that are failures of their own.
    struct Found {
        var files: [String] = []
        /// (path, problem): a folder that cannot be read, or holds no script.
        var problems: [(String, String)] = []
    }

    static func run(paths: [String], options: Options, writer: OutputWriter) -> Int32 {
        if paths.isEmpty {
            writer.error("navsh: 'navsh test' needs a .nav file or a folder\nTry 'navsh --help'.")
            return 2
        }
        var found = Found()
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else {
                writer.error("navsh: cannot read '\(path)': \(String(cString: strerror(errno)))")
                return 2
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                let before = found.files.count
                walk(path, into: &found)
                if found.files.count == before,
                    !found.problems.contains(where: {
                        $0.0 == path || $0.0.hasPrefix(path.hasSuffix("/") ? path : path + "/")
                    })
                {
                    found.problems.append((path, "no .nav files in this folder"))
                }
            } else {
                found.files.append(path)
            }
        }
        // No script found is written by another (nor by itself) while the class runs.
        SafeFile.protect(found.files)
        var passed = 0
        var failed = 0
        var unwritten = 0 // files whose recording could not be written
        for (folder, problem) in found.problems {
            failed += 1
            writer.line("FAIL \(printable(folder))")
            writer.line("  navsh: \(printable(problem))")
        }
        for file in found.files {
            let sink = CapturingSink()
            var sessionOptions = Shell.sessionOptions(options)
            sessionOptions.json = false
            let host = ShellHost(
                output: sink, drivesRealTime: false, report: { sink.diagnostic($0) },
                allowedFolders: options.allowWrite)
            let session = Session(options: sessionOptions, host: host)
            host.session = session
            host.runFolder = parentDirectory(of: file)
            Shell.runFile(file, session: session)
            session.stopRecording()
            host.closeAll()
            // A finding (`# navsh-test: expect-fail`) passes when it fails on its last line only.
            let mustFailOn = ExpectedFailure.lastLine(ofFile: file)
            let ok =
                if let line = mustFailOn {
                    ExpectedFailure.failedOnlyOn(line, of: file, diagnostics: sink.diagnostics)
                } else { session.failureCount == 0 }
            if host.failedRecordings > 0 { unwritten += 1 }
            if ok, host.failedRecordings == 0 {
                passed += 1
                writer.line("PASS \(printable(file))")
            } else {
                failed += 1
                writer.line("FAIL \(printable(file))")
                for diagnostic in sink.diagnostics { writer.line("  \(printable(diagnostic))") }
                if let line = mustFailOn {
                    writer.line(
                        "  \(printable(file)): expected to fail on line \(line) only (\(ExpectedFailure.pragma))")
                }
            }
        }
        writer.line("\(passed) passed, \(failed) failed")
        // A recording that could not be written is output that could not be written.
        if unwritten > 0 { return OutputWriter.writeFailed }
        return failed > 0 ? 1 : 0
    }

    /// Adds the .nav files under `directory` (sorted, recursively) to `found`.
    /// Symbolic links to folders are not followed (they could lead out of the
    /// tree, or back into it without end); links to files are. A folder that
    /// cannot be read is a problem, not a silent skip.
    static func walk(_ directory: String, into found: inout Found) {
        guard let dir = opendir(directory) else {
            found.problems.append(
                (directory, "cannot read folder '\(printable(directory))': \(String(cString: strerror(errno)))"))
            return
        }
        var files: [String] = []
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
            }
            if name.hasPrefix(".") { continue }
            let path = directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
            var st = stat()
            // An entry that cannot even be looked at (a path longer than PATH_MAX) is a failure, not a skip.
            guard lstat(path, &st) == 0 else {
                // The path quoted short enough that the reason after it is
                // not cut off with it (the FAIL line above names it whole).
                let reason = String(cString: strerror(errno))
                found.problems.append((path, "cannot read '\(printable(path, limit: 1_000))': \(reason)"))
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                folders.append(path)
            case S_IFLNK:
                // A link is taken only to something that is not a folder.
                // A .nav link that leads nowhere (dangling, or a loop) is a failure, not a skip.
                var target = stat()
                if name.hasSuffix(".nav") {
                    if stat(path, &target) != 0 {
                        found.problems.append(
                            (path, "cannot read '\(printable(path))': \(String(cString: strerror(errno)))"))
                    } else if (target.st_mode & S_IFMT) != S_IFDIR {
                        files.append(path)
                    }
                }
            default:
                if name.hasSuffix(".nav") { files.append(path) }
            }
        }
        closedir(dir)
        var all = files
        var nested = Found()
        for folder in folders { walk(folder, into: &nested) }
        all += nested.files
        found.files += all.sorted()
        found.problems += nested.problems
    }
}
