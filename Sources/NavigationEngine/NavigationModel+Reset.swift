// Making a model equal to another one again without copying what it
// already shares with it: the explorer's way back from a step to its parent.

extension NavigationModel {
    /// Makes this model equal to the one `other` points to (`==`, the same
    /// fingerprint, the same steps from here on), keeping each part it
    /// already shares with it. `other` must not point to this model.
    ///
    /// A model made as a copy of another and then stepped shares every part
    /// the step did not write (copy on write). `self = other` would retain
    /// every part of the other model and release every part of this one,
    /// shared or not: about a dozen reference counts each way on every step
    /// the explorer takes. This assigns only the parts whose storage differs.
    /// (The parts are compared through borrowing methods, `sharesStorage(with:)`:
    /// handed to a method that also writes this model, a part of the model
    /// behind `other` would be copied first, retained and released.)
    ///
    /// Every stored property is here: `ResetTests` counts them, and fails
    /// when one is added without being reset.
    public mutating func reset(to other: UnsafePointer<NavigationModel>) {
        profile = other.pointee.profile
        clock = other.pointee.clock
        durations = other.pointee.durations
        if !traits.sharesStorage(with: other.pointee.traits) { traits = other.pointee.traits }
        counters.assign(from: other.pointer(to: \.counters)!)
        created = other.pointee.created
        screens.assign(from: other.pointer(to: \.screens)!)
        navs.reset(to: other.pointer(to: \.navs)!, spare: &scratch.spareList)
        nextNavID = other.pointee.nextNavID
        if !window.sharesStorage(with: other.pointee.window) { window = other.pointee.window }
        modals.assign(from: other.pointer(to: \.modals)!)
        // Plain optionals (nil in most states) assigned only when either side
        // holds one: a test of each tag is two instructions, the value's
        // copy ten (legacy.nav, depth 10: 92,204 resets).
        if isModalTransitioning || other.pointee.isModalTransitioning {
            modalTransition = other.pointee.modalTransition
        }
        if !controllerClass.sharesStorage(with: other.pointee.controllerClass) {
            controllerClass = other.pointee.controllerClass
        }
        if hasAlert || other.pointee.hasAlert, !Self.sameAlert(&alert, other) { resetAlert(to: other) }
        frozen = other.pointee.frozen
        nesting = other.pointee.nesting
        // Part by part: a step writes one of the two arrays at most, and the
        // whole struct assigned released and retained both, its old value
        // destroyed through its outlined destroy (GuaranteesVWOh, 0.40 % of
        // features.nav's search).
        if !sameStorage(guarantees.guarded, other.pointee.guarantees.guarded) {
            guarantees.guarded = other.pointee.guarantees.guarded
        }
        if !sameStorage(guarantees.granted, other.pointee.guarantees.granted) {
            guarantees.granted = other.pointee.guarantees.granted
        }
        if guarantees.gateBreach != nil || other.pointee.guarantees.gateBreach != nil {
            guarantees.gateBreach = other.pointee.guarantees.gateBreach
        }
        guarantees.confirmationBreach = other.pointee.guarantees.confirmationBreach
        contentPanUsed = other.pointee.contentPanUsed
        preemption = other.pointee.preemption
        scratch.quiet = other.pointee.scratch.quiet
        scratch.steps = other.pointee.scratch.steps
        if !sameStorage(scratch.events, other.pointee.scratch.events) { scratch.events = other.pointee.scratch.events }
        if !names.sharesStorage(with: other.pointee.names) { nameTable = other.pointee.nameTable }
    }

    /// Whether this model's alert and the other model's are the same bits
    /// (then equal: the same text storage and the same action), both read
    /// where they are. An alert's copy goes through its type's value
    /// witnesses (the action's call holds an array): `alert = other.alert`
    /// copied one, about 300 instructions where a step left the alert as it
    /// was (features.nav, depth 7: 48,000).
    @inline(__always)
    static func sameAlert(_ alert: inout Alert?, _ other: UnsafePointer<NavigationModel>) -> Bool {
        withUnsafePointer(to: &alert) { sameBits($0, other.pointer(to: \.alert)!) }
    }

