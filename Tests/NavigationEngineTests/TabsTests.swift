import NavigationEngine
import Testing

/// behaviour.md section 8: tabs, notifications and memory.
@Suite("Tabs, notifications and memory")
struct TabsTests {
    @Test("tabs: one navigation controller per tab, the first selected")
    func tabsCreatesTheWindow() {
        var sim = Sim()
        let lines = sim.run(.tabs(["A", "B"]))
        #expect(
            lines.first
                == "0ms windowRoot(controller: UINavigationController, roots: [A, B], tabs: true)"
        )
        #expect(sim.stack == ["A"])
        #expect(sim.isAlive("B"))
    }

    @Test("tab NAME selects that tab's stack")
    func selectTab() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"))
        #expect(brief(sim.run(.tab("B"))) == ["350ms tabSelected(name: B, reselected: false)"])
        #expect(sim.stack == ["B"])
        sim.run(.tab("A"))
        #expect(sim.stack == ["A", "C"])
    }

    @Test("tapping the selected tab pops its stack to the root, animated")
    func reselectPopsToRoot() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"), .push("D"))
        #expect(
            brief(sim.run(.tab("A"))) == [
                "700ms tabSelected(name: A, reselected: true)",
                "700ms navCall(popToRoot(animated: true))",
                "1050ms deinitialized(D)",
                "1050ms deinitialized(C)",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test(
        "tab names must exist, and need a tab bar",
        arguments: [
            (true, "Z", "noSuchTab(Z, tabs: [A, B])"),
            (false, "A", "noTabBar"),
        ])
    func badTabs(withTabs: Bool, name: String, facts: String) {
        var sim = Sim()
        sim.run(withTabs ? .tabs(["A", "B"]) : .push("A"))
        #expect(sim.refused(.tab(name))?.facts == facts)
    }

    @Test("notify reaches every live screen, top first, marking those the user cannot see")
    func notifyOrder() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"), .present("M"))
        #expect(
            sim.run(.notify("kb")) == [
                "750ms notification(M, name: kb, visible: true)",
                "750ms notification(C, name: kb, visible: false)",
                "750ms notification(A, name: kb, visible: false)",
                "750ms notification(B, name: kb, visible: false)",
            ])
    }

    @Test("a one-way flow made with present keeps the old stack alive and notified")
    func presentKeepsTheOldFlow() {
        var sim = Sim()
        sim.given(.push("Welcome"), .push("Register"), .present("Home"))
        let lines = sim.run(.notify("keyboardWillShow"))
        #expect(lines.contains("750ms notification(Register, name: keyboardWillShow, visible: false)"))
        #expect(lines.first == "750ms notification(Home, name: keyboardWillShow, visible: true)")
    }

    @Test("a screen deinits when nothing holds it; outside delegates hold nothing")
    func memory() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(sim.run(.pop(animated: true)).last == "700ms deinitialized(B)")
        #expect(!sim.isAlive("B"))
        #expect(sim.isAlive("A"))
        #expect(sim.model.aliveReport.map(\.heldBy) == ["the window's nav stack, position 1 of 1"])
    }

    @Test("root releases the whole old hierarchy, modals and tabs included")
    func rootReleasesEverything() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .present("M"))
        let lines = sim.run(.root("Z"))
        for name in ["M", "A", "B"] { #expect(lines.contains("400ms deinitialized(\(name))")) }
        #expect(sim.model.aliveReport.map { sim.text($0.screen) } == ["Z"])
    }
}
