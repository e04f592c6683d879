import Testing

@testable import NavigationEngine

@Suite("Models of their own")
struct UnsharedModelTests {
    /// A model that holds something in every part that has storage: traits
    /// with texts, a controller class with a long name, an outside delegate,
    /// tabs, a transition in flight with a call queued behind it, a modal, an alert.
    static func busyModel() -> NavigationModel {
        var sim = Sim()
        sim.given(
            .use("GateNavigationController"), .delegate("AnalyticsDelegateWithALongName"),
            .screen("Editor", [.confirm("Discard the changes you made?")]),
            .screen("Leave", [.customBack(alert: "Really leave this screen now?")]),
            .tabs(["First", "Second"]), .push("Home"), .push("Leave"), .present("Sheet", nav: true))
        sim.start(.push("Editor"))
        sim.start(.push("Later"))
        return sim.model
    }

    @Test("an unshared model is == to its original, fingerprints the same, and steps the same")
    func sameValue() throws {
        let model = Self.busyModel()
        let copy = model.unshared()
        #expect(copy == model)
        #expect(fingerprint(copy) == fingerprint(model))
        for action: Action in [
            .back, .pop(animated: true), .dismiss(animated: true), .push("Next"), .swipe(cancel: false),
        ] {
            var left = model
            var right = copy
            var leftEvents: [Event] = []
            var rightEvents: [Event] = []
            let l = try? left.perform(action, events: &leftEvents)
            let r = try? right.perform(action, events: &rightEvents)
            #expect(l == r)
            #expect(left == right)
            #expect(leftEvents == rightEvents)
        }
    }

    @Test("an unshared model holds no storage of its original's")
    func ownStorage() throws {
        let model = Self.busyModel()
        let copy = model.unshared()
        #expect(!copy.traits.sharesStorage(with: model.traits))
        #expect(!sameStorage(copy.navs.slots, model.navs.slots))
        for id in model.navs.ids {
            guard let original = model.navs[id], let mine = copy.navs[id] else { continue }
            #expect(!sameBuffer(original.stack, mine.stack))
            #expect(!sameText(original.cls.name, mine.cls.name))
            if case .outside(let a) = original.delegate, case .outside(let b) = mine.delegate {
                #expect(!sameText(a.name, b.name))
            }
            if case .controller(let a?) = original.delegate, case .controller(let b?) = mine.delegate {
                #expect(!sameText(a.name, b.name))
            }
            #expect(!sameBuffer(original.queue, mine.queue))
        }
        #expect(!sameText(model.controllerClass.name, copy.controllerClass.name))
        // The model really has the parts checked above.
        #expect(model.navs.ids.contains { model.navs[$0]?.queue.isEmpty == false })
        #expect(model.controllerClass.name.utf8.count > 15)
    }

    /// Whether two non-empty arrays use the same storage (empty ones have none).
    /// Whether two chunked arrays share a buffer: their tails, or any chunk.
    private func sameBuffer<T>(_ a: ChunkedArray<T>, _ b: ChunkedArray<T>) -> Bool {
        sameBuffer(a.tail, b.tail) || sameBuffer(a.chunks, b.chunks)
            || zip(a.chunks, b.chunks).contains { sameBuffer($0, $1) }
    }

    private func sameBuffer<T>(_ a: [T], _ b: [T]) -> Bool {
        if a.isEmpty || b.isEmpty { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// Whether two strings longer than a small string use the same storage.
    private func sameText(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count > 15 else { return false }
        let x = a.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let y = b.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        return x != nil && x! == y!
    }
}
