/// The search's state apart from the model: a canonical state as a vector of
/// 64-bit words, like SPIN's state vector, and the one codec between the two
/// (docs/explorer.md, "The state as words").
///
/// A state is a model made canonical (`NavigationModel.canonicalize()`, then
/// `renameInstances()` when the search renames): the clock made relative (it
/// reads 0; a transition's start and end, a modal transition's end are
/// counted from now), `nextNavID` 0, the work count 0, guarantees of released
/// screens dropped, and each class's instances renumbered in a canonical
/// order. Its words hold every field `==` compares but the declarations, which
/// no step can change and every state of a search shares (the durations, the
/// screens' traits, the controller class `use` chose, the class names): the
/// codec keeps those, from the model it is made with.
///
/// The layout. An int is its two's complement (`Int64` bits); a screen name is
/// one word, its class number high and its ordinal low (`class << 32 |
/// ordinal`), or, for an ordinal that does not fit, the escape word (all ones)
/// then the class number and the ordinal; a text (a delegate's name, a tab's
/// name, an alert's text), an outside delegate and a controller class are a
/// 64-bit hash of their content (`ValueWords`), the same in every codec. Each
/// list is its count, then its elements; each optional is a bit of a header
/// word, then its value when the bit is set. In order:
///
/// 1. The model's header (`ModelBits`): the profile, `nesting`,
///    `contentPanUsed`, the window's case, a modal transition (its direction,
///    its animation), an alert (its action's case, an asker), why the UI is
///    frozen (3 bits: 0 when it is not), a gate breach, a confirmation breach,
///    `preemption`.
/// 2. `created`, the instances created so far.
/// 3. The per-class counters: their count, then the class number and the
///    counter of each, by class number.
/// 4. The live screens: their count, then each screen's name and one word of
///    flags (`ScreenTable.fields`: view loaded, gate pushed, back hidden by a gate, a
///    parent; the parent's id from bit 4), in canonical name order.
/// 5. The controllers: the count of compared ids (1 up to the last live
///    controller), then for each id a 0 for an empty slot or the controller:
///    its header (`NavBits`, never 0: its bit 0 is set), its class, its stack,
///    the outside delegate it has or forwards to, its safe delegate, its
///    transition (the destination, the source, the start, the end, the
///    percent of an interactive one, the screens removed, the screens added
///    below), its queued calls (a call is one word of case and animation,
///    then its name or its list), its tab's name.
/// 6. The window: a controller's id, or the tabs' ids and the selected index.
/// 7. The modals, bottom to top: each a word of which optionals are set, the
///    presenter, the screen, the controller's id.
/// 8. The modal transition (a modal, then its end), the alert (its text, its
///    controller, the safe pop's call, the asker), the frozen pop's
///    controller, when the header says they are there.
/// 9. The guarantees: the guarded entries (controller, screen, gate), the
///    granted screens, the gate breach, the confirmation breach.
///
/// Decoding builds a model of its own storage from the declarations and the
/// words (`decode(_:)`): stepping it shares no buffer with any other state.
/// StateCodecTests holds the codec to the model on every state the bench and
/// findings setups reach: decode then encode gives the same words; two states
/// have the same words exactly when they are `==`; a decoded state steps to
/// the state, and the events, its model steps to.
public struct StateCodec {
    /// The declarations of the search's states, and the class names met so
    /// far (the longest table of the lineage: `==` takes a table and its
    /// prefixes as equal).
    var declarations: NavigationModel
    /// The texts, outside delegates and controller classes met, each by its
    /// word (a hash of its content: `ValueWords`).
    var texts = ValueWords<String>()
    var delegates = ValueWords<OutsideDelegate>()
    var classes = ValueWords<ControllerClass>()
    /// The screen table's slots in canonical order, for `encode` (kept for its storage).
    var screenScratch: [ScreenTable.Slot] = []

    /// A codec for the states of a search from `start` (whose declarations they all share).
    public init(declarationsOf start: NavigationModel) {
        var declarations = NavigationModel(profile: start.profile)
        declarations.durations = start.durations
        declarations.traits = start.traits
        declarations.controllerClass = start.controllerClass
        declarations.names = start.names
        self.declarations = declarations
    }

