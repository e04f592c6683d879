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
            // Each index's count, written by the one thread running that index
            // and read once `run` returns: ThreadSanitizer checks that the pool
            // orders them. (Not a Mutex: on Linux its futex is hidden from
            // ThreadSanitizer, which reports the appends it guards as a race.)
            let perIndex = UnsafeMutablePointer<Int>.allocate(capacity: threads)
            perIndex.initialize(repeating: 0, count: threads)
            defer { perIndex.deallocate() }
            let counts = SendablePointer(base: perIndex)
            for batch in 0..<300 {
                let before = calls.load(ordering: .relaxed)
                pool.run { index in
                    calls.wrappingAdd(1, ordering: .relaxed)
                    counts.base[index] += 1
                }
                // Every body has returned when `run` does.
                #expect(calls.load(ordering: .relaxed) == before + threads)
                // Now and then a pause longer than the workers spin, so they sleep.
                if batch % 50 == 0 { usleep(5_000) }
            }
            let counted = Array(UnsafeBufferPointer(start: perIndex, count: threads))
            #expect(counted == Array(repeating: 300, count: threads))
        }
    }
}

/// Memory threads write at different places (each place by one thread).
struct SendablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
