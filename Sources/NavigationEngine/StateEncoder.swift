/// A 64-bit fingerprint of a model's state, for the explorer's seen-set
/// (explorer.md sections 3 and 5), computed as the state is walked, with no
/// encoding stored.
///
/// The walk visits every stored field that `==` compares (all but the
/// scratch space, which `==` ignores, and the class-name table, which it
/// compares only as one lineage: see `NameTable`), each variable-length part
/// preceded by its length and each optional's value by a tag, and mixes the
/// words into the fingerprint as it goes (the wyhash construction: a
/// 64x64->128 bit multiplication a word or a pair of words, `PartHasher`; the
/// number of words is not mixed in at the end: each variable-length part is
/// preceded by its length, so no state's words are the start of another's).
/// The fields of a fixed size, the tags and the enums' cases are packed into
/// one word (the model's and each controller's `shape`). Containers `==`
/// compares whatever their slot order (the live screens, the per-class
/// counters and traits) are mixed as their count and the sum of their
/// entries' own hashes, so no sort is needed. Class names are mixed as their
/// interned numbers, never as text; strings as their own hash (their UTF-8
/// bytes, eight to a word). The declarations no step can change (the
/// durations, the screens' traits, the controller class's name) are mixed
/// first, once, and the hasher after them reused while the search's states
/// share them (`declarations(of:)`). Each controller is mixed in as its own hash, which its slot's
/// summary keeps from `canonicalize` until the slot is written (NavTable+Summary.swift),
/// so a step that leaves a controller alone does not hash it again; a
/// controller class's name is hashed once, when it is set (`ControllerClass.nameHash`).
///
/// Two `==` models have the same fingerprint; two models that are not `==`
/// have different ones but for a 64-bit collision, whose probability the
/// explorer reports.
public struct StateEncoder {
    /// The count and sum of the container begun last (`beginPairs`).
    private var pairCount: UInt64 = 0
    private var pairSum: UInt64 = 0
    /// The last traits hashed and their hash: traits come from declarations,
    /// which `explore` cannot list, so every state of a search shares one map.
    private var cachedTraits: ClassMap<ScreenTraits>?
    private var cachedTraitsHash: UInt64 = 0
    /// The hasher with the declarations mixed in (`declarations(of:)`), and
    /// the durations and the controller class's name hash it was mixed from
    /// (with `cachedTraits`).
    private var cachedDeclarations = PartHasher()
    private var cachedDurations: Durations?
    private var cachedClassNameHash: UInt64 = 0
    /// `cachedDeclarations` are those of every state `fingerprint(ofSearchState:)` is handed.
    private var declarationsPinned = false
    /// Strings hashed lately and their hashes (delegate names, tab names, alert texts).
    private static let cachedStringCount = 4
    private var cachedStrings: [(text: String, hash: UInt64)] = []
    private var nextCachedString = 0
    /// The controller delegate hashed last (a copy, so its storage stays
    /// alive) and its words (`delegateWords`).
    private var cachedDelegate: DelegateSlot = .none
    private var cachedDelegateWords: (UInt64, UInt64) = (0, 0)

    public init() {}

    /// The fingerprint of `model`.
    public mutating func fingerprint(of model: NavigationModel) -> UInt64 {
        var model = model
        return fingerprint(of: &model)
    }

    /// `fingerprint(of:)` of a model the caller holds in a variable it also
    /// steps (the explorer's): handed over by value, that model was copied
    /// whole (a memcpy of the model) before every call; in place, with
    /// `NavigationModel.encode` and its parts inlined, it is read where it is.
    public mutating func fingerprint(of model: inout NavigationModel) -> UInt64 {
        var m = declarations(of: model)
        NavigationModel.encode(model, into: &m, encoder: &self)
        return m.value
    }

    /// `fingerprint(of: &model)` of a state of the search whose states this
    /// encoder has fingerprinted so far: every state of a search has the
    /// declarations of its first (`explore` takes no declaration as an
    /// action), so the hasher with them mixed in is taken as kept after the
    /// first call, without the test `declarations(of:)` makes that they are
    /// the same (the traits' storage, the controller class's name hash and
    /// the four durations compared, on every state).
    @inline(__always)
    public mutating func fingerprint(ofSearchState model: inout NavigationModel) -> UInt64 {
        var m: PartHasher
        if declarationsPinned {
            assert(sameDeclarations(as: model), "a search's states share their declarations")
            m = cachedDeclarations
        } else {
            m = declarations(of: model)
            declarationsPinned = true
        }
        NavigationModel.encode(model, into: &m, encoder: &self)
        return m.value
    }

    /// The canonical form of `model`, a state one step from `parent`
    /// (`NavigationModel.canonicalize(renaming:stepFrom:)`), then its
    /// `fingerprint(ofSearchState:)`: the explorer's two calls for every
    /// state a step makes in one call from its module, the fingerprint inlined.
    public mutating func canonicalFingerprint(
        of model: inout NavigationModel, renaming: Bool, stepFrom parent: inout NavigationModel
    ) -> UInt64 {
        model.canonicalize(renaming: renaming, stepFrom: &parent)
        return fingerprint(ofSearchState: &model)
    }

