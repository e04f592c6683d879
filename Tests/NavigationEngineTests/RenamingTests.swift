import Testing

@testable import NavigationEngine

/// The explorer's instance renaming (`NavigationModel.renameInstances`,
/// NavigationModel+Renaming.swift) checked against the way it was first
/// written, kept here as the reference: the live names sorted, a list of
/// (old, new) pairs searched for each name, a new screen table, every name
/// the state holds mapped into new arrays. The renaming in place must leave
/// a model `==` to the reference's, with the same fingerprint (which reads
/// the screen table's entry sum and the controllers' kept hashes, parts
/// `==` does not look at), on every state of seeded random walks whose
/// moves put renamed screens in stacks, transitions, queued calls, modals,
/// the modal in flight, alerts and the guarantees.
@Suite("Instance renaming agrees with the reference")
struct RenamingTests {
    /// A setup for a walk: its profile, the lines that declare it, and the
    /// classes its moves push and present.
    struct Setup: Sendable, CustomStringConvertible {
        var name: String
        var profile: Profile = .ios26
        var declarations: [Action] = []
        var classes = ["Home", "Detail", "Profile"]
        var description: String { name }
    }

    static func push(_ name: String, gate: Bool = false, animated: Bool = false) -> Action {
        .push(ScreenRef(className: name), gate: gate, animated: animated)
    }

    static let setups: [Setup] = [
        Setup(name: "plain", declarations: [push("Home"), push("List")]),
        Setup(name: "legacy", profile: .legacy, declarations: [push("Home"), push("List")]),
        Setup(
            name: "gates",
            declarations: [
                .use(ControllerClass(features: [.gates, .proxy], name: "GateNavigationController")),
                push("Welcome"), push("Register"),
            ],
            classes: ["Home", "Profile", "Welcome"]),
        Setup(
            name: "safe pop",
            declarations: [
                .use(ControllerClass(features: [.safePop], name: "UISafeNavigationController")),
                .screen("Editor", [.confirm("Discard changes?")]), push("List"), push("Editor"), push("Editor"),
            ],
            classes: ["Editor", "Detail", "List"]),
        Setup(
            name: "features",
            declarations: [
                .use(ControllerClass(features: [.gates, .safePop, .swipeGuard, .proxy], name: "features")),
                .screen("Editor", [.confirm("Discard changes?")]),
                .screen("Form", [.customBack(alert: "Leave?")]), push("Home"), push("Editor"),
            ],
            classes: ["Editor", "Form", "Done", "Profile"]),
        Setup(
            name: "confirm, plain controller",
            declarations: [
                .screen("Editor", [.confirm("Discard changes?")]),
                .screen("Form", [.customBack(alert: "Leave?")]), push("Home"),
            ],
            classes: ["Editor", "Form", "Home"]),
        // 66 instances of one class: ordinals past 64, which the renaming in
        // place leaves to the general way.
        Setup(name: "many of a class", declarations: Array(repeating: push("A"), count: 66), classes: ["A", "B"]),
        // 66 classes: class numbers past 63, likewise.
        Setup(name: "many classes", declarations: (0..<66).map { push("C\($0)") }, classes: ["C1", "C65", "D"]),
    ]

    /// What the walks met, over all setups: each kind must come up.
    struct Coverage {
        var renumbered = 0
        var inPlace = 0
        var byList = 0
        var stacks = 0
        var transitions = 0
        var queues = 0
        var safeDelegates = 0
        var modals = 0
        var modalTransitions = 0
        var alerts = 0
        var guarded = 0
        var granted = 0
        var gateBreaches = 0
        var confirmationBreaches = 0
    }

    @Test("renaming in place leaves the model and the fingerprint the reference leaves")
    func agreesWithReference() {
        var coverage = Coverage()
        for (index, setup) in Self.setups.enumerated() {
            for seed in 1...5 {
                walk(setup, seed: UInt64(index * 10 + seed), steps: 2_000, coverage: &coverage)
            }
        }
        // About half of what the seeded walks meet (4,092 renamed states,
        // 545 of them the general way; 13 with a renamed grant), so that a
        // change to the engine's moves that leaves a part uncovered shows.
        #expect(coverage.renumbered > 2_000)
        #expect(coverage.inPlace > 1_500)
        #expect(coverage.byList > 250)
        // Renamed names in each part of the state (the part differs after the reference's renaming).
        #expect(coverage.stacks > 1_500)
        #expect(coverage.transitions > 500)
        #expect(coverage.queues > 400)
        #expect(coverage.safeDelegates > 60)
        #expect(coverage.modals > 700)
        #expect(coverage.modalTransitions > 100)
        #expect(coverage.alerts > 70)
        #expect(coverage.guarded > 700)
        #expect(coverage.granted > 5)
        #expect(coverage.gateBreaches > 50)
        #expect(coverage.confirmationBreaches > 8)
    }

