// Tab completion at the prompt takes its screen names from the session as it
// is when Tab is pressed. They used to be rebuilt (every live name, sorted)
// after every line, so a paste of N lines did N² work and Tab offered screens
// the real-time clock had released since the last line.

import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class PromptCompletionTests: TerminalTestCase {
    override var folderPrefix: String { "navsh-completion" }

    private func withSession(_ body: (PTYSession) throws -> Void) throws {
        let session = try PTYSession(
            executable: try NavshBinary.require(), arguments: ["--no-init"],
            environment: environment(history: historyPath))
        do {
            try body(session)
        } catch {
            XCTFail("\(error)\n--- terminal transcript ---\n\(session.transcript)")
        }
    }

    /// `pop &` leaves B to the transition; the clock ends it at the prompt
    /// (B.deinit), after the line was read. Tab after `popto ` must offer A
    /// only, so it completes it; with the names built after the line it
    /// offered `A  B` and completed nothing.
    func testTabOffersTheScreensAliveWhenItIsPressed() throws {
        try withSession { s in
            try s.expect("navsh> ")
            s.send("push A instant; push B instant\r")
            try s.expect("stack: A B")
            try s.expect("navsh> ")
            s.send("pop &\r")
            try s.expect("B.deinit", timeout: 10)
            s.send("popto \t")
            try s.expect("popto A ")
            s.send("\u{15}quit\r") // Ctrl-U clears the line
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }

    /// Names created by a line are offered at the next Tab.
    func testTabOffersAScreenPushedByTheLastLine() throws {
        try withSession { s in
            try s.expect("navsh> ")
            s.send("push Home instant; push Settings instant\r")
            try s.expect("stack: Home Settings")
            try s.expect("navsh> ")
            s.send("popto Ho\t")
            try s.expect("popto Home ")
            s.send("\u{15}quit\r")
            XCTAssertEqual(try s.waitForExit(), 0)
        }
    }
}
