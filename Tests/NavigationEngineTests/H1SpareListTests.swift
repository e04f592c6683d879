import Testing

@testable import NavigationEngine

/// A transition a reset drops (the parent's controller has none) leaves its
/// list of removed screens in the model's spare list, for the next pop's
/// list, instead of freeing it (`NavController.reset(to:spare:)`).
@Suite("H1: the spare list a reset leaves")
struct H1SpareListTests {
    static func transition(removing removed: [ScreenName], to: ScreenName) -> NavTransition {
        NavTransition(
            kind: .pop, from: removed.first, to: to, removed: removed, addedBelow: [], toIsNew: false, animated: true,
            repairsBar: false, start: 0, end: 350)
    }

    @Test("a dropped transition's list goes to an empty spare; a spare that holds one is kept")
    func tableReset() {
        var names = ClassNames()
        let cls = names.intern("SpareScreen")
        let screens = (1...4).map { ScreenName(cls: cls, ordinal: $0) }
        var parent: NavTable = [:]
        parent[1] = NavController(id: 1, cls: .plain, stack: Array(screens[0..<2]))
        var child: NavTable = [:]
        child[1] = NavController(id: 1, cls: .plain, stack: Array(screens[0..<2]))
        var removed: [ScreenName] = []
        removed.reserveCapacity(3)
        removed.append(contentsOf: screens[2..<4])
        let storage = removed.withUnsafeBufferPointer { $0.baseAddress }
        child[1]?.transition = Self.transition(removing: removed, to: screens[1])
        removed = []
        var spare: [ScreenName] = []
        withUnsafePointer(to: parent) { child.reset(to: $0, spare: &spare) }
        #expect(child == parent)
        #expect(child[1]?.transition == nil)
        #expect(spare.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(spare.capacity >= 3)
        // A spare that holds storage already is left as it is.
        child[1]?.transition = Self.transition(removing: [screens[3]], to: screens[1])
        withUnsafePointer(to: parent) { child.reset(to: $0, spare: &spare) }
        #expect(child == parent)
        #expect(spare.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }

    @Test("a model reset from a pop in flight is its parent, and its next pops are the parent's")
    func modelReset() {
        var sim = Sim(.legacy)
        sim.given(.push("A"), .push("B"), .push("C"), .push("D"))
        let parent = sim.model
        var child = parent
        var events: [Event] = []
        _ = try? child.perform(.popToRoot(animated: true), events: &events)
        #expect(child.navs[1]?.transition?.removed.count == 3)
        withUnsafePointer(to: parent) { child.reset(to: $0) }
        #expect(child == parent)
        #expect(child.scratch.spareList.capacity >= 3)
        // The spare list is written by the next pop; the parent's state is untouched.
        var fresh = parent
        for action in [Action.pop(animated: true), .popToRoot(animated: true)] {
            var a: [Event] = []
            var b: [Event] = []
            _ = try? child.perform(action, events: &a)
            _ = try? fresh.perform(action, events: &b)
            #expect(child == fresh)
            #expect(a == b)
        }
        #expect(parent.navs[1]?.stack.count == 4)
    }

    /// A transition whose two lists are the empty array's storage is dropped
    /// by a reset without being destroyed: that storage is one static
    /// object, shared by every empty array, whose count of references the
    /// runtime does not keep (never unique), so it has nothing to release.
    @Test("the empty array's storage is one object, never unique")
    func emptyStorage() {
        var a: [ScreenName] = []
        var b = [ScreenName]()
        #expect(sameStorage(a, b))
        #expect(!isUniqueStorage(&a))
        #expect(!isUniqueStorage(&b))
        var c = H1SpareListTests.transition(removing: [], to: ScreenName(cls: ClassName(id: 3), ordinal: 1)).removed
        #expect(sameStorage(c, a))
        c.append(ScreenName(cls: ClassName(id: 3), ordinal: 2))
        #expect(!sameStorage(c, a))
        #expect(isUniqueStorage(&c))
    }

    /// A parent's transition whose lists are both the empty array's storage
    /// is copied into a controller that has none as its bits: the optional
    /// must be the transition's size (no tag byte of its own: nil is a
    /// null list), and the copy equal to the parent's.
    @Test("a parent's push transition, both lists empty, is copied as bits")
    func bitsCopy() {
        #expect(MemoryLayout<NavTransition?>.size == MemoryLayout<NavTransition>.size)
        var names = ClassNames()
        let cls = names.intern("BitsScreen")
        let screens = (1...2).map { ScreenName(cls: cls, ordinal: $0) }
        var parent: NavTable = [:]
        parent[1] = NavController(id: 1, cls: .plain, stack: screens)
        parent[1]?.transition = NavTransition(
            kind: .push, from: screens[0], to: screens[1], removed: [], addedBelow: [], toIsNew: true, animated: true,
            repairsBar: false, start: 5, end: 355)
        var child: NavTable = [:]
        child[1] = NavController(id: 1, cls: .plain, stack: screens)
        var spare: [ScreenName] = []
        withUnsafePointer(to: parent) { child.reset(to: $0, spare: &spare) }
        #expect(child == parent)
        #expect(child.isTransitioning(1) == true)
        #expect(child[1]?.transition == parent[1]?.transition)
        // Written after, as any transition.
        child[1]?.transition?.removed.append(screens[0])
        #expect(child[1]?.transition?.removed == [screens[0]])
        #expect(parent[1]?.transition?.removed == [])
    }

    /// `NavTransition.reset(to:)` copies every field but the two lists as
    /// bytes: the lists must be side by side and every other field a plain
    /// value.
    @Test("a transition's fields but its lists are plain bytes, copied whole by a reset")
    func transitionBytes() {
        #expect(NavTransition.listBytes.count == 2 * MemoryLayout<[ScreenName]>.size)
        #expect(_isPOD(NavTransition.Kind.self) && _isPOD(ScreenName?.self) && _isPOD(ScreenName.self))
        #expect(_isPOD(Int?.self) && _isPOD(Bool.self) && _isPOD(Int.self))
        // The fields: the lists, then the plain ones above (ResetTests counts them).
        #expect(NavTransition.resetPropertyCount == 11)
        let a = ScreenName(cls: ClassName(id: 3), ordinal: 1)
        let b = ScreenName(cls: ClassName(id: 3), ordinal: 2)
        let c = ScreenName(cls: ClassName(id: 3), ordinal: 3)
        let kinds: [NavTransition.Kind] = [.push, .pop, .interactive(percent: 70, cancels: true)]
        var made: [NavTransition] = []
        for kind in kinds {
            for end in [nil, 350] as [Int?] {
                made.append(
                    NavTransition(
                        kind: kind, from: end == nil ? nil : a, to: b, removed: end == nil ? [] : [a, c],
                        addedBelow: end == nil ? [c] : [], toIsNew: end == nil, animated: end != nil,
                        repairsBar: end == nil, start: end ?? 7, end: end, byContentPan: end != nil))
            }
        }
        for source in made {
            for var target in made {
                withUnsafePointer(to: source) { target.reset(to: $0) }
                #expect(target == source)
            }
        }
    }

    /// `NavController.reset(to:)` copies four plain fields as one run of
    /// bytes: they must be side by side, nothing else among them.
    @Test("a controller's four plain fields are one run of bytes, copied whole by a reset")
    func controllerFlagBytes() {
        typealias L = MemoryLayout<NavController>
        let flags = NavController.flagBytes
        let inside = [
            L.offset(of: \NavController.gestureDelegate)!, L.offset(of: \NavController.contentPanEnabled)!,
            L.offset(of: \NavController.isPushing)!, L.offset(of: \NavController.safeDelegate)!,
        ]
        #expect(inside.allSatisfy { flags.contains($0) })
        let outside: [(Int, Int)] = [
            (L.offset(of: \NavController.id)!, MemoryLayout<Int>.size),
            (L.offset(of: \NavController.cls)!, MemoryLayout<ControllerClass>.size),
            (L.offset(of: \NavController.stack)!, MemoryLayout<[ScreenName]>.size),
            (L.offset(of: \NavController.delegate)!, MemoryLayout<DelegateSlot>.size),
            (L.offset(of: \NavController.transition)!, MemoryLayout<NavTransition?>.size),
            (L.offset(of: \NavController.queue)!, MemoryLayout<[NavCall]>.size),
            (L.offset(of: \NavController.barCorrupted)!, MemoryLayout<Bool>.size),
            (L.offset(of: \NavController.tabName)!, MemoryLayout<String?>.size),
        ]
        #expect(outside.allSatisfy { $0.0 + $0.1 <= flags.lowerBound || $0.0 >= flags.upperBound })
        #expect(_isPOD(GestureDelegate.self) && _isPOD(Bool.self) && _isPOD(ScreenName?.self))
        #expect(NavController.resetPropertyCount == 12)
        var names = ClassNames()
        let screen = ScreenName(cls: names.intern("FlagScreen"), ordinal: 1)
        var parent: NavTable = [:]
        parent[1] = NavController(id: 1, cls: .plain, stack: [screen])
        parent[1]?.gestureDelegate = .controller
        parent[1]?.contentPanEnabled = false
        parent[1]?.isPushing = true
        parent[1]?.safeDelegate = screen
        var child: NavTable = [:]
        child[1] = NavController(id: 1, cls: .plain, stack: [screen])
        var spare: [ScreenName] = []
        withUnsafePointer(to: parent) { child.reset(to: $0, spare: &spare) }
        #expect(child == parent)
        #expect(child[1]?.safeDelegate == screen && child[1]?.gestureDelegate == .controller)
        parent[1]?.safeDelegate = nil
        parent[1]?.isPushing = false
        withUnsafePointer(to: parent) { child.reset(to: $0, spare: &spare) }
        #expect(child == parent)
        #expect(child[1]?.safeDelegate == nil && child[1]?.isPushing == false)
    }
}
