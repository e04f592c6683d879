#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a script's bytes come from: a file descriptor in the executable, a
/// string in tests and the fuzzer.
public protocol ByteSource: AnyObject {
    /// Reads at most `buffer.count` bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int
}

/// Why bytes could not be read, in words for a diagnostic.
public struct ReadFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One line of a script, or why there are no more.
public enum ScriptLine: Equatable, Sendable {
    case line(String)
    case end
    /// A read error or a line longer than the limit: the rest of the file is not run.
    case failed(String)
}

/// Reads scripts a line at a time.
public protocol ScriptLineReader: AnyObject {
    func next() -> ScriptLine
    /// The number of the line `next` returned last (or failed on).
    var lineNumber: Int { get }
}

/// The one line splitter of every path that reads a script (files, stdin,
/// `source`, a script given as text): lines end at LF only (a CR before it
/// stays, and the lexer takes it as a blank), a last line without LF still
/// runs, and a line longer than `maxLineBytes` stops the file with an error
/// instead of growing memory without end. Memory stays flat whatever the
/// file's size: one buffer of 64 KiB and at most one line.
public final class LineSplitter<Source: ByteSource>: ScriptLineReader {
    public static var maxLineBytes: Int { 1 << 20 }
    private static var chunk: Int { 1 << 16 }

    private let source: Source
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var start = 0
    private var end = 0
    /// The start of a line that spans reads.
    private var pending: [UInt8] = []
    private var finished = false
    public private(set) var lineNumber = 0

    public init(_ source: Source) {
        self.source = source
        buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunk)
    }

    deinit { buffer.deallocate() }

    public func next() -> ScriptLine {
        guard !finished else { return .end }
        while true {
            if start < end {
                let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if let base = bytes.baseAddress, let found = memchr(base, 10, bytes.count) {
                    let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    let piece = UnsafeBufferPointer(rebasing: bytes[..<newline])
                    start += newline + 1
                    lineNumber += 1
                    if pending.isEmpty {
                        guard piece.count <= Self.maxLineBytes else { return tooLong() }
                        return .line(String(decoding: piece, as: UTF8.self))
                    }
                    guard pending.count + piece.count <= Self.maxLineBytes else { return tooLong() }
                    pending.append(contentsOf: piece)
                    return takePending()
                }
                guard pending.count + bytes.count <= Self.maxLineBytes else {
                    lineNumber += 1
                    return tooLong()
                }
                pending.append(contentsOf: bytes)
                start = 0
                end = 0
            }
            let count: Int
            do {
                count = try source.read(into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                finished = true
                lineNumber += 1
                pending = []
                return .failed(error.message)
            }
            guard count > 0 else {
                finished = true
                if pending.isEmpty { return .end }
                lineNumber += 1
                guard pending.count <= Self.maxLineBytes else { return tooLong() }
                return takePending()
            }
            start = 0
            end = min(count, buffer.count)
        }
    }

    private func takePending() -> ScriptLine {
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        return .line(line)
    }

    private func tooLong() -> ScriptLine {
        finished = true
        pending = []
        return .failed("line longer than \(Self.maxLineBytes) bytes (1 MiB); the rest of the file is not run")
    }
}

/// A script held as text, read through the same splitter as a file.
public final class TextSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadFailure) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { raw in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
