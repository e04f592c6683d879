/// The instance counter of every class a model has created: one integer per class,
/// in arrays indexed by the class number.
///
/// Class numbers are small and dense (numbered in the order met), and every class
/// ever created keeps its counter, so an array costs 8 bytes a class where a hash
/// map of optional values cost 40 to 80 (at most half full, each slot a key and a
/// 9-byte optional). A look-up is a bounds check and a load (two past the first
/// `chunkSize` classes).
///
/// The first `chunkSize` classes (every script that does not name thousands) are
/// one array; the classes after them are in chunks of `chunkSize`, each its own
/// array, so a copy of the model (an undo checkpoint) shares them and a write after
/// it copies one chunk, not every counter. (One array copied whole at each
/// checkpoint made a script of a new class per push keep three or four copies of
/// every counter.)
///
/// The first `inlineCount` classes (all of a typical setup's) are kept in the value
/// itself while their counters fit 32 bits: a push writes its class's counter in
/// place, where a write to the shared array copied it on every step of a search,
/// and the explorer's way back to the parent freed the copy again.
struct ClassCounters: Sendable {
    /// Marks a class with no counter (a counter is never negative).
    static let absent = Int.min
    static let chunkBits = 10
    /// Counters per chunk (8 KB).
    static let chunkSize = 1 << chunkBits
    /// Classes kept in the value while `spilled` is false.
    static let inlineCount = 8
    static let inlineAbsent = Int32.min
    /// Classes 0..<inlineCount while `spilled` is false; `inlineAbsent` where
    /// the class has no counter. (Then `values` has no counter for them.)
    var small = EightCounters()
    /// The first classes' counters are in `values`, not `small`.
    var spilled = false
    /// Classes 0..<chunkSize, indexed by class number; `absent` where the class has no counter.
    var values: [Int] = []
    /// Chunk k: classes chunkSize * (k + 1) + 0..<chunkSize, as `values`.
    var chunks: [[Int]] = []
    /// Classes with a counter.
    private(set) var count = 0

    /// Whether `other` is this table in the same storage: an unchanged copy
    /// (NavigationModel+Reset.swift).
    func sharesStorage(with other: ClassCounters) -> Bool {
        count == other.count && spilled == other.spilled && small == other.small && sameStorage(values, other.values)
            && sameStorage(chunks, other.chunks)
    }

    /// Classes below this number have their counters inline while `allInline` holds.
    static let inlineLimit = inlineCount

    /// Whether every counter is inline (no class of number `inlineCount` or
    /// past has one, and none spilled).
    var allInline: Bool { !spilled && values.isEmpty && chunks.isEmpty }

    /// What `small` holds where a class has no counter.
    static let inlineNone = inlineAbsent

    /// The inline classes (0..<`inlineLimit`, as bits) whose counter was 1
    /// in `parent` and is another now, when the other counters are the
    /// parent's (neither spilled, the arrays the same storage); 0 when no
    /// inline counter changed. Nil when the arrays may differ.
    func classesRaisedFromOne(since parent: ClassCounters) -> UInt64? {
        guard !spilled, !parent.spilled, sameStorage(values, parent.values), sameStorage(chunks, parent.chunks)
        else { return nil }
        if small == parent.small { return 0 }
        var raised: UInt64 = 0
        for i in 0..<Self.inlineCount where small[i] != parent.small[i] && parent.small[i] == 1 {
            raised |= 1 << UInt64(i)
        }
        return raised
    }

    static func narrow(_ value: Int) -> Int32? {
        guard let narrow = Int32(exactly: value), narrow != inlineAbsent else { return nil }
        return narrow
    }

    /// Moves the inline counters to `values`, for good.
    private mutating func spill() {
        if values.count < Self.inlineCount {
            values.append(contentsOf: repeatElement(Self.absent, count: Self.inlineCount - values.count))
        }
        for i in 0..<Self.inlineCount where small[i] != Self.inlineAbsent {
            values[i] = Int(small[i])
            small[i] = Self.inlineAbsent
        }
        spilled = true
    }

    /// A copy with storage of its own (NavigationModel+Unshared.swift).
    func unshared() -> ClassCounters {
        var copy = self
        copy.values = fresh(values)
        copy.chunks = chunks.map(fresh)
        return copy
    }

    /// The counter of `key`, if it has one.
    subscript(key: ClassName) -> Int? {
        get {
            let i = Int(key.id)
            if !spilled, i < Self.inlineCount {
                let value = small[i]
                return value == Self.inlineAbsent ? nil : Int(value)
            }
            let value: Int
            if i < Self.chunkSize {
                guard i < values.count else { return nil }
                value = values[i]
            } else {
                let c = (i >> Self.chunkBits) - 1
                let k = i & (Self.chunkSize - 1)
                guard c < chunks.count, k < chunks[c].count else { return nil }
                value = chunks[c][k]
            }
            return value == Self.absent ? nil : value
        }
    }

