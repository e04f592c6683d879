// The parts of a model in the fingerprint's order (StateEncoder.swift).

extension NavController {
    /// The controller's own hash (`hash(_:encoder:)`), 0 for an empty slot:
    /// what the model's fingerprint mixes in for the slot. A function of the
    /// controller alone, so a slot's summary keeps it until the slot is
    /// written (NavTable+Summary.swift). Out of line: the fingerprint calls
    /// it only for a slot whose hash is not kept, and `body` is inlined here.
    @inline(never)
    static func hash(_ slot: NavController?, encoder e: inout StateEncoder) -> UInt64 {
        slot.map { hash($0, encoder: &e) } ?? 0
    }

    /// The controller at `nav`, hashed as a part, its fields read in place
    /// (a copy of the controller retained and released every array in it).
    /// The running transition's start and end go last, after the body
    /// (`body(_:encoder:)`): a slot's summary keeps the body too, and a
    /// change of the clock's origin, all that `canonicalize` writes of a
    /// controller after a wait that ended none of its work, takes the hash
    /// from it again (`NavTable.shiftTransitions`), not from every field.
    @inline(__always)
    static func hash(_ nav: NavController, encoder e: inout StateEncoder) -> UInt64 {
        hash(body: body(nav, encoder: &e), times: nav)
    }

    /// The hash of the controller at `nav` from its body: the body, then its
    /// running transition's start and end (when it has one: the body tells).
    /// Never 0, the hash of an empty slot, so that a kept hash tells an empty
    /// slot (the fingerprint's end of the compared ids).
    @inline(__always)
    static func hash(body: PartHasher, times nav: NavController) -> UInt64 {
        var m = body
        if nav.isTransitioning {
            let t = nav.transition!
            if case .some(let end) = t.end {
                m.put(UInt64(bitPattern: Int64(t.start)), UInt64(bitPattern: Int64(end)))
            } else {
                m.put(t.start)
            }
        }
        let value = m.value
        return value == 0 ? 1 : value
    }

    /// Every field of the controller at `nav` but its transition's start and
    /// end, into a part's hasher (`hash(_:encoder:)`). Every field of a fixed
    /// size goes into one word with the id (`shape`), and the two array
    /// counts into another: a field a word, with a tag for each optional and
    /// enum, took about 30 words a controller, each a multiplication. Each
    /// variable-length part still follows its length and each optional's
    /// value its tag, so no two controllers give the same words. (Counts and
    /// an id that do not fit 32 bits are marked, and follow whole.)
    /// Inlined in `NavSlots.refreshHashes`' loop: called, it cost the call
    /// and six registers saved and restored a controller hashed.
    @inline(__always)
    static func body(_ nav: NavController, encoder e: inout StateEncoder) -> PartHasher {
        var m = PartHasher()
        let id = nav.id
        let stackCount = nav.stack.count
        let queueCount = nav.queue.count
        let delegate = nav.delegate
        let tabName = nav.tabName
        let moving = nav.isTransitioning
        // Bits 0-7: the class's features; 8-9: the delegate's case; 10-11:
        // the gesture delegate; 12-14: the flags; 15: a safe delegate; 16: a
        // transition, 17-24 its kind, from, end and flags; 25: a tab name; 26:
        // wide (the id and counts follow whole); 32-63: the id.
        var shape = UInt64(nav.cls.features.rawValue)
        switch delegate {
        case .none: break
        case .outside: shape |= 1 << 8
        case .controller(forwardingTo: .none): shape |= 2 << 8
        case .controller(forwardingTo: .some): shape |= 3 << 8
        }
        switch nav.gestureDelegate {
        case .system: break
        case .none: shape |= 1 << 10
        case .controller: shape |= 2 << 10
        }
        if nav.contentPanEnabled { shape |= 1 << 12 }
        if nav.isPushing { shape |= 1 << 13 }
        if nav.barCorrupted { shape |= 1 << 14 }
        if case .some = nav.safeDelegate { shape |= 1 << 15 }
        if moving {
            let t = nav.transition!
            shape |= 1 << 16
            switch t.kind {
            case .push: break
            case .pop: shape |= 1 << 17
            case .interactive(_, let cancels): shape |= (cancels ? 3 : 2) << 17
            }
            if case .some = t.from { shape |= 1 << 19 }
            if case .some = t.end { shape |= 1 << 20 }
            shape |= t.flags << 21
        }
        if case .some = tabName { shape |= 1 << 25 }
        if (UInt64(bitPattern: Int64(id)) | UInt64(stackCount) | UInt64(queueCount)) >> 32 == 0 {
            m.put(shape | UInt64(id) << 32, UInt64(stackCount) | UInt64(queueCount) << 32)
        } else {
            m.put(shape | 1 << 26, UInt64(bitPattern: Int64(id)))
            m.put(UInt64(stackCount), UInt64(queueCount))
        }
        // The class's name hash with the stack, two words a multiplication.
        m.put(nav.cls.nameHash, names: nav.stack)
        if shape & 1 << 8 != 0 {
            // An outside delegate, the controller's own or the one it forwards to.
            let (name, methods) = e.delegateWords(delegate)
            m.put(name, methods)
        }
        if case .some(let safe) = nav.safeDelegate { m.put(safe) }
        if moving {
            // Through the transition's address: `transition?.kind` and the like
            // copied the whole transition out for each field.
            let t = nav.transition!
            if case .some(let from) = t.from { m.put(from) }
            let removed = t.removed.count
            let added = t.addedBelow.count
            if (removed | added) >> 31 == 0 {
                m.put(UInt64(removed) | UInt64(added) << 32, t.to)
            } else {
                m.put(1 << 63, t.to)
                m.put(UInt64(removed), UInt64(added))
            }
            m.put(t.removed)
            m.put(t.addedBelow)
            if case .interactive(let percent, _) = t.kind { m.put(percent) }
        }
        for call in nav.queue { NavCall.hash(call, into: &m) }
        if case .some(let name) = tabName { m.put(e.stringHash(name)) }
        return m
    }
}