    /// The words of `model`, a canonical state with the codec's declarations.
    public mutating func encode(_ model: NavigationModel) -> [UInt64] {
        var words: [UInt64] = []
        encode(model, into: &words)
        return words
    }

    /// `encode(_:)` into `words`, which it empties first.
    public mutating func encode(_ model: borrowing NavigationModel, into words: inout [UInt64]) {
        var w = WordWriter(words: [])
        swap(&w.words, &words)
        w.words.removeAll(keepingCapacity: true)
        encode(model, into: &w)
        swap(&w.words, &words)
    }

    /// The words of `model` put into `w`, front to back (the layout above).
    mutating func encode<Sink: WordSink>(_ model: borrowing NavigationModel, into w: inout Sink) {
        precondition(
            model.durations == declarations.durations
                && (model.traits.sharesStorage(with: declarations.traits) || model.traits == declarations.traits)
                && model.controllerClass == declarations.controllerClass,
            "a codec encodes the states of one search, which share their declarations")
        if model.names.count > declarations.names.count { declarations.names = model.names }
        w.put(ModelBits.of(model).rawValue)
        w.put(model.created)
        w.put(model.counters.count)
        model.counters.forEachEntry { cls, counter in
            w.put(UInt64(cls))
            w.put(counter)
        }
        putScreens(model.screens, into: &w)
        let ids = model.navs.comparedIDs
        w.put(ids.count)
        for id in ids {
            if case .some = model.navs.slots[id] {
                encode(model.navs.slots[id]!, into: &w)
            } else {
                w.put(0 as UInt64)
            }
        }
        switch model.window {
        case .nav(let id): w.put(id)
        case .tabs(let ids, let selected):
            w.put(ids)
            w.put(selected)
        }
        w.put(model.modals.count)
        for modal in model.modals { w.put(modal) }
        if let transition = model.modalTransition {
            w.put(transition.modal)
            w.put(transition.end)
        }
        if let alert = model.alert {
            w.put(texts.word(of: alert.text, Self.word(ofText:)))
            switch alert.action {
            case .customBack(let nav): w.put(nav)
            case .safePop(let nav, let call):
                w.put(nav)
                w.put(call)
            }
            if let asker = alert.asker { w.put(asker) }
        }
        if let frozen = model.frozen { w.put(frozen.nav) }
        w.put(model.guarantees.guarded.count)
        for entry in model.guarantees.guarded { w.put(entry) }
        w.put(model.guarantees.granted)
        if let breach = model.guarantees.gateBreach { w.put(breach) }
        if let screen = model.guarantees.confirmationBreach { w.put(screen) }
    }

    /// The live screens' words (layout part 4), in canonical name order. A
    /// slot of the screen table holds a screen as its two words already (its
    /// key is the name's word, its fields the flags' word); only a table
    /// with screens kept whole (an ordinal or a parent too large for a
    /// slot, never in practice) is read screen by screen.
    private mutating func putScreens<Sink: WordSink>(_ table: ScreenTable, into w: inout Sink) {
        guard table.wide.isEmpty else {
            var screens: [Screen] = []
            table.forEachScreen { screens.append($0) }
            screens.sort { ScreenName.canonicalOrder($0.name, $1.name) }
            w.put(screens.count)
            for screen in screens {
                w.put(screen.name)
                guard let fields = ScreenTable.fields(screen) else {
                    preconditionFailure("a controller's id is small and positive")
                }
                w.put(fields)
            }
            return
        }
        var pairs: [ScreenTable.Slot] = []
        swap(&pairs, &screenScratch)
        let slots = table.slots
        if pairs.count < slots.count {
            pairs = Array(repeating: ScreenTable.Slot(key: 0, fields: 0), count: slots.count)
        }
        var count = 0
        slots.forEachPart { part in
            for slot in part where slot.key != 0 {
                pairs[count] = slot
                count += 1
            }
        }
        // Insertion sort by key: a state has a handful of screens.
        for i in 1..<max(count, 1) {
            let slot = pairs[i]
            var j = i
            while j > 0, pairs[j - 1].key > slot.key {
                pairs[j] = pairs[j - 1]
                j -= 1
            }
            pairs[j] = slot
        }
        w.put(count)
        for slot in pairs[..<count] {
            w.put(slot.key)
            w.put(slot.fields)
        }
        swap(&pairs, &screenScratch)
    }

