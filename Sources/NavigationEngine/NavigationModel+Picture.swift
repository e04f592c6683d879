/// What the phone's screen shows at this instant, for the live picture
/// (`show live`): the navigation bar, a transition's progress, a presented
/// sheet, the alert, a frozen UI, the tab bar. Read-only; a snapshot.
public struct PhonePicture: Hashable, Sendable {
    /// The navigation bar's left item.
    public enum BackItem: Hashable, Sendable {
        /// No left item (the root, or a hidden back button).
        case none
        /// The system back button, titled with the screen below.
        case system(String)
        /// A custom left bar button.
        case custom
    }

    /// A push or pop in flight on the controller the user sees.
    public struct Slide: Hashable, Sendable {
        /// The screen coming on top (pushed, or uncovered by a pop).
        public var incoming: String
        /// The screen leaving the top.
        public var outgoing: String
        /// A push slides `incoming` in from the right; a pop slides `outgoing` out to the right.
        public var isPush: Bool
        /// How far along, from 0 to 1.
        public var progress: Double
        /// A finger holds it (`drag`): progress is the finger's.
        public var heldByFinger: Bool
    }

    /// A presented controller, rising (present) or falling (dismiss).
    public struct Sheet: Hashable, Sendable {
        public var screen: String
        /// 1 when fully up.
        public var height: Double
    }

    public var clock: Int
    public var title: String?
    public var back: BackItem
    public var slide: Slide?
    /// The screen under the sheet or the only one: the top of the visible stack.
    public var sheet: Sheet?
    public var alertText: String?
    public var alertButtons: [String]
    public var frozenReason: FreezeReason?
    public var tabs: [String]
    public var selectedTab: Int?
    public var stack: [String]
}

extension NavigationModel {
    /// The phone's screen now.
    public var picture: PhonePicture {
        let windowNav = navs[windowNavID]
        var tabs: [String] = []
        var selected: Int?
        if case .tabs(let ids, let index) = window {
            tabs = ids.map { navs[$0]?.tabName ?? "?" }
            selected = index
        }
        // The controller the user sees (the topmost presented navigation controller, else the window's);
        // while a presented navigation controller rises or falls, the one behind it.
        var navID = currentNavID
        if let t = modalTransition, let top = modals.last, top.nav != nil, top.screen == t.modal.screen {
            navID = modals.dropLast().last(where: { $0.nav != nil })?.nav ?? windowNavID
        }
        let nav = navs[navID] ?? windowNav
        var slide: PhonePicture.Slide?
        if let nav, let t = nav.transition, let from = t.from {
            var progress = 1.0
            var finger = false
            switch t.kind {
            case .push, .pop:
                if let end = t.end, end > t.start {
                    progress = Double(clock - t.start) / Double(end - t.start)
                }
            case .interactive(let percent, let cancels):
                finger = t.end == nil
                let p = Double(percent) / 100
                if let end = t.end, end > t.start {
                    let f = Double(clock - t.start) / Double(end - t.start)
                    progress = cancels ? p * (1 - f) : p + (1 - p) * f
                } else {
                    progress = p
                }
            }
            let isPush: Bool = if case .push = t.kind { true } else { false }
            slide = PhonePicture.Slide(
                incoming: names.text(of: t.to), outgoing: names.text(of: from), isPush: isPush,
                progress: min(1, max(0, progress)), heldByFinger: finger)
        }
        var sheet: PhonePicture.Sheet?
        if let t = modalTransition {
            let duration = t.presenting ? durations.present : durations.dismiss
            let start = t.end - duration
            let f = duration > 0 ? min(1, max(0, Double(clock - start) / Double(duration))) : 1
            sheet = PhonePicture.Sheet(screen: names.text(of: t.modal.screen), height: t.presenting ? f : 1 - f)
        } else if let modal = modals.last, modal.nav == nil {
            sheet = PhonePicture.Sheet(screen: names.text(of: modal.screen), height: 1)
        }
        var title: String?
        var back = PhonePicture.BackItem.none
        if let nav, let top = nav.top {
            title = names.text(of: top)
            if backVisible(in: nav) {
                if traits(of: top).customBack {
                    back = .custom
                } else if nav.stack.count >= 2 {
                    back = .system(names.text(of: nav.stack[nav.stack.count - 2]))
                }
            }
        }
        return PhonePicture(
            clock: clock, title: title, back: back, slide: slide, sheet: sheet,
            alertText: alert?.text, alertButtons: alert?.buttons ?? [],
            frozenReason: frozen?.reason, tabs: tabs, selectedTab: selected,
            stack: (nav?.stack ?? []).map { names.text(of: $0) })
    }
}
