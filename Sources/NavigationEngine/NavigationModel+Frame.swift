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

        public init(
            incoming: ScreenName, outgoing: ScreenName, isPush: Bool, start: Int, end: Int?, percent: Int?,
            cancels: Bool, byContentPan: Bool
        ) {
            self.incoming = incoming
            self.outgoing = outgoing
            self.isPush = isPush
            self.start = start
            self.end = end
            self.percent = percent
            self.cancels = cancels
            self.byContentPan = byContentPan
        }
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

        public init(screen: ScreenName, inNavigation: Bool, presenting: Bool, start: Int?, end: Int?) {
            self.screen = screen
            self.inNavigation = inNavigation
            self.presenting = presenting
            self.start = start
            self.end = end
        }
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

extension PhoneFrame {
    /// The phone with nothing on it: no controller, nothing in flight.
    public init() {
        self.init(
            title: nil, back: .none, depth: 0, slide: nil, sheet: nil, behind: nil, behindDepth: 0,
            fullScreen: false, alertText: nil, frozenReason: nil, tabs: [], selectedTab: nil)
    }
}

extension ScreenName {
    /// The name as two plain numbers, for stores that keep many frames packed
    /// (the timeline's): the class's number in the model's table, and the ordinal.
    public var numbers: (cls: UInt32, ordinal: Int) { (cls.id, ordinal) }

    /// The name `numbers` gave.
    public init(numbers cls: UInt32, _ ordinal: Int) {
        self.init(cls: ClassName(id: cls), ordinal: ordinal)
    }
}

extension NavigationModel {
    /// The phone's screen now, transitions as start and end (`PhoneFrame`).
    /// This runs after every command that printed events, so the controllers
    /// are read where they lie, through `navs[id]?.`: bound to a name, a
    /// controller is copied out of its slot.
    public var frame: PhoneFrame {
        var f = PhoneFrame()
        frame(into: &f)
        return f
    }

    /// `frame`, written over `f` (every field), so that a caller that keeps
    /// many frames builds each in the same place.
    public func frame(into f: inout PhoneFrame) {
        if case .tabs(let ids, let index) = window {
            f.tabs = ids.map { navs[$0]?.tabName ?? "?" }
            f.selectedTab = index
        } else {
            if !f.tabs.isEmpty { f.tabs = [] }
            f.selectedTab = nil
        }
        let windowID = windowNavID
        let currentID = currentNavID
        // The controller the user sees: the topmost presented one, else the window's.
        // (`if case`, not `!= nil`: comparing with nil would copy the controller.)
        let id = if case .some = navs[currentID] { currentID } else { windowID }
        let depth = navs[id]?.stack.count ?? 0
        f.depth = depth
        f.slide = nil
        f.title = nil
        f.back = .none
        f.sheet = nil
        f.behind = nil
        if let from = navs[id]?.transition?.from, let to = navs[id]?.transition?.to,
            let kind = navs[id]?.transition?.kind, let start = navs[id]?.transition?.start
        {
            var percent: Int?
            var cancels = false
            var isPush = false
            switch kind {
            case .push: isPush = true
            case .pop: break
            case .interactive(let p, let c):
                percent = p
                cancels = c
            }
            f.slide = PhoneFrame.Slide(
                incoming: to, outgoing: from, isPush: isPush, start: start, end: navs[id]?.transition?.end,
                percent: percent, cancels: cancels, byContentPan: navs[id]?.transition?.byContentPan == true)
        }
        if let top = navs[id]?.stack.last {
            f.title = top
            if backVisible(top: top, depth: depth) {
                if traits(of: top).customBack {
                    f.back = .custom
                } else if depth >= 2, let below = navs[id]?.stack[depth - 2] {
                    f.back = .system(below)
                }
            }
        }
        if let t = modalTransition {
            let duration = t.presenting ? durations.present : durations.dismiss
            f.sheet = PhoneFrame.Sheet(
                screen: t.modal.screen, inNavigation: t.modal.nav != nil, presenting: t.presenting,
                start: t.end - duration, end: t.end)
        } else if let modal = modals.last {
            f.sheet = PhoneFrame.Sheet(
                screen: modal.screen, inNavigation: modal.nav != nil, presenting: true, start: nil,
                end: nil)
        }
        if case .some = f.sheet, currentID != windowID { f.behind = navs[windowID]?.stack.last }
        f.behindDepth = navs[windowID]?.stack.count ?? 0
        f.fullScreen = profile == .legacy
        f.alertText = alert?.text
        f.frozenReason = frozen?.reason
    }
}
