import Testing

@testable import NavigationEngine

/// `NavSlots.isEmpty` reads a slot's emptiness as the tag of the class in it
/// (a controller's extra inhabitants are its class's): checked here on the
/// layout the compiler chose, so a new field that takes them over fails a test.
@Suite("Navigation slots: an empty slot is told by its class")
struct SlotLayoutTests {
    static let classes: [ControllerClass] = [
        ControllerClass(features: [], name: ""),
        ControllerClass(features: [], name: "UINavigationController"),
        ControllerClass(features: [.gates, .proxy], name: "Nav"),
        ControllerClass(features: [.safePop], name: String(repeating: "LongControllerClassName", count: 4)),
    ]

    @Test("a nil slot is empty; a slot holding any controller is not, before and after it is cleared")
    func emptyByClass() {
        let slot = UnsafeMutablePointer<NavController?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.initialize(to: nil)
        #expect(NavSlots.isEmpty(slot))
        for (index, cls) in Self.classes.enumerated() {
            var nav = NavController(id: index + 1, cls: cls)
            nav.stack = [ScreenName(cls: ClassName(id: 1), ordinal: 1)]
            nav.delegate = index % 2 == 0 ? .none : .controller(forwardingTo: nil)
            nav.tabName = index % 2 == 0 ? nil : cls.name
            slot.pointee = nav
            #expect(!NavSlots.isEmpty(slot), "\(cls.name)")
            #expect(NavSlots.payload(UnsafePointer(slot)).pointee == nav)
            // Cleared over a controller: the bits that held it must not read as one.
            slot.pointee = nil
            #expect(NavSlots.isEmpty(slot), "\(cls.name)")
        }
        slot.deinitialize(count: 1)
    }

    @Test("an optional controller is as big as the controller (its nil is in the class's extra inhabitants)")
    func noExtraTag() {
        #expect(MemoryLayout<NavController?>.size == MemoryLayout<NavController>.size)
        #expect(MemoryLayout<ControllerClass?>.size == MemoryLayout<ControllerClass>.size)
    }

    @Test("a transition started over a nil and taken out again is the same transition, and leaves a nil")
    func transitionInAndOut() {
        let a = ScreenName(cls: ClassName(id: 1), ordinal: 1)
        let b = ScreenName(cls: ClassName(id: 1), ordinal: 2)
        let transitions = [
            NavTransition(
                kind: .push, from: a, to: b, removed: [], addedBelow: [], toIsNew: true, animated: true,
                repairsBar: true, start: 0, end: 350),
            NavTransition(
                kind: .interactive(percent: 30, cancels: false), from: nil, to: a, removed: [b, a], addedBelow: [b],
                toIsNew: false, animated: false, repairsBar: false, start: 7, end: nil, byContentPan: true),
        ]
        var nav = NavController(id: 1, cls: Self.classes[1])
        for t in transitions {
            #expect(nav.transition == nil)
            nav.start(t)
            #expect(nav.transition == t)
            nav.start(transitions[0]) // over a running one
            #expect(nav.transition == transitions[0])
            nav.transition = t
            #expect(nav.takeTransition() == t)
            #expect(nav.transition == nil)
            nav.start(t)
            #expect(nav.takeCutTransition() == t)
            #expect(nav.transition == nil && nav.barCorrupted)
        }
    }

    @Test("an alert put up over none and taken down again is the same alert, and leaves none")
    func alertUpAndDown() {
        let a = ScreenName(cls: ClassName(id: 1), ordinal: 1)
        let alerts = [
            Alert(text: "Leave?", action: .customBack(nav: 1), asker: a),
            Alert(
                text: String(repeating: "Discard the changes? ", count: 4),
                action: .safePop(nav: 2, call: .setStack([a], animated: true)), asker: nil),
        ]
        var model = NavigationModel()
        for alert in alerts {
            #expect(model.alert == nil)
            model.showAlert(alert)
            #expect(model.alert == alert)
            model.showAlert(alerts[0]) // over one that is up
            #expect(model.alert == alerts[0])
            model.alert = alert
            #expect(model.takeAlert() == alert)
            #expect(model.alert == nil)
        }
    }
}
