import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Shell {
    /// Writes to stderr as is (no newline added): the progress line.
    static func writeErrorRaw(_ text: String) {
        writer.errorRaw(text)
    }
}

/// 1234567 as "1,234,567".
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}

/// A number with `places` decimals.
func decimal(_ x: Double, _ places: Int) -> String {
    guard x.isFinite else { return "0" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let n = Int((x * Double(scale)).rounded())
    let whole = n / scale
    let fraction = n % scale
    guard places > 0 else { return String(whole) }
    let digits = String(fraction)
    return "\(whole).\(String(repeating: "0", count: places - digits.count))\(digits)"
}

/// A small probability as "3.2e-14".
func scientific(_ x: Double) -> String {
    guard x > 0, x.isFinite else { return "0" }
    var exponent = 0
    var mantissa = x
    while mantissa < 1 {
        mantissa *= 10
        exponent -= 1
    }
    while mantissa >= 10 {
        mantissa /= 10
        exponent += 1
    }
    var text = decimal(mantissa, 1)
    if text == "10.0" {
        text = "1.0"
        exponent += 1
    }
    return "\(text)e\(exponent)"
}

/// `path` as seen from `directory` (both taken from the current directory when relative).
func relativePath(_ path: String, from directory: String) -> String {
    guard let target = realPath(path), let base = realPath(directory) else { return path }
    let t = target.split(separator: "/")
    let b = base.split(separator: "/")
    var common = 0
    while common < t.count, common < b.count, t[common] == b[common] { common += 1 }
    let ups = Array(repeating: "..", count: b.count - common)
    let rest = t[common...].map(String.init)
    let parts = ups + rest
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}

/// This process's peak resident memory: the kernel's high-water mark of
/// its own address space (`VmHWM`). `getrusage`'s `ru_maxrss` is the
/// fallback only: on Linux it also counts the memory of the process that
/// forked this one before it ran navsh (a Python bench's 14 MiB, say).
func peakResidentBytes() -> Int {
    if let fd = fopen("/proc/self/status", "r") {
        defer { fclose(fd) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), fd) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix("VmHWM:"), let kb = Int(line.dropFirst(6).filter(\.isNumber)) {
                return kb * 1024
            }
        }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}
