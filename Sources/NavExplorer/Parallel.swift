#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body(0) ... body(count - 1)` on `count` threads (the calling one
/// runs the first) and returns when all have finished.
func runInParallel(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard count > 1 else {
        body(0)
        return
    }
    final class Job: @unchecked Sendable {
        let index: Int
        let body: @Sendable (Int) -> Void
        init(index: Int, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.body = body
        }
    }
    var threads: [pthread_t] = []
    var started: [Int] = []
    for index in 1..<count {
        let job = Unmanaged.passRetained(Job(index: index, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                job.body(job.index)
                return nil
            }, job)
        if status == 0 {
            threads.append(thread)
        } else {
            // No thread: run this share here instead.
            Unmanaged<Job>.fromOpaque(job).release()
            started.append(index)
        }
    }
    body(0)
    for index in started { body(index) }
    for thread in threads { pthread_join(thread, nil) }
}

/// The cores this process may use.
public func availableCores() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
