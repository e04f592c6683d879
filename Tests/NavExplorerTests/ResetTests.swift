import NavScript
import Testing

@testable import NavExplorer
@testable import NavigationEngine

/// `NavigationModel.reset(to:)`, the explorer's way back from a step to its
/// parent: it assigns only the parts whose storage differs, so a part it
/// forgot, or a storage test that calls two different parts the same, would
/// leave a model that is not its parent, and every later step of the search
/// would run from a wrong state.
@Suite("Model reset")
struct ResetTests {
    @Test("reset(to:) covers every stored property of the model")
    func coversEveryProperty() {
        // A property added to NavigationModel must be added to reset(to:)
        // (and then to this count).
        #expect(Mirror(reflecting: NavigationModel()).children.count == NavigationModel.resetPropertyCount)
        // And of the controllers' (NavSlots.assign(from:)) and their transitions'.
        let nav = NavController(id: 1, cls: .plain)
        #expect(Mirror(reflecting: nav).children.count == NavController.resetPropertyCount)
        let transition = NavTransition(
            kind: .push, from: nil, to: ScreenName(cls: ClassName(id: 0), ordinal: 1), removed: [], addedBelow: [],
            toIsNew: true, animated: true, repairsBar: false, start: 0, end: 350)
        #expect(Mirror(reflecting: transition).children.count == NavTransition.resetPropertyCount)
        // And of the class counters' (ClassCounters.assign(from:)): a sum kept
        // beside them and not assigned left a reset model with the wrong fingerprint.
        #expect(Mirror(reflecting: ClassCounters()).children.count == ClassCounters.resetPropertyCount)
    }

    @Test(
        "a stepped model reset to its parent is its parent, and steps as its parent does",
        arguments: QuietStepTests.setups)
    func resetAfterEveryStep(setup text: String) {
        let explorer = Setup(text).explorer(depth: 4)
        var frontier = [explorer.start]
        var seen: Set<UInt64> = [Explorer.fingerprint(explorer.start)]
        var events: [Event] = []
        // Stepped and reset over and over, from one parent to the next, as the explorer does.
        var reused = explorer.start
        var resets = 0
        var changed = 0
        var inPlace = 0
        for _ in 0..<4 {
            var next: [NavigationModel] = []
            for parent in frontier {
                let parentFingerprint = Explorer.fingerprint(parent)
                for step in 0...explorer.waitIndex {
                    let slotsBefore = ObjectIdentifier(reused.navs.slots)
                    withUnsafePointer(to: parent) { reused.reset(to: $0) }
                    resets += 1
                    // Slots the model alone held were made the parent's in place (NavSlots.assign(from:)).
                    if reused.navs.slots !== parent.navs.slots, ObjectIdentifier(reused.navs.slots) == slotsBefore {
                        inPlace += 1
                    }
                    #expect(reused == parent, "step \(step)")
                    #expect(reused.names.count == parent.names.count)
                    #expect(Explorer.fingerprint(reused) == parentFingerprint, "step \(step)")
                    var copy = parent
                    let a = explorer.run(step, on: &copy, events: &events, recording: false)
                    let b = explorer.run(step, on: &reused, events: &events, recording: false)
                    #expect(a == b, "step \(step)")
                    guard a == false else { continue }
                    explorer.canonical(&copy)
                    explorer.canonical(&reused)
                    #expect(copy == reused, "step \(step)")
                    let fingerprint = Explorer.fingerprint(copy)
                    #expect(Explorer.fingerprint(reused) == fingerprint, "step \(step)")
                    if fingerprint != parentFingerprint { changed += 1 }
                    if seen.insert(fingerprint).inserted, seen.count < 3000 { next.append(copy) }
                }
            }
            frontier = next
        }
        #expect(resets > 500)
        #expect(changed > 200)
        #expect(inPlace > 200)
    }

