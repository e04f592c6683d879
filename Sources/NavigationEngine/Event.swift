/// The families events fall into; `log` and colour work on them.
public enum EventCategory: String, Hashable, Sendable, CaseIterable {
    case call, lifecycle, delegate, gesture, bar, alert, gate, modal, tab, notify, memory, ui, warning, exception, note
}

/// One view-lifecycle or containment callback.
public enum LifecycleCall: Hashable, Sendable {
    case viewDidLoad
    case viewWillAppear(Bool), viewDidAppear(Bool), viewWillDisappear(Bool), viewDidDisappear(Bool)
    /// `willMove(toParent: nav)` (true) or `willMove(toParent: nil)` (false).
    case willMove(toNav: Bool)
    case didMove(toNav: Bool)
}

/// What an event says. The frequent ones are kept as data and put into words
/// only when printed or matched, so a script that prints little formats little.
public enum EventPayload: Hashable, Sendable {
    case lifecycle(ScreenName, LifecycleCall)
    case deinitialized(ScreenName)
    case navCall(NavCall)
    case text(String, subject: ScreenName?)
}

/// One thing UIKit (or navsh) did, at a time on the transition clock.
public struct Event: Hashable, Sendable {
    /// Clock time in milliseconds.
    public var time: Int
    public var category: EventCategory
    public var payload: EventPayload

    public init(time: Int, category: EventCategory, payload: EventPayload) {
        self.time = time
        self.category = category
        self.payload = payload
    }

    public init(time: Int, category: EventCategory, text: String, subject: String? = nil) {
        self.time = time
        self.category = category
        self.payload = .text(text, subject: subject.map { ScreenName(className: $0, ordinal: 1) })
    }

    /// The line text mode prints, without the time.
    public var text: String {
        switch payload {
        case let .lifecycle(name, call):
            let screen = name.description
            switch call {
            case .viewDidLoad: return screen + ".viewDidLoad()"
            case let .viewWillAppear(a): return screen + (a ? ".viewWillAppear(true)" : ".viewWillAppear(false)")
            case let .viewDidAppear(a): return screen + (a ? ".viewDidAppear(true)" : ".viewDidAppear(false)")
            case let .viewWillDisappear(a): return screen + (a ? ".viewWillDisappear(true)" : ".viewWillDisappear(false)")
            case let .viewDidDisappear(a): return screen + (a ? ".viewDidDisappear(true)" : ".viewDidDisappear(false)")
            case let .willMove(toNav): return screen + (toNav ? ".willMove(toParent: nav)" : ".willMove(toParent: nil)")
            case let .didMove(toNav): return screen + (toNav ? ".didMove(toParent: nav)" : ".didMove(toParent: nil)")
            }
        case let .deinitialized(name):
            return name.description + ".deinit"
        case let .navCall(call):
            return call.text
        case let .text(text, _):
            return text
        }
    }

    /// The screen the event is about, when there is one.
    public var subject: String? {
        switch payload {
        case let .lifecycle(name, _), let .deinitialized(name): name.description
        case let .navCall(call): call.subject?.description
        case let .text(_, subject): subject?.description
        }
    }
}
