/// A compact canonical encoding of a model's state, and a 64-bit fingerprint
/// over it, for the explorer's seen-set (explorer.md sections 3 and 5).
///
/// The encoding walks every stored field that `==` compares (all but the
/// scratch space, which `==` ignores), each variable-length part preceded by
/// its length and each optional or enum by a tag, so two models have equal
/// encodings exactly when they are `==`. Containers `==` compares whatever
/// their slot order (the live screens, the per-class counters and traits)
/// are written sorted by class number and ordinal. Class names are written
/// as their interned numbers, never as text. Strings are written as their
/// UTF-8 bytes: two strings that differ in bytes but are canonically
/// equivalent would make two states (never one state out of two).
///
/// The fingerprint mixes the words with 64x64->128-bit multiplications (the
/// wyhash construction): a few instructions a word, where Swift's `Hasher`
/// (SipHash) over the whole value cost more than a third of the search.
public struct StateEncoder {
    /// The words written so far: storage the encoder owns, reused from one model to the next.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt64>
        var capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }
        deinit { base.deallocate() }
    }
    private let storage = Storage(capacity: 256)
    /// Room for the pairs of one container, reused.
    private final class Pairs {
        var base = UnsafeMutablePointer<(key: UInt64, value: UInt64)>.allocate(capacity: 64)
        var capacity = 64
        deinit { base.deallocate() }
        func grow() {
            let bigger = UnsafeMutablePointer<(key: UInt64, value: UInt64)>.allocate(capacity: capacity * 2)
            bigger.update(from: base, count: capacity)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
    }
    private var count = 0
    /// Scratch for sorting the unordered containers (left sorted by the last `endPairs`).
    private let pairStorage = Pairs()
    private var pairCount = 0
    var sortedScreens: [Screen] = []
    /// The last traits encoded and their words: traits come from declarations,
    /// which `explore` cannot list, so every state of a search shares one map.
    private var cachedTraits: ClassMap<ScreenTraits>?
    private var cachedTraitWords: [UInt64] = []
    /// Strings met lately and their words (controller class and delegate names, tab names).
    private var cachedStrings: [(text: String, words: [UInt64])] = []
    private var nextCachedString = 0

    public init() {
        sortedScreens.reserveCapacity(64)
    }

    /// The last model's encoding.
    public var words: [UInt64] { Array(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// Replaces `words` by the encoding of `model`.
    public mutating func encode(_ model: NavigationModel) {
        count = 0
        model.encode(into: &self)
    }

    /// The 64-bit fingerprint of the last encoding.
    public var fingerprint: UInt64 { Self.fingerprint(UnsafeBufferPointer(start: storage.base, count: count)) }

    /// Encodes `model` and returns its fingerprint.
    public mutating func fingerprint(of model: NavigationModel) -> UInt64 {
        encode(model)
        return fingerprint
    }

    public static func fingerprint(_ words: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var h: UInt64 = 0xa076_1d64_78bd_642f
        for word in words {
            h = mum(h ^ word, 0xe703_7ed1_a0b4_28db)
        }
        return mum(h ^ UInt64(truncatingIfNeeded: words.count), 0x8ebc_6af0_9c88_c6e3)
    }

    public static func fingerprint(_ words: [UInt64]) -> UInt64 {
        words.withUnsafeBufferPointer { fingerprint($0) }
    }

    @inline(__always)
    static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    // MARK: - Writing

    /// Room for `n` more words.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > storage.capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        let capacity = max(needed, storage.capacity * 2)
        let base = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        base.update(from: storage.base, count: count)
        storage.base.deallocate()
        storage.base = base
        storage.capacity = capacity
    }

    @inline(__always)
    mutating func put(_ word: UInt64) {
        reserve(1)
        storage.base[count] = word
        count += 1
    }

    @inline(__always)
    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }

    @inline(__always)
    mutating func put(_ flag: Bool) { put(flag ? 1 as UInt64 : 0) }

    /// Booleans packed into one word, the first in bit 0.
    @inline(__always)
    mutating func put(flags a: Bool, _ b: Bool, _ c: Bool = false, _ d: Bool = false) {
        put((a ? 1 : 0) | (b ? 2 : 0) | (c ? 4 : 0) | (d ? 8 : 0) as UInt64)
    }

    /// A screen name in one word: the class number high, the ordinal low; an
    /// ordinal that does not fit 32 bits is marked and follows in a word of its own.
    @inline(__always)
    mutating func put(_ name: ScreenName) {
        if name.ordinal >= 0, name.ordinal < 0xFFFF_FFFF {
            put(UInt64(name.cls.id) << 32 | UInt64(name.ordinal))
        } else {
            put(UInt64(name.cls.id) << 32 | 0xFFFF_FFFF)
            put(name.ordinal)
        }
    }

    @inline(__always)
    mutating func put(_ name: ScreenName?) {
        if let name {
            put(1 as UInt64)
            put(name)
        } else {
            put(0 as UInt64)
        }
    }

    @inline(__always)
    mutating func put(_ names: [ScreenName]) {
        put(names.count)
        for name in names { put(name) }
    }

    @inline(__always)
    mutating func put(_ value: Int?) {
        if let value {
            put(1 as UInt64)
            put(value)
        } else {
            put(0 as UInt64)
        }
    }

    mutating func put(words: [UInt64]) {
        reserve(words.count)
        words.withUnsafeBufferPointer { source in
            (storage.base + count).update(from: source.baseAddress!, count: source.count)
        }
        count += words.count
    }

    /// The length in bytes, then the UTF-8 bytes eight to a word (the last
    /// word padded with zeros). A string `==` to one met lately is written
    /// as that one was.
    mutating func put(_ text: String) {
        for entry in cachedStrings where entry.text == text {
            put(words: entry.words)
            return
        }
        let start = count
        var text = text
        text.withUTF8 { bytes in
            let n = (bytes.count + 7) / 8
            reserve(1 + n)
            storage.base[count] = UInt64(bytes.count)
            if n > 0 {
                storage.base[count + n] = 0
                UnsafeMutableRawPointer(storage.base + count + 1).copyMemory(
                    from: bytes.baseAddress!, byteCount: bytes.count)
            }
            count += 1 + n
        }
        let words = Array(UnsafeBufferPointer(start: storage.base + start, count: count - start))
        if cachedStrings.count < 8 {
            cachedStrings.append((text, words))
        } else {
            cachedStrings[nextCachedString] = (text, words)
            nextCachedString = (nextCachedString + 1) % 8
        }
    }

    mutating func put(_ text: String?) {
        if let text {
            put(1 as UInt64)
            put(text)
        } else {
            put(0 as UInt64)
        }
    }

    /// Starts a container of pairs (a key unique in the container, one more word).
    @inline(__always)
    mutating func beginPairs() { pairCount = 0 }

    @inline(__always)
    mutating func appendPair(_ key: UInt64, _ value: UInt64) {
        if pairCount == pairStorage.capacity { pairStorage.grow() }
        pairStorage.base[pairCount] = (key, value)
        pairCount += 1
    }

    /// The pairs of the last container, sorted by key (after `endPairs`).
    var pairs: UnsafeBufferPointer<(key: UInt64, value: UInt64)> {
        UnsafeBufferPointer(start: pairStorage.base, count: pairCount)
    }

    /// Writes the pairs begun last, sorted by key, after their count.
    mutating func endPairs() {
        let pairs = pairStorage.base
        let n = pairCount
        // Insertion sort: a state holds a handful of screens and classes.
        var i = 1
        while i < n {
            let item = pairs[i]
            var j = i
            while j > 0, pairs[j - 1].key > item.key {
                pairs[j] = pairs[j - 1]
                j -= 1
            }
            pairs[j] = item
            i += 1
        }
        reserve(1 + 2 * n)
        let out = storage.base + count
        out[0] = UInt64(n)
        for k in 0..<n {
            out[1 + 2 * k] = pairs[k].key
            out[2 + 2 * k] = pairs[k].value
        }
        count += 1 + 2 * n
    }

    /// Writes the traits again if they share storage with the last ones written.
    mutating func putCached(traits: ClassMap<ScreenTraits>) -> Bool {
        guard let cached = cachedTraits, cached.sharesStorage(with: traits) else { return false }
        put(words: cachedTraitWords)
        return true
    }

    /// Keeps the words written since `start` as the encoding of `traits`.
    mutating func cache(traits: ClassMap<ScreenTraits>, from start: Int) {
        cachedTraitWords = Array(UnsafeBufferPointer(start: storage.base + start, count: count - start))
        cachedTraits = traits
    }

    var position: Int { count }
}

