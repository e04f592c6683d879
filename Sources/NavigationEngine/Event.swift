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
        if case let .text(text, _) = payload { return text }
        var out: [UInt8] = []
        appendText(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the event's text as UTF-8: the one place its words are made, used
    /// by `text` and by writers that render straight into an output buffer.
    public func appendText(to out: inout [UInt8]) {
        func name(_ name: ScreenName) {
            out.append(contentsOf: name.className.utf8)
            if name.ordinal != 1 {
                out.append(UInt8(ascii: "#"))
                out.append(contentsOf: String(name.ordinal).utf8)
            }
        }
        func flag(_ value: Bool, _ yes: String, _ no: String) {
            out.append(contentsOf: (value ? yes : no).utf8)
        }
        switch payload {
        case let .lifecycle(screen, call):
            name(screen)
            switch call {
            case .viewDidLoad: out.append(contentsOf: ".viewDidLoad()".utf8)
            case let .viewWillAppear(a): flag(a, ".viewWillAppear(true)", ".viewWillAppear(false)")
            case let .viewDidAppear(a): flag(a, ".viewDidAppear(true)", ".viewDidAppear(false)")
            case let .viewWillDisappear(a): flag(a, ".viewWillDisappear(true)", ".viewWillDisappear(false)")
            case let .viewDidDisappear(a): flag(a, ".viewDidDisappear(true)", ".viewDidDisappear(false)")
            case let .willMove(toNav): flag(toNav, ".willMove(toParent: nav)", ".willMove(toParent: nil)")
            case let .didMove(toNav): flag(toNav, ".didMove(toParent: nav)", ".didMove(toParent: nil)")
            }
        case let .deinitialized(screen):
            name(screen)
            out.append(contentsOf: ".deinit".utf8)
        case let .navCall(call):
            switch call {
            case let .push(screen, animated):
                out.append(contentsOf: "nav.pushViewController(".utf8)
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .pop(animated):
                flag(animated, "nav.popViewController(animated: true)", "nav.popViewController(animated: false)")
            case let .popTo(screen, animated):
                out.append(contentsOf: "nav.popToViewController(".utf8)
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .popToRoot(animated):
                flag(animated, "nav.popToRootViewController(animated: true)", "nav.popToRootViewController(animated: false)")
            case let .setStack(screens, animated):
                out.append(contentsOf: "nav.setViewControllers([".utf8)
                for (index, screen) in screens.enumerated() {
                    if index > 0 { out.append(contentsOf: ", ".utf8) }
                    name(screen)
                }
                flag(animated, "], animated: true)", "], animated: false)")
            }
        case let .text(text, _):
            out.append(contentsOf: text.utf8)
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
