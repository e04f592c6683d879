import Testing

@testable import NavigationEngine

/// A controller's stack is mixed two names to a multiplication, every
/// ordinal taken as fitting 32 bits and the names mixed again, each pair
/// tested, when one does not (`PartHasher.put(_:names:)`): the fast path must
/// give what the tested one gives, and a name whose ordinal does not fit must
/// not hash as the name its ordinal's low bits make.
@Suite("Fingerprint: a controller's stack in pairs")
struct StackPairHashTests {
    func hash(_ names: [ScreenName], lead: UInt64 = 7) -> UInt64 {
        var m = PartHasher()
        m.put(lead, names: names)
        return m.value
    }

    func tested(_ names: [ScreenName], lead: UInt64 = 7) -> UInt64 {
        PartHasher.markedNames(PartHasher(), lead, names).value
    }

    func name(_ cls: UInt32, _ ordinal: Int) -> ScreenName { ScreenName(cls: ClassName(id: cls), ordinal: ordinal) }

    @Test("names that fit hash as the tested path hashes them, at every count")
    func fastPathAgrees() {
        for count in 0...6 {
            let names = (0..<count).map { name(UInt32($0 % 3), $0 + 1) }
            #expect(hash(names) == tested(names))
        }
        #expect(hash([]) != hash([name(0, 1)]))
        #expect(hash([name(0, 1), name(1, 2)]) != hash([name(1, 2), name(0, 1)]))
    }

    @Test("an ordinal that does not fit 32 bits is marked, at every place in the stack")
    func wideOrdinals() {
        for wide in [0xFFFF_FFFF, 1 << 32 | 5, 1 << 40, -1] {
            for count in 1...5 {
                for at in 0..<count {
                    var names = (0..<count).map { name(1, $0 + 1) }
                    names[at] = name(1, wide)
                    #expect(hash(names) == tested(names))
                    var low = names
                    low[at] = name(1, Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: wide)))
                    if low != names { #expect(hash(names) != hash(low)) }
                }
            }
        }
    }
}