extension NavigationModel {
    /// Every field `==` compares, in a fixed order (see `StateEncoder`).
    func encode(into e: inout StateEncoder) {
        e.put(profile == .ios26 ? 0 as UInt64 : 1)
        e.put(clock)
        e.put(durations.push)
        e.put(durations.pop)
        e.put(durations.present)
        e.put(durations.dismiss)
        encodeTraits(into: &e)
        e.beginPairs()
        counters.appendEntries(to: &e)
        e.endPairs()
        e.put(created)
        encodeScreens(into: &e)
        let ids = navs.comparedIDs
        e.put(ids.count)
        for id in ids {
            if navs[id]?.id == nil {
                e.put(0 as UInt64)
            } else {
                e.put(1 as UInt64)
                navs[id]?.encode(into: &e)
            }
        }
        e.put(nextNavID)
        switch window {
        case .nav(let id):
            e.put(0 as UInt64)
            e.put(id)
        case .tabs(let ids, let selected):
            e.put(1 as UInt64)
            e.put(ids.count)
            for id in ids { e.put(id) }
            e.put(selected)
        }
        e.put(modals.count)
        for modal in modals { modal.encode(into: &e) }
        if case .some(let transition) = modalTransition {
            e.put(1 as UInt64)
            e.put(flags: transition.presenting, transition.animated)
            transition.modal.encode(into: &e)
            e.put(transition.end)
        } else {
            e.put(0 as UInt64)
        }
        controllerClass.encode(into: &e)
        if case .some(let alert) = alert {
            e.put(1 as UInt64)
            e.put(alert.text)
            switch alert.action {
            case .customBack(let nav):
                e.put(0 as UInt64)
                e.put(nav)
            case .safePop(let nav, let call):
                e.put(1 as UInt64)
                e.put(nav)
                call.encode(into: &e)
            }
            e.put(alert.asker)
        } else {
            e.put(0 as UInt64)
        }
        if case .some(let frozen) = frozen {
            switch frozen.reason {
            case .rootScreen(let delegateLetItBegin): e.put(delegateLetItBegin ? 1 as UInt64 : 2)
            case .transitionRunning(let push): e.put(push ? 3 as UInt64 : 4)
            }
            e.put(frozen.nav)
        } else {
            e.put(0 as UInt64)
        }
        e.put(flags: nesting, contentPanUsed)
        guarantees.encode(into: &e)
    }

