// A large value moved out of an optional field in place, or destroyed there.
//
// An optional of a type with arrays or strings in it (a transition, an
// alert) is destroyed through the value witnesses its metadata names: about
// 60 instructions for a nil and 190 for a transition, where the value's own
// destroy is a release or two. Read out into an optional local, or assigned
// a nil, the optional went that slow way (legacy.nav at depth 10: 83,000
// such destroys, 2.5 % of its search). These read and destroy the payload
// itself, at the optional's start as for every single-payload enum
// (NavSlots.payload reads the slots the same way). A value put into a field
// that holds nil is written over the nil with `initialize(to:)` where the
// field is (NavController.start(_:)): a generic form of that was refused,
// the callers' `consuming` values being handed on from inside a closure.

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