    @Test("renaming a step from a renamed state leaves what renaming it whole leaves")
    func stepFromRenamedParent() {
        // renameInstances(stepFrom:) skips the walk where the step released
        // no screen, and renames without it where the step made one of a
        // class with none alive; the walks go on from each renamed state, as
        // the explorer does, so every parent is renamed.
        var skipped = 0
        var made = 0
        var madeOfNone = 0
        var walked = 0
        var events: [Event] = []
        for (index, setup) in Self.setups.enumerated() {
            var rng = TableTests.Generator(state: UInt64(100 + index))
            var parent = NavigationModel(profile: setup.profile)
            for action in setup.declarations { _ = try? parent.perform(action, events: &events) }
            parent.settle(events: &events)
            parent.canonicalize()
            parent.renameInstances()
            for step in 0..<2_000 {
                let move = randomMove(in: parent, classes: setup.classes, using: &rng)
                var model = parent
                events.removeAll(keepingCapacity: true)
                _ = try? model.performStep(move, events: &events, recording: false)
                model.canonicalize()
                var whole = model
                whole.renameInstances()
                var quick = model
                quick.renameInstances(stepFrom: parent)
                #expect(quick == whole, "\(setup) step \(step): \(move)")
                let fingerprint = fingerprint(quick)
                #expect(fingerprint == NavigationEngineTests.fingerprint(whole), "\(setup) step \(step): \(move)")
                if model.screens.count != model.created {
                    let madeHere = model.created - parent.created
                    if model.screens.count != parent.screens.count + madeHere {
                        walked += 1
                    } else if madeHere == 0 {
                        skipped += 1
                    } else if whole.screens.keys.sorted(by: ScreenName.canonicalOrder)
                        != model.screens.keys.sorted(by: ScreenName.canonicalOrder)
                    {
                        madeOfNone += 1
                    } else {
                        made += 1
                    }
                }
                parent = whole
            }
        }
        // Each way is met where a class has no instance alive.
        #expect(skipped > 500)
        #expect(made > 700)
        #expect(madeOfNone > 75)
        #expect(walked > 500)
    }

