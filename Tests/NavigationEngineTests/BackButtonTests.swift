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
                "350ms barShouldPop(B, answer: true)",
                "350ms navCall(pop(animated: true))",
                "700ms deinitialized(B)",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("no back button on the root, under hides-back, or during a transition")
    func backIgnored() {
        var sim = Sim()
        sim.given(.push("A"))
        #expect(!sim.model.isBackVisible)
        #expect(sim.run(.back) == ["0ms touchIgnored(back, because: noBackButton)"])
        sim.given(.screen("H", [.hidesBack]), .push("H"))
        #expect(!sim.model.isBackVisible)
        #expect(sim.run(.back) == ["350ms touchIgnored(back, because: noBackButton)"])
        sim.start(.push("B"))
        #expect(sim.run(.back).first == "350ms touchIgnored(back, because: barInTransition)")
    }

    @Test("the back menu pops with popToViewController and does not ask the bar")
    func backMenu() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .push("C"))
        let lines = brief(sim.run(.backMenu(ref("A"))))
        #expect(
            lines == [
                "700ms navCall(popTo(A, animated: true))",
                "1050ms deinitialized(C)",
                "1050ms deinitialized(B)",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test("the back menu offers only the screens below the top")
    func backMenuOffers() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"), .push("C"))
        #expect(sim.refused(.backMenu(ref("C")))?.facts == "notInBackMenu(C, offered: [B, A])")
    }

    @Test("a custom back button without text pops at once; it has no menu and disables the system swipe")
    func customBackWithoutAlert() {
        var sim = Sim()
        sim.given(.screen("C", [.customBack(alert: nil)]), .push("A"), .push("C"))
        #expect(sim.model.isBackVisible)
        #expect(!sim.model.swipeWouldBegin)
        #expect(sim.run(.backMenu(ref("A"))) == ["350ms touchIgnored(backMenu, because: customBackHasNoMenu)"])
        #expect(
            brief(sim.run(.back)) == [
                "350ms navCall(pop(animated: true))",
                "700ms deinitialized(C)",
            ])
    }

    @Test("a custom back button with text asks first; OK pops, Cancel stays")
    func customBackWithAlert() {
        var sim = Sim()
        sim.given(.screen("D", [.customBack(alert: "Leave?")]), .push("A"), .push("D"))
        #expect(sim.run(.back) == ["350ms alertShown(text: Leave?, presenter: D)"])
        sim.run(.tap("Cancel"))
        #expect(sim.stack == ["A", "D"])
        sim.run(.back)
        #expect(
            brief(sim.run(.tap("OK"))) == [
                "350ms alertTapped(button: OK)",
                "350ms navCall(pop(animated: true))",
                "700ms deinitialized(D)",
            ])
    }

    @Test("a custom back button is bypassed by a tab re-tap, which pops to root without asking")
    func customBackBypassedByTab() {
        var sim = Sim()
        sim.given(.screen("D", [.customBack(alert: "Leave?")]), .tabs(["A", "B"]), .push("D"))
        sim.run(.tab("A"))
        #expect(!sim.events.contains { $0.category == .alert })
        #expect(sim.stack == ["A"])
    }

    @Test("a custom back button is bypassed by a swipe the controller's gesture delegate lets begin")
    func customBackBypassedBySwipe() {
        var sim = Sim()
        sim.given(
            .screen("D", [.customBack(alert: "Leave?")]), .push("A"), .push("D"),
            .gestureDelegate(.controller))
        let lines = sim.run(.swipe(cancel: false))
        #expect(!sim.events.contains { $0.category == .alert })
        #expect(lines.last == "700ms gestureFinished")
        #expect(sim.stack == ["A"])
    }
}
