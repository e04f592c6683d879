import NavigationEngine
import Testing

/// behaviour.md section 7: modal presentation and its races.
@Suite("Modal presentation")
struct ModalTests {
    @Test("present: the will-calls at once, the did-calls 400 ms later; the presenter and its stack stay alive")
    func present() {
        var sim = Sim()
        sim.given(.push("A"), .push("P"))
        #expect(
            sim.run(.present("X")) == [
                "350ms present(receiver: P, screen: X, container: nil, animated: true)",
                "350ms lifecycle(X, viewDidLoad)",
                "350ms lifecycle(P, viewWillDisappear(true))",
                "350ms lifecycle(X, viewWillAppear(true))",
                "750ms lifecycle(P, viewDidDisappear(true))",
                "750ms lifecycle(X, viewDidAppear(true))",
            ])
        #expect(sim.model.presentedTop.map(sim.text) == "X")
        #expect(sim.isAlive("A") && sim.isAlive("P"))
    }

    @Test("dismiss mirrors present and releases the presented screen")
    func dismiss() {
        var sim = Sim()
        sim.given(.push("P"), .present("X"))
        #expect(
            sim.run(.dismiss(animated: true)) == [
                "400ms dismiss(receiver: P, presented: X, animated: true)",
                "400ms lifecycle(X, viewWillDisappear(true))",
                "400ms lifecycle(P, viewWillAppear(true))",
                "800ms lifecycle(X, viewDidDisappear(true))",
                "800ms lifecycle(P, viewDidAppear(true))",
                "800ms deinitialized(X)",
            ])
        #expect(sim.model.presentedTop == nil)
    }

    @Test("a screen being dismissed stays the top until its dismissal ends")
    func dismissedScreenStaysOnTop() {
        var sim = Sim()
        sim.given(.push("P"), .present("X"))
        sim.start(.dismiss(animated: true))
        #expect(sim.model.presentedTop.map(sim.text) == "X")
        sim.start(.wait(400))
        #expect(sim.model.presentedTop == nil)
    }

    @Test(
        "a present during a presentation is dropped with the profile's warning; the new screen is released at once",
        arguments: [
            Profile.ios26, .legacy,
        ])
    func presentWhilePresenting(profile: Profile) {
        var sim = Sim(profile)
        sim.given(.push("P"))
        sim.start(.present("X"))
        let lines = sim.start(.present("Y"))
        #expect(
            withoutNotes(lines) == [
                "0ms present(receiver: X, screen: Y, container: nil, animated: true)",
                "0ms warning(presentDuringPresentation(Y, on: X, profile: \(profile)))",
                "0ms deinitialized(Y)",
            ])
        sim.settle()
        #expect(sim.model.presentedTop.map(sim.text) == "X")
    }

    @Test("dismiss & then present: the present is dropped and the user ends up where they were")
    func dismissRacingPresent() {
        var sim = Sim()
        sim.given(.push("Welcome"), .present("Signup"))
        sim.start(.dismiss(animated: true))
        let lines = sim.run(.present("Home"))
        #expect(
            lines.contains(
                "400ms warning(presentDuringPresentation(Home, on: Signup, profile: ios26))"))
        #expect(sim.model.presentedTop == nil)
        #expect(sim.stack == ["Welcome"])
        #expect(!sim.isAlive("Home"))
    }

    @Test("a dismiss during a presentation is dropped")
    func dismissWhilePresenting() {
        var sim = Sim()
        sim.given(.push("P"))
        sim.start(.present("X"))
        #expect(
            withoutNotes(sim.start(.dismiss(animated: true))) == [
                "0ms dismiss(receiver: P, presented: X, animated: true)",
                "0ms warning(dismissDuringPresentation(from: P))",
            ])
        sim.settle()
        #expect(sim.model.presentedTop.map(sim.text) == "X")
    }

    @Test("present nav: the presented navigation controller becomes the current one")
    func presentInNavigation() {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        let lines = sim.run(.present("N", nav: true))
        #expect(
            lines.first == "350ms present(receiver: B, screen: N, container: UINavigationController, animated: true)")
        #expect(sim.stack == ["N"])
        sim.run(.push("O"))
        #expect(sim.stack == ["N", "O"])
        #expect(sim.model.presentedTop.map(sim.text) == "N")
        let dismissed = sim.run(.dismiss(animated: true))
        #expect(dismissed.suffix(2) == ["1500ms deinitialized(O)", "1500ms deinitialized(N)"])
        #expect(sim.stack == ["A", "B"])
    }

    @Test("dismiss with nothing presented does nothing")
    func dismissNothing() {
        var sim = Sim()
        sim.given(.push("A"))
        let before = sim.model
        #expect(
            withoutNotes(sim.run(.dismiss(animated: true))) == [
                "0ms dismiss(receiver: A, presented: nil, animated: true)"
            ])
        #expect(sim.model == before)
    }
}
