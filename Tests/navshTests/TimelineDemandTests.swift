// navsh keeps the phone after each command (the frames `timeline FILE.html`
// replays) only when its input may write a page (Sources/navsh/TimelineDemand.swift).
// Every way a page can be asked for must still find its frames: in the file,
// in a file it sources, across a `\` continuation, in a -c after the file, on stdin.

import Foundation
import Testing

@Suite("The frames are kept whenever a page may be written")
struct TimelineDemandTests {
    /// The frames table of a page: one per distinct phone (`"ft":[...]`).
    func frameTable(_ page: URL) throws -> String {
        let html = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(html.range(of: "\"ft\":["))
        let end = try #require(html.range(of: "],\n\"fs\"", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// Home at rest, Detail sliding in, Detail at rest: the three phones of `push Home`, `push Detail`.
    func expectThreeFrames(_ page: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let table = try frameTable(page)
        #expect(table.components(separatedBy: "\n").count == 3, "\(table)", sourceLocation: sourceLocation)
        #expect(table.hasPrefix("[\"Home\""), "\(table)", sourceLocation: sourceLocation)
    }

    @Test("a page asked for in the file, in a sourced file, after a continuation, by -c, on stdin")
    func everyWay() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try E2E.write("push Home\npush Detail\ntimeline direct.html\n", to: "direct.nav", in: dir)
        try E2E.write("push Home\npush Detail\ntimeline sourced.html\n", to: "inner.nav", in: dir)
        try E2E.write("source inner.nav\n", to: "outer.nav", in: dir)
        try E2E.write("push Home\npush Detail\ntime\\\nline joined.html\n", to: "joined.nav", in: dir)
        try E2E.write("push Home\npush Detail\n", to: "plain.nav", in: dir)
        let runs = [
            try E2E.run(["direct.nav"], in: dir),
            try E2E.run(["outer.nav"], in: dir),
            try E2E.run(["joined.nav"], in: dir),
            try E2E.run(["plain.nav", "-c", "timeline command.html"], in: dir),
            try E2E.run([], stdin: "push Home\npush Detail\ntimeline stdin.html\n", in: dir),
        ]
        for run in runs {
            expectClean(run)
            #expect(run.status == 0, "\(run)")
        }
        for name in ["direct", "sourced", "joined", "command", "stdin"] {
            try expectThreeFrames(dir.appendingPathComponent("\(name).html"))
        }
    }
}
