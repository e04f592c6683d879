import Testing

@testable import NavigationEngine

/// The screen table's batch operations leave what the per-screen ones they
/// replace leave, slot for slot: `clearParents(of:count:ifItIs:)`, a
/// truncated stack's `clearParent(of:ifItIs:)` of each screen, and
/// `removeUnparented(_:count:)`, a quiet cut's `releaseIfUnheld` of each
/// screen (`place(of:)`, then `remove(_:at:)` of one with no parent),
/// removals that shift runs back and shrink the table. Compared on
/// the layout itself (the slots in order, the count, the entry sum, the
/// screens kept whole) and the released ordinals, on tables that take each
/// way: screens kept whole, names of no slot, storage another table shares,
/// names not in the table, screens of another parent or none, duplicates,
/// and runs that wrap around the table's end.
@Suite("Step: the screen table's batch operations")
struct StepScreenTableBatchTests {
    enum Operation: CaseIterable, CustomStringConvertible {
        case clearParents
        case removeUnparented

        var description: String {
            switch self {
            case .clearParents: "clearParents"
            case .removeUnparented: "removeUnparented"
            }
        }

        /// The batch operation on `table`.
        func batch(_ table: inout ScreenTable, _ names: [ScreenName], _ id: Int) {
            names.withUnsafeBufferPointer { list in
                switch self {
                case .clearParents: table.clearParents(of: list.baseAddress!, count: list.count, ifItIs: id)
                case .removeUnparented: table.removeUnparented(list.baseAddress!, count: list.count)
                }
            }
        }

        /// The per-screen code it replaces.
        func each(_ table: inout ScreenTable, _ names: [ScreenName], _ id: Int) {
            for name in names {
                switch self {
                case .clearParents: table.clearParent(of: name, ifItIs: id)
                case .removeUnparented:
                    if let found = table.place(of: name), !found.hasParent { table.remove(name, at: found.place) }
                }
            }
        }
    }

    /// The table tests' deterministic generator (SplitMix64), so a failure repeats.
    typealias Generator = TableTests.Generator

    /// The table's whole layout, as its mirror describes it: the slots in
    /// order, the count, `wide` and the entry sum.
    static func layout(_ table: ScreenTable) -> String { String(describing: table) }

    /// The keys of the slots, in order (0: empty).
    static func slotKeys(_ table: ScreenTable) -> [UInt64] {
        let slots = Mirror(reflecting: table).children.first { $0.label == "slots" }!.value
        return Mirror(reflecting: slots).children.map { slot in
            Mirror(reflecting: slot.value).children.first { $0.label == "key" }!.value as! UInt64
        }
    }

    static func name(_ cls: UInt32, _ ordinal: Int) -> ScreenName {
        ScreenName(cls: ClassName(id: cls), ordinal: ordinal)
    }

    /// A table of `count` distinct screens of classes 0..<10 (some past the
    /// released ordinals' eight), each with no parent or one of 1...3
    /// (`parentless`: seven in eight with none, so that removals shrink
    /// the table, more than once in a batch).
    static func table(
        _ count: Int, _ rng: inout Generator, parentless: Bool = false
    ) -> (ScreenTable, [ScreenName]) {
        var table = ScreenTable()
        var live: [ScreenName] = []
        while live.count < count {
            let name = name(UInt32.random(in: 0..<10, using: &rng), Int.random(in: 1...24, using: &rng))
            guard table[name] == nil else { continue }
            var screen = Screen(name: name)
            screen.viewLoaded = Bool.random(using: &rng)
            let parent = Int.random(in: 0...3, using: &rng)
            screen.parent = parent == 0 || (parentless && Int.random(in: 0..<8, using: &rng) != 0) ? nil : parent
            table[name] = screen
            live.append(name)
        }
        return (table, live)
    }

