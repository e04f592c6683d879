// scripts/test fails on an `import Glibc` that is not behind `#if canImport(Glibc)`
// with a Darwin branch (scripts/lib/portable-imports.sh). These run the check on
// files shaped each way, and on the package's own Sources and Tests.

import Foundation
import Testing

@Suite("scripts/test portable imports check")
struct PortableImportsCheckTests {
    /// Runs `unconditional_glibc_imports DIR` on `directory`; returns its stdout.
    func check(_ directory: String) throws -> String {
        let library = E2E.packageRoot.appendingPathComponent("scripts/lib/portable-imports.sh").path
        let run = try E2E.run(
            ["-c", ". \"$0\" && unconditional_glibc_imports \"$1\"", library, directory],
            executable: "/bin/bash")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        return run.stdout
    }

    @Test func namesAnImportOutsideCanImportAndAFileWithoutDarwin() throws {
        let dir = try E2E.tempDir()
        _ = try E2E.write("import NavScript\nimport Glibc\n", to: "a/Plain.swift", in: dir)
        _ = try E2E.write("#if canImport(Glibc)\n    import Glibc\n#endif\n", to: "a/NoDarwin.swift", in: dir)
        _ = try E2E.write(
            "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Darwin)\n    import Darwin\n#endif\n",
            to: "a/Portable.swift", in: dir)
        let root = dir.path
        #expect(
            try check(root) == """
                \(root)/a/NoDarwin.swift:1: imports Glibc without a canImport(Darwin) branch
                \(root)/a/Plain.swift:2: import Glibc outside #if canImport(Glibc)
                \(root)/a/Plain.swift:1: imports Glibc without a canImport(Darwin) branch

                """)
    }

    @Test func findsNoUnconditionalImportInThePackage() throws {
        for part in ["Sources", "Tests"] {
            #expect(try check(E2E.packageRoot.appendingPathComponent(part).path) == "")
        }
    }
}
