// From words back to a model (StateCodec.swift has the layout).

extension StateCodec {
    /// The canonical model `words` encode (`encode(_:)`), built from the
    /// codec's declarations in storage of its own; nil when the words are not
    /// a state this codec encoded (too few or too many, a number none of its
    /// tables has, a header bit no state sets).
    public func decode(_ words: [UInt64]) -> NavigationModel? {
        var r = WordReader(words: words)
        do {
            let model = try decode(&r)
            return r.atEnd ? model : nil
        } catch {
            return nil
        }
    }

    private func decode(_ r: inout WordReader) throws(WordReader.Malformed) -> NavigationModel {
        let bits = ModelBits(rawValue: try r.word())
        guard bits.rawValue & ~ModelBits.known == 0 else { throw .malformed }
        var model = NavigationModel(profile: bits.has(ModelBits.legacy) ? .legacy : .ios26)
        model.durations = declarations.durations
        model.traits = declarations.traits
        model.controllerClass = declarations.controllerClass
        model.names = declarations.names
        model.nesting = bits.has(ModelBits.nesting)
        model.contentPanUsed = bits.has(ModelBits.contentPanUsed)
        model.preemption = bits.has(ModelBits.preemption) && model.profile == .ios26
        model.nextNavID = 0
        model.created = try r.int()
        for _ in 0..<(try r.count()) {
            let cls = ClassName(id: try r.uint32())
            model.counters.set(try r.int(), for: cls)
        }
        for _ in 0..<(try r.count()) {
            let name = try r.name()
            model.screens[name] = ScreenTable.screen(name, fields: try r.word())
        }
        let ids = try r.count()
        // The initial model's controller 1 goes, then each slot is written.
        model.navs.remove(1)
        for id in 1..<(1 + ids) {
            let header = try r.word()
            if header == 0 { continue }
            model.navs[id] = try decodeNav(id: id, NavBits(rawValue: header), &r)
        }
        if bits.has(ModelBits.tabs) {
            model.window = .tabs(try r.ints(), selected: try r.int())
        } else {
            model.window = .nav(try r.int())
        }
        var modals: ModalStack = []
        for _ in 0..<(try r.count()) { modals.append(try r.modal()) }
        model.modals = modals
        if bits.has(ModelBits.modalTransition) {
            model.modalTransition = ModalTransition(
                presenting: bits.has(ModelBits.presenting), modal: try r.modal(),
                animated: bits.has(ModelBits.modalAnimated), end: try r.int())
        }
        if bits.has(ModelBits.alert) {
            guard let text = texts.value(try r.word()) else { throw .malformed }
            let nav = try r.int()
            let action: Alert.Action =
                bits.has(ModelBits.safePop) ? .safePop(nav: nav, call: try r.call()) : .customBack(nav: nav)
            model.alert = Alert(text: text, action: action, asker: bits.has(ModelBits.asker) ? try r.name() : nil)
        }
        if bits.frozenCode != 0 {
            guard let reason = ModelBits.frozenReason(bits.frozenCode) else { throw .malformed }
            model.frozen = Frozen(reason: reason, nav: try r.int())
        }
        var guarantees = Guarantees()
        for _ in 0..<(try r.count()) { guarantees.guarded.append(try r.guarded()) }
        guarantees.granted = try r.names()
        if bits.has(ModelBits.gateBreach) { guarantees.gateBreach = try r.guarded() }
        if bits.has(ModelBits.confirmationBreach) { guarantees.confirmationBreach = try r.name() }
        model.guarantees = guarantees
        model.canonicalize()
        return model
    }