    /// Sets or replaces the counter of `key`.
    ///
    /// In line, the inline counter's way only (a push's, in a search); the rest out
    /// of line (`setWide`). A call of the whole saved and restored the five
    /// registers its other ways use.
    mutating func set(_ value: Int, for key: ClassName) {
        let i = Int(key.id)
        // An inline counter: its old value read once, in place. (Through
        // `self[key]` the inline counters were copied out to be indexed, and
        // the old value read twice.)
        if !spilled, i < Self.inlineCount, let narrow = Self.narrow(value) {
            let old = small[i]
            if old == Self.inlineAbsent { count &+= 1 }
            small[i] = narrow
            return
        }
        setWide(value, for: key)
    }

    /// Raises the counter of `key` by one (to 1 where it has none) and returns it:
    /// naming a new screen. An inline counter read once, in place, and written;
    /// `self[key]` then `set(_:for:)` read it twice and tested the ways twice.
    mutating func next(for key: ClassName) -> Int {
        let i = Int(key.id)
        if !spilled, i < Self.inlineCount {
            let old = small[i]
            if old == Self.inlineAbsent {
                count &+= 1
                small[i] = 1
                return 1
            }
            if old < Int32.max {
                let new = Int(old) &+ 1
                small[i] = old &+ 1
                return new
            }
        }
        let new = (self[key] ?? 0) + 1
        setWide(new, for: key)
        return new
    }

    /// `set(_:for:)` of a counter not inline, or of a value that does not fit one.
    @inline(never) private mutating func setWide(_ value: Int, for key: ClassName) {
        let i = Int(key.id)
        if !spilled, i < Self.inlineCount {
            if let narrow = Self.narrow(value) {
                if small[i] == Self.inlineAbsent { count += 1 }
                small[i] = narrow
                return
            }
            spill()
        }
        if i < Self.chunkSize {
            if i >= values.count {
                // Amortised growth: append doubles the capacity.
                values.append(contentsOf: repeatElement(Self.absent, count: i + 1 - values.count))
            }
            if values[i] == Self.absent { count += 1 }
            values[i] = value
        } else {
            let c = (i >> Self.chunkBits) - 1
            let k = i & (Self.chunkSize - 1)
            while chunks.count <= c { chunks.append([]) }
            if k >= chunks[c].count {
                if chunks[c].isEmpty { chunks[c].reserveCapacity(Self.chunkSize) }
                chunks[c].append(contentsOf: repeatElement(Self.absent, count: k + 1 - chunks[c].count))
            }
            if chunks[c][k] == Self.absent { count += 1 }
            chunks[c][k] = value
        }
    }

    /// `set(value, for: class i)` of a class with an inline counter (`allInline`)
    /// and a value that fits one: in line, without `set`'s other ways.
    mutating func setInline(_ value: Int, at i: Int) {
        assert(!spilled && i < Self.inlineCount && small[i] != Self.inlineAbsent && Self.narrow(value) != nil)
        small[i] = Int32(truncatingIfNeeded: value)
    }

    /// What a copy of the counters costs the first write after it, in
    /// elements: about one a counter while they are one array; past it, the
    /// first array, the list of chunks, and one chunk.
    var copyWeight: Int {
        chunks.isEmpty ? count : values.count + chunks.count + Self.chunkSize
    }

    /// Calls `body` with each class number that has a counter and the counter, by number.
    func forEachEntry(_ body: (Int, Int) -> Void) {
        if !spilled {
            for i in 0..<Self.inlineCount where small[i] != Self.inlineAbsent { body(i, Int(small[i])) }
        }
        for i in values.indices where values[i] != Self.absent { body(i, values[i]) }
        for c in chunks.indices {
            let base = (c + 1) << Self.chunkBits
            for (k, value) in chunks[c].enumerated() where value != Self.absent { body(base + k, value) }
        }
    }

    /// The classes with a counter, by number.
    var classes: [ClassName] {
        var classes: [ClassName] = []
        classes.reserveCapacity(count)
        forEachEntry { i, _ in classes.append(ClassName(id: UInt32(truncatingIfNeeded: i))) }
        return classes
    }

    /// The sum of `mix(class number, counter)` over the classes with a counter.
    func sum(_ mix: (UInt32, Int) -> UInt64) -> UInt64 {
        var total: UInt64 = 0
        forEachEntry { i, value in total &+= mix(UInt32(truncatingIfNeeded: i), value) }
        return total
    }

