/// A navigation transition in flight.
struct NavTransition: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case push, pop
        /// An edge swipe's pop: held at `percent` while `end` is nil; `cancels` once released.
        case interactive(percent: Int, cancels: Bool)
    }
    var kind: Kind
    var from: ScreenName?
    var to: ScreenName
    /// Screens leaving the stack (the old top first, then the ones below it, top down).
    var removed: [ScreenName]
    /// New screens below the top, added without being seen.
    var addedBelow: [ScreenName]
    /// The new top was not in the stack before (it gets didMove(toParent: nav)).
    var toIsNew: Bool
    var animated: Bool
    /// Started with nothing in flight: ending undisturbed repairs a corrupted bar.
    var repairsBar: Bool
    var start: Int
    /// Clock time the transition ends; nil while a finger holds it.
    var end: Int?
    /// An interactive pop the content pan drives, not the edge swipe.
    var byContentPan = false
}

/// One UINavigationController (or subclass) and everything it owns.
struct NavController: Hashable, Sendable {
    var id: Int
    var cls: ControllerClass
    var stack: [ScreenName] = []
    var delegate: DelegateSlot = .none
    var gestureDelegate: GestureDelegate = .system
    /// `interactiveContentPopGestureRecognizer.isEnabled` (iOS 26; on by default).
    var contentPanEnabled = true
    var isPushing = false
    var safeDelegate: ScreenName?
    var transition: NavTransition?
    var queue: [NavCall] = []
    var barCorrupted = false
    /// The tab bar item's name, for a tab's controller (named after the class it was created with).
    var tabName: String?

    var top: ScreenName? {
        @inline(__always) get { stack.last }
    }

    /// A transition is running (a test of the tag, without copying the transition).
    var isTransitioning: Bool {
        @inline(__always) get { if case .some = transition { true } else { false } }
    }
}

