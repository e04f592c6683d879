// A line seen again runs the commands it parsed to without being parsed
// again (ParsedLines.swift): the commands are the same, a text never gets
// another's, and a line that does not parse is never kept.

import Testing

@testable import NavScript

@Suite("Lines parsed before")
struct ParsedLinesTests {
    func parse(_ text: String) throws -> ArraySlice<LocatedCommand> {
        var buffer = ReusableBuffer<LocatedCommand>()
        var scratch = Parser.Scratch()
        try Parser.parse(line: text, into: &buffer, scratch: &scratch)
        return buffer.elements
    }

    @Test("a text is kept the second time it is parsed, with the commands it parsed to")
    func secondTime() throws {
        var lines = ParsedLines()
        let text = "push Detail; pop &"
        let commands = try parse(text)
        #expect(lines.commands(for: text) == nil)
        lines.parsed(text, commands)
        #expect(lines.commands(for: text) == nil, "kept after one sighting")
        lines.parsed(text, commands)
        #expect(lines.commands(for: text) == commands)
    }

    @Test("two texts of one slot: neither is given the other's commands")
    func collision() throws {
        let first = "push A0"
        var second = ""
        for i in 1..<100_000 where ParsedLines.index("push A\(i)") == ParsedLines.index(first) {
            second = "push A\(i)"
            break
        }
        try #require(!second.isEmpty)
        var lines = ParsedLines()
        lines.parsed(first, try parse(first))
        lines.parsed(first, try parse(first))
        #expect(lines.commands(for: second) == nil)
        lines.parsed(second, try parse(second))
        lines.parsed(second, try parse(second))
        #expect(lines.commands(for: second) == (try parse(second)))
        #expect(lines.commands(for: first) == nil, "the slot went to the second text")
    }

    @Test("a line repeated runs each time; a bad line repeated fails each time")
    func session() {
        let h = Harness()
        h.run(
            "push Home\npush A; pop\npush A; pop\npush A; pop\npusj X\nexpect error\npusj X\nexpect error\nexpect depth 1"
        )
        #expect(h.failures == 0, "\(h.diagnostics)")
        let pushes = h.events.filter { $0.hasPrefix("nav.pushViewController(A") }
        #expect(pushes.count == 3 && pushes.last == "nav.pushViewController(A#3, animated: true)", "\(pushes)")
    }
}
