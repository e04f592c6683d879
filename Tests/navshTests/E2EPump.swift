// Feeds a child's stdin and reads its stdout and stderr on the calling thread
// with poll(2), so a run needs no other thread to make progress.
//
// The end-to-end harness used to read and write on DispatchQueue.global().
// On Linux, libdispatch adds a worker to that pool only while fewer of its
// workers than cores are runnable (it checks /proc once a second). Swift
// Testing runs tests in parallel on threads of the same pool, so while two
// CPU-bound tests ran (ScaleTests, the fuzz corpus, the explorer: seconds to
// minutes in a debug build), a run's queued stdin writer never started, navsh
// waited for the end of its input, and the run's deadline killed it: the
// stdin tests timed out under load and passed alone (issue 14 item 16).

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct E2EPump {
    private(set) var stdout = Data()
    private(set) var stderr = Data()
    private var output: Int32?
    private var errors: Int32?
    private var input: Int32?
    private let feeding: Data
    private var written = 0
    private let closeInput: () -> Void

    /// `input` (nil: none) gets `feeding`, then is closed with `closeInput`
    /// (the descriptors belong to their FileHandles, which close them).
    init(output: Int32, errors: Int32, input: Int32?, feeding: Data, closeInput: @escaping () -> Void) {
        self.output = output
        self.errors = errors
        self.feeding = feeding
        self.closeInput = closeInput
        self.input = input
        if let input {
            // The child may stop reading early (an error, --bail): a failed write is fine.
            signal(SIGPIPE, SIG_IGN)
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            if feeding.isEmpty { finishInput() }
        }
    }

    /// Whether both outputs reached their end.
    var finished: Bool { output == nil && errors == nil }

    /// Writes and reads until both outputs end or `deadline` passes.
    mutating func run(until deadline: Date) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !finished {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            var fds: [pollfd] = []
            if let output { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if let errors { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            if let input { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == input {
                    write()
                } else {
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
                    if n < 0, errno == EINTR || errno == EAGAIN { continue }
                    if n <= 0 {
                        if entry.fd == output { output = nil } else { errors = nil }
                    } else if entry.fd == output {
                        stdout.append(contentsOf: chunk[0..<n])
                    } else {
                        stderr.append(contentsOf: chunk[0..<n])
                    }
                }
            }
        }
    }

    /// Stops feeding input (closing it if it is still open).
    mutating func closeAll() {
        if input != nil { finishInput() }
    }

    private mutating func write() {
        guard let input else { return }
        let n = feeding.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return Glibc.write(input, base + written, raw.count - written)
        }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            finishInput() // EPIPE: the child closed its stdin
            return
        }
        written += n
        if written >= feeding.count { finishInput() }
    }

    private mutating func finishInput() {
        input = nil
        closeInput()
    }
}

/// Reads a handle to its end on a thread of its own (not the dispatch pool,
/// for the reason above).
final class E2EReader: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.lock()
            data = all
            lock.unlock()
            finished.signal()
        }
        thread.start()
    }

    /// What was read, once the end came or `timeout` seconds passed.
    func wait(timeout: TimeInterval) -> Data {
        _ = finished.wait(timeout: .now() + timeout)
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
