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
    /// (Inlinable, so each writer gets a copy specialised for its own sink.)
    @inlinable
    public func appendText<Sink: ByteSink>(to out: inout Sink) {
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

/// Where rendered text goes, a byte at a time or a run at a time: a byte
/// array, or an output buffer that writes straight into its memory.
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink {
    /// Appends a literal's bytes in one copy.
    @inlinable
    public mutating func appendASCII(_ literal: StaticString) {
        appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 in one copy.
    @inlinable
    public mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { appendBytes($0) }
    }

    /// Appends a whole number in decimal, right-aligned in `width` columns,
    /// without making a String. Up to eight digits are gathered in one word
    /// (divisions by the constant 10 are multiplications) and written out
    /// most significant first; longer numbers take a second pass for the rest.
    @inlinable
    public mutating func appendDecimal(_ value: Int, width: Int = 0) {
        var magnitude = value.magnitude
        // Low eight digits in `low` (the units in the top byte used), the rest in `high`.
        var low: UInt64 = 0
        var lowCount = 0
        repeat {
            low = low &<< 8 | UInt64(48 + magnitude % 10)
            magnitude /= 10
            lowCount += 1
        } while magnitude > 0 && lowCount < 8
        var high: UInt64 = 0
        var highCount = 0
        var highest: UInt64 = 0
        var highestCount = 0
        while magnitude > 0 {
            if highCount < 8 {
                high = high &<< 8 | UInt64(48 + magnitude % 10)
                highCount += 1
            } else {
                highest = highest &<< 8 | UInt64(48 + magnitude % 10)
                highestCount += 1
            }
            magnitude /= 10
        }
        let length = lowCount + highCount + highestCount + (value < 0 ? 1 : 0)
        if width > length { for _ in 0..<(width - length) { append(32) } }
        if value < 0 { append(UInt8(ascii: "-")) }
        // Each word holds its most significant digit in its lowest byte.
        for i in 0..<highestCount { append(UInt8(truncatingIfNeeded: highest &>> UInt64(8 * i))) }
        for i in 0..<highCount { append(UInt8(truncatingIfNeeded: high &>> UInt64(8 * i))) }
        for i in 0..<lowCount { append(UInt8(truncatingIfNeeded: low &>> UInt64(8 * i))) }
    }
}
