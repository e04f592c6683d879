// Notes at the prompt wrap at spaces to the terminal's width (issue 15, item
// 11: a terminal wrapped them mid-word). Scripts and pipes keep one line per
// event (the shared scenarios and scripts/ check that byte for byte).

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class NoteWrapTests: TerminalTestCase {
    static let prompt = "navsh> "

    override var folderPrefix: String { "navsh-notewrap" }

    // In 60 columns the delegate note (150 characters) takes three lines, none
    // wider than the terminal, each cut between words, the later ones indented
    // under the note's text. It printed as one line, which the terminal cut in
    // the middle of words.
    func testLongNoteWrapsAtSpacesToTheTerminalWidth() throws {
        let s = try PTYSession(
            executable: try NavshBinary.require(), environment: environment(history: historyPath), columns: 60,
            rows: 24)
        do {
            try s.expect(Self.prompt, timeout: 10)
            s.send("use InteractivePopNavigationController fragile\r")
            try s.expect(Self.prompt)
            s.send("delegate Analytics\r")
            let output = try s.expect(Self.prompt)
            let lines = output.components(separatedBy: "\r\n")
            guard let first = lines.firstIndex(where: { $0.contains("note: Analytics replaced") }) else {
                return XCTFail("no note in \(output.debugDescription)")
            }
            let note = Array(lines[first...].prefix { $0.hasPrefix("[") ? $0 == lines[first] : $0.hasPrefix("   ") })
            XCTAssertGreaterThanOrEqual(note.count, 3, note.description)
            XCTAssertTrue(note.allSatisfy { $0.count <= 60 }, note.description)
            XCTAssertTrue(
                note.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 16)) }, note.description)
            let words = note.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            XCTAssertEqual(
                words,
                "[    0ms] note: Analytics replaced InteractivePopNavigationController (fragile) as its own delegate; its willShow/didShow no longer run, so isPushingViewController is never cleared"
            )
            s.send("quit\r")
            XCTAssertEqual(try s.waitForExit(timeout: 10), 0)
        } catch {
            XCTFail("\(error)\n--- transcript ---\n\(s.transcript.debugDescription)")
        }
    }
}
