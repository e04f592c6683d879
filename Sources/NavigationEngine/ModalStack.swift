/// The presented controllers, bottom to top, with a count of the modals each
/// screen presents once there are many, so "is this screen presenting
/// already?" is one look-up (a search of the list per `present` made N nested
/// presentations quadratic). A short list is searched instead: hashing a name
/// into a `Dictionary` on every present and dismiss cost more than the search.
///
/// A value equal, and hashed, as its list: the counts follow from it.
struct ModalStack: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    private var list: [Modal] = []
    /// The counts, while the list is longer than `searchLimit` (nil: search the list).
    private var counts: PresenterCounts?

    /// Whether `other` is this stack in the same storage: an unchanged copy
    /// (NavigationModel+Reset.swift). Two stacks with counts never are.
    func sharesStorage(with other: ModalStack) -> Bool {
        guard case .none = counts, case .none = other.counts else { return false }
        return sameStorage(list, other.list)
    }

    /// A copy with storage of its own (NavigationModel+Unshared.swift).
    func unshared() -> ModalStack {
        var copy = self
        copy.list = fresh(list)
        if counts != nil { copy.counts = PresenterCounts(list) }
        return copy
    }

    /// Lists up to this long are searched; a longer one gets its counts.
    private static let searchLimit = 16

    /// How many modals each presenter presents.
    private struct PresenterCounts: Sendable {
        /// How many modals each screen presents (absent: none).
        var presenting: [ScreenName: Int] = [:]
        /// How many modals an empty navigation controller presents (a nil presenter).
        var presentingWithoutScreen = 0

        init(_ list: [Modal]) {
            for modal in list { count(modal.presenter, by: 1) }
        }

        func presents(_ presenter: ScreenName?) -> Bool {
            guard let presenter else { return presentingWithoutScreen > 0 }
            return presenting[presenter] != nil
        }

        mutating func count(_ presenter: ScreenName?, by change: Int) {
            guard let presenter else {
                presentingWithoutScreen += change
                return
            }
            let now = (presenting[presenter] ?? 0) + change
            presenting[presenter] = now > 0 ? now : nil
        }
    }

    init(arrayLiteral elements: Modal...) {
        for modal in elements { append(modal) }
    }

    init(_ modals: some Sequence<Modal>) {
        for modal in modals { append(modal) }
    }

    var startIndex: Int { list.startIndex }
    var endIndex: Int { list.endIndex }
    subscript(index: Int) -> Modal { list[index] }

    // The array's own versions, for the reads on every command (the
    // collection's defaults go through indices and copied the value).
    var isEmpty: Bool { list.isEmpty }
    var count: Int { list.count }
    var last: Modal? { list.last }
    func last(where predicate: (Modal) throws -> Bool) rethrows -> Modal? { try list.last(where: predicate) }
    func first(where predicate: (Modal) throws -> Bool) rethrows -> Modal? { try list.first(where: predicate) }
    func lastIndex(of modal: Modal) -> Int? { list.lastIndex(of: modal) }

    /// The first modal `presenter` presents (nil: an empty navigation controller).
    /// In line, the counts tested by their tag alone: out of line, with `if let
    /// counts` (a copy of them).
    func presented(by presenter: ScreenName?) -> Modal? {
        if case .some = counts { return presentedCounted(by: presenter) }
        return list.first { $0.presenter == presenter }
    }

    /// `presented(by:)` for a long list, its counts asked first.
    @inline(never) private func presentedCounted(by presenter: ScreenName?) -> Modal? {
        if let counts, !counts.presents(presenter) { return nil }
        return list.first { $0.presenter == presenter }
    }

    /// In line, the counts' test by the tag alone: out of line, with `counts !=
    /// nil`.
    mutating func append(_ modal: Modal) {
        list.append(modal)
        if case .none = counts, list.count <= Self.searchLimit { return }
        countAppended(modal)
    }

    /// `append`'s count of a long list's new modal.
    @inline(never) private mutating func countAppended(_ modal: Modal) {
        if counts != nil {
            counts?.count(modal.presenter, by: 1)
        } else {
            counts = PresenterCounts(list)
        }
    }

    mutating func remove(at index: Int) {
        let modal = list.remove(at: index)
        guard counts != nil else { return }
        // Dropped at half the limit, so a list that goes up and down across it
        // does not count it all again each time.
        if list.count <= Self.searchLimit / 2 {
            counts = nil
        } else {
            counts?.count(modal.presenter, by: -1)
        }
    }

    static func == (lhs: ModalStack, rhs: ModalStack) -> Bool { lhs.list == rhs.list }
    func hash(into hasher: inout Hasher) { hasher.combine(list) }
}
