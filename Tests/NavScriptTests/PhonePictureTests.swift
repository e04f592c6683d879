import NavScript
import NavigationEngine
import Testing

/// issue 15 item 8: what the live picture draws, from the model (`show live`).
@Suite("Phone picture")
struct PhonePictureTests {
    func picture(_ script: String) -> PhonePicture {
        let harness = Harness()
        harness.run(script)
        #expect(harness.diagnostics.isEmpty, "\(harness.diagnostics)")
        return harness.session.state.picture
    }

    @Test("a push half way: Detail slides in over Home, the bar has its back button")
    func pushHalfWay() throws {
        let p = picture("push Home\npush Detail &\nwait 175ms")
        let slide = try #require(p.slide)
        #expect(slide.isPush && slide.incoming == "Detail" && slide.outgoing == "Home")
        #expect(abs(slide.progress - 0.5) < 0.01)
        #expect(!slide.heldByFinger)
        #expect(p.title == "Detail" && p.back == .system("Home"))
    }

    @Test("the picture moves with the clock")
    func moves() throws {
        let early = try #require(picture("push Home\npush Detail &\nwait 50ms").slide).progress
        let late = try #require(picture("push Home\npush Detail &\nwait 300ms").slide).progress
        #expect(early < late)
        #expect(picture("push Home\npush Detail").slide == nil)
    }

    @Test("a drag holds the pop at the finger")
    func drag() throws {
        let slide = try #require(picture("push Home\npush Detail\ndrag 40%").slide)
        #expect(!slide.isPush && slide.heldByFinger && slide.outgoing == "Detail" && slide.incoming == "Home")
        #expect(abs(slide.progress - 0.4) < 0.01)
    }

    @Test("a sheet rising, the alert, a frozen UI, the tab bar, a custom back button")
    func overlays() {
        let sheet = picture("push Home\npresent Sheet &\nwait 200ms").sheet
        #expect(sheet?.screen == "Sheet" && abs((sheet?.height ?? 0) - 0.5) < 0.01)
        #expect(picture("push Home\npresent Sheet").sheet?.height == 1)
        let alert = picture("screen Editor custom-back \"Discard changes?\"\npush Home\npush Editor\nback")
        #expect(alert.alertText == "Discard changes?" && alert.alertButtons == ["Cancel", "OK"])
        #expect(alert.back == .custom)
        #expect(picture("gesture-delegate none\npush Home\nswipe").frozenReason != nil)
        let tabs = picture("tabs Notes Settings\ntab Settings")
        #expect(tabs.tabs == ["Notes", "Settings"] && tabs.selectedTab == 1 && tabs.title == "Settings")
        #expect(picture("push Home").back == .none)
    }
}