    /// The sum of the counters (wrapping), read in place: no closure, no copy.
    var total: UInt64 {
        var total: UInt64 = 0
        if !spilled {
            for i in 0..<Self.inlineCount where small[i] != Self.inlineAbsent {
                total &+= UInt64(truncatingIfNeeded: Int(small[i]))
            }
        }
        for value in values where value != Self.absent { total &+= UInt64(truncatingIfNeeded: value) }
        for chunk in chunks {
            for value in chunk where value != Self.absent { total &+= UInt64(truncatingIfNeeded: value) }
        }
        return total
    }

    /// Replaces each counter by `body(class, counter)`, in place.
    mutating func update(_ body: (ClassName, Int) -> Int) {
        if !spilled {
            // Each inline counter's new value first (`body` once each); if one
            // does not fit, all of them go to the array, as `set` does.
            let before = small
            var next = [Int](repeating: 0, count: Self.inlineCount)
            var fits = true
            for i in 0..<Self.inlineCount where before[i] != Self.inlineAbsent {
                next[i] = body(ClassName(id: UInt32(truncatingIfNeeded: i)), Int(before[i]))
                if Self.narrow(next[i]) == nil { fits = false }
            }
            if !fits { spill() }
            for i in 0..<Self.inlineCount where before[i] != Self.inlineAbsent {
                if fits { small[i] = Int32(truncatingIfNeeded: next[i]) } else { values[i] = next[i] }
            }
            // The array holds no counter below `inlineCount` but those just set.
            updateArrays(from: Self.inlineCount, body)
            return
        }
        updateArrays(from: 0, body)
    }

    /// Sets the counters as the explorer's renaming leaves them
    /// (NavigationModel+Renaming.swift): `live[c]` for each class c with a bit in
    /// `liveClasses`, 1 for every other class with a counter (a class with a bit
    /// and no counter gets one). Returns the counters' new total when a counter
    /// changed, nil when none did.
    ///
    /// While every counter is inline, one pass over them, each compared and written
    /// only when it changes, and the total
    /// summed on the way: the renaming asks after most steps that released a
    /// screen, and `update` with a closure choosing each value, a second pass for
    /// `set` and `total`, a third.
    mutating func setLiveCounts(_ liveClasses: UInt64, _ live: [Int]) -> UInt64? {
        if !spilled, values.isEmpty, chunks.isEmpty {
            var next = small
            var total: UInt64 = 0
            var changed = false
            var fits = true
            var unmet = liveClasses
            for i in 0..<Self.inlineCount where next[i] != Self.inlineAbsent {
                let bit: UInt64 = 1 << UInt64(i)
                unmet &= ~bit
                let old = Int(next[i])
                let new = liveClasses & bit != 0 ? live[i] : 1
                total &+= UInt64(truncatingIfNeeded: new)
                if new == old { continue }
                guard let narrow = Self.narrow(new) else {
                    fits = false
                    break
                }
                next[i] = narrow
                changed = true
            }
            if fits {
                if changed { small = next }
                if unmet == 0 { return changed ? total : nil }
                total &+= setUnmet(unmet, live)
                return total
            }
        }
        var changed = false
        update { cls, old in
            let new = cls.id < 64 && liveClasses & 1 << UInt64(cls.id) != 0 ? live[Int(cls.id)] : 1
            if new != old { changed = true }
            return new
        }
        var unmet: UInt64 = 0
        var rest = liveClasses
        while rest != 0 {
            let c = rest.trailingZeroBitCount
            if self[ClassName(id: UInt32(truncatingIfNeeded: c))] == nil { unmet |= 1 << UInt64(c) }
            rest &= rest &- 1
        }
        _ = setUnmet(unmet, live)
        return changed || unmet != 0 ? self.total : nil
    }

    /// Gives each class with a bit in `classes`, none of which has a
    /// counter, the counter `live[c]`; returns their sum (wrapping).
    private mutating func setUnmet(_ classes: UInt64, _ live: [Int]) -> UInt64 {
        var sum: UInt64 = 0
        var rest = classes
        while rest != 0 {
            let c = rest.trailingZeroBitCount
            set(live[c], for: ClassName(id: UInt32(truncatingIfNeeded: c)))
            sum &+= UInt64(truncatingIfNeeded: live[c])
            rest &= rest &- 1
        }
        return sum
    }

    /// `update` of the counters in `values` from class `start` on, and of the chunks.
    private mutating func updateArrays(from start: Int, _ body: (ClassName, Int) -> Int) {
        for i in values.indices where i >= start && values[i] != Self.absent {
            values[i] = body(ClassName(id: UInt32(truncatingIfNeeded: i)), values[i])
        }
        for c in chunks.indices {
            let base = (c + 1) << Self.chunkBits
            for k in chunks[c].indices where chunks[c][k] != Self.absent {
                chunks[c][k] = body(ClassName(id: UInt32(truncatingIfNeeded: base + k)), chunks[c][k])
            }
        }
    }
}
