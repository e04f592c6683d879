import Testing

@testable import NavigationEngine

/// The engine's own hash tables (live screens, per-class counters and traits,
/// interned class names) checked against `Dictionary` on seeded random
/// operations: same contents after every step, and equality and hashing that
/// ignore the order things were inserted in.
@Suite("The engine's tables agree with Dictionary")
struct TableTests {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("ScreenTable: insert, update, remove and look up like a Dictionary", arguments: [1, 2, 3, 4])
    func screenTable(seed: UInt64) {
        var rng = Generator(state: seed)
        var table = ScreenTable()
        var reference: [ScreenName: Screen] = [:]
        var names = ClassNames()
        let classes = (0..<5).map { names.intern("TableClass\($0)") }
        for step in 0..<20_000 {
            // Keys from a small space, so removals hit live entries and probe runs
            // are long enough for backward-shift deletion to matter.
            let name = ScreenName(
                cls: classes[Int.random(in: 0..<5, using: &rng)],
                ordinal: Int.random(in: 1...300, using: &rng))
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                var screen = Screen(name: name)
                screen.parent = Int.random(in: 0..<3, using: &rng)
                table[name] = screen
                reference[name] = screen
            case 5..<8:
                table[name] = nil
                reference[name] = nil
            default:
                table[name]?.viewLoaded = true
                reference[name]?.viewLoaded = true
            }
            #expect(table[name] == reference[name], "step \(step)")
            #expect(table.count == reference.count, "step \(step)")
            if step % 1000 == 0 {
                for (key, value) in reference { #expect(table[key] == value) }
                #expect(Set(table.keys) == Set(reference.keys))
            }
        }
        for (key, value) in reference { #expect(table[key] == value) }
    }

    @Test("ScreenTable: screens whose ordinal or parent do not fit a slot are kept whole")
    func screenTableWide() {
        var names = ClassNames()
        let cls = names.intern("Wide")
        let ordinals = [1, 2, 0xFFFF_FFFE, 0xFFFF_FFFF, 0x1_0000_0001, Int.max]
        let parents: [Int?] = [nil, 0, 7, (1 << 59) - 1, 1 << 59, Int.max, -1]
        var table = ScreenTable()
        var reference: [ScreenName: Screen] = [:]
        for round in 0..<3 {
            for (i, ordinal) in ordinals.enumerated() {
                let name = ScreenName(cls: cls, ordinal: ordinal)
                var screen = Screen(name: name)
                screen.parent = parents[(i + round) % parents.count]
                screen.viewLoaded = round == 1
                table[name] = screen
                reference[name] = screen
                #expect(table[name] == screen)
                #expect(table.contains(name))
            }
            #expect(table.count == reference.count)
            #expect(Set(table.keys) == Set(reference.keys))
            var seen: [ScreenName: Screen] = [:]
            table.forEachScreen { seen[$0.name] = $0 }
            #expect(seen == reference)
        }
        var copy = ScreenTable()
        for (name, screen) in reference.sorted(by: { $0.key.ordinal > $1.key.ordinal }) { copy[name] = screen }
        #expect(copy == table)
        #expect(copy.hashValue == table.hashValue)
        for ordinal in ordinals {
            let name = ScreenName(cls: cls, ordinal: ordinal)
            table[name] = nil
            reference[name] = nil
            #expect(table[name] == nil)
            #expect(!table.contains(name))
            #expect(table.count == reference.count)
        }
        #expect(table == ScreenTable())
    }

    @Test("ScreenTable: a copy and its original are written apart")
    func copiesApart() {
        func name(_ cls: UInt32, _ ordinal: Int) -> ScreenName { ScreenName(cls: ClassName(id: cls), ordinal: ordinal) }
        var parent = ScreenTable()
        for k in 1...5 { parent[name(1, k)] = Screen(name: name(1, k), parent: 1) }
        var child = parent
        child[name(2, 1)] = Screen(name: name(2, 1))
        #expect(child != parent)
        #expect(child.count == 6)
        #expect(parent.count == 5)
        child = parent
        #expect(child == parent)
        // The child written: it is what was written, and the parent is as it was.
        var written = child
        written[name(1, 2)] = nil
        #expect(written != parent)
        #expect(written.count == 4)
        #expect(parent.count == 5)
        // A copy with storage of its own is equal.
        #expect(child.unshared() == parent)
    }

    @Test("ScreenTable: the walk over class numbers and ordinals meets every screen once, none kept whole")
    func classAndOrdinalWalk() {
        var table = ScreenTable()
        var expected: [(UInt32, Int)] = []
        for cls in 0..<5 {
            for ordinal in 1...(cls + 1) {
                table[ScreenName(cls: ClassName(id: UInt32(cls)), ordinal: ordinal)] = Screen(
                    name: ScreenName(cls: ClassName(id: UInt32(cls)), ordinal: ordinal), parent: cls)
                expected.append((UInt32(cls), ordinal))
            }
        }
        table[ScreenName(cls: ClassName(id: 2), ordinal: 2)] = nil
        expected.removeAll { $0 == (2, 2) }
        var met: [(UInt32, Int)] = []
        #expect(table.forEachClassAndOrdinal { met.append(($0, $1)) })
        let order = { (a: (UInt32, Int), b: (UInt32, Int)) in a.0 != b.0 ? a.0 < b.0 : a.1 < b.1 }
        #expect(met.sorted(by: order).map { "\($0.0).\($0.1)" } == expected.sorted(by: order).map { "\($0.0).\($0.1)" })
        // A screen kept whole (an ordinal past 32 bits): the walk declines, calling nothing.
        let huge = ScreenName(cls: ClassName(id: 9), ordinal: 1 << 40)
        table[huge] = Screen(name: huge)
        var calls = 0
        #expect(!table.forEachClassAndOrdinal { _, _ in calls += 1 })
        #expect(calls == 0)
    }

    @Test("ScreenTable: equal contents are equal and hash alike, in any insertion order")
    func screenTableEquality() {
        var table = ClassNames()
        let order = table.intern("Order")
        let names = (1...200).map { ScreenName(cls: order, ordinal: $0) }
        var forward = ScreenTable()
        var backward = ScreenTable()
        for name in names { forward[name] = Screen(name: name) }
        for name in names.reversed() { backward[name] = Screen(name: name) }
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        // Grown then shrunk: same contents as one that never grew.
        var shrunk = forward
        for name in names.dropFirst(10) { shrunk[name] = nil }
        var small = ScreenTable()
        for name in names.prefix(10) { small[name] = Screen(name: name) }
        #expect(shrunk == small)
        #expect(shrunk.hashValue == small.hashValue)
        small[names[0]]?.viewLoaded = true
        #expect(shrunk != small)
    }

    @Test("ClassCounters: set and get like a Dictionary past the first chunk; copies stay apart")
    func classCounters() {
        var rng = Generator(state: 11)
        var counters = ClassCounters()
        var reference: [UInt32: Int] = [:]
        var snapshots: [(ClassCounters, [UInt32: Int])] = []
        for step in 0..<20_000 {
            // Class numbers in the first array, in chunks, and far out (an empty chunk between).
            let id: UInt32 =
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: UInt32.random(in: 0..<1_100, using: &rng)
                case 1: UInt32.random(in: 1_000..<5_000, using: &rng)
                default: UInt32.random(in: 9_000..<9_100, using: &rng)
                }
            let value = Int.random(in: 0..<1_000, using: &rng)
            counters.set(value, for: ClassName(id: id))
            reference[id] = value
            #expect(counters[ClassName(id: id)] == value, "step \(step)")
            if step % 2_000 == 0 { snapshots.append((counters, reference)) }
        }
        #expect(counters.count == reference.count)
        for id in UInt32(0)..<9_200 { #expect(counters[ClassName(id: id)] == reference[id]) }
        #expect(counters.classes.map(\.id) == reference.keys.sorted())
        #expect(
            counters.sum { UInt64($0) &* 1_000 &+ UInt64($1) }
                == reference.reduce(0) { $0 &+ UInt64($1.key) &* 1_000 &+ UInt64($1.value) })
        // Each copy kept the counters it had, whatever was written after it.
        for (copy, expected) in snapshots {
            #expect(copy.count == expected.count)
            for (id, value) in expected { #expect(copy[ClassName(id: id)] == value) }
        }
        // Equal contents, built in another order: equal, and hashed alike.
        var other = ClassCounters()
        for (id, value) in reference.sorted(by: { $0.key > $1.key }) { other.set(value, for: ClassName(id: id)) }
        #expect(other == counters)
        #expect(other.hashValue == counters.hashValue)
        other.set(-1, for: ClassName(id: 9_050))
        #expect(other != counters)
        counters.update { _, value in value + 1 }
        for (id, value) in reference { #expect(counters[ClassName(id: id)] == value + 1) }
    }

    @Test("ClassMap: set and get like a Dictionary; equality ignores order")
    func classMap() {
        var rng = Generator(state: 7)
        var map = ClassMap<Int>()
        var reference: [ClassName: Int] = [:]
        var names = ClassNames()
        let classes = (0..<500).map { names.intern("MapClass\($0)") }
        for step in 0..<10_000 {
            let cls = classes[Int.random(in: 0..<500, using: &rng)]
            let value = Int.random(in: 0..<1000, using: &rng)
            map.set(value, for: cls)
            reference[cls] = value
            #expect(map[cls] == reference[cls], "step \(step)")
        }
        #expect(map.count == reference.count)
        for cls in classes { #expect(map[cls] == reference[cls]) }
        #expect(Set(map.classes) == Set(reference.keys))

        var other = ClassMap<Int>()
        for (cls, value) in reference.sorted(by: { names[$0.key] > names[$1.key] }) { other.set(value, for: cls) }
        #expect(map == other)
        #expect(map.hashValue == other.hashValue)
        other.set(-1, for: classes[0])
        #expect(map != other)
    }

    @Test("class names: the same text is the same number, and the text comes back")
    func classNames() {
        let texts = (0..<2_000).map { "Interned\($0)" } + ["", "é", "A_very_long_class_name_well_past_fifteen_bytes"]
        var names = ClassNames()
        let first = texts.map { names.intern($0) }
        let second = texts.reversed().map { names.intern($0) }.reversed()
        #expect(first == Array(second))
        // The same texts in strings of their own (a long one in new storage, so
        // not told by its bits): the same numbers.
        let rebuilt = texts.map { names.intern(String(decoding: Array($0.utf8), as: UTF8.self)) }
        #expect(rebuilt == first)
        #expect(Set(first).count == texts.count)
        #expect(names.count == texts.count)
        for (text, cls) in zip(texts, first) {
            #expect(names[cls] == text)
            #expect(names.existing(text) == cls)
        }
        #expect(names.existing("NeverMet") == nil)
        #expect(names.count == texts.count)
        #expect(names.text(of: ScreenName(cls: first[5], ordinal: 2)) == "Interned5#2")
        #expect(names.text(of: ScreenName(cls: first[5], ordinal: 1)) == "Interned5")
        #expect(names.precedes(first[10], first[2])) // "Interned10" < "Interned2"
        #expect(!names.precedes(first[2], first[2]))
    }

    @Test("class names: a copy is a value (copy on write), and a later table can stand in for an earlier one")
    func classNamesAreValues() {
        var earlier = ClassNames()
        let a = earlier.intern("A")
        var later = earlier
        let b = later.intern("B")
        #expect(earlier.count == 1 && later.count == 2)
        #expect(earlier.existing("B") == nil)
        #expect(later[a] == "A" && later[b] == "B")
        #expect(earlier != later)
        #expect(earlier.isPrefix(of: later) && !later.isPrefix(of: earlier))
        var other = ClassNames()
        _ = other.intern("B")
        #expect(!other.isPrefix(of: later))
        // Equal tables made apart: same names in the same order.
        var again = ClassNames()
        _ = again.intern("A")
        #expect(again == earlier && again.hashValue == earlier.hashValue)
    }

    @Test("the model's class names: undo keeps the newest table, a foreign one is refused")
    func modelAdoptsNames() {
        var model = NavigationModel()
        var events: [Event] = []
        _ = try? model.perform(.push(ScreenRef(className: "A"), gate: false, animated: false), events: &events)
        let checkpoint = model.withoutNames
        _ = try? model.perform(.push(ScreenRef(className: "B"), gate: false, animated: false), events: &events)
        var restored = checkpoint
        let adopted = restored.adoptNames(model.names)
        #expect(adopted)
        #expect(restored.currentStack.map { restored.names.text(of: $0) } == ["A"])
        #expect(restored.names.existing("B") != nil)
        var stranger = ClassNames()
        _ = stranger.intern("Z")
        let adoptedStranger = restored.adoptNames(stranger)
        #expect(!adoptedStranger)
        #expect(restored.names == model.names)
    }

    @Test("models on many threads at once share nothing mutable (the class-name table included)")
    func modelsOnManyThreads() async {
        var start = NavigationModel()
        var events: [Event] = []
        _ = try? start.perform(.push(ScreenRef(className: "Root"), gate: false, animated: false), events: &events)
        let shared = start
        let results = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var model = shared
                    var events: [Event] = []
                    for step in 0..<200 {
                        let name = "W\(worker)S\(step % 7)"
                        _ = try? model.perform(
                            .push(ScreenRef(className: name), gate: false, animated: false), events: &events)
                        if step % 3 == 2 { _ = try? model.perform(.pop(animated: false), events: &events) }
                    }
                    return model.currentStack.map { model.names.text(of: $0) }
                }
            }
            var all: [[String]] = []
            for await stack in group { all.append(stack) }
            return all
        }
        #expect(results.count == 8)
        for stack in results {
            #expect(stack.first == "Root")
            #expect(stack.count == 1 + 200 - 66)
        }
        #expect(shared.names.count == 1)
    }

