/// An array kept in chunks of `chunkSize` elements, each chunk an array of
/// its own, so that copies share what a change leaves alone.
///
/// A copy of a Swift array shares its buffer until one of the two is
/// written, and that first write copies every element. An undo checkpoint
/// is such a copy: restoring one and changing it (the replay, or the next
/// command) copied a deep stack or a big screen table whole, so two
/// pushes and an undo, repeated, did work quadratic in the rounds
/// (docs/robustness.md, round three). Here the first write after a copy
/// copies the list of chunks (one reference each) and the one chunk it
/// changes: `copyWeight` elements, not `count`.
///
/// While the array fits one chunk it is that one array (`tail`, with no
/// chunks), and a read is the array's own read after one comparison. Past
/// that, the full chunks come first and `tail` holds what follows them (0
/// to `chunkSize` elements), so appending and removing at the end, a
/// stack's changes, touch `tail` only. Plain safe Swift: nested arrays,
/// no reference type of its own (whose mutable properties the runtime
/// would check for exclusive access on every write).
public struct ChunkedArray<Element> {
    /// Elements per chunk, as a power of two.
    static var chunkBits: Int { 8 }
    /// Elements per chunk (4 KB for 16-byte elements).
    public static var chunkSize: Int { 1 << chunkBits }
    static var chunkMask: Int { chunkSize - 1 }

    /// The full chunks, `chunkSize` elements each, in order; nil while
    /// every element is in `tail` (a nil reference costs a copy of the
    /// array almost nothing, where an empty array is a reference counted
    /// like any other: a search copies every controller's stack often).
    private(set) var list: [[Element]]?
    /// The elements after the chunks: at most `chunkSize` of them.
    private(set) var tail: [Element] = []
    /// Where the elements in `tail` start.
    private var tailStart: Int {
        guard let list else { return 0 }
        return list.count << Self.chunkBits
    }

    public init() {}

    /// The elements in chunk order, built in place (no element moved twice).
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    public init(repeating element: Element, count: Int) {
        precondition(count >= 0, "a count is never negative")
        // Full chunks, then a tail of 1...chunkSize (as appends leave them).
        let full = count > 0 ? (count - 1) >> Self.chunkBits : 0
        let rest = count - full << Self.chunkBits
        if full > 0 { list = Array(repeating: Array(repeating: element, count: Self.chunkSize), count: full) }
        tail = Array(repeating: element, count: rest)
    }

    /// The elements a first write after a copy copies at most: the chunk
    /// list and one chunk, or the one array while there are no chunks. What
    /// the undo journal counts for a restored checkpoint
    /// (NavigationModel.copyWeight).
    public var copyWeight: Int { Self.copyWeight(ofCount: count) }

    /// `copyWeight` of an array of `count` elements.
    static func copyWeight(ofCount count: Int) -> Int {
        count <= chunkSize ? count : (count >> chunkBits) + chunkSize
    }

    /// The full chunks, in order (none while every element is in `tail`).
    var chunks: [[Element]] { list ?? [] }

    /// Adds a full chunk after the others.
    private mutating func pushChunk(_ chunk: [Element]) {
        var chunks = list ?? []
        list = nil
        chunks.append(chunk)
        list = chunks
    }

    /// Removes and returns the last full chunk; there is one.
    private mutating func popChunk() -> [Element] {
        var chunks = list ?? []
        list = nil
        let last = chunks.removeLast()
        if !chunks.isEmpty { list = chunks }
        return last
    }

    /// Some elements are in chunks (the array outgrew one).
    var isChunked: Bool { list != nil }

    /// How many elements storage is held for: `tail`'s capacity while there
    /// are no chunks, the count past that.
    var capacity: Int { tailStart == 0 ? tail.capacity : count }

    public mutating func append(_ element: Element) {
        if tail.count == Self.chunkSize {
            var full: [Element] = []
            full.reserveCapacity(Self.chunkSize)
            swap(&full, &tail)
            pushChunk(full)
        }
        tail.append(element)
    }

    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// Removes and returns the last element; the array must not be empty.
    @discardableResult
    public mutating func removeLast() -> Element {
        if tail.isEmpty {
            precondition(tailStart != 0, "removeLast() of an empty array")
            tail = popChunk()
        }
        return tail.removeLast()
    }

