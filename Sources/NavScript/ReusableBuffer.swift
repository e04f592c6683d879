/// An array reused from line to line without being emptied: the first
/// `count` elements are this line's, the ones after are left from earlier
/// lines and are overwritten in place. Emptying an array (even keeping its
/// capacity) runs a generic replace-and-destroy that cost more than lexing the
/// line itself; resetting a count costs nothing.
struct ReusableBuffer<Element> {
    private var storage: [Element] = []
    private(set) var count = 0

    mutating func reset() { count = 0 }

    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = element
        } else {
            storage.append(element)
        }
        count += 1
    }

    subscript(index: Int) -> Element { storage[index] }

    /// This line's elements.
    var elements: ArraySlice<Element> { storage[..<count] }

    subscript(range: Range<Int>) -> ArraySlice<Element> { storage[range] }
}