    /// Makes this alert the other model's when they differ. With one side
    /// nil, this alert is destroyed in place and nil stored, or the other's
    /// (an `Alert`, not its optional) copied into the field that held
    /// nothing: one assignment of the optional went through its outlined
    /// copy and destroy (`AlertVSgWOcTm`, `AlertVSgWOhTm`: 1.35 % of
    /// features.nav's search, depth 7).
    @inline(__always)
    mutating func resetAlert(to other: UnsafePointer<NavigationModel>) {
        if let theirs = other.pointee.alert {
            put(theirs, into: &alert)
        } else {
            clear(&alert)
        }
    }

    /// How many stored properties `reset(to:)` resets (ResetTests).
    static let resetPropertyCount = 21
}

extension WindowRoot {
    /// Whether `other` is this root in the same storage (a tab bar's ids).
    @inline(__always) func sharesStorage(with other: WindowRoot) -> Bool {
        switch (self, other) {
        case (.nav(let a), .nav(let b)): a == b
        case (.tabs(let a, let s), .tabs(let b, let t)): s == t && sameStorage(a, b)
        default: false
        }
    }
}

extension ControllerClass {
    /// Whether `other` is this class (a name in the same storage compares at
    /// once, without a look at its bytes).
    @inline(__always) func sharesStorage(with other: ControllerClass) -> Bool {
        features == other.features && nameHash == other.nameHash && name == other.name
    }
}

/// Whether two values are the same bits: then they are equal (the same
/// case, the same storage for each part), and a value's `==`, which may
/// compare strings and sets, need not be asked. False for equal values that
/// differ in a bit (two storages, padding): those take `==`.
@inline(__always)
func sameBits<T>(_ a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    let size = MemoryLayout<T>.size
    let x = UnsafeRawPointer(a)
    let y = UnsafeRawPointer(b)
    var offset = 0
    while offset + 8 <= size {
        if x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        offset += 8
    }
    while offset < size {
        if x.load(fromByteOffset: offset, as: UInt8.self) != y.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        offset += 1
    }
    return true
}

/// Makes `array` equal to `other` in the storage it has, when that is large
/// enough: the explorer's way back to a parent. A step that writes an array
/// of the parent's copies it on write (an allocation), and an assignment of
/// the parent's array back freed that copy, so the next step allocated it
/// again: two heap operations and a copy a step for each array a step writes
/// (a push writes its controller's stack). Kept, the array the model alone
/// holds is written in place by the next step. An array equal already, or
/// in the same storage, is left as it is. `other` is read in place.
///
/// A list of screen names (a stack, a transition's lists) holds plain
/// values, so it is made as many as `other`'s by its count written where
/// the array keeps it (`ArrayHeader`), and the names copied over. Through
/// the array's own methods a pop's way back (the array one longer) took an
/// `append(contentsOf:)` of a slice, about 127 instructions, and every
/// element dropped a `removeLast()` with its own test of uniqueness
/// (legacy.nav, depth 10: 25,902 and 46,027 of them for the stacks alone;
/// `removeLast(_:)` and `replaceSubrange` go through the generic path, about
/// 150 instructions; one `append` an element cost more: legacy +45
/// instructions a state).
@inline(__always)
func assignReusingStorage<T: Equatable>(_ array: inout [T], _ other: UnsafePointer<[T]>) {
    if sameStorage(array, other.pointee) { return }
    let count = other.pointee.count
    // (Plain values only: a constant, folded.)
    if array.capacity < count || !_isPOD(T.self) {
        array = other.pointee
        return
    }
    // Their address taken first, in a read of its own (`other` holds them for
    // the call): handed over by value, their array was retained and
    // released around the copy (legacy.nav: a stack differs from its
    // parent's in 57,382 of 74,352 resets). Compared here, element by
    // element: `array == other.pointee` was left out of line (plain +10
    // instructions a state).
    let theirs = other.pointee.withUnsafeBufferPointer { $0.baseAddress! }
    if array.count == count {
        let equal = array.withUnsafeBufferPointer { mine in
            var i = 0
            while i < count, mine[i] == theirs[i] { i += 1 }
            return i == count
        }
        if equal { return }
    }
    // Written in place only in storage this array alone holds, asked
    // without a copy (`isUniqueStorage`); a shared one is left, and
    // `other`'s shared instead. Through `withUnsafeMutableBufferPointer`
    // a shared array was copied first, with room for its own count only,
    // and the copy then often too small (legacy.nav, depth 10: 3,179 copies
    // a search, about 200 instructions each; 6,589 -> 6,541 instructions a
    // state, the five other setups 1 to 6 fewer). The capacity was tested
    // above.
    guard isUniqueStorage(&array) else {
        array = other.pointee
        return
    }
    let mine = UnsafeMutablePointer(mutating: array.withUnsafeBufferPointer { $0.baseAddress! })
    ArrayHeader.setCount(count, before: UnsafeMutableRawPointer(mine))
    // Past four names in one memmove of their bytes, padding and all: name
    // by name, each took four moves of its two fields and a share of the
    // loop (legacy.nav, whose stacks are the longest, 5,802 -> 5,769
    // instructions a state at depth 10, 5,908 -> 5,857 at 13). Every list
    // through memmove cost the other setups, whose lists are short, 4 to 5
    // a state; past two, the same as past four.
    if count > 4 {
        UnsafeMutableRawPointer(mine).copyMemory(from: theirs, byteCount: count &* MemoryLayout<T>.stride)
    } else {
        for i in 0..<count { mine[i] = theirs[i] }
    }
}

