/// The class-name table (ClassName.swift) as the model keeps it.
extension NavigationModel {
    /// Numbers now every class name `action` can name. A search that runs the
    /// action from many states then numbers each name once, before it starts,
    /// instead of in the order the states happen to be reached (which would
    /// give one state two spellings).
    public mutating func meetNames(of action: Action) {
        switch action {
        case .push(let ref, _, _), .popTo(let ref, _), .backMenu(let ref):
            _ = names.intern(ref.className)
        case .setStack(let refs, _):
            for ref in refs { _ = names.intern(ref.className) }
        case .root(let name), .present(let name, _, _), .screen(let name, _):
            _ = names.intern(name)
        case .tabs(let list):
            for name in list { _ = names.intern(name) }
        default:
            break
        }
    }

    /// Takes `newer` as the table: the same table or a later state of it,
    /// holding every name this model's numbers stand for under the same
    /// number (a session that undoes keeps the newest table, since the events
    /// it printed before the undo name classes the older state never met).
    /// Returns false, changing nothing, if `newer` is not such a table.
    @discardableResult
    public mutating func adoptNames(_ newer: ClassNames) -> Bool {
        guard names.isPrefix(of: newer) else { return false }
        names = newer
        return true
    }
}

extension NavigationModel {
    /// This model without its class-name table: for a copy kept only to be put
    /// back later with `adoptNames(_:)` (an undo checkpoint), so that holding
    /// it does not make the live model copy its table at the next new name.
    public var withoutNames: NavigationModel {
        var copy = self
        copy.names = ClassNames()
        return copy
    }
}

/// The model's class-name table as a part of its state. States of one session
/// or one search differ in their tables only by names met later (undo and a
/// failed line keep the newest table, so that the events already printed stay
/// worded), and those extra names change no behaviour: two such states are
/// equal when the rest of them is. So tables compare equal when one is a
/// prefix of the other (an equivalence within one lineage, which is the only
/// place navsh compares models), and hash to nothing.
@usableFromInline
struct NameTable: Hashable, Sendable {
    @usableFromInline var names = ClassNames()

    @usableFromInline static func == (lhs: NameTable, rhs: NameTable) -> Bool {
        lhs.names.isPrefix(of: rhs.names) || rhs.names.isPrefix(of: lhs.names)
    }

    @usableFromInline func hash(into hasher: inout Hasher) {}
}
