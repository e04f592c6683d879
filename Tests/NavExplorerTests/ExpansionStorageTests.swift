import NavigationEngine
import Testing

@testable import NavExplorer

/// The two buffers an expansion steps and collects in (ExpansionStorage.swift).
@Suite("Expansion storage")
struct ExpansionStorageTests {
    func child(_ n: Int, violations: UInt64 = 0) -> Expansion.Child {
        Expansion.Child(
            fingerprint: UInt64(n), parent: Int32(n), step: UInt8(n), fresh: true, violations: violations)
    }

    @Test("children come back in the order appended; marked ones dropped only when asked")
    func childOrder() {
        let buffer = ChildBuffer(capacity: 4)
        for n in 0..<4 { buffer.append(child(n, violations: n == 2 ? 0b10 : 0)) }
        #expect(buffer.count == 4)
        #expect(buffer.markSeen(1, stepMask: 0b10))
        // A child whose step broke a step property stays, not fresh, with only that property.
        #expect(!buffer.markSeen(2, stepMask: 0b10))
        #expect(buffer[2].fresh == false && buffer[2].violations == 0b10)
        #expect(buffer.children(droppingMarked: false).map(\.fingerprint) == [0, 1, 2, 3])
        #expect(buffer.children(droppingMarked: true).map(\.fingerprint) == [0, 2, 3])
    }

    @Test("a model cell holds a copy of its model, stepped in place")
    func modelCell() throws {
        var start = NavigationModel()
        var events: [Event] = []
        _ = try start.perform(.push(ScreenRef(className: "Home"), gate: false, animated: false), events: &events)
        let cell = ModelCell(start)
        #expect(cell.model.pointee == start)
        _ = try cell.model.pointee.perform(
            .push(ScreenRef(className: "Detail"), gate: false, animated: true), events: &events)
        #expect(cell.model.pointee != start)
        #expect(start.nextDeadline == nil)
    }
}
