// scripts/test fails on a breach of the house rules of issue 34
// (scripts/lib/house-rules.sh): private runtime or standard-library API,
// unchecked exclusivity, pointers in the engine, files over their length.
// These run the check on a package shaped to break each rule, and on the
// package itself.

import Foundation
import Testing

@Suite("scripts/test house rules check")
struct HouseRulesCheckTests {
    /// Runs `house_rule_breaches ROOT`; returns its stdout.
    func check(_ root: String) throws -> String {
        let library = E2E.packageRoot.appendingPathComponent("scripts/lib/house-rules.sh").path
        let run = try E2E.run(
            ["-c", ". \"$0\" && house_rule_breaches \"$1\"", library, root], executable: "/bin/bash")
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "")
        return run.stdout
    }

    @Test func namesEachBreachWithItsPlace() throws {
        let dir = try E2E.tempDir()
        _ = try E2E.write(
            "let a = _isUnique(&x)\n@exclusivity(unchecked) var y = 0\nlet fine = isKnownUniquelyReferenced(&z)\n",
            to: "Sources/NavScript/Fast.swift", in: dir)
        _ = try E2E.write(
            "struct M {}\nfunc f(_ p: UnsafePointer<M>) {}\nlet n: InlineArray<2, Int> = [1, 2]\n",
            to: "Sources/NavigationEngine/Model.swift", in: dir)
        _ = try E2E.write(
            "func g(_ p: UnsafePointer<Int>) {}\n", to: "Sources/NavExplorer/Storage.swift", in: dir)
        _ = try E2E.write(String(repeating: "let x = 1\n", count: 401), to: "Sources/NavScript/Long.swift", in: dir)
        _ = try E2E.write(
            "swiftSettings: [.unsafeFlags([\"-enforce-exclusivity=unchecked\"])]\n", to: "Package.swift", in: dir)
        _ = try E2E.write(String(repeating: "line\n", count: 201), to: "docs/performance.md", in: dir)
        let root = dir.path
        #expect(
            try check(root) == """
                \(root)/Sources/NavScript/Fast.swift:1: private runtime or standard-library API
                \(root)/Sources/NavScript/Fast.swift:2: private runtime or standard-library API
                \(root)/Package.swift:1: exclusivity checking turned off
                \(root)/Sources/NavigationEngine/Model.swift:2: unsafe or newer-platform code in the engine
                \(root)/Sources/NavigationEngine/Model.swift:3: unsafe or newer-platform code in the engine
                \(root)/Sources/NavScript/Long.swift:1: 401 lines, over 400
                \(root)/docs/performance.md:1: 201 lines, over 200

                """)
    }

    @Test func findsNoBreachInThePackage() throws {
        #expect(try check(E2E.packageRoot.path) == "")
    }
}
