import NavigationEngine
import Testing

/// behaviour.md section 6: GateNavigationController, proxied and fragile.
@Suite("Gates")
struct GateTests {
    @Test("a gate hides its back button in willShow and trims the stack in didShow")
    func gateClosesTheWayBack() {
        var sim = Sim()
        sim.given(.use("GateNavigationController"), .push("W"), .push("R"))
        #expect(
            brief(sim.run(.push("H", gate: true))) == [
                "350ms navCall(push(H, animated: true))",
                "350ms delegateCall(receiver: nav, call: willShow(H, animated: true))",
                "350ms gateHidesBack(H)",
                "700ms delegateCall(receiver: nav, call: didShow(H, animated: true))",
                "700ms gateTrimmed(H)",
                "700ms deinitialized(R)",
                "700ms deinitialized(W)",
            ])
        #expect(sim.stack == ["H"])
        #expect(!sim.model.isBackVisible)
        #expect(!sim.model.swipeWouldBegin)
    }

    @Test("a class declared as a gate acts as one for every instance")
    func gateTrait() {
        var sim = Sim()
        sim.given(.use("GateNavigationController"), .screen("Home", [.gate]), .push("W"), .push("Home"))
        #expect(sim.stack == ["Home"])
        sim.run(.push("P"))
        #expect(sim.model.isBackVisible)
        #expect(sim.stack == ["Home", "P"])
    }

    @Test("the proxy keeps an outside delegate and forwards willShow and didShow to it, after its own work")
    func proxyForwards() {
        var sim = Sim()
        sim.given(.use("GateNavigationController"), .delegate("Analytics"), .push("W"))
        let lines = brief(sim.run(.push("H", gate: true)))
        #expect(
            lines == [
                "0ms navCall(push(H, animated: true))",
                "0ms delegateCall(receiver: nav, call: willShow(H, animated: true))",
                "0ms gateHidesBack(H)",
                "0ms delegateCall(receiver: outside(Analytics), call: willShow(H, animated: true))",
                "350ms delegateCall(receiver: nav, call: didShow(H, animated: true))",
                "350ms gateTrimmed(H)",
                "350ms deinitialized(W)",
                "350ms delegateCall(receiver: outside(Analytics), call: didShow(H, animated: true))",
            ])
    }

    @Test("an outside delegate implementing more than willShow/didShow gets a note naming what is lost")
    func forwardingNote() {
        var sim = Sim()
        sim.run(.use("GateNavigationController"))
        #expect(
            sim.run(.delegate("Spy", .willShow, .animationController)) == [
                "0ms delegateAssigned(outside(Spy))",
                "0ms note(forwardsOnly(controller: GateNavigationController, kept: [willShow, didShow], delegate: Spy, lost: [animationController]))",
            ])
    }

    @Test("the fragile version: a delegate set after use replaces it, and gates silently stop")
    func fragileDelegateAfterUse() {
        var sim = Sim()
        sim.given(.use("GateNavigationController", fragile: true), .delegate("Analytics"), .push("W"))
        let lines = sim.run(.push("H", gate: true))
        #expect(lines.contains("350ms delegateCall(receiver: outside(Analytics), call: didShow(H, animated: true))"))
        #expect(!sim.events.contains { $0.category == .gate })
        #expect(sim.stack == ["W", "H"])
        #expect(sim.model.isBackVisible)
    }

    @Test("the fragile version: a delegate set before use is overwritten and hears nothing")
    func fragileDelegateBeforeUse() {
        var sim = Sim()
        sim.run(.delegate("Analytics"))
        #expect(
            withoutNotes(brief(sim.run(.use("GateNavigationController", fragile: true)))) == [
                "0ms delegateAssigned(controller)"
            ])
        sim.given(.push("W"))
        let lines = sim.run(.push("H", gate: true))
        #expect(!lines.contains { $0.contains("Analytics") })
        #expect(sim.stack == ["H"])
    }

    @Test("under a plain controller a gate's back button stays and the way back stays open")
    func plainControllerIgnoresGates() {
        var sim = Sim()
        sim.given(.push("W"))
        sim.run(.push("H", gate: true))
        #expect(!sim.events.contains { $0.category == .gate })
        #expect(sim.stack == ["W", "H"])
        #expect(sim.model.isBackVisible)
    }
}
