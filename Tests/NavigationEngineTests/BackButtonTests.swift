import NavigationEngine
import Testing

/// behaviour.md section 4 and the custom back button of section 6.
@Suite("The back button")
struct BackButtonTests {
    @Test("the plain back button: the bar's delegate answers true, then UIKit pops")
    func plainBack() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        #expect(
            brief(sim.run(.back)) == [
                "350ms bar.shouldPop(B) -> true",
                "350ms nav.popViewController(animated: true)",
                "700ms B.deinit",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("no back button on the root, under hides-back, or during a transition")
    func backIgnored() {
        var sim = Sim()
        sim.given(.push("A"))
        #expect(!sim.model.isBackVisible)
        #expect(sim.run(.back) == ["0ms ignored: back (no back button on screen)"])
        sim.given(.screen("H", [.hidesBack]), .push("H"))
        #expect(!sim.model.isBackVisible)
        #expect(sim.run(.back) == ["350ms ignored: back (no back button on screen)"])
        sim.start(.push("B"))
        #expect(sim.run(.back).first == "350ms ignored: back (the navigation bar ignores touches during a transition)")
    }

    @Test("the back menu pops with popToViewController and does not ask the bar")
    func backMenu() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .push("C"))
        let lines = brief(sim.run(.backMenu(ref("A"))))
        #expect(
            lines == [
                "700ms nav.popToViewController(A, animated: true)",
                "1050ms C.deinit",
                "1050ms B.deinit",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("the back menu offers only the screens below the top")
    func backMenuOffers() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .push("C"))
        #expect(sim.refused(.backMenu(ref("C")))?.message == "'C' is not in the back menu (it offers B, A)")
    }

    @Test("a custom back button without text pops at once; it has no menu and disables the system swipe")
    func customBackWithoutAlert() {
        var sim = Sim()
        sim.given(.screen("C", [.customBack(alert: nil)]), .push("A"), .push("C"))
        #expect(sim.model.isBackVisible)
        #expect(!sim.model.swipeWouldBegin)
        #expect(sim.run(.backMenu(ref("A"))) == ["350ms ignored: backmenu (a custom back button has no menu)"])
        #expect(
            brief(sim.run(.back)) == [
                "350ms nav.popViewController(animated: true)",
                "700ms C.deinit",
            ])
    }

    @Test("a custom back button with text asks first; OK pops, Cancel stays")
    func customBackWithAlert() {
        var sim = Sim()
        sim.given(.screen("D", [.customBack(alert: "Leave?")]), .push("A"), .push("D"))
        #expect(sim.run(.back) == ["350ms alert \"Leave?\" [Cancel] [OK]"])
        sim.run(.tap("Cancel"))
        #expect(sim.stack == ["A", "D"])
        sim.run(.back)
        #expect(
            brief(sim.run(.tap("OK"))) == [
                "350ms alert.tap OK",
                "350ms nav.popViewController(animated: true)",
                "700ms D.deinit",
            ])
    }

    @Test("a custom back button is bypassed by a tab re-tap, which pops to root without asking")
    func customBackBypassedByTab() {
        var sim = Sim()
        sim.given(.screen("D", [.customBack(alert: "Leave?")]), .tabs(["A", "B"]), .push("D"))
        let lines = sim.run(.tab("A"))
        #expect(!lines.contains { $0.contains("alert") })
        #expect(sim.stack == ["A"])
    }

    @Test("a custom back button is bypassed by a swipe the controller's gesture delegate lets begin")
    func customBackBypassedBySwipe() {
        var sim = Sim()
        sim.given(
            .screen("D", [.customBack(alert: "Leave?")]), .push("A"), .push("D"),
            .gestureDelegate(.controller))
        let lines = sim.run(.swipe(cancel: false))
        #expect(!lines.contains { $0.contains("alert") })
        #expect(lines.last == "700ms gesture.finished")
        #expect(sim.stack == ["A"])
    }
}