    /// Two models that differ in every stored property but the scratch
    /// space: profile, clock, durations, traits, counters, screens,
    /// controllers, window (tabs), modals and one in flight, controller
    /// class, alert, a frozen pop, guarantees, names.
    static func distantModels() throws -> (NavigationModel, NavigationModel) {
        var events: [Event] = []
        var a = NavigationModel(profile: .legacy)
        _ = try a.perform(.push(ScreenRef(className: "Home"), gate: false, animated: true), events: &events)
        a.settle(events: &events)

        var b = NavigationModel()
        _ = try b.perform(.setDuration(.push, milliseconds: 500), events: &events)
        _ = try b.perform(.screen("Editor", [.confirm("Discard?")]), events: &events)
        _ = try b.perform(.screen("Form", [.customBack(alert: "Leave?")]), events: &events)
        _ = try b.perform(
            .use(ControllerClass(features: [.gates, .safePop], name: "features gates safe-pop")), events: &events)
        _ = try b.perform(.tabs(["A", "B"]), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Done"), gate: true, animated: true), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Editor"), gate: false, animated: true), events: &events)
        _ = try b.perform(.contentSwipe(cancel: false), events: &events)
        _ = try b.perform(.push(ScreenRef(className: "Form"), gate: false, animated: true), events: &events)
        b.settle(events: &events)
        _ = try b.perform(.back, events: &events)
        _ = try b.perform(.present("Sheet", inNavigation: false, animated: true), events: &events)
        _ = try b.perform(.setPreemption(true), events: &events)
        return (a, b)
    }

    @Test("a model reset to an unrelated one (no storage shared) becomes it, and back")
    func resetToUnrelated() throws {
        let (a, b) = try Self.distantModels()
        // Every property differs (the scratch space is never part of a state).
        let differing = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).filter { pair in
            String(describing: pair.0.value) != String(describing: pair.1.value)
        }.map { $0.0.label ?? "?" }
        // All but a frozen pop and a legacy nested call, which need states of
        // their own (the walk above meets them), and the names, whose
        // description shows no words.
        #expect(differing.count == NavigationModel.resetPropertyCount - 3, "\(differing)")
        #expect(a.names != b.names)
        var model = a
        withUnsafePointer(to: b) { model.reset(to: $0) }
        #expect(model == b)
        #expect(String(describing: model) == String(describing: b))
        #expect(Explorer.fingerprint(model) == Explorer.fingerprint(b))
        withUnsafePointer(to: a) { model.reset(to: $0) }
        #expect(model == a)
        #expect(String(describing: model) == String(describing: a))
        #expect(Explorer.fingerprint(model) == Explorer.fingerprint(a))
    }

    @Test("slots made equal in place are known equal until either is written, and never to other slots")
    func unwrittenCopyVersions() {
        let name = ScreenName(cls: ClassName(id: 0), ordinal: 1)
        var parent: NavTable = [1: NavController(id: 1, cls: .plain)]
        var model: NavTable = [1: NavController(id: 1, cls: .plain), 2: NavController(id: 2, cls: .plain)]
        model.reset(to: parent)
        // In place: the model keeps slots of its own.
        #expect(model.slots !== parent.slots)
        #expect(model.slots.isUnwrittenCopy(of: parent.slots))
        #expect(model == parent)
        // The parent written: in place (the model holds no reference to its
        // slots), the two differ, and are no longer known equal.
        let parentSlots = ObjectIdentifier(parent.slots)
        parent[1]?.stack.append(name)
        #expect(ObjectIdentifier(parent.slots) == parentSlots)
        #expect(!model.slots.isUnwrittenCopy(of: parent.slots))
        #expect(model != parent)
        model.reset(to: parent)
        #expect(model.slots.isUnwrittenCopy(of: parent.slots))
        #expect(model == parent)
        // A copy of a copy: known equal to the copy, and equal to the first.
        var third: NavTable = [1: NavController(id: 1, cls: .plain)]
        third.reset(to: model)
        #expect(third.slots.isUnwrittenCopy(of: model.slots))
        #expect(third == parent)
        // The model written: no longer known equal to either side.
        model[1]?.stack.removeAll()
        #expect(!model.slots.isUnwrittenCopy(of: parent.slots))
        #expect(!third.slots.isUnwrittenCopy(of: model.slots))
        #expect(model != parent)
        #expect(third != model)
        // Equal slots made otherwise are not known equal: each slots' number is their own.
        let twin: NavTable = [1: NavController(id: 1, cls: .plain)]
        #expect(!twin.slots.isUnwrittenCopy(of: model.slots))
        #expect(NavSlots(capacity: 1).serial != NavSlots(capacity: 1).serial)
    }

    @Test("arrays in storages of their own are not the same storage, even when equal")
    func sameStorageMeansIdentity() {
        let a = [1, 2, 3]
        let copy = a
        var own = a
        own.append(4)
        own.removeLast()
        #expect(sameStorage(a, copy))
        #expect(own == a)
        #expect(!sameStorage(a, own))
    }

    /// Screen names of one class by ordinal, for the lists `assignReusingStorage` resets.
    static func names(_ ordinals: [Int]) -> [ScreenName] {
        ordinals.map { ScreenName(cls: ClassName(id: 2), ordinal: $0) }
    }

    @Test(
        "a list of names made equal to another keeps its own storage when it is large enough",
        arguments: [
            ([1, 2, 3], [4, 5, 6]), ([1, 2, 3, 4, 5], [7, 8]), ([1, 2], [3, 4, 5]), ([1, 2, 3], []),
            ([1, 2, 3], [1, 2, 3]), ([], [1, 2, 3, 4, 5, 6, 7, 8]), ([1], [1, 2]), ([1, 2], [1]),
        ])
    func assignReusesStorage(start: [Int], other: [Int]) {
        var array = Self.names(start)
        array.reserveCapacity(8) // storage of its own, with room for any `other` here
        let capacity = array.capacity
        let before = array.withUnsafeBufferPointer { $0.baseAddress }
        let theirs = Self.names(other)
        withUnsafePointer(to: theirs) { assignReusingStorage(&array, $0) }
        #expect(array == theirs)
        #expect(array.capacity == capacity)
        #expect(array.withUnsafeBufferPointer { $0.baseAddress } == before)
        // `other` itself is untouched, and the two stay apart.
        array.append(contentsOf: Self.names([99]))
        #expect(array == theirs + Self.names([99]))
        #expect(theirs == Self.names(other))
    }

    @Test("a queue made equal to another by its calls' bits becomes it, in its own storage when it has room")
    func assignByBits() {
        let names = (1...4).map { ScreenName(cls: ClassName(id: 0), ordinal: $0) }
        let calls: [NavCall] = [
            .push(names[0], animated: true), .pop(animated: false), .setStack([names[1], names[2]], animated: true),
            .popTo(names[3], animated: true),
        ]
        let others: [[NavCall]] = [
            calls, Array(calls.dropLast()), Array(calls.dropFirst()), calls + [.popToRoot(animated: true)], [],
            [.setStack([names[1], names[2]], animated: true)], [calls[0], calls[1], .pop(animated: true), calls[3]],
        ]
        for start in others {
            for other in others {
                var array = start
                array.reserveCapacity(8)
                let before = array.withUnsafeBufferPointer { $0.baseAddress }
                let kept = other
                withUnsafePointer(to: other) { assignReusingStorage(&array, bitsOf: $0) }
                #expect(array == other)
                #expect(array.withUnsafeBufferPointer { $0.baseAddress } == before)
                #expect(other == kept)
                // A queue that shares its storage with a third is copied on write, not written through.
                let third = start
                var shared = third
                withUnsafePointer(to: other) { assignReusingStorage(&shared, bitsOf: $0) }
                #expect(shared == other)
                #expect(third == start)
            }
        }
        // One too small takes the other's storage.
        var small: [NavCall] = []
        withUnsafePointer(to: calls) { assignReusingStorage(&small, bitsOf: $0) }
        #expect(sameStorage(small, calls))
    }

    @Test("a list made equal to another that outgrows it, or to its own copy, takes that storage")
    func assignSharesWhenItMust() {
        var small = Self.names([1])
        let big = Self.names(Array(0..<64))
        withUnsafePointer(to: big) { assignReusingStorage(&small, $0) }
        #expect(small == big)
        #expect(sameStorage(small, big))
        let parent = Self.names([1, 2, 3])
        var copy = parent
        withUnsafePointer(to: parent) { assignReusingStorage(&copy, $0) }
        #expect(sameStorage(copy, parent))
        // A list that shares its storage with a third is copied on write, not
        // written through, whether the other is shorter or longer (the copy
        // has room for its own count: then it takes the other's storage).
        for other in [[1, 2], [1, 2, 3, 4, 5, 6]] {
            var third = Self.names([5, 6, 7, 8])
            third.reserveCapacity(8)
            var shared = third
            withUnsafePointer(to: Self.names(other)) { assignReusingStorage(&shared, $0) }
            #expect(shared == Self.names(other))
            #expect(third == Self.names([5, 6, 7, 8]))
        }
    }

    @Test(
        "a modal stack made equal to another becomes it, in its own list's storage when it has room, with counts or not"
    )
    func modalStackAssign() {
        func modal(_ k: Int) -> Modal {
            Modal(
                presenter: k == 0 ? nil : ScreenName(cls: ClassName(id: 1), ordinal: k),
                screen: ScreenName(cls: ClassName(id: 2), ordinal: k + 1), nav: k % 2 == 0 ? nil : k)
        }
        let lengths = [0, 1, 2, 3, 17, 20]
        for a in lengths {
            for b in lengths {
                let other = ModalStack((0..<b).map(modal))
                var stack = ModalStack((0..<a).map { modal($0 + 100) })
                stack.append(modal(999)) // storage of its own, with room to spare
                withUnsafePointer(to: other) { stack.assign(from: $0) }
                #expect(stack == other)
                #expect(Array(stack) == Array(other))
                // Written after: each as it should be, the other untouched.
                stack.append(modal(50))
                #expect(Array(stack) == (0..<b).map(modal) + [modal(50)])
                #expect(Array(other) == (0..<b).map(modal))
                #expect(stack.presented(by: modal(50).presenter) == modal(50))
                // A stack that shares its list with a third is copied on write, not written through.
                let third = ModalStack((0..<a).map(modal))
                var shared = third
                withUnsafePointer(to: other) { shared.assign(from: $0) }
                #expect(Array(shared) == Array(other))
                #expect(Array(third) == (0..<a).map(modal))
            }
        }
    }
}