    private func encodeTraits(into e: inout StateEncoder) {
        guard !e.putCached(traits: traits) else { return }
        let start = e.position
        encodeTraitsInFull(into: &e)
        e.cache(traits: traits, from: start)
    }

    private func encodeTraitsInFull(into e: inout StateEncoder) {
        // Sorted by class number; the strings follow, in the same order.
        e.beginPairs()
        traits.forEachEntry { cls, t in
            var word: UInt64 = 0
            if t.gate { word |= 1 }
            if t.customBack { word |= 2 }
            if t.customBackAlert != nil { word |= 4 }
            if t.confirm != nil { word |= 8 }
            if t.hidesBack { word |= 16 }
            e.appendPair(UInt64(cls.id), word)
        }
        e.endPairs()
        let sorted = e.pairs
        for pair in sorted where pair.value & 12 != 0 {
            let t = traits[ClassName(id: UInt32(truncatingIfNeeded: pair.key))]
            if let text = t?.customBackAlert { e.put(text) }
            if let text = t?.confirm { e.put(text) }
        }
    }

    private func encodeScreens(into e: inout StateEncoder) {
        // One word of name and one of the rest per screen, sorted by name,
        // when every ordinal and parent fits its bits (always, in practice).
        e.beginPairs()
        let packed = screens.appendPacked(to: &e)
        e.endPairs()
        e.put(packed)
        if !packed { encodeScreensInFull(into: &e) }
    }

