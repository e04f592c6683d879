// A model that shares no memory with the one it was copied from, for a
// thread of its own (NavExplorer's workers).

extension NavigationModel {
    /// A copy `==` to this model whose every array, string, table and set
    /// has storage of its own. Copies of a value share storage, and every
    /// copy of a model retains and releases each part it shares: a worker
    /// thread whose models share parts with another thread's makes the two
    /// threads update the same reference counts, step after step, so each
    /// waits for the other's cache line. A worker that starts from its own
    /// unshared copy touches only storage its thread made.
    public func unshared() -> NavigationModel {
        var copy = self
        copy.traits = traits.unshared { $0.unshared() }
        copy.counters = counters.unshared()
        copy.screens = screens.unshared()
        copy.navs = navs.unshared()
        if case .tabs(let ids, let selected) = window { copy.window = .tabs(fresh(ids), selected: selected) }
        copy.modals = modals.unshared()
        copy.controllerClass = controllerClass.unshared()
        if case .some(var alert) = alert {
            alert.text = fresh(alert.text)
            if case .safePop(let nav, let call) = alert.action {
                alert.action = .safePop(nav: nav, call: call.unshared())
            }
            copy.alert = alert
        }
        copy.guarantees.guarded = fresh(guarantees.guarded)
        copy.guarantees.granted = fresh(guarantees.granted)
        copy.scratch = Scratch()
        copy.nameTable.names = names.unshared()
        return copy
    }
}

/// An array equal to `array` in storage of its own (an empty one has none).
func fresh<T>(_ array: [T]) -> [T] {
    guard !array.isEmpty else { return [] }
    var copy: [T] = []
    copy.reserveCapacity(array.count)
    copy.append(contentsOf: array)
    return copy
}

/// A string equal to `text` in storage of its own (a short one is stored inline).
func fresh(_ text: String) -> String {
    String(decoding: Array(text.utf8), as: UTF8.self)
}

func fresh(_ text: String?) -> String? { text.map(fresh) }

extension ControllerClass {
    func unshared() -> ControllerClass { ControllerClass(features: features, name: fresh(name)) }
}

extension NavCall {
    func unshared() -> NavCall {
        if case .setStack(let names, let animated) = self { return .setStack(fresh(names), animated: animated) }
        return self
    }
}

extension OutsideDelegate {
    func unshared() -> OutsideDelegate {
        var methods = Set<DelegateMethod>(minimumCapacity: self.methods.count)
        for method in self.methods { methods.insert(method) }
        return OutsideDelegate(name: fresh(name), methods: methods)
    }
}

extension ScreenTraits {
    func unshared() -> ScreenTraits {
        var copy = self
        copy.customBackAlert = fresh(customBackAlert)
        copy.confirm = fresh(confirm)
        return copy
    }
}

extension NavController {
    func unshared() -> NavController {
        var copy = self
        copy.cls = cls.unshared()
        copy.stack = fresh(stack)
        switch delegate {
        case .none: break
        case .outside(let outside): copy.delegate = .outside(outside.unshared())
        case .controller(let forwardingTo): copy.delegate = .controller(forwardingTo: forwardingTo?.unshared())
        }
        if case .some(var transition) = transition {
            transition.removed = fresh(transition.removed)
            transition.addedBelow = fresh(transition.addedBelow)
            copy.transition = transition
        }
        copy.queue = queue.map { $0.unshared() }
        copy.tabName = fresh(tabName)
        return copy
    }
}