    /// Removes the last `k` elements: whole chunks dropped, one chunk at
    /// most written.
    public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removeLast(_:) of more than the array holds")
        if k < tail.count || (k == tail.count && tailStart == 0) {
            tail.removeLast(k)
            return
        }
        var k = k
        while k > 0 {
            if tail.isEmpty { tail = popChunk() }
            if k >= tail.count {
                k -= tail.count
                tail = []
            } else {
                tail.removeLast(k)
                k = 0
            }
        }
        if tail.isEmpty, tailStart != 0 { tail = popChunk() }
    }

    /// Keeps the first `count` elements and returns the others, last
    /// first (a stack's screens that leave it, top down).
    mutating func cut(keeping count: Int) -> [Element] {
        precondition(count >= 0 && count <= self.count, "a count inside the array")
        var removed: [Element] = []
        removed.reserveCapacity(self.count - count)
        var i = self.count
        while i > count {
            i &-= 1
            removed.append(self[i])
        }
        removeLast(self.count - count)
        return removed
    }

    public mutating func removeAll(keepingCapacity keep: Bool = false) {
        list = nil
        tail.removeAll(keepingCapacity: keep)
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { tailStart &+ tail.count }
    public var count: Int { tailStart &+ tail.count }
    public var isEmpty: Bool { tail.isEmpty && tailStart == 0 }
    public var last: Element? { tail.last ?? list?.last?.last }

    public subscript(position: Int) -> Element {
        get {
            let start = tailStart
            if position >= start { return tail[position &- start] }
            return list![position >> Self.chunkBits][position & Self.chunkMask]
        }
        set {
            let start = tailStart
            if position >= start {
                tail[position &- start] = newValue
            } else {
                list![position >> Self.chunkBits][position & Self.chunkMask] = newValue
            }
        }
    }

    public func index(after i: Int) -> Int { i &+ 1 }
    public func index(before i: Int) -> Int { i &- 1 }
}

extension ChunkedArray: RangeReplaceableCollection {
    /// The general edit, for the rare one not at the end (`removeAll(where:)`
    /// ends in a removal at the end, so it takes the fast path): the
    /// elements from the first one replaced onward are taken off and put
    /// back, so a change near the end stays cheap.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Element {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "a range inside the array")
        let after = Array(self[subrange.upperBound...])
        removeLast(count - subrange.lowerBound)
        append(contentsOf: newElements)
        append(contentsOf: after)
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.tailStart == 0, rhs.tailStart == 0 { return lhs.tail == rhs.tail }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension ChunkedArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: CustomStringConvertible {
    public var description: String { Array(self).description }
}

extension ChunkedArray {
    /// Reads the chunks in order, then the tail: an array's own loop while
    /// there are no chunks.
    public struct Iterator: IteratorProtocol {
        fileprivate let chunks: [[Element]]?
        fileprivate let chunkCount: Int
        fileprivate let tail: [Element]
        /// The chunk being read; `chunks.count` for the tail.
        fileprivate var chunk = 0
        fileprivate var index = 0

        public mutating func next() -> Element? {
            if chunk == chunkCount {
                guard index < tail.count else { return nil }
                defer { index &+= 1 }
                return tail[index]
            }
            let element = chunks![chunk][index]
            index &+= 1
            if index == ChunkedArray.chunkSize {
                chunk &+= 1
                index = 0
            }
            return element
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(chunks: list, chunkCount: tailStart >> Self.chunkBits, tail: tail)
    }

    /// `body` of the one array that holds every element, while there are no
    /// chunks; nil past that. For loops written once for both forms
    /// (ScreenTable+Probes.swift), run on a small array as on any array.
    @inline(__always)
    func withFlat<R>(_ body: ([Element]) throws -> R) rethrows -> R? {
        list == nil ? try body(tail) : nil
    }

    /// `withFlat` for a write: the one array lent in place.
    @inline(__always)
    mutating func editFlat<R>(_ body: (inout [Element]) throws -> R) rethrows -> R? {
        list == nil ? try body(&tail) : nil
    }

    /// Calls `body` with each array of elements in order, the chunks and
    /// then the tail: for loops that read every element at an array's speed.
    @inline(__always)
    func forEachPart(_ body: ([Element]) throws -> Void) rethrows {
        if let list { for chunk in list { try body(chunk) } }
        try body(tail)
    }

    /// Makes this array `other` again: one with no chunks refilled in its
    /// own buffer from another with none (the explorer's reset to a parent
    /// state keeps its buffers, NavigationModel+Reset.swift); past a chunk,
    /// the other's chunks shared (a write then copies one).
    mutating func refill(from other: ChunkedArray) {
        if tailStart == 0, other.tailStart == 0 {
            NavigationEngine.refill(&tail, from: other.tail)
        } else if !sameStorage(self, other) {
            self = other
        }
    }
}

/// Whether two chunked arrays are one and an unchanged copy of it.
func sameStorage<T>(_ lhs: ChunkedArray<T>, _ rhs: ChunkedArray<T>) -> Bool {
    guard sameStorage(lhs.tail, rhs.tail) else { return false }
    switch (lhs.list, rhs.list) {
    case (nil, nil): return true
    case (let a?, let b?): return sameStorage(a, b)
    default: return false
    }
}

/// A chunked array equal to `array` in storage of its own.
func fresh<T>(_ array: ChunkedArray<T>) -> ChunkedArray<T> {
    ChunkedArray(array)
}