    /// `canonicalFingerprint(of:renaming:stepFrom:)` of a model that was
    /// the parent itself, before the step: what the renaming reads of the
    /// parent taken then (`StepOrigin`).
    public mutating func canonicalFingerprint(
        of model: inout NavigationModel, renaming: Bool, stepFrom origin: inout StepOrigin
    ) -> UInt64 {
        model.canonicalize(renaming: renaming, stepFrom: &origin)
        return fingerprint(ofSearchState: &model)
    }

    /// Whether the declarations mixed last are `model`'s.
    @inline(__always)
    private func sameDeclarations(as model: NavigationModel) -> Bool {
        guard let cached = cachedTraits else { return false }
        return cached.sharesStorage(with: model.traits)
            && cachedClassNameHash == model.controllerClass.nameHash
            && cachedDurations == model.durations
    }

    /// The fingerprint's hasher with the declarations no step changes mixed
    /// in first (the durations, the screens' traits, the controller class's
    /// name): kept while the next model's are the same, as they are in every
    /// state of a search. Mixed for each state, they took three
    /// multiplications and a look at the traits' storage.
    @inline(__always)
    private mutating func declarations(of model: NavigationModel) -> PartHasher {
        if sameDeclarations(as: model) { return cachedDeclarations }
        return mixDeclarations(of: model)
    }

    /// `declarations(of:)` mixed anew, and kept.
    @inline(never)
    private mutating func mixDeclarations(of model: NavigationModel) -> PartHasher {
        var m = PartHasher(seed: 0xa076_1d64_78bd_642f)
        m.put(model.durations.push, model.durations.pop)
        m.put(model.durations.present, model.durations.dismiss)
        let traits = traitsHash(model.traits, hash: NavigationModel.hash(of:))
        m.put(traits, model.controllerClass.nameHash)
        cachedDeclarations = m
        cachedDurations = model.durations
        cachedClassNameHash = model.controllerClass.nameHash
        return m
    }

    @inline(__always)
    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    /// The hash of one entry of an unordered container (a key unique in it, and its value).
    @inline(__always)
    static func entryHash(_ key: UInt64, _ value: UInt64) -> UInt64 {
        mum(mum(key ^ 0x5899_65cc_7537_4cc3, 0xe703_7ed1_a0b4_28db) ^ value, 0x1d8e_4e27_c47d_124f)
    }

    /// The string's own hash (its length, then its UTF-8 bytes eight to a
    /// word, the last padded with zeros). A string `==` to one hashed lately
    /// reuses that one's hash: an outside delegate's name comes back in
    /// every state.
    mutating func stringHash(_ text: String) -> UInt64 {
        for entry in cachedStrings where entry.text == text { return entry.hash }
        let hash = Self.hash(of: text)
        if cachedStrings.count < Self.cachedStringCount {
            cachedStrings.append((text, hash))
        } else {
            cachedStrings[nextCachedString] = (text, hash)
            nextCachedString = (nextCachedString + 1) % Self.cachedStringCount
        }
        return hash
    }

    /// An outside delegate's words in a controller's hash, read in place: its
    /// name's hash and its methods' mask (`OutsideDelegate.methodMask`);
    /// zeros for a slot without one. A delegate with the bits of the one
    /// asked last is that one (the same case, the name and the set in the
    /// same storage, which the copy kept here holds on to), and takes its
    /// words again: each controller with an outside delegate copied it
    /// (retaining and releasing its name and its set), looked its name up
    /// among the strings hashed lately and walked its set.
    mutating func delegateWords(_ delegate: DelegateSlot) -> (UInt64, UInt64) {
        if cachedDelegate == delegate { return cachedDelegateWords }
        let words: (UInt64, UInt64)
        switch delegate {
        case .outside(let outside), .controller(forwardingTo: .some(let outside)):
            words = (stringHash(outside.name), outside.methodMask)
        case .none, .controller(forwardingTo: .none): words = (0, 0)
        }
        cachedDelegate = delegate
        cachedDelegateWords = words
        return words
    }

    /// The hash `stringHash` gives `text`.
    static func hash(of text: String) -> UInt64 {
        var m = PartHasher()
        m.put(utf8: text.utf8)
        return m.value
    }

    /// Starts an unordered container of pairs (a key unique in the container, one more word).
    @inline(__always)
    mutating func beginPairs() {
        pairCount = 0
        pairSum = 0
    }

    /// Adds `count` pairs whose `entryHash`es sum to `sum` (kept by the caller).
    @inline(__always)
    mutating func appendPairs(count: UInt64, sum: UInt64) {
        pairSum &+= sum
        pairCount &+= count
    }

    /// Adds an entry hashed by the caller to the container begun last.
    @inline(__always)
    mutating func appendEntry(hash: UInt64) {
        pairSum &+= hash
        pairCount &+= 1
    }

    /// The container begun last: its count, and the sum of its entries' hashes.
    @inline(__always)
    func pairs() -> (count: UInt64, sum: UInt64) { (pairCount, pairSum) }

    /// The hash of `traits`, computed by `hash` unless they share storage
    /// with the last ones hashed.
    mutating func traitsHash(_ traits: ClassMap<ScreenTraits>, hash: (ClassMap<ScreenTraits>) -> UInt64) -> UInt64 {
        if let cached = cachedTraits, cached.sharesStorage(with: traits) { return cachedTraitsHash }
        let value = hash(traits)
        cachedTraits = traits
        cachedTraitsHash = value
        return value
    }
}