extension NavTransition {
    /// The flags in four bits, the first in bit 0.
    fileprivate var flags: UInt64 {
        (toIsNew ? 1 : 0) | (animated ? 2 : 0) | (repairsBar ? 4 : 0) | (byContentPan ? 8 : 0)
    }
}

extension OutsideDelegate {
    /// The methods as a mask of `DelegateMethod.bit`s, or'ed over the set's
    /// elements: a look-up of each method would hash its raw value, a string.
    var methodMask: UInt64 {
        var mask: UInt64 = 0
        for method in methods { mask |= method.bit }
        return mask
    }
}

extension DelegateMethod {
    /// The method's bit in the fingerprint's mask: 1 << its place in `allCases`.
    fileprivate var bit: UInt64 {
        switch self {
        case .willShow: 1
        case .didShow: 2
        case .animationController: 4
        case .interactionController: 8
        case .supportedOrientations: 16
        case .preferredOrientation: 32
        }
    }
}

extension NavCall {
    /// The call at `call`, read in place: its case and whether it is
    /// animated in one word, and the name it holds with that word in one
    /// multiplication (a list of names after its count).
    @inline(__always)
    static func hash(_ call: NavCall, into m: inout PartHasher) {
        switch call {
        case .push(let name, let animated): m.put(animated ? 1 : 0, name)
        case .pop(let animated): m.put(animated ? 3 as UInt64 : 2)
        case .popTo(let name, let animated): m.put(animated ? 5 : 4, name)
        case .popToRoot(let animated): m.put(animated ? 7 as UInt64 : 6)
        case .setStack(let names, let animated):
            m.put(animated ? 9 : 8, UInt64(names.count))
            m.put(names)
        }
    }
}

extension Modal {
    /// Which of its optionals are set with its screen, then their values.
    @inline(__always)
    func encode(into m: inout PartHasher) {
        m.put((presenter == nil ? 0 : 1) | (nav == nil ? 0 : 2), screen)
        if let presenter { m.put(presenter) }
        if let nav { m.put(nav) }
    }
}

extension Guarantees {
    /// The two lists' counts, then their entries, then the breaches that
    /// are set (which are is in the model's `shape` word).
    @inline(__always)
    func encode(into m: inout PartHasher) {
        m.put(guarded.count, granted.count)
        for entry in guarded { entry.encode(into: &m) }
        m.put(granted)
        if let breach = gateBreach { breach.encode(into: &m) }
        if let confirmationBreach { m.put(confirmationBreach) }
    }
}

extension Guarantees.Guarded {
    @inline(__always)
    func encode(into m: inout PartHasher) {
        m.put(UInt64(bitPattern: Int64(nav)), screen)
        m.put(gate)
    }
}
