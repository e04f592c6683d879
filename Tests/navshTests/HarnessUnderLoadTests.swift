// The end-to-end harness does not depend on the dispatch pool having a free
// thread (issue 14 item 16): a run that feeds navsh's stdin finishes while
// CPU-bound work holds every worker of DispatchQueue.global(), as tests running
// in parallel beside it do. With the stdin writer queued on that pool, this
// run timed out (checked).

import Dispatch
import Foundation
import Testing

@Suite("E2E harness under load")
struct HarnessUnderLoadTests {
    @Test func stdinIsFedWhileThePoolIsBusy() throws {
        let stop = ManagedFlag()
        let hogs = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchGroup()
        for _ in 0..<hogs {
            started.enter()
            DispatchQueue.global().async {
                started.leave()
                var x = 0
                while !stop.isSet { for i in 0..<10_000 { x &+= i } }
                if x == 42 { print(x) }
            }
        }
        defer { stop.set() }
        _ = started.wait(timeout: .now() + 10)
        let run = try E2E.run([], stdin: Data("push A\nstack\n".utf8), timeout: 20)
        stop.set()
        expectClean(run)
        #expect(run.status == 0)
        #expect(run.stdout == "[    0ms] nav.pushViewController(A, animated: true)\nA\n")
    }
}

/// A flag set from one thread and read from others.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