    /// Both ways on copies of `table` (whose storage they share), compared;
    /// `table` itself must not change.
    static func compare(
        _ operation: Operation, _ table: ScreenTable, _ names: [ScreenName], _ id: Int,
        _ comment: Comment
    ) -> ScreenTable {
        let before = layout(table)
        var batch = table
        var each = table
        operation.batch(&batch, names, id)
        operation.each(&each, names, id)
        #expect(layout(batch) == layout(each), comment)
        #expect(batch == each, comment)
        #expect(batch.releasedOrdinals == each.releasedOrdinals, comment)
        #expect(layout(table) == before, "the table sharing the storage, \(comment)")
        // A batch that writes nothing leaves the storage shared, as the
        // per-screen code does.
        #expect(batch.sharesStorage(with: table) == each.sharesStorage(with: table), comment)
        return batch
    }

    @Test("Random tables and name lists", arguments: Operation.allCases)
    func random(_ operation: Operation) {
        var rng = Generator(state: 17)
        var shrunkTwice = 0
        for round in 0..<400 {
            let size = [1, 3, 8, 12, 15, 16, 30, 40, 90][round % 9]
            let (table, live) = Self.table(size, &rng, parentless: round % 2 == 1)
            var names: [ScreenName] = []
            for _ in 0..<Int.random(in: 0...(size + 4), using: &rng) {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0:
                    names.append(
                        Self.name(UInt32.random(in: 0..<10, using: &rng), Int.random(in: 25...40, using: &rng)))
                case 1: names.append(Self.name(2, 1 << 33)) // no slot's
                case 2 where !names.isEmpty: names.append(names.randomElement(using: &rng)!) // again
                default: names.append(live.randomElement(using: &rng)!)
                }
            }
            _ = Self.compare(operation, table, names, Int.random(in: 1...3, using: &rng), "round \(round)")
            // Every live screen, in slot order and reversed: most of the
            // table goes (shrinks, long shifts).
            let all = table.keys
            let emptied = Self.compare(operation, table, all, 1, "round \(round), all")
            // Two shrinks in one batch, each after the removal that left
            // the table an eighth full.
            if Self.slotKeys(emptied).count * 4 <= Self.slotKeys(table).count { shrunkTwice += 1 }
            _ = Self.compare(operation, table, all.reversed(), 2, "round \(round), all reversed")
        }
        if operation == .removeUnparented { #expect(shrunkTwice >= 5) }
    }

    @Test("A table full for its slots: runs wrap around the end", arguments: Operation.allCases)
    func wrapping(_ operation: Operation) {
        var rng = Generator(state: 3)
        var wrapped = 0
        for round in 0..<50 {
            // 15 screens in 16 slots: one empty slot, so the run through the
            // last slot wraps to the first unless the empty one is either.
            let (table, live) = Self.table(15, &rng)
            let keys = Self.slotKeys(table)
            #expect(keys.count == 16)
            guard keys.first != 0, keys.last != 0 else { continue }
            wrapped += 1
            _ = Self.compare(operation, table, live, Int.random(in: 1...3, using: &rng), "round \(round)")
            _ = Self.compare(operation, table, live.reversed(), 1, "round \(round), reversed")
        }
        #expect(wrapped >= 10)
    }

    @Test("Screens kept whole", arguments: Operation.allCases)
    func wide(_ operation: Operation) {
        var rng = Generator(state: 5)
        for round in 0..<50 {
            var (table, live) = Self.table(6, &rng)
            let whole = Self.name(1, 1 << 33)
            var screen = Screen(name: whole)
            screen.parent = round % 3 == 0 ? nil : 1
            table[whole] = screen
            // A parent past a slot's bits keeps its screen whole too.
            let far = Self.name(4, 30)
            var farScreen = Screen(name: far)
            farScreen.parent = round % 2 == 0 ? 1 << 60 : nil
            table[far] = farScreen
            live += [whole, far, Self.name(9, 31)]
            live.shuffle(using: &rng)
            _ = Self.compare(operation, table, live, 1, "round \(round)")
        }
    }
}
