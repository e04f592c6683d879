import Testing

@testable import NavigationEngine

/// ChunkedArray against a plain array doing the same edits, and its one
/// promise beyond an array's: a copy shares every chunk a write leaves alone.
@Suite("Chunked arrays")
struct ChunkedArrayTests {
    static let size = ChunkedArray<Int>.chunkSize

    /// A small deterministic generator (SplitMix64), so a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    func check(_ chunked: ChunkedArray<Int>, _ model: [Int], _ note: String) {
        #expect(chunked.count == model.count, "\(note): count")
        #expect(Array(chunked) == model, "\(note): elements in order")
        #expect(chunked.last == model.last, "\(note): last")
        #expect(chunked.isEmpty == model.isEmpty, "\(note): isEmpty")
        #expect(chunked.isChunked == (model.count > Self.size), "\(note): chunked past one chunk")
        var parts: [Int] = []
        chunked.forEachPart { parts.append(contentsOf: $0) }
        #expect(parts == model, "\(note): parts in order")
        if let i = model.indices.randomElement() { #expect(chunked[i] == model[i], "\(note): element \(i)") }
    }

    @Test("appends and removals across chunk boundaries, as an array")
    func editsMatchAnArray() {
        var generator = Generator(state: 7)
        var chunked = ChunkedArray<Int>()
        var model: [Int] = []
        for step in 0..<6_000 {
            switch generator.next(10) {
            case 0..<6:
                chunked.append(step)
                model.append(step)
            case 6, 7:
                if !model.isEmpty { #expect(chunked.removeLast() == model.removeLast()) }
            case 8:
                let k = generator.next(min(model.count, 2 * Self.size) + 1)
                chunked.removeLast(k)
                model.removeLast(k)
            default:
                if !model.isEmpty {
                    let i = generator.next(model.count)
                    chunked[i] = -step
                    model[i] = -step
                }
            }
            if step % 97 == 0 { check(chunked, model, "step \(step)") }
        }
        check(chunked, model, "end")
    }

    @Test("cut returns the removed elements last first", arguments: [0, 1, 255, 256, 257, 600, 1_000])
    func cut(keeping: Int) {
        var chunked = ChunkedArray(0..<1_000)
        let removed = chunked.cut(keeping: keeping)
        #expect(removed == Array((keeping..<1_000).reversed()))
        check(chunked, Array(0..<keeping), "cut to \(keeping)")
    }

    @Test("an edit in the middle, removeAll(where:) and init(repeating:count:)")
    func generalEdits() {
        var chunked = ChunkedArray(0..<700)
        var model = Array(0..<700)
        chunked.replaceSubrange(100..<400, with: [-1, -2])
        model.replaceSubrange(100..<400, with: [-1, -2])
        check(chunked, model, "replaced")
        chunked.removeAll { $0 % 3 == 0 }
        model.removeAll { $0 % 3 == 0 }
        check(chunked, model, "filtered")
        for count in [0, 16, 256, 257, 1_024] {
            check(ChunkedArray(repeating: 5, count: count), Array(repeating: 5, count: count), "repeating \(count)")
        }
        #expect(ChunkedArray(0..<600) == ChunkedArray(0..<600))
        #expect(ChunkedArray(0..<600) != ChunkedArray(0..<599))
        #expect(ChunkedArray([1, 2]) != ChunkedArray([1, 3]))
    }

    @Test("a copy shares every chunk but the one a write changes")
    func copiesShareChunks() {
        let original = ChunkedArray(0..<(4 * Self.size + 10))
        var copy = original
        copy[Self.size + 3] = -1
        copy.append(99)
        #expect(original[Self.size + 3] == Self.size + 3, "the original is unchanged")
        #expect(original.count == 4 * Self.size + 10)
        let mine = copy.chunks
        let theirs = original.chunks
        #expect(!sameStorage(mine, theirs), "the chunk list itself is the copy's own")
        for k in mine.indices {
            #expect(sameStorage(mine[k], theirs[k]) == (k != 1), "chunk \(k) shared unless written")
        }
        #expect(copy.copyWeight == 4 + Self.size)
        #expect(ChunkedArray(0..<10).copyWeight == 10)
    }

    @Test("refill keeps a small array's buffer and shares a large one's chunks")
    func refill() {
        var mine = ChunkedArray(0..<10)
        mine.append(1)
        let small = ChunkedArray(20..<30)
        mine.refill(from: small)
        #expect(Array(mine) == Array(20..<30))
        #expect(!sameStorage(mine, small), "refilled in its own buffer")
        let large = ChunkedArray(0..<1_000)
        mine.refill(from: large)
        #expect(sameStorage(mine, large))
        #expect(mine == large)
        #expect(Array(fresh(large)) == Array(large))
        #expect(!sameStorage(fresh(large).chunks, large.chunks))
    }
}
