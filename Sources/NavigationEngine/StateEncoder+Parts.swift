// The parts of a model in the fingerprint's order (StateEncoder.swift).

extension NavController {
    /// The controller's own hash (its fields as `encode` puts them, hashed
    /// as a part), 0 for an empty slot: what the model's fingerprint mixes in
    /// for the slot. A function of the controller alone, so a slot's summary
    /// keeps it until the slot is written (NavTable+Summary.swift).
    static func hash(_ slot: UnsafePointer<NavController?>, encoder e: inout StateEncoder) -> UInt64 {
        guard case .some = slot.pointee else { return 0 }
        return e.hashOfPart { e in encode(slot, into: &e) }
    }

    /// The controller in `slot` (nothing when the slot is empty), its fields
    /// read in place: a copy of the controller retained and released every
    /// array in it. Past the test of the slot's tag, each field is read
    /// through `unsafelyUnwrapped`, not tested again.
    static func encode(_ slot: UnsafePointer<NavController?>, into e: inout StateEncoder) {
        guard case .some = slot.pointee else { return }
        e.put(slot.pointee.unsafelyUnwrapped.id)
        e.put(UInt64(slot.pointee.unsafelyUnwrapped.cls.features.rawValue))
        e.put(slot.pointee.unsafelyUnwrapped.cls.nameHash)
        e.put(slot.pointee.unsafelyUnwrapped.stack)
        switch slot.pointee.unsafelyUnwrapped.delegate {
        case .none: e.put(0 as UInt64)
        case .outside(let outside):
            e.put(1 as UInt64)
            outside.encode(into: &e)
        case .controller(let forwardingTo):
            if let forwardingTo {
                e.put(3 as UInt64)
                forwardingTo.encode(into: &e)
            } else {
                e.put(2 as UInt64)
            }
        }
        switch slot.pointee.unsafelyUnwrapped.gestureDelegate {
        case .system: e.put(0 as UInt64)
        case .none: e.put(1 as UInt64)
        case .controller: e.put(2 as UInt64)
        }
        e.put(
            flags: slot.pointee.unsafelyUnwrapped.contentPanEnabled, slot.pointee.unsafelyUnwrapped.isPushing,
            slot.pointee.unsafelyUnwrapped.barCorrupted)
        e.put(slot.pointee.unsafelyUnwrapped.safeDelegate)
        if NavSlots.hasTransition(NavSlots.payload(slot)) {
            // Through the transition's address: `transition?.kind` and the like
            // copied the whole transition out for each field.
            let t = NavSlots.transition(of: NavSlots.payload(slot))
            e.put(1 as UInt64)
            switch t.pointee.kind {
            case .push: e.put(0 as UInt64)
            case .pop: e.put(1 as UInt64)
            case .interactive(let percent, let cancels):
                e.put(cancels ? 3 as UInt64 : 2)
                e.put(percent)
            }
            e.put(t.pointee.from)
            e.put(t.pointee.to)
            e.put(t.pointee.removed)
            e.put(t.pointee.addedBelow)
            e.put(t.pointee.flags)
            e.put(t.pointee.start)
            e.put(t.pointee.end)
        } else {
            e.put(0 as UInt64)
        }
        e.put(slot.pointee.unsafelyUnwrapped.queue.count)
        slot.pointee.unsafelyUnwrapped.queue.withUnsafeBufferPointer { queue in
            for i in queue.indices { NavCall.encode(queue.baseAddress! + i, into: &e) }
        }
        e.put(slot.pointee.unsafelyUnwrapped.tabName)
    }
}

extension NavTransition {
    /// The flags in one word, as `put(flags:)` packs them.
    fileprivate var flags: UInt64 {
        (toIsNew ? 1 : 0) | (animated ? 2 : 0) | (repairsBar ? 4 : 0) | (byContentPan ? 8 : 0)
    }
}

extension ControllerClass {
    func encode(into e: inout StateEncoder) {
        e.put(UInt64(features.rawValue))
        e.put(nameHash)
    }
}

extension OutsideDelegate {
    func encode(into e: inout StateEncoder) {
        e.put(name)
        // Or'ed over the set's elements: a look-up of each method hashed its
        // raw value, a string (a fifth of a search's instructions on a setup
        // with an outside delegate).
        var mask: UInt64 = 0
        for method in methods { mask |= method.bit }
        e.put(mask)
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
    func encode(into e: inout StateEncoder) {
        withUnsafePointer(to: self) { Self.encode($0, into: &e) }
    }

    /// The call at `call`, read in place.
    static func encode(_ call: UnsafePointer<NavCall>, into e: inout StateEncoder) {
        switch call.pointee {
        case .push(let name, let animated):
            e.put(animated ? 1 as UInt64 : 0)
            e.put(name)
        case .pop(let animated): e.put(animated ? 3 as UInt64 : 2)
        case .popTo(let name, let animated):
            e.put(animated ? 5 as UInt64 : 4)
            e.put(name)
        case .popToRoot(let animated): e.put(animated ? 7 as UInt64 : 6)
        case .setStack(let names, let animated):
            e.put(animated ? 9 as UInt64 : 8)
            e.put(names)
        }
    }
}

extension Modal {
    func encode(into e: inout StateEncoder) {
        e.put(presenter)
        e.put(screen)
        e.put(nav)
    }
}

extension Guarantees {
    func encode(into e: inout StateEncoder) {
        e.put(guarded.count)
        for entry in guarded { entry.encode(into: &e) }
        e.put(granted)
        if let breach = gateBreach {
            e.put(1 as UInt64)
            breach.encode(into: &e)
        } else {
            e.put(0 as UInt64)
        }
        e.put(confirmationBreach)
    }
}

extension Guarantees.Guarded {
    func encode(into e: inout StateEncoder) {
        e.put(nav)
        e.put(screen)
        e.put(gate)
    }
}