extension NavController {
    /// Becomes equal to the controller `other` holds, assigning only the
    /// fields that differ (a field in the same storage is not assigned, so
    /// its reference count does not change): NavSlots.assign(from:), the
    /// explorer's way back to a parent state.
    ///
    /// A transition this controller has and `other` has not gives its list
    /// of removed screens to `spare` when `spare` has no storage, for the
    /// next pop's list (`truncateStack`), instead of freeing it: the step
    /// that made the transition wrote the list, and the next step's pop
    /// allocated one again (legacy.nav, depth 10: 14,286 lists allocated by
    /// `truncateStack`, 9,904 now; 6,638 -> 6,593 instructions a state, and
    /// the other setups 2 to 4 more for the spare's address passed down,
    /// which `NavSlots.assign`'s precondition made an assert pays back).
    /// (The list of a transition both sides have, too short for the
    /// parent's and released, given too: legacy 6,604.)
    ///
    /// Every stored property is here: `ResetTests` counts them.
    @inline(__always) mutating func reset(to other: UnsafePointer<NavController>, spare: inout [ScreenName]) {
        id = other.pointee.id
        if !cls.sharesStorage(with: other.pointee.cls) { cls = other.pointee.cls }
        assignReusingStorage(&stack, other.pointer(to: \.stack)!)
        // By its bits alone: two delegates that are none are the same bits
        // (the case's tag, no payload). A test of each for none first cost
        // the setups that set a delegate about 10 instructions a state
        // (gate, interactive-pop, features), and saved legacy.nav none.
        if !withUnsafeMutablePointer(to: &self, { sameBits(NavSlots.delegate(of: $0), NavSlots.delegate(of: other)) }) {
            delegate = other.pointee.delegate
        }
        // Four plain fields side by side (`flagBytes`), copied as their bytes
        // in two wide moves, not field by field (ten loads and stores:
        // legacy.nav 6,514 -> 6,501 instructions a state at depth 10, the
        // other setups 7 to 10 fewer).
        withUnsafeMutablePointer(to: &self) { mine in
            let flags = NavController.flagBytes
            (UnsafeMutableRawPointer(mine) + flags.lowerBound)
                .copyMemory(from: UnsafeRawPointer(other) + flags.lowerBound, byteCount: flags.count)
        }
        let moving = withUnsafeMutablePointer(to: &self) { NavSlots.hasTransition($0) }
        let otherMoving = NavSlots.hasTransition(other)
        if moving, otherMoving {
            // Both in flight: field by field, in place (an assignment of the
            // whole transition retained and released both of its arrays).
            withUnsafeMutablePointer(to: &self) { mine in
                NavSlots.transition(of: mine).pointee.reset(to: NavSlots.transition(of: other))
            }
        } else if moving {
            let holdsStorage = withUnsafeMutablePointer(to: &self) { mine in
                let t = NavSlots.transition(of: mine)
                if spare.capacity == 0, t.pointee.removed.capacity != 0 { swap(&spare, &t.pointee.removed) }
                return !sameStorage(t.pointee.removed, []) || !sameStorage(t.pointee.addedBelow, [])
            }
            // One side in flight: this transition destroyed in place and nil
            // stored, or the other's copied into a field that held nothing
            // (initialised: nothing to destroy). One assignment for both went
            // through outlined copies and destroys of the optional that take
            // its type's metadata, about 290 instructions (legacy.nav, depth
            // 10: 18,670 resets).
            // A transition whose lists are both the empty array's storage
            // (most: a push's, and a pop's once its list went to `spare`)
            // holds nothing to release (that storage is static and its count
            // of references not kept, `H1SpareListTests`): nil is written
            // over it, without its outlined destroy and two calls to
            // swift_release (legacy.nav, depth 10: 8,575 resets, about 70
            // instructions each; 6,541 -> 6,532 instructions a state).
            if holdsStorage {
                clear(&transition)
            } else {
                withUnsafeMutablePointer(to: &transition) { $0.initialize(to: nil) }
            }
        } else if otherMoving {
            let theirs = NavSlots.transition(of: other)
            if sameStorage(theirs.pointee.removed, []), sameStorage(theirs.pointee.addedBelow, []) {
                // Lists that are both the empty array's storage need no retain
                // (see above): the parent's transition copied as its bits,
                // into a field that held nothing (the optional is the
                // transition's size, `H1SpareListTests`), without two calls
                // to swift_retain (legacy.nav, depth 10: 6,532 -> 6,528
                // instructions a state, the other setups 1 to 3 fewer).
                withUnsafeMutablePointer(to: &self) { mine in
                    UnsafeMutableRawPointer(NavSlots.transition(of: mine))
                        .copyMemory(from: theirs, byteCount: MemoryLayout<NavTransition>.size)
                }
            } else {
                put(NavTransition(copying: theirs), into: &transition)
            }
        }
        assignReusingStorage(&queue, bitsOf: other.pointer(to: \.queue)!, holdsReferences: NavCall.holdsReferences)
        barCorrupted = other.pointee.barCorrupted
        if tabName != nil || other.pointee.tabName != nil { tabName = other.pointee.tabName }
    }

    /// Where `gestureDelegate`, `contentPanEnabled`, `isPushing` and
    /// `safeDelegate` are, side by side in that order (folded to constants;
    /// `H1SpareListTests` checks the order and that each is a plain value).
    @inline(__always) static var flagBytes: Range<Int> {
        let first = MemoryLayout<NavController>.offset(of: \NavController.gestureDelegate)!
        let last = MemoryLayout<NavController>.offset(of: \NavController.safeDelegate)!
        return first..<(last + MemoryLayout<ScreenName?>.size)
    }

    /// How many stored properties `reset(to:)` resets (ResetTests).
    static let resetPropertyCount = 12
}

extension NavCall {
    /// Whether the call holds a reference (`setStack`'s array); the others
    /// are plain bits (a screen's name, flags), copied and dropped as bits
    /// (`assignReusingStorage(_:bitsOf:holdsReferences:)`).
    @inline(__always) static func holdsReferences(_ call: UnsafePointer<NavCall>) -> Bool {
        if case .setStack = call.pointee { true } else { false }
    }
}

