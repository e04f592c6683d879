import NavExplorer
import NavScript
import NavigationEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What decides a sharded search, as its shards write it on their first
/// line (explorer.md section 6): the setup files and their bytes (with
/// every file they `source`, nested ones too), the start state they make, the actions, invariants and checks, the profile, the
/// depth, `--all`, the shard count and prefix depth, and navsh's version,
/// with a digest of all of it. `navsh explore --merge` merges only shards
/// whose digests are equal and match their fields, and rebuilds every
/// counterexample it prints from these fields and the steps' indices.
struct SearchIdentity: Equatable {
    var index = 0
    var count = 1
    var prefixDepth = 2
    var all = false
    var depth = 8
    /// `--profile` as given ("" without it: the counterexample then sets none).
    var profile = ""
    /// The setup files as given on the command line (the header).
    var files: [String] = []
    /// The same, relative to the folder the shard ran in (the printed script's `source` lines).
    var sources: [String] = []
    /// The same, absolute (a merged `--out` file's `source` lines).
    var paths: [String] = []
    /// Every file the setup read through `source`, absolute, each once
    /// (a merged `--out` never replaces one of them).
    var sourced: [String] = []
    var actions: [String] = []
    var invariants: [String] = []
    var checks: [String] = []
    var version = Shell.version
    /// A digest of the navsh executable that ran the shard (`buildDigest`).
    var build = ""
    /// Digests of the bytes of the setup files and of the files they
    /// source, and of the start state they make.
    var setup = ""
    var start = ""
    var digest = ""

    /// The fields the digest covers, in a fixed order (not the shard's index).
    var digestFields: [String] {
        var fields = [
            "navsh-shard-2", version, build, String(count), String(prefixDepth), String(all), String(depth), profile,
            setup,
            start,
        ]
        for list in [files, sources, paths, sourced, actions, invariants, checks] {
            fields.append(String(list.count))
            fields += list
        }
        return fields
    }

    func computedDigest() -> String {
        var d = SearchDigest()
        for field in digestFields { d.add(field) }
        return d.hex
    }

    /// The header an unsharded run prints first.
    var header: String {
        ExploreCommand.header(
            files: files, actions: actions.count, depth: depth, checks: checks, invariants: invariants.count)
    }

    /// The first line of a shard's `--json` result.
    var line: String {
        func list(_ items: [String]) -> String {
            "[" + items.map(EventRenderer.jsonString).joined(separator: ",") + "]"
        }
        return
            "{\"type\":\"shard\",\"shard\":\(index),\"of\":\(count),\"prefix_depth\":\(prefixDepth),\"all\":\(all),\"header\":\(EventRenderer.jsonString(header)),\"depth\":\(depth),\"profile\":\(EventRenderer.jsonString(profile)),\"files\":\(list(files)),\"sources\":\(list(sources)),\"paths\":\(list(paths)),\"sourced\":\(list(sourced)),\"actions\":\(list(actions)),\"invariants\":\(list(invariants)),\"checks\":\(list(checks)),\"version\":\(EventRenderer.jsonString(version)),\"build\":\"\(build)\",\"setup\":\"\(setup)\",\"start\":\"\(start)\",\"digest\":\"\(digest)\"}"
    }

    /// Why `explore --merge` could not read this shard line back, or nil:
    /// checked before a shard searches, so no search's result is refused
    /// after it ran.
    var unmergeable: String? {
        if files.count > 1000 { return "a shard's setup is at most 1,000 files (explore --merge reads no more)" }
        for list in [files, sources, paths, sourced, actions, invariants]
        where list.contains(where: { $0.utf8.count > 4096 }) {
            return
                "a shard's file names, actions and invariants are at most 4,096 bytes each (explore --merge reads no more)"
        }
        if line.utf8.count > LineSplitter<ShardSource>.maxLineBytes {
            return
                "the shard line (the setup's files, the files they source, the actions) is over 1 MiB: too long for explore --merge to read"
        }
        return nil
    }

    /// The identity of the search `explore` is about to run.
    static func of(
        files: [String], reads: SetupReads, config: ExploreConfiguration, profile: Profile?, start: NavigationModel,
        shard: ExploreShard
    ) -> SearchIdentity {
        var id = SearchIdentity()
        id.index = shard.index
        id.count = shard.count
        id.prefixDepth = shard.prefixDepth
        id.all = config.all
        id.depth = config.depth
        id.profile = profile?.rawValue ?? ""
        id.files = files
        id.sources = files.map { relativePath($0, from: ".") }
        id.paths = files.map { realPath($0) ?? $0 }
        id.sourced = reads.paths
        id.build = buildDigest
        id.actions = config.actions.map(\.source)
        id.invariants = config.invariants.map(\.source)
        id.checks = config.checks.map(\.rawValue)
        var setup = SearchDigest()
        for file in files {
            let bytes = ExploreMerge.readText(file).map { Array($0.utf8) } ?? []
            setup.add(String(bytes.count))
            setup.add(bytes: bytes)
        }
        reads.add(to: &setup)
        id.setup = setup.hex
        // The start state as the search's words (StateCodec.swift).
        var codec = StateCodec(declarationsOf: start)
        var startDigest = SearchDigest()
        for word in codec.encode(start) { startDigest.add(String(word)) }
        id.start = startDigest.hex
        id.digest = id.computedDigest()
        return id
    }

