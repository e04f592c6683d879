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
                == "0ms window.rootViewController = UITabBarController(viewControllers: [UINavigationController(rootViewController: A), UINavigationController(rootViewController: B)])"
        )
        #expect(sim.stack == ["A"])
        #expect(sim.isAlive("B"))
    }

    @Test("tab NAME selects that tab's stack")
    func selectTab() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"))
        #expect(brief(sim.run(.tab("B"))) == ["350ms tab: select B"])
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
                "700ms tab: reselect A",
                "700ms nav.popToRootViewController(animated: true)",
                "1050ms D.deinit",
                "1050ms C.deinit",
            ])
        #expect(sim.stack == ["A"])
    }

    @Test(
        "tab names must exist, and need a tab bar",
        arguments: [
            (true, "Z", "no tab 'Z' (tabs: A, B)"),
            (false, "A", "there is no tab bar (create one with 'tabs NAME...')"),
        ])
    func badTabs(withTabs: Bool, name: String, message: String) {
        var sim = Sim()
        sim.run(withTabs ? .tabs(["A", "B"]) : .push("A"))
        #expect(sim.refused(.tab(name))?.message == message)
    }

    @Test("notify reaches every live screen, top first, marking those the user cannot see")
    func notifyOrder() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .push("C"), .present("M"))
        #expect(
            sim.run(.notify("kb")) == [
                "750ms M.received(kb)",
                "750ms C.received(kb) (not visible)",
                "750ms A.received(kb) (not visible)",
                "750ms B.received(kb) (not visible)",
            ])
    }

    @Test("a one-way flow made with present keeps the old stack alive and notified")
    func presentKeepsTheOldFlow() {
        var sim = Sim()
        sim.given(.push("Welcome"), .push("Register"), .present("Home"))
        let lines = sim.run(.notify("keyboardWillShow"))
        #expect(lines.contains("750ms Register.received(keyboardWillShow) (not visible)"))
        #expect(lines.first == "750ms Home.received(keyboardWillShow)")
    }

    @Test("a screen deinits when nothing holds it; outside delegates hold nothing")
    func memory() {
        var sim = Sim()
        sim.given(.delegate("Spy"), .push("A"), .push("B"))
        #expect(sim.run(.pop(animated: true)).last == "700ms B.deinit")
        #expect(!sim.isAlive("B"))
        #expect(sim.isAlive("A"))
        #expect(sim.model.aliveReport.map(\.heldBy) == ["the window's nav stack, position 1 of 1"])
    }

    @Test("root releases the whole old hierarchy, modals and tabs included")
    func rootReleasesEverything() {
        var sim = Sim()
        sim.given(.tabs(["A", "B"]), .present("M"))
        let lines = sim.run(.root("Z"))
        for name in ["M", "A", "B"] { #expect(lines.contains("400ms \(name).deinit")) }
        #expect(sim.model.aliveReport.map { sim.text($0.screen) } == ["Z"])
    }
}
