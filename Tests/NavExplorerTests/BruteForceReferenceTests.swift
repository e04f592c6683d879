import Foundation
import NavScript
import NavigationEngine
import Testing

@testable import NavExplorer

/// `navsh explore` against the brute-force reference (BruteForce.swift) on
/// every setup of scripts/findings/setups, scripts/ios26/setups and
/// scripts/bench.d/explore: the
/// same verdict, the same shortest length and the same first
/// counterexample, with and without `--all`, one job and two.
@Suite("Explorer against brute force", .serialized)
struct BruteForceReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func setups(_ directory: String) -> [String] {
        let dir = "\(root)/\(directory)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".nav") }.sorted().map { "\(dir)/\($0)" }
    }

    /// The deepest search whose sequences stay under `budget` scripts (the
    /// reference runs each sequence from the start), at most `cap`.
    static func depth(actions: Int, budget: Int = 3_000, cap: Int = 5) -> Int {
        var depth = 1
        var sequences = actions + 1
        while depth < cap, sequences * (actions + 1) <= budget {
            depth += 1
            sequences *= actions + 1
        }
        return depth
    }

    /// The explorer over `path`'s final state, as `navsh explore` builds it.
    static func explorer(_ path: String, depth: Int, all: Bool, jobs: Int) -> Explorer {
        final class Quiet: OutputSink {
            func line(_ text: String) {}
            func diagnostic(_ text: String) {}
        }
        let session = Session(options: SessionOptions(), output: Quiet(), loader: DiskLoader())
        _ = session.feed("source \(BruteForce.quoted(path))", file: "explore.nav", line: 1)
        let d = session.declarations
        var config = ExploreConfiguration(
            actions: d.actions, invariants: d.invariants, checks: d.checks ?? BuiltinProperty.allCases)
        config.depth = depth
        config.all = all
        config.jobs = jobs
        return Explorer(start: session.state, configuration: config)
    }

    static func findings(of result: ExploreResult) -> [(rank: Int, lines: [String])] {
        result.violations.map { ($0.property.rank, $0.lines) }
    }

    /// Compares the two on `path` at `depth` (the reference's choice when nil).
    func compare(_ path: String, depth fixed: Int? = nil) throws {
        var reference = try BruteForce(setup: path)
        let depth = fixed ?? Self.depth(actions: reference.actions.count)
        let name = "\((path as NSString).lastPathComponent) at depth \(depth)"
        let all = reference.search(depth: depth, all: true)
        let first = BruteForce.first(of: all)
        #expect(
            Self.explorer(path, depth: depth, all: false, jobs: 1).startDurations == reference.durations,
            "\(name): the durations a wait stops short by")
        for jobs in [1, 2] {
            let one = Self.explorer(path, depth: depth, all: false, jobs: jobs).run()
            let got = Self.findings(of: one)
            #expect(got.count == (first == nil ? 0 : 1), "\(name), \(jobs) jobs: verdict \(got) against \(all)")
            if let first, let found = got.first {
                #expect(found.rank == first.rank, "\(name), \(jobs) jobs: property")
                #expect(found.lines.count == first.lines.count, "\(name), \(jobs) jobs: length")
                #expect(found.lines == first.lines, "\(name), \(jobs) jobs: first counterexample")
            }
            let every = Self.explorer(path, depth: depth, all: true, jobs: jobs).run()
            let everyFound = Self.findings(of: every)
            #expect(everyFound.map(\.rank) == all.map(\.rank), "\(name), --all, \(jobs) jobs: properties")
            for (found, expected) in zip(everyFound, all) where found.rank == expected.rank {
                #expect(found.lines == expected.lines, "\(name), --all, \(jobs) jobs: property \(found.rank)")
            }
        }
        for (lines, length) in reference.unexpectedLengths.prefix(3) {
            Issue.record("\(name): \(lines.joined(separator: "; ")) started a \(length) ms transition")
        }
    }

    @Test(
        "explore and brute force agree on every findings setup",
        arguments: setups("scripts/findings/setups").map { ($0 as NSString).lastPathComponent })
    func findingsSetup(_ file: String) throws {
        try compare("\(Self.root)/scripts/findings/setups/\(file)")
    }

    @Test(
        "explore and brute force agree on every bench setup",
        arguments: setups("scripts/bench.d/explore").map { ($0 as NSString).lastPathComponent })
    func benchSetup(_ file: String) throws {
        try compare("\(Self.root)/scripts/bench.d/explore/\(file)")
    }

    @Test(
        "explore and brute force agree on every setup with iOS 26 pre-emption on",
        arguments: setups("scripts/ios26/setups").map { ($0 as NSString).lastPathComponent })
    func preemptionSetup(_ file: String) throws {
        try compare("\(Self.root)/scripts/ios26/setups/\(file)")
    }

    @Test("a release after a content drag can end together with a push (issue 35, case 1)")
    func releaseAfterContentDrag() throws {
        let path = "\(Self.root)/scripts/findings/setups/explorer-release-after-content-drag.nav"
        try compare(path, depth: 4)
        let result = Self.explorer(path, depth: 4, all: false, jobs: 1).run()
        #expect(result.violations.first?.lines == ["push Detail &", "wait 245ms", "wait 105ms"])
    }

    @Test("a tap on Cancel starts nothing, so a wait does not stop for it (issue 35, case 2)")
    func cancelStartsNothing() throws {
        let path = "\(Self.root)/scripts/findings/setups/explorer-cancel-starts-nothing.nav"
        try compare(path, depth: 4)
        let result = Self.explorer(path, depth: 4, all: false, jobs: 1).run()
        #expect(result.violations.first?.lines == ["present Sheet &", "wait 400ms"])
    }
}