    /// A controller's words (layout part 5).
    private mutating func encode<Sink: WordSink>(_ nav: borrowing NavController, into w: inout Sink) {
        w.put(NavBits.of(nav).rawValue)
        w.put(classes.word(of: nav.cls, Self.word(ofClass:)))
        w.put(nav.stack)
        switch nav.delegate {
        case .outside(let outside), .controller(forwardingTo: .some(let outside)):
            w.put(delegates.word(of: outside, Self.word(ofDelegate:)))
        case .none, .controller(forwardingTo: .none): break
        }
        if let safe = nav.safeDelegate { w.put(safe) }
        if let t = nav.transition {
            w.put(t.to)
            if let from = t.from { w.put(from) }
            w.put(t.start)
            if let end = t.end { w.put(end) }
            if case .interactive(let percent, _) = t.kind { w.put(percent) }
            w.put(t.removed)
            w.put(t.addedBelow)
        }
        w.put(nav.queue.count)
        for call in nav.queue { w.put(call) }
        if let tab = nav.tabName { w.put(texts.word(of: tab, Self.word(ofText:))) }
    }
}

/// Where a state's words go, one at a time (`StateCodec`'s layout): into
/// an array (`WordWriter`), or into a hash (`WordStream`, the fingerprint).
/// The fields with more than one word are put the same way into either.
protocol WordSink {
    mutating func put(_ word: UInt64)
}

/// Appends the words of a state.
struct WordWriter: WordSink {
    var words: [UInt64]

    mutating func put(_ word: UInt64) { words.append(word) }
}

extension WordSink {
    /// The word that starts a screen name whose ordinal does not fit 32 bits.
    static var escape: UInt64 { UInt64.max }

    mutating func put(_ value: Int) { put(UInt64(bitPattern: Int64(value))) }

    mutating func put(_ name: ScreenName) {
        if name.ordinal >= 0, name.ordinal < 0xFFFF_FFFF {
            put(UInt64(name.cls.id) << 32 | UInt64(name.ordinal))
        } else {
            put(Self.escape)
            put(UInt64(name.cls.id))
            put(name.ordinal)
        }
    }

    mutating func put(_ names: [ScreenName]) {
        put(names.count)
        for name in names { put(name) }
    }

    mutating func put(_ names: ChunkedArray<ScreenName>) {
        put(names.count)
        names.forEachPart { part in for name in part { put(name) } }
    }

    mutating func put(_ ids: [Int]) {
        put(ids.count)
        for id in ids { put(id) }
    }

    /// Bit 0: a presenter; bit 1: a controller; then the presenter, the screen, the controller.
    mutating func put(_ modal: Modal) {
        put((modal.presenter == nil ? 0 : 1) | (modal.nav == nil ? 0 : 2) as UInt64)
        if let presenter = modal.presenter { put(presenter) }
        put(modal.screen)
        if let nav = modal.nav { put(nav) }
    }

    /// The case and animation in one word (`NavCallCase`), then the name or the list.
    mutating func put(_ call: NavCall) {
        switch call {
        case .push(let name, let animated):
            put(NavCallCase.push.word(animated: animated))
            put(name)
        case .pop(let animated): put(NavCallCase.pop.word(animated: animated))
        case .popTo(let name, let animated):
            put(NavCallCase.popTo.word(animated: animated))
            put(name)
        case .popToRoot(let animated): put(NavCallCase.popToRoot.word(animated: animated))
        case .setStack(let names, let animated):
            put(NavCallCase.setStack.word(animated: animated))
            put(names)
        }
    }

    mutating func put(_ entry: Guarantees.Guarded) {
        put(entry.nav)
        put(entry.screen)
        put(entry.gate)
    }
}

/// A queued call's case: its word is `rawValue << 1 | animated`.
enum NavCallCase: UInt64 {
    case push, pop, popTo, popToRoot, setStack

    func word(animated: Bool) -> UInt64 { rawValue << 1 | (animated ? 1 : 0) }
}