    /// `steps` random moves from `setup`'s state; after each, the state is
    /// renamed both ways and the two compared. The walk goes on from the
    /// renamed state, as the explorer does, or now and then from the state
    /// as it was, so that numbers grow past what one step makes.
    func walk(_ setup: Setup, seed: UInt64, steps: Int, coverage: inout Coverage) {
        var rng = TableTests.Generator(state: seed)
        var events: [Event] = []
        var model = NavigationModel(profile: setup.profile)
        for action in setup.declarations { _ = try? model.perform(action, events: &events) }
        model.settle(events: &events)
        for step in 0..<steps {
            let move = randomMove(in: model, classes: setup.classes, using: &rng)
            events.removeAll(keepingCapacity: true)
            _ = try? model.performStep(move, events: &events, recording: false)
            if Int.random(in: 0..<3, using: &rng) == 0 { model.canonicalize() }
            var renamed = model
            renamed.renameInstances()
            var reference = model
            reference.renameByReference()
            #expect(renamed == reference, "\(setup) seed \(seed) step \(step): \(move)")
            let fingerprint = fingerprint(renamed)
            #expect(
                fingerprint == NavigationEngineTests.fingerprint(reference),
                "\(setup) seed \(seed) step \(step): \(move)")
            note(model, reference, in: &coverage)
            if Int.random(in: 0..<4, using: &rng) != 0 { model = renamed }
        }
    }

    /// A move of the walk: a navigation call (on live screens, by number,
    /// or on new ones), a finger, a modal, an alert's button, or the clock.
    func randomMove(in model: NavigationModel, classes: [String], using rng: inout TableTests.Generator) -> Action {
        let stack = model.currentStack
        func ref(_ name: ScreenName) -> ScreenRef {
            ScreenRef(className: model.names[name.cls], ordinal: name.ordinal)
        }
        let animated = Bool.random(using: &rng)
        let cls = classes[Int.random(in: 0..<classes.count, using: &rng)]
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<4:
            return .push(ScreenRef(className: cls), gate: Int.random(in: 0..<4, using: &rng) == 0, animated: animated)
        case 4, 5: return .pop(animated: animated)
        case 6: return .popToRoot(animated: animated)
        case 7 where !stack.isEmpty:
            // Half of them to the top: a pop that removes nothing, which a
            // safe-pop controller asks about first (an OK then grants the
            // top, and the grant stays while the screen does).
            let target = Bool.random(using: &rng) ? stack.count - 1 : Int.random(in: 0..<stack.count, using: &rng)
            return .popTo(ref(stack[target]), animated: animated)
        case 8, 9:
            // Some of the stack's screens, in order, by number (the ones left
            // out are released: gaps in the numbers), and now and then a new one.
            var refs = stack.filter { _ in Int.random(in: 0..<3, using: &rng) != 0 }.map(ref)
            if refs.isEmpty || Bool.random(using: &rng) { refs.append(ScreenRef(className: cls)) }
            return .setStack(refs, animated: animated)
        case 10: return .present(cls, inNavigation: Bool.random(using: &rng), animated: animated)
        case 11: return .dismiss(animated: animated)
        case 12: return .back
        case 13: return .swipe(cancel: Bool.random(using: &rng))
        case 14: return .drag(percent: Bool.random(using: &rng) ? 30 : 70)
        case 15: return .release
        case 16: return .tap(Bool.random(using: &rng) ? "OK" : "Cancel")
        case 17: return .wait(milliseconds: nil)
        default: return .wait(milliseconds: Int.random(in: 0...400, using: &rng))
        }
    }

    /// Counts what the renaming of `before` (into `after`, the reference's)
    /// changed.
    func note(_ before: NavigationModel, _ after: NavigationModel, in coverage: inout Coverage) {
        guard before.screens != after.screens else { return }
        coverage.renumbered += 1
        var fits = true
        before.screens.forEachScreen { screen in
            if screen.name.cls.id >= 64 || screen.name.ordinal > 64 { fits = false }
        }
        if fits { coverage.inPlace += 1 } else { coverage.byList += 1 }
        var stacks = false
        var transitions = false
        var queues = false
        var safeDelegates = false
        for id in before.navs.ids {
            if before.navs[id]?.stack != after.navs[id]?.stack { stacks = true }
            if before.navs[id]?.transition != after.navs[id]?.transition { transitions = true }
            if before.navs[id]?.queue != after.navs[id]?.queue { queues = true }
            if before.navs[id]?.safeDelegate != after.navs[id]?.safeDelegate { safeDelegates = true }
        }
        if stacks { coverage.stacks += 1 }
        if transitions { coverage.transitions += 1 }
        if queues { coverage.queues += 1 }
        if safeDelegates { coverage.safeDelegates += 1 }
        if before.modals != after.modals { coverage.modals += 1 }
        if before.modalTransition != after.modalTransition { coverage.modalTransitions += 1 }
        if before.alert != after.alert { coverage.alerts += 1 }
        if before.guarantees.guarded != after.guarantees.guarded { coverage.guarded += 1 }
        if before.guarantees.granted != after.guarantees.granted { coverage.granted += 1 }
        if before.guarantees.gateBreach != after.guarantees.gateBreach { coverage.gateBreaches += 1 }
        if before.guarantees.confirmationBreach != after.guarantees.confirmationBreach {
            coverage.confirmationBreaches += 1
        }
    }

    @Test("a granted confirm screen renamed: the grant follows it")
    func grantRenamed() throws {
        var events: [Event] = []
        var model = NavigationModel()
        let setup: [Action] = [
            .use(ControllerClass(features: [.safePop], name: "UISafeNavigationController")),
            .screen("Editor", [.confirm("Discard changes?")]), Self.push("List"), Self.push("Editor"),
            Self.push("Editor"),
        ]
        for action in setup { _ = try model.perform(action, events: &events) }
        model.settle(events: &events)
        // A pop to the top asks first; OK grants Editor#2, which stays.
        _ = try model.perform(.popTo(ScreenRef(className: "Editor", ordinal: 2), animated: true), events: &events)
        _ = try model.perform(.tap("OK"), events: &events)
        model.settle(events: &events)
        let editor = try #require(model.names.existing("Editor"))
        #expect(model.guarantees.granted == [ScreenName(cls: editor, ordinal: 2)])
        // Editor#1 released: Editor#2 becomes Editor.
        let list = ScreenRef(className: "List")
        _ = try model.perform(
            .setStack([list, ScreenRef(className: "Editor", ordinal: 2)], animated: false), events: &events)
        model.settle(events: &events)
        var renamed = model
        renamed.renameInstances()
        var reference = model
        reference.renameByReference()
        #expect(renamed == reference)
        #expect(renamed.guarantees.granted == [ScreenName(cls: editor, ordinal: 1)])
        #expect(renamed.navs[1]?.safeDelegate == ScreenName(cls: editor, ordinal: 1))
        #expect(fingerprint(renamed) == fingerprint(reference))
    }

    @Test("a screen kept whole (an ordinal past a slot's bits) is renamed the general way")
    func wideScreen() {
        var events: [Event] = []
        var model = NavigationModel()
        for action in [Self.push("Home"), Self.push("Detail"), Self.push("Detail")] {
            _ = try? model.perform(action, events: &events)
        }
        model.settle(events: &events)
        // A live screen no command could make: the four-billionth instance and more of a class.
        let home = model.currentStack[0]
        model.screens[ScreenName(cls: home.cls, ordinal: 1 << 40)] = Screen(
            name: ScreenName(cls: home.cls, ordinal: 1 << 40))
        model.counters.set(1 << 40, for: home.cls)
        model.created += 1 << 40
        var renamed = model
        renamed.renameInstances()
        var reference = model
        reference.renameByReference()
        #expect(renamed == reference)
        #expect(renamed.screens.count == 4)
        #expect(fingerprint(renamed) == fingerprint(reference))
    }
}

