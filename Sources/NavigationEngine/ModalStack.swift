/// The presented controllers, bottom to top, with a count of the modals each
/// screen presents, so "is this screen presenting already?" is one look-up
/// (a search of the list per `present` made N nested presentations quadratic).
///
/// A value equal, and hashed, as its list: the counts follow from it.
struct ModalStack: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    private var list: [Modal] = []
    /// How many modals each screen presents (absent: none).
    private var presenting: [ScreenName: Int] = [:]
    /// How many modals an empty navigation controller presents (a nil presenter).
    private var presentingWithoutScreen = 0

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
    func presented(by presenter: ScreenName?) -> Modal? {
        if let presenter {
            guard presenting[presenter] != nil else { return nil }
        } else {
            guard presentingWithoutScreen > 0 else { return nil }
        }
        return list.first { $0.presenter == presenter }
    }

    mutating func append(_ modal: Modal) {
        list.append(modal)
        count(modal.presenter, by: 1)
    }

    mutating func remove(at index: Int) {
        let modal = list.remove(at: index)
        count(modal.presenter, by: -1)
    }

    private mutating func count(_ presenter: ScreenName?, by change: Int) {
        guard let presenter else {
            presentingWithoutScreen += change
            return
        }
        let now = (presenting[presenter] ?? 0) + change
        presenting[presenter] = now > 0 ? now : nil
    }

    static func == (lhs: ModalStack, rhs: ModalStack) -> Bool { lhs.list == rhs.list }
    func hash(into hasher: inout Hasher) { hasher.combine(list) }
}