/// Whether `array`'s storage is held by this array alone, asked of the
/// runtime without copying it: a native array is one strong reference to
/// its storage object, which the standard library's own test of a native
/// reference (`_isUnique_native`, as its array buffer asks) reads in one
/// call. (`isKnownUniquelyReferenced` of the reference rebound as
/// `AnyObject` called the generic function out of line: the five setups
/// other than legacy 1 to 3 instructions a state more.) Only where Swift
/// arrays are native (no Objective-C bridging, as on Linux):
/// `H1UniqueStorageTests` holds it to the library this is built with.
///
/// The storage's reference count is read in line first
/// (`RefCountWord.isUnique`), and the runtime asked only when that does
/// not say unique.
@inline(__always)
func isUniqueStorage<T>(_ array: inout [T]) -> Bool {
    if RefCountWord.isUnique(withUnsafeBytes(of: &array) { $0.load(as: UnsafeRawPointer.self) }) { return true }
    return _isUnique_native(&array)
}

/// Whether the class instance `object` holds is held by `object` alone:
/// `isKnownUniquelyReferenced`, its reference count read in line first
/// (`RefCountWord.isUnique`).
@inline(__always)
func isUniqueInstance<T: AnyObject>(_ object: inout T) -> Bool {
    if RefCountWord.isUnique(withUnsafeBytes(of: &object) { $0.load(as: UnsafeRawPointer.self) }) { return true }
    return isKnownUniquelyReferenced(&object)
}

/// A native Swift object's inline reference count: the word after its
/// metadata pointer (the runtime's `InlineRefCounts`, 64-bit platforms).
/// Its high half holds the strong references past the first (bits 33 to
/// 62), the flag of a deinit under way (bit 32) and that of a side table
/// (bit 63): a high half of zero is an object held by one strong
/// reference, not being destroyed and with no side table, which is the
/// runtime's own first test in `swift_isUniquelyReferenced_nonNull_native`.
/// A call to that function cost the call and its return, and the registers
/// the caller kept across it, on every uniqueness question: a reset asks
/// about three, a step's writes to the screens and controllers about as
/// many (legacy.nav, depth 10: about 440,000 questions; 5,952 -> 5,835
/// instructions a state, the other setups 53 to 55 fewer). Any other word (a
/// shared object, one with a side table, the empty array's static storage)
/// is left to the runtime. `ResetUniqueRefTests` holds the layout to the
/// runtime this is built with.
enum RefCountWord {
    @inline(__always) static func isUnique(_ object: UnsafeRawPointer) -> Bool {
        object.load(fromByteOffset: 8, as: UInt64.self) >> 32 == 0
    }
}

/// Where a native array keeps its count and capacity: the two words before
/// its first element (a heap object's two words, then the count, then the
/// capacity shifted left by one, its low bit a flag), as the standard
/// library lays out `_ContiguousArrayStorage` on 64-bit platforms
/// (`ArrayHeaderTests` holds it to the library this is built with). Only
/// for arrays held by one array alone (inside `withUnsafeMutableBufferPointer`,
/// or told so by `isUniqueStorage`), whose elements up to the new count are
/// initialised and past it not (plain values, or destroyed first).
enum ArrayHeader {
    /// The capacity of the array whose first element is at `first`.
    @inline(__always) static func capacity(before first: UnsafeMutableRawPointer) -> Int {
        first.load(fromByteOffset: -8, as: Int.self) >> 1
    }