    /// Every screen's fields in full, sorted by name.
    private func encodeScreensInFull(into e: inout StateEncoder) {
        e.sortedScreens.removeAll(keepingCapacity: true)
        screens.forEachScreen { e.sortedScreens.append($0) }
        var i = 1
        while i < e.sortedScreens.count {
            let item = e.sortedScreens[i]
            var j = i
            while j > 0, Self.precedes(item.name, e.sortedScreens[j - 1].name) {
                e.sortedScreens[j] = e.sortedScreens[j - 1]
                j -= 1
            }
            e.sortedScreens[j] = item
            i += 1
        }
        let sorted = e.sortedScreens
        e.put(sorted.count)
        for screen in sorted {
            e.put(screen.name)
            e.put(flags: screen.viewLoaded, screen.runtimeGate, screen.backHiddenByGate)
            e.put(screen.parent)
        }
    }

    @inline(__always)
    private static func precedes(_ a: ScreenName, _ b: ScreenName) -> Bool {
        a.cls.id != b.cls.id ? a.cls.id < b.cls.id : a.ordinal < b.ordinal
    }
}

extension NavController {
    func encode(into e: inout StateEncoder) {
        e.put(id)
        cls.encode(into: &e)
        e.put(stack)
        switch delegate {
        case .none: e.put(0 as UInt64)
        case .outside(let outside):
            e.put(1 as UInt64)
            outside.encode(into: &e)
        case .controller(let forwardingTo):
            if let forwardingTo {
                e.put(3 as UInt64)
                forwardingTo.encode(into: &e)
            } else {
                e.put(2 as UInt64)
            }
        }
        switch gestureDelegate {
        case .system: e.put(0 as UInt64)
        case .none: e.put(1 as UInt64)
        case .controller: e.put(2 as UInt64)
        }
        e.put(flags: contentPanEnabled, isPushing, barCorrupted)
        e.put(safeDelegate)
        if case .some(let t) = transition {
            e.put(1 as UInt64)
            switch t.kind {
            case .push: e.put(0 as UInt64)
            case .pop: e.put(1 as UInt64)
            case .interactive(let percent, let cancels):
                e.put(cancels ? 3 as UInt64 : 2)
                e.put(percent)
            }
            e.put(t.from)
            e.put(t.to)
            e.put(t.removed)
            e.put(t.addedBelow)
            e.put(flags: t.toIsNew, t.animated, t.repairsBar, t.byContentPan)
            e.put(t.start)
            e.put(t.end)
        } else {
            e.put(0 as UInt64)
        }
        e.put(queue.count)
        for call in queue { call.encode(into: &e) }
        e.put(tabName)
    }
}

extension ControllerClass {
    func encode(into e: inout StateEncoder) {
        e.put(UInt64(features.rawValue))
        e.put(name)
    }
}

extension OutsideDelegate {
    func encode(into e: inout StateEncoder) {
        e.put(name)
        var mask: UInt64 = 0
        for (i, method) in DelegateMethod.allCases.enumerated() where methods.contains(method) {
            mask |= 1 << UInt64(i)
        }
        e.put(mask)
    }
}

extension NavCall {
    func encode(into e: inout StateEncoder) {
        switch self {
        case .push(let name, let animated):
            e.put(animated ? 1 as UInt64 : 0)
            e.put(name)
        case .pop(let animated): e.put(animated ? 3 as UInt64 : 2)
        case .popTo(let name, let animated):
            e.put(animated ? 5 as UInt64 : 4)
            e.put(name)
        case .popToRoot(let animated): e.put(animated ? 7 as UInt64 : 6)
        case .setStack(let names, let animated):
            e.put(animated ? 9 as UInt64 : 8)
            e.put(names)
        }
    }
}

extension Modal {
    func encode(into e: inout StateEncoder) {
        e.put(presenter)
        e.put(screen)
        e.put(nav)
    }
}

extension Guarantees {
    func encode(into e: inout StateEncoder) {
        e.put(guarded.count)
        for entry in guarded { entry.encode(into: &e) }
        e.put(granted)
        if let breach = gateBreach {
            e.put(1 as UInt64)
            breach.encode(into: &e)
        } else {
            e.put(0 as UInt64)
        }
        e.put(confirmationBreach)
    }
}

extension Guarantees.Guarded {
    func encode(into e: inout StateEncoder) {
        e.put(nav)
        e.put(screen)
        e.put(gate)
    }
}