extension NavController {
    /// `==`, the fields read in place (NavTable's `==`).
    static func same(_ a: UnsafePointer<NavController>, _ b: UnsafePointer<NavController>) -> Bool {
        // The queues' counts first: a step that queued or ran a call leaves
        // the stack as it was, and the whole stack was compared before the
        // queues (plain.nav, depth 7, when the explorer compared each step's
        // state with its parent: the queues differed in 17,864 of 24,682
        // tests that got this far).
        guard a.pointee.id == b.pointee.id, a.pointee.queue.count == b.pointee.queue.count,
            a.pointee.stack == b.pointee.stack,
            a.pointee.isPushing == b.pointee.isPushing, a.pointee.barCorrupted == b.pointee.barCorrupted,
            a.pointee.contentPanEnabled == b.pointee.contentPanEnabled,
            a.pointee.gestureDelegate == b.pointee.gestureDelegate, a.pointee.safeDelegate == b.pointee.safeDelegate,
            a.pointee.queue == b.pointee.queue, a.pointee.cls.sharesStorage(with: b.pointee.cls)
        else { return false }
        let aMoving = NavSlots.hasTransition(a)
        guard aMoving == NavSlots.hasTransition(b) else { return false }
        if aMoving, !NavSlots.transition(of: a).pointee.sameValue(as: NavSlots.transition(of: b)) { return false }
        // The delegate by its bits first: an outside delegate's `==` compares
        // its name and its set of methods (gate.nav: 4.8 % of a search).
        let aDelegate = NavSlots.delegate(of: a)
        let bDelegate = NavSlots.delegate(of: b)
        if !sameBits(aDelegate, bDelegate), aDelegate.pointee != bDelegate.pointee { return false }
        if a.pointee.tabName != nil || b.pointee.tabName != nil, a.pointee.tabName != b.pointee.tabName { return false }
        return true
    }
}

extension NavTransition {
    /// `==` with `other`, its fields read in place.
    func sameValue(as other: UnsafePointer<NavTransition>) -> Bool {
        kind == other.pointee.kind && from == other.pointee.from && to == other.pointee.to
            && removed == other.pointee.removed && addedBelow == other.pointee.addedBelow
            && toIsNew == other.pointee.toIsNew && animated == other.pointee.animated
            && repairsBar == other.pointee.repairsBar && start == other.pointee.start && end == other.pointee.end
            && byContentPan == other.pointee.byContentPan
    }
}

extension NavTransition {
    /// Becomes equal to `other`, assigning only the arrays whose storage
    /// differs (NavController.reset(to:)).
    ///
    /// Every stored property is here: `ResetTests` counts them.
    ///
    /// The fields other than the two lists are plain values: copied as the
    /// bytes before and after the lists (`listBytes`), in a few wide moves,
    /// not field by field (about 26 loads and stores; legacy.nav, depth 10:
    /// 54,989 resets, 6,528 -> 6,514 instructions a state, the other
    /// setups 11 to 12 fewer).
    @inline(__always) mutating func reset(to other: UnsafePointer<NavTransition>) {
        withUnsafeMutablePointer(to: &self) { mine in
            let lists = NavTransition.listBytes
            let to = UnsafeMutableRawPointer(mine)
            let from = UnsafeRawPointer(other)
            to.copyMemory(from: from, byteCount: lists.lowerBound)
            (to + lists.upperBound).copyMemory(
                from: from + lists.upperBound, byteCount: MemoryLayout<NavTransition>.size - lists.upperBound)
        }
        assignReusingStorage(&removed, other.pointer(to: \.removed)!)
        assignReusingStorage(&addedBelow, other.pointer(to: \.addedBelow)!)
    }

    /// Where the two lists are in a transition, side by side (folded to
    /// constants; `H1SpareListTests` checks they are side by side and the
    /// rest plain values).
    @inline(__always) static var listBytes: Range<Int> {
        let removed = MemoryLayout<NavTransition>.offset(of: \NavTransition.removed)!
        let addedBelow = MemoryLayout<NavTransition>.offset(of: \NavTransition.addedBelow)!
        return Swift.min(removed, addedBelow)..<(Swift.max(removed, addedBelow) + MemoryLayout<[ScreenName]>.size)
    }

    /// How many stored properties `reset(to:)` resets (ResetTests).
    static let resetPropertyCount = 11

    /// A copy of the transition `other` points to, field by field: its
    /// arrays retained, the rest loaded and stored. Read out whole, it was
    /// copied through its type's value witness, found by its metadata (about
    /// 100 instructions; legacy.nav, depth 10: 10,095 resets put a
    /// transition where there was none).
    @inline(__always) init(copying other: UnsafePointer<NavTransition>) {
        self.init(
            kind: other.pointee.kind, from: other.pointee.from, to: other.pointee.to, removed: other.pointee.removed,
            addedBelow: other.pointee.addedBelow, toIsNew: other.pointee.toIsNew, animated: other.pointee.animated,
            repairsBar: other.pointee.repairsBar, start: other.pointee.start, end: other.pointee.end,
            byContentPan: other.pointee.byContentPan)
    }
}
