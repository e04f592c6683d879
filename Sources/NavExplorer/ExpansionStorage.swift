import NavigationEngine

/// The children one chunk's expansion makes, in a buffer sized for the most
/// there can be (one a step of each parent), written in place as they are
/// looked up and handed to the expansion's array once, at the end. The
/// children are trivial values: nothing to deinitialize.
final class ChildBuffer {
    private let base: UnsafeMutablePointer<Expansion.Child>
    let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    func append(_ child: Expansion.Child) {
        precondition(count < capacity, "more children than steps")
        (base + count).initialize(to: child)
        count += 1
    }

    subscript(index: Int) -> Expansion.Child {
        get {
            precondition(index >= 0 && index < count)
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    /// Marks child `index` seen before: it keeps only the properties of
    /// `stepMask` (those of its step), and is marked to be dropped
    /// (parent -1) when that leaves none; whether it was.
    func markSeen(_ index: Int, stepMask: UInt64) -> Bool {
        precondition(index >= 0 && index < count)
        base[index].fresh = false
        base[index].violations &= stepMask
        guard base[index].violations == 0 else { return false }
        base[index].parent = -1
        return true
    }

    /// The children in order, with those marked to be dropped left out when
    /// `droppingMarked`.
    func children(droppingMarked: Bool) -> [Expansion.Child] {
        let all = UnsafeBufferPointer(start: base, count: count)
        return droppingMarked ? all.filter { $0.parent >= 0 } : Array(all)
    }
}

/// A model in memory that does not move, for the steps the explorer runs in
/// place (the engine reads and steps a model through a pointer to it):
/// made a copy of `initial`, destroyed with the cell.
final class ModelCell {
    let model: UnsafeMutablePointer<NavigationModel>

    init(_ initial: NavigationModel) {
        model = .allocate(capacity: 1)
        model.initialize(to: initial)
    }

    deinit {
        model.deinitialize(count: 1)
        model.deallocate()
    }
}
