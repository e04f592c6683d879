import NavigationEngine

/// An event's facts as the engine holds them, for a test to compare:
/// `TIME CASE(VALUES)`, e.g. `350ms lifecycle(B, viewDidAppear(true))` or
/// `0ms navCall(push(B, animated: true))`.
///
/// The notation is the payload's own shape, read by reflection: each enum
/// case by its name with its values (labelled as the case labels them),
/// screens in the model's words (`B`, `B#2`), a controller class by its
/// name, sets sorted. So it names every fact of every case: two payloads
/// that differ read differently. These are the engine's facts, not navsh's
/// sentences: the sentences are NavScript's, and its tests hold them.
func facts(_ event: Event, names: ClassNames) -> String {
    "\(event.time)ms \(facts(of: event.payload, names: names))"
}

/// One value of a payload in the notation of `facts(_:names:)`.
func facts(of value: Any, names: ClassNames) -> String {
    switch value {
    case let name as ScreenName: return names.text(of: name)
    case let ref as ScreenRef: return ref.description
    case let cls as ClassName: return names[cls]
    case let controller as ControllerClass: return controller.name
    case let text as String: return text
    default: break
    }
    let mirror = Mirror(reflecting: value)
    let values = mirror.children.map { facts(of: $0.value, names: names) }
    switch mirror.displayStyle {
    case .optional:
        return values.first ?? "nil"
    case .enum:
        guard let payload = mirror.children.first, let name = payload.label else { return "\(value)" }
        return "\(name)(\(tupleFacts(payload.value, names: names)))"
    case .tuple:
        return "(\(tupleFacts(value, names: names)))"
    case .struct, .class:
        return "\(mirror.subjectType)(\(labelled(mirror, names: names)))"
    case .collection:
        return "[\(values.joined(separator: ", "))]"
    case .set:
        return "[\(values.sorted().joined(separator: ", "))]"
    default:
        return "\(value)"
    }
}

/// A case's values: a tuple's elements, labelled where the case labels them,
/// or the one value the case holds.
private func tupleFacts(_ value: Any, names: ClassNames) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple else { return facts(of: value, names: names) }
    return labelled(mirror, names: names)
}

/// `label: value, ...`, without the positional labels (`.0`) Swift gives
/// unlabelled tuple elements.
private func labelled(_ mirror: Mirror, names: ClassNames) -> String {
    mirror.children.map { child in
        let value = facts(of: child.value, names: names)
        guard let label = child.label, !label.hasPrefix(".") else { return value }
        return "\(label): \(value)"
    }.joined(separator: ", ")
}