    /// Controller `id` from its header word on (layout part 5).
    private func decodeNav(id: Int, _ bits: NavBits, _ r: inout WordReader) throws(WordReader.Malformed)
        -> NavController
    {
        guard bits.rawValue & ~NavBits.known == 0, let cls = classes.value(try r.word()),
            let gestureDelegate = bits.gestureDelegate
        else { throw .malformed }
        var nav = NavController(id: id, cls: cls)
        nav.stack = ChunkedArray(try r.names())
        let code = bits.delegateCode
        let outside = code & 1 != 0 ? delegates.value(try r.word()) : nil
        if code & 1 != 0, outside == nil { throw .malformed }
        switch code {
        case 0: nav.delegate = .none
        case 1: nav.delegate = .outside(outside!)
        case 2: nav.delegate = .controller(forwardingTo: nil)
        default: nav.delegate = .controller(forwardingTo: outside)
        }
        nav.gestureDelegate = gestureDelegate
        nav.contentPanEnabled = bits.has(NavBits.contentPanEnabled)
        nav.isPushing = bits.has(NavBits.isPushing)
        nav.barCorrupted = bits.has(NavBits.barCorrupted)
        if bits.has(NavBits.safeDelegate) { nav.safeDelegate = try r.name() }
        if bits.has(NavBits.transition) {
            let to = try r.name()
            let from = bits.has(NavBits.from) ? try r.name() : nil
            let start = try r.int()
            let end = bits.has(NavBits.end) ? try r.int() : nil
            let kind: NavTransition.Kind
            switch bits.kindCode {
            case 0: kind = .push
            case 1: kind = .pop
            default: kind = .interactive(percent: try r.int(), cancels: bits.kindCode == 3)
            }
            nav.transition = NavTransition(
                kind: kind, from: from, to: to, removed: try r.names(), addedBelow: try r.names(),
                toIsNew: bits.has(NavBits.toIsNew), animated: bits.has(NavBits.animated),
                repairsBar: bits.has(NavBits.repairsBar), start: start, end: end,
                byContentPan: bits.has(NavBits.byContentPan))
        } else if bits.rawValue & (NavBits.known & ~(NavBits.transition - 1)) != 0 {
            throw .malformed
        }
        for _ in 0..<(try r.count()) { nav.queue.append(try r.call()) }
        if bits.has(NavBits.tabName) {
            guard let tab = texts.value(try r.word()) else { throw .malformed }
            nav.tabName = tab
        }
        return nav
    }
}

/// Reads the words of a state in `StateCodec`'s layout, front to back.
struct WordReader {
    struct Malformed: Error {
        static let malformed = Malformed()
    }

    let words: [UInt64]
    private var next = 0

    init(words: [UInt64]) { self.words = words }

    var atEnd: Bool { next == words.count }

    mutating func word() throws(Malformed) -> UInt64 {
        guard next < words.count else { throw .malformed }
        next += 1
        return words[next - 1]
    }

    mutating func int() throws(Malformed) -> Int { Int(truncatingIfNeeded: Int64(bitPattern: try word())) }

    /// A list's count: never more than the words left.
    mutating func count() throws(Malformed) -> Int {
        let count = try word()
        guard count <= UInt64(words.count - next) else { throw .malformed }
        return Int(count)
    }

    mutating func uint32() throws(Malformed) -> UInt32 {
        guard let value = UInt32(exactly: try word()) else { throw .malformed }
        return value
    }

    mutating func name() throws(Malformed) -> ScreenName {
        let word = try word()
        if word == WordWriter.escape { return ScreenName(cls: ClassName(id: try uint32()), ordinal: try int()) }
        let ordinal = Int(word & 0xFFFF_FFFF)
        guard ordinal != 0xFFFF_FFFF else { throw .malformed }
        return ScreenName(cls: ClassName(id: UInt32(word >> 32)), ordinal: ordinal)
    }

    mutating func names() throws(Malformed) -> [ScreenName] {
        var names: [ScreenName] = []
        for _ in 0..<(try count()) { names.append(try name()) }
        return names
    }

    mutating func ints() throws(Malformed) -> [Int] {
        var ints: [Int] = []
        for _ in 0..<(try count()) { ints.append(try int()) }
        return ints
    }

    mutating func modal() throws(Malformed) -> Modal {
        let bits = try word()
        guard bits < 4 else { throw .malformed }
        let presenter = bits & 1 != 0 ? try name() : nil
        let screen = try name()
        return Modal(presenter: presenter, screen: screen, nav: bits & 2 != 0 ? try int() : nil)
    }

    mutating func call() throws(Malformed) -> NavCall {
        let word = try word()
        let animated = word & 1 != 0
        switch NavCallCase(rawValue: word >> 1) {
        case .push: return .push(try name(), animated: animated)
        case .pop: return .pop(animated: animated)
        case .popTo: return .popTo(try name(), animated: animated)
        case .popToRoot: return .popToRoot(animated: animated)
        case .setStack: return .setStack(try names(), animated: animated)
        case nil: throw .malformed
        }
    }

    mutating func guarded() throws(Malformed) -> Guarantees.Guarded {
        Guarantees.Guarded(nav: try int(), screen: try name(), gate: try name())
    }
}
