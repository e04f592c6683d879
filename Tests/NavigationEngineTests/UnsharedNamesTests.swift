import Testing

@testable import NavigationEngine

@Suite("Class-name tables of their own")
struct UnsharedNamesTests {
    @Test("an unshared table holds the same names under the same numbers, in storage of its own")
    func unsharedTable() {
        var names = ClassNames()
        let texts = ["Home", "List", "Detail", "A-long-class-name-that-is-not-a-small-string", "É"]
        let ids = texts.map { names.intern($0) }
        let copy = names.unshared()
        #expect(copy == names)
        #expect(copy.isPrefix(of: names) && names.isPrefix(of: copy))
        for (text, id) in zip(texts, ids) {
            #expect(copy[id] == text)
            #expect(copy.existing(text) == id)
        }
        var grown = copy
        _ = grown.intern("Later")
        #expect(names.count == texts.count, "the original does not see the copy's new names")
        #expect(names.isPrefix(of: grown))
    }
}
