import Synchronization
import Testing

@testable import NavExplorer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Worker pool")
struct WorkerPoolTests {
    @Test("each batch runs its body once on every thread, whether the workers spin or sleep between batches")
    func everyThreadOncePerBatch() {
        for threads in [1, 2, 3] {
            let pool = WorkerPool(threads)
            defer { pool.shutDown() }
            #expect(pool.count == threads)
            let calls = Atomic<Int>(0)
            let indices = Mutex<[Int]>([])
            for batch in 0..<300 {
                let before = calls.load(ordering: .relaxed)
                pool.run { index in
                    calls.wrappingAdd(1, ordering: .relaxed)
                    indices.withLock { $0.append(index) }
                }
                // Every body has returned when `run` does.
                #expect(calls.load(ordering: .relaxed) == before + threads)
                // Now and then a pause longer than the workers spin, so they sleep.
                if batch % 50 == 0 { usleep(5_000) }
            }
            let counted = indices.withLock { list in (0..<threads).map { i in list.filter { $0 == i }.count } }
            #expect(counted == Array(repeating: 300, count: threads))
        }
    }
}
