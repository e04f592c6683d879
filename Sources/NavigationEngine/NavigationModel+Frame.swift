/// The phone's screen as `PhonePicture` draws it, but without the clock: a
/// transition in flight is kept as its start and end, so the picture at any
/// later instant (until the next event) follows from it. `timeline FILE.html`
/// keeps one after each command that printed events and replays them on the
/// session's clock. Every field is a constant amount of work to read, however
/// deep the stacks are (no whole stack is copied), and screens are kept as
/// `ScreenName`s, put into words only when the page is written (with the
/// session's newest class-name table, as its events are).
public struct PhoneFrame: Hashable, Sendable {
    /// The navigation bar's left item.
    public enum BackItem: Hashable, Sendable {
        case none
        /// The system back button, titled with the screen below.
        case system(ScreenName)
        case custom
    }

    /// A push or pop in flight on the controller the user sees.
    public struct Slide: Hashable, Sendable {
        public var incoming: ScreenName
        public var outgoing: ScreenName
        public var isPush: Bool
        public var start: Int
        /// nil while a finger holds it.
        public var end: Int?
        /// An interactive pop: where the finger was (0 to 100) and whether the release cancels it.
        public var percent: Int?
        public var cancels: Bool
        /// The content-area pan (iOS 26) drives it, not the edge swipe.
        public var byContentPan: Bool
    }

    /// A presented controller, up or rising or falling.
    public struct Sheet: Hashable, Sendable {
        public var screen: ScreenName
        /// It is a navigation controller (with its own bar).
        public var inNavigation: Bool
        /// Rising (true) or falling (false) between `start` and `end`; both nil when it stands.
        public var presenting: Bool
        public var start: Int?
        public var end: Int?
    }

    /// The title of the controller the user sees (the top of its stack).
    public var title: ScreenName?
    public var back: BackItem
    /// How many screens the controller the user sees holds.
    public var depth: Int
    public var slide: Slide?
    public var sheet: Sheet?
    /// The top of the window's controller, drawn behind a presented controller.
    public var behind: ScreenName?
    /// How many screens the window's controller holds.
    public var behindDepth: Int
    /// Presentations cover the whole screen (before iOS 13), not a card.
    public var fullScreen: Bool
    public var alertText: String?
    public var frozenReason: FreezeReason?
    public var tabs: [String]
    public var selectedTab: Int?
}

extension NavigationModel {
    /// The phone's screen now, transitions as start and end (`PhoneFrame`).
    public var frame: PhoneFrame {
        var tabs: [String] = []
        var selected: Int?
        if case .tabs(let ids, let index) = window {
            tabs = ids.map { navs[$0]?.tabName ?? "?" }
            selected = index
        }
        let windowNav = navs[windowNavID]
        let nav = navs[currentNavID] ?? windowNav
        var slide: PhoneFrame.Slide?
        if let nav, let t = nav.transition, let from = t.from {
            var percent: Int?
            var cancels = false
            if case .interactive(let p, let c) = t.kind {
                percent = p
                cancels = c
            }
            let isPush: Bool = if case .push = t.kind { true } else { false }
            slide = PhoneFrame.Slide(
                incoming: t.to, outgoing: from, isPush: isPush, start: t.start,
                end: t.end, percent: percent, cancels: cancels, byContentPan: t.byContentPan)
        }
        var sheet: PhoneFrame.Sheet?
        if let t = modalTransition {
            let duration = t.presenting ? durations.present : durations.dismiss
            sheet = PhoneFrame.Sheet(
                screen: t.modal.screen, inNavigation: t.modal.nav != nil, presenting: t.presenting,
                start: t.end - duration, end: t.end)
        } else if let modal = modals.last {
            sheet = PhoneFrame.Sheet(
                screen: modal.screen, inNavigation: modal.nav != nil, presenting: true, start: nil,
                end: nil)
        }
        var title: ScreenName?
        var back = PhoneFrame.BackItem.none
        if let nav, let top = nav.top {
            title = top
            if backVisible(in: nav) {
                if traits(of: top).customBack {
                    back = .custom
                } else if nav.stack.count >= 2 {
                    back = .system(nav.stack[nav.stack.count - 2])
                }
            }
        }
        let covered = sheet != nil && windowNav?.id != nav?.id
        return PhoneFrame(
            title: title, back: back, depth: nav?.stack.count ?? 0, slide: slide, sheet: sheet,
            behind: covered ? windowNav?.top : nil,
            behindDepth: windowNav?.stack.count ?? 0, fullScreen: profile == .legacy, alertText: alert?.text,
            frozenReason: frozen?.reason, tabs: tabs, selectedTab: selected)
    }
}
