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
            out.appendUTF8(of: name.className)
            if name.ordinal != 1 {
                out.append(UInt8(ascii: "#"))
                out.appendDecimal(name.ordinal)
            }
        }
        func flag(_ value: Bool, _ yes: StaticString, _ no: StaticString) {
            out.appendASCII(value ? yes : no)
        }
        switch payload {
        case let .lifecycle(screen, call):
            name(screen)
            switch call {
            case .viewDidLoad: out.appendASCII(".viewDidLoad()")
            case let .viewWillAppear(a): flag(a, ".viewWillAppear(true)", ".viewWillAppear(false)")
            case let .viewDidAppear(a): flag(a, ".viewDidAppear(true)", ".viewDidAppear(false)")
            case let .viewWillDisappear(a): flag(a, ".viewWillDisappear(true)", ".viewWillDisappear(false)")
            case let .viewDidDisappear(a): flag(a, ".viewDidDisappear(true)", ".viewDidDisappear(false)")
            case let .willMove(toNav): flag(toNav, ".willMove(toParent: nav)", ".willMove(toParent: nil)")
            case let .didMove(toNav): flag(toNav, ".didMove(toParent: nav)", ".didMove(toParent: nil)")
            }
        case let .deinitialized(screen):
            name(screen)
            out.appendASCII(".deinit")
        case let .navCall(call):
            switch call {
            case let .push(screen, animated):
                out.appendASCII("nav.pushViewController(")
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .pop(animated):
                flag(animated, "nav.popViewController(animated: true)", "nav.popViewController(animated: false)")
            case let .popTo(screen, animated):
                out.appendASCII("nav.popToViewController(")
                name(screen)
                flag(animated, ", animated: true)", ", animated: false)")
            case let .popToRoot(animated):
                flag(animated, "nav.popToRootViewController(animated: true)", "nav.popToRootViewController(animated: false)")
            case let .setStack(screens, animated):
                out.appendASCII("nav.setViewControllers([")
                for (index, screen) in screens.enumerated() {
                    if index > 0 { out.appendASCII(", ") }
                    name(screen)
                }
                flag(animated, "], animated: true)", "], animated: false)")
            }
        case let .text(text, _):
            out.appendUTF8(of: text)
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

extension Array where Element == UInt8 {
    /// Appends a literal's bytes in one copy.
    public mutating func appendASCII(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 in one copy.
    public mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a whole number in decimal, right-aligned in `width` columns,
    /// without making a String: the digits and the padding are laid out in a
    /// small buffer on the stack and appended in one copy.
    public mutating func appendDecimal(_ value: Int, width: Int = 0) {
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var buffer: (UInt64, UInt64, UInt64) = (spaces, spaces, spaces) // 24 bytes: any Int fits
        let size = 24
        let first = Swift.withUnsafeMutableBytes(of: &buffer) { bytes -> Int in
            var i = size
            var magnitude = value.magnitude
            repeat {
                i -= 1
                bytes[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                bytes[i] = UInt8(ascii: "-")
            }
            return i
        }
        var start = first
        if width > size {
            for _ in 0..<(width - size) { append(32) } // wider than the buffer: never in navsh's own use
            start = 0
        } else if size - width < first {
            start = size - width
        }
        Swift.withUnsafeBytes(of: &buffer) { bytes in
            append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]).assumingMemoryBound(to: UInt8.self))
        }
    }
}
