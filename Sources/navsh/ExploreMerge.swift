import NavExplorer
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navsh explore --merge RESULT.json...` (explorer.md section 6): reads the
/// `--json` results of `navsh explore --shard K/N --prefix-depth D` and
/// prints the combined result and exit status as one run would. Every
/// sequence falls in exactly one shard, so the shortest counterexample among
/// the shards is the shortest overall; among equal lengths the first in the
/// explore list's order (the `path` of step indices each shard writes), so it
/// is the one an unsharded run prints.
enum ExploreMerge {
    /// `K/N`: shard K (0 to N-1) of N.
    static func parseShard(_ text: String?) throws(UsageError) -> (index: Int, count: Int) {
        guard let text else { throw UsageError("option '--shard' needs a value (K/N: shard K of N, from 0)") }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, k >= 0, k < n
        else {
            throw UsageError("invalid value '\(text)' for '--shard' (K/N: shard K of N, 0 <= K < N)")
        }
        return (k, n)
    }

    /// `,"path":[0,3,12]`: a counterexample's steps as indices in the explore list (the wait last).
    static func pathField(_ steps: [Step], waitIndex: Int) -> String {
        let indices = steps.map { step -> String in
            switch step {
            case .action(let i): String(i)
            case .wait: String(waitIndex)
            }
        }
        return ",\"path\":[\(indices.joined(separator: ","))]"
    }

}