    /// Sets the count of the array whose first element is at `first`.
    @inline(__always) static func setCount(_ count: Int, before first: UnsafeMutableRawPointer) {
        first.storeBytes(of: count, toByteOffset: -16, as: Int.self)
    }
}

/// `assignReusingStorage(_:_:)` for an array of values that are equal when
/// their bits are (`sameBits`: the same case, the same storage), `other`
/// read in place: only the elements from the first whose bits differ are
/// replaced. A controller's queue differs from its parent's mostly by the
/// call a step queued or ran, and `==` then element-wise assignment copied
/// every queued call back (each an outlined copy and destroy of an enum with
/// a payload), about 170 instructions a reset (plain.nav, depth 7: 4 % of
/// the search).
///
/// `holdsReferences` tells an element that holds a reference from one that
/// is plain bits: those are copied as bits and dropped without a call to
/// the type's outlined copy and destroy (a queued call holds an array only
/// for `setStack`; gate.nav, depth 7: 59,296 destroys, about 27
/// instructions each; 3,715 -> 3,677 instructions a state, plain,
/// interactive-pop, features and safe 36 to 39 fewer, legacy the same).
@inline(__always)
func assignReusingStorage<T>(
    _ array: inout [T], bitsOf other: UnsafePointer<[T]>, holdsReferences: (UnsafePointer<T>) -> Bool
) {
    if sameStorage(array, other.pointee) { return }
    let count = other.pointee.count
    let common = Swift.min(array.count, count)
    let first = array.withUnsafeBufferPointer { mine in
        other.pointee.withUnsafeBufferPointer { theirs in
            var i = 0
            while i < common, sameBits(mine.baseAddress! + i, theirs.baseAddress! + i) { i += 1 }
            return i
        }
    }
    if first == common, array.count == count { return }
    if array.capacity < count {
        array = other.pointee
        return
    }
    // In place, in storage this array alone holds (`isUniqueStorage`): the
    // elements from the first that differs destroyed and `other`'s copied
    // in, one at a time, then the count written where the array keeps it
    // (`ArrayHeader`). A `removeLast()` an element asked the runtime each
    // time whether the storage was its own, and `append(contentsOf:)` of
    // a slice cost about 190 instructions (gate.nav, depth 7: 59,388 and
    // 10,240 of them; plain 3,256 -> 3,242 instructions a state, gate,
    // interactive-pop, features and safe 9 to 13 fewer, legacy, which
    // queues little, the same). A shared array is left, and `other`'s shared.
    guard isUniqueStorage(&array) else {
        array = other.pointee
        return
    }
    let old = array.count
    let mine = UnsafeMutablePointer(mutating: array.withUnsafeBufferPointer { $0.baseAddress! })
    let theirs = other.pointee.withUnsafeBufferPointer { $0.baseAddress! }
    // One at a time: a range's `deinitialize(count:)` and `initialize(from:count:)`
    // go through the runtime's generic array functions.
    for i in first..<old where holdsReferences(mine + i) { (mine + i).deinitialize(count: 1) }
    for i in first..<count {
        if holdsReferences(theirs + i) {
            (mine + i).initialize(to: theirs[i])
        } else {
            UnsafeMutableRawPointer(mine + i).copyMemory(from: theirs + i, byteCount: MemoryLayout<T>.size)
        }
    }
    ArrayHeader.setCount(count, before: UnsafeMutableRawPointer(mine))
}

/// `assignReusingStorage(_:bitsOf:holdsReferences:)` with every element
/// copied and dropped through its type.
@inline(__always)
func assignReusingStorage<T>(_ array: inout [T], bitsOf other: UnsafePointer<[T]>) {
    assignReusingStorage(&array, bitsOf: other) { _ in true }
}

/// Whether two arrays are one array and an unchanged copy of it (the same
/// storage); false for two equal arrays in storages of their own, as
/// `sharesStorage(with:)` wants (it says whether an assignment can be skipped).
///
/// The storage's address alone: an array's count is kept in its storage, so
/// one storage has one count. (The counts compared first were two loads
/// from two heap objects on every test, about a dozen tests a reset.)
@inline(__always)
func sameStorage<T>(_ lhs: [T], _ rhs: [T]) -> Bool {
    lhs.withUnsafeBufferPointer { mine in
        rhs.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
}
