import NavigationEngine

extension SessionState {
    /// This state for keeping aside (an undo checkpoint, a line's rollback
    /// point): without the class-name table, which `Session.restore(_:)` puts
    /// back from the live state (holding it would make the live model copy it
    /// at its next new class name).
    var keptAside: SessionState {
        var state = self
        state.model = state.model.withoutNames
        return state
    }
}

extension Session {
    /// Makes `state` the current state (undo, reset, a failed line), keeping
    /// the newest class-name table: the events printed so far, which the
    /// history and `timeline` keep, may name classes `state` never met.
    func restore(_ state: SessionState) {
        let names = current.model.names
        current = state
        current.model.adoptNames(names)
    }
}
