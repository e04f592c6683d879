/// The navigation controllers by id, in an array indexed by id.
///
/// A Dictionary's `navs[id]?.stack.append(x)` moves the whole controller out
/// into a coroutine frame big enough to need a heap allocation, several times a
/// command; an array slot is modified in place. Ids of released controllers are
/// reused, so the table stays as small as the most controllers alive at once.
struct NavTable: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var slots: [NavController?] = [nil]

    init(dictionaryLiteral elements: (Int, NavController)...) {
        for (id, nav) in elements { self[id] = nav }
    }

    subscript(id: Int) -> NavController? {
        // Addressors, not coroutines: `navs[id]?.stack.count` reads one field in
        // place and `navs[id]?.stack.append(x)` edits in place. (A `_read` or
        // `_modify` coroutine here copied the controller into a heap-allocated
        // frame about 8 times a command; see docs/performance.md.)
        unsafeAddress {
            // Slot 0 is always empty (ids start at 1): an unknown id reads it.
            let index = id > 0 && id < slots.count ? id : 0
            // `slots` always holds slot 0, so its base address is never nil.
            return slots.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped + index }
        }
        unsafeMutableAddress {
            // Growing for an id with no controller leaves nil slots, which == ignores.
            // (Ids come from `freeID` and start at 1; none below 1 is ever written.)
            if id >= slots.count { grow(to: id) }
            let index = Swift.max(id, 0)
            return slots.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped + index }
        }
    }

    private mutating func grow(to id: Int) {
        slots.append(contentsOf: repeatElement(nil, count: id - slots.count + 1))
    }

    /// Every id a controller may have, live or not: loop over these and read
    /// `table[id]?.field` to look at controllers without copying any.
    var ids: Range<Int> { 1..<slots.count }

    /// The lowest id with no controller (ids start at 1).
    var freeID: Int {
        var id = 1
        while id < slots.count, slots[id] != nil { id += 1 }
        return id
    }

    var count: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Live ids, ascending.
    var keys: [Int] { slots.indices.filter { slots[$0] != nil } }

    var values: LazyMapSequence<LazyFilterSequence<LazyMapSequence<LazySequence<[NavController?]>.Elements, NavController?>>, NavController> {
        slots.lazy.compactMap { $0 }
    }

    func makeIterator() -> Iterator {
        Iterator(slots: slots)
    }

    struct Iterator: IteratorProtocol {
        let slots: [NavController?]
        var index = 0

        mutating func next() -> (key: Int, value: NavController)? {
            while index < slots.count {
                let current = index
                index += 1
                if let nav = slots[current] { return (current, nav) }
            }
            return nil
        }
    }
}

extension NavTable: Hashable {
    /// Trailing empty slots are not part of the value.
    private var live: ArraySlice<NavController?> {
        slots[..<((slots.lastIndex { $0 != nil } ?? -1) + 1)]
    }

    static func == (lhs: NavTable, rhs: NavTable) -> Bool { lhs.live == rhs.live }
    func hash(into hasher: inout Hasher) {
        for slot in live { hasher.combine(slot) }
    }
}
