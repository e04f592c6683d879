// The parts of a model in the encoder's order (StateEncoder.swift).

extension NavController {
    func encode(into e: inout StateEncoder) {
        e.put(id)
        cls.encode(into: &e)
        e.put(stack)
        switch delegate {
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
        switch gestureDelegate {
        case .system: e.put(0 as UInt64)
        case .none: e.put(1 as UInt64)
        case .controller: e.put(2 as UInt64)
        }
        e.put(flags: contentPanEnabled, isPushing, barCorrupted)
        e.put(safeDelegate)
        if case .some(let t) = transition {
            e.put(1 as UInt64)
            switch t.kind {
            case .push: e.put(0 as UInt64)
            case .pop: e.put(1 as UInt64)
            case .interactive(let percent, let cancels):
                e.put(cancels ? 3 as UInt64 : 2)
                e.put(percent)
            }
            e.put(t.from)
            e.put(t.to)
            e.put(t.removed)
            e.put(t.addedBelow)
            e.put(flags: t.toIsNew, t.animated, t.repairsBar, t.byContentPan)
            e.put(t.start)
            e.put(t.end)
        } else {
            e.put(0 as UInt64)
        }
        e.put(queue.count)
        for call in queue { call.encode(into: &e) }
        e.put(tabName)
    }
}

extension ControllerClass {
    func encode(into e: inout StateEncoder) {
        e.put(UInt64(features.rawValue))
        e.put(name)
    }
}

extension OutsideDelegate {
    func encode(into e: inout StateEncoder) {
        e.put(name)
        var mask: UInt64 = 0
        for (i, method) in DelegateMethod.allCases.enumerated() where methods.contains(method) {
            mask |= 1 << UInt64(i)
        }
        e.put(mask)
    }
}

extension NavCall {
    func encode(into e: inout StateEncoder) {
        switch self {
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
