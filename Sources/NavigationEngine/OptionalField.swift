// A large value moved into and out of an optional field in place.
//
// An optional of a type with arrays or strings in it (a transition, an
// alert) is destroyed through the value witnesses its metadata names: about
// 60 instructions for a nil and 190 for a transition, where the value's own
// destroy is a release or two. Read out into an optional local, or assigned
// a nil, the optional went that slow way (legacy.nav at depth 10: 83,000
// such destroys, 2.5 % of its search). These write, read and destroy the
// payload itself, at the optional's start as for every single-payload enum
// (NavSlots.payload reads the slots the same way).

/// Stores `value` in the optional `field` points to: over a nil, written
/// without a destroy (a nil holds no reference); over a value, assigned.
/// (A pointer, handed over as `&field`: through `withUnsafeMutablePointer`'s
/// closure a `consuming` value could not be handed on.)
@inline(__always)
func put<T>(_ value: consuming T, into field: UnsafeMutablePointer<T?>) {
    if case .none = field.pointee {
        field.initialize(to: value)
    } else {
        field.pointee = value
    }
}

/// The value `field` holds (it holds one), moved out, a nil written in its place.
@inline(__always)
func take<T>(from field: inout T?) -> T {
    withUnsafeMutablePointer(to: &field) { pointer in
        let value = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self).move()
        pointer.initialize(to: nil)
        return value
    }
}

/// Destroys the value `field` holds (it holds one) in place and writes a nil.
@inline(__always)
func clear<T>(_ field: inout T?) {
    withUnsafeMutablePointer(to: &field) { pointer in
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self).deinitialize(count: 1)
        pointer.initialize(to: nil)
    }
}