    /// The running executable's bytes, digested eight at a time (FNV-1a
    /// over words): every build of navsh has its own (the version names no
    /// build), so shards of two builds, which may search differently, are
    /// not merged; a copy of the same file merges. Where the executable
    /// cannot be read (no /proc), the digest of nothing, which tells no
    /// builds apart.
    static let buildDigest: String = {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        guard let file = fopen("/proc/self/exe", "rb") else { return SearchDigest().hex }
        defer { fclose(file) }
        var words = [UInt64](repeating: 0, count: 1 << 17)
        while true {
            for i in words.indices { words[i] = 0 }
            let bytes = words.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if bytes == 0 { break }
            for word in words.prefix((bytes + 7) / 8) {
                value ^= word
                value &*= 0x0000_0100_0000_01b3
            }
            value ^= UInt64(bytes)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }()

    /// Reads a shard line's fields; nil and why when one is missing or out of bounds.
    static func parse(_ object: [String: JSONValue]) -> Result<SearchIdentity, ExploreMerge.Problem> {
        func fail(_ text: String) -> Result<SearchIdentity, ExploreMerge.Problem> {
            .failure(ExploreMerge.Problem(text: "the shard line's \(text)"))
        }
        var id = SearchIdentity()
        guard let count = object["of"]?.int, (1...1_000_000).contains(count) else {
            return fail("'of' is not a shard count from 1 to 1,000,000")
        }
        guard let index = object["shard"]?.int, (0..<count).contains(index) else {
            return fail("'shard' is not a shard number below 'of'")
        }
        guard let prefix = object["prefix_depth"]?.int, (1...1_000).contains(prefix) else {
            return fail("'prefix_depth' is not a depth from 1 to 1,000")
        }
        guard let depth = object["depth"]?.int, (0...ExploreCommand.maxDepth).contains(depth) else {
            return fail(
                "'depth' is missing or out of bounds (a shard of navsh \(Shell.version.dropFirst(6)) writes it)")
        }
        guard let all = object["all"]?.bool else { return fail("'all' is not true or false") }
        (id.index, id.count, id.prefixDepth, id.depth, id.all) = (index, count, prefix, depth, all)
        func strings(_ key: String, atMost: Int) -> [String]? {
            guard case .array(let values)? = object[key], values.count <= atMost else { return nil }
            let texts = values.compactMap(\.string)
            return texts.count == values.count && texts.allSatisfy({ $0.utf8.count <= 4096 }) ? texts : nil
        }
        guard let files = strings("files", atMost: 1000), !files.isEmpty,
            let sources = strings("sources", atMost: 1000), sources.count == files.count,
            let paths = strings("paths", atMost: 1000), paths.count == files.count,
            let sourced = strings("sourced", atMost: 1 << 18),
            let actions = strings("actions", atMost: 254), !actions.isEmpty,
            let invariants = strings("invariants", atMost: ExploreConfiguration.maxInvariants),
            let checks = strings("checks", atMost: BuiltinProperty.allCases.count),
            checks.allSatisfy({ BuiltinProperty(rawValue: $0) != nil })
        else {
            return fail(
                "files, sources, paths, sourced, actions, invariants or checks are missing or malformed (a shard of navsh \(Shell.version.dropFirst(6)) writes them)"
            )
        }
        (id.files, id.sources, id.paths, id.sourced, id.actions, id.invariants, id.checks) =
            (files, sources, paths, sourced, actions, invariants, checks)
        guard let profile = object["profile"]?.string, profile.isEmpty || Profile(rawValue: profile) != nil else {
            return fail("'profile' is not ios26, legacy or empty")
        }
        id.profile = profile
        func hex(_ key: String) -> String? {
            guard let text = object[key]?.string, text.utf8.count == 16,
                text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else { return nil }
            return text
        }
        guard let version = object["version"]?.string, let build = hex("build"), let setup = hex("setup"),
            let start = hex("start"), let digest = hex("digest")
        else { return fail("version, build, setup, start or digest is missing or malformed") }
        (id.version, id.build, id.setup, id.start, id.digest) = (version, build, setup, start, digest)
        guard object["header"]?.string == id.header else { return fail("header does not match its fields") }
        guard id.computedDigest() == digest else {
            return fail("digest does not match its fields (the file was edited)")
        }
        return .success(id)
    }

    /// The property a violation line names, if it is one this search checks.
    func expectLine(ofProperty name: String) -> String?? {
        if let builtin = BuiltinProperty(rawValue: name), checks.contains(name) {
            return .some(ExploreShard.expectLine(for: builtin))
        }
        if name.hasPrefix("invariant "), invariants.contains(String(name.dropFirst(10))) {
            return .some("expect \(name.dropFirst(10))")
        }
        return nil
    }

    /// A property's place in report order (built-in properties first, in
    /// their order, then the invariants as listed), as a run sorts them.
    func rank(ofProperty name: String) -> Int {
        if let builtin = BuiltinProperty(rawValue: name) {
            return BuiltinProperty.allCases.firstIndex(of: builtin) ?? 0
        }
        let text = String(name.dropFirst(10))
        return BuiltinProperty.allCases.count + (invariants.firstIndex(of: text) ?? invariants.count)
    }
}