    @Test(
        "NavTable: set, edit in place, remove and look up like a Dictionary; copies stay independent",
        arguments: [1, 2, 3])
    func navTable(seed: UInt64) {
        var rng = Generator(state: seed)
        var table: NavTable = [:]
        var reference: [Int: NavController] = [:]
        var snapshots: [(NavTable, [Int: NavController])] = []
        var names = ClassNames()
        let screenClass = names.intern("NavTableScreen")
        for step in 0..<5_000 {
            let id = Int.random(in: 1...40, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let nav = NavController(id: id, cls: .plain)
                table[id] = nav
                reference[id] = nav
            case 4..<6:
                table[id] = nil
                reference[id] = nil
            case 6..<9:
                // In place through the addressor, as the engine edits stacks.
                let name = ScreenName(cls: screenClass, ordinal: step + 1)
                table[id]?.stack.append(name)
                reference[id]?.stack.append(name)
            default:
                // A copy shares the slots until one side writes.
                snapshots.append((table, reference))
            }
            #expect(table[id] == reference[id], "step \(step)")
            #expect(table.keys == reference.keys.sorted(), "step \(step)")
            #expect(table[0] == nil && table[-3] == nil && table[10_000] == nil)
            let free = table.freeID
            #expect(reference[free] == nil && (1..<free).allSatisfy { reference[$0] != nil })
        }
        // Writes after a copy never showed through to the copy.
        for (copy, expected) in snapshots {
            #expect(copy.keys == expected.keys.sorted())
            for (id, nav) in expected { #expect(copy[id] == nav) }
        }
    }

    @Test("NavTable: trailing empty slots are not part of the value")
    func navTableEquality() {
        var grown: NavTable = [:]
        grown[1] = NavController(id: 1, cls: .plain)
        grown[9] = NavController(id: 9, cls: .plain)
        grown[9] = nil
        var small: NavTable = [:]
        small[1] = NavController(id: 1, cls: .plain)
        #expect(grown == small)
        #expect(grown.hashValue == small.hashValue)
        small[2] = NavController(id: 2, cls: .plain)
        #expect(grown != small)
    }
}