extension NavigationModel {
    /// `renameInstances` by its definition, for every state, written apart
    /// from the engine's code: each class's live instances numbered 1, 2, ...
    /// in the order of their old numbers, each class's counter set to its
    /// live instances (1 for a class with none alive), `created` to their
    /// sum; then, when a live instance's number changed, every name in the
    /// model mapped, a released one to number 0. (When none changed, the names
    /// of released screens keep their numbers: the engine does so, and the
    /// explorer's state counts depend on it.)
    fileprivate mutating func renameByReference() {
        var ordinals: [ClassName: [Int]] = [:]
        for name in screens.keys { ordinals[name.cls, default: []].append(name.ordinal) }
        var renamed: [(old: ScreenName, new: ScreenName)] = []
        for (cls, numbers) in ordinals {
            for (rank, ordinal) in numbers.sorted().enumerated() {
                renamed.append((ScreenName(cls: cls, ordinal: ordinal), ScreenName(cls: cls, ordinal: rank + 1)))
            }
        }
        counters.update { cls, _ in ordinals[cls]?.count ?? 1 }
        for (cls, numbers) in ordinals where counters[cls] == nil { counters.set(numbers.count, for: cls) }
        created = Int(truncatingIfNeeded: counters.total)
        guard renamed.contains(where: { $0.old != $0.new }) else { return }

        func map(_ name: ScreenName) -> ScreenName {
            for pair in renamed where pair.old == name { return pair.new }
            return ScreenName(cls: name.cls, ordinal: 0)
        }
        func map(_ call: NavCall) -> NavCall {
            switch call {
            case .push(let name, let animated): .push(map(name), animated: animated)
            case .popTo(let name, let animated): .popTo(map(name), animated: animated)
            case .setStack(let names, let animated): .setStack(names.map(map), animated: animated)
            case .pop, .popToRoot: call
            }
        }
        var table = ScreenTable()
        for (old, new) in renamed {
            guard var screen = screens[old] else { continue }
            screen.name = new
            table[new] = screen
        }
        screens = table
        for id in navs.ids where navs.hasController(id) {
            navs[id]!.stack = ChunkedArray(navs[id]!.stack.map(map))
            if let delegate = navs[id]!.safeDelegate { navs[id]!.safeDelegate = map(delegate) }
            if navs.isTransitioning(id) == true {
                navs[id]!.transition!.from = navs[id]!.transition!.from.map(map)
                navs[id]!.transition!.to = map(navs[id]!.transition!.to)
                if !navs[id]!.transition!.removed.isEmpty {
                    navs[id]!.transition!.removed = navs[id]!.transition!.removed.map(map)
                }
                if !navs[id]!.transition!.addedBelow.isEmpty {
                    navs[id]!.transition!.addedBelow = navs[id]!.transition!.addedBelow.map(map)
                }
            }
            if !navs[id]!.queue.isEmpty { navs[id]!.queue = navs[id]!.queue.map(map) }
        }
        func map(_ modal: Modal) -> Modal {
            Modal(presenter: modal.presenter.map(map), screen: map(modal.screen), nav: modal.nav)
        }
        if !modals.isEmpty { modals = ModalStack(modals.map(map)) }
        if var t = modalTransition {
            t.modal = map(t.modal)
            modalTransition = t
        }
        if var a = alert {
            a.asker = a.asker.map(map)
            if case .safePop(let nav, let call) = a.action { a.action = .safePop(nav: nav, call: map(call)) }
            alert = a
        }
        if guarantees.guarded.isEmpty, guarantees.granted.isEmpty, guarantees.gateBreach == nil,
            guarantees.confirmationBreach == nil
        {
            return
        }
        var g = guarantees
        g.guarded = g.guarded.map { Guarantees.Guarded(nav: $0.nav, screen: map($0.screen), gate: map($0.gate)) }
            .sorted()
        g.granted = g.granted.map(map).sorted(by: ScreenName.canonicalOrder)
        g.gateBreach = g.gateBreach.map { Guarantees.Guarded(nav: $0.nav, screen: map($0.screen), gate: map($0.gate)) }
        g.confirmationBreach = g.confirmationBreach.map(map)
        guarantees = g
    }
}
