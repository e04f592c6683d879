/// The families events fall into; `log` and colour work on them.
public enum EventCategory: String, Hashable, Sendable, CaseIterable {
    case call, lifecycle, delegate, gesture, bar, alert, gate, modal, tab, notify, memory, ui, warning, exception, note
}

/// One thing UIKit (or navsh) did, at a time on the transition clock.
public struct Event: Hashable, Sendable {
    /// Clock time in milliseconds.
    public var time: Int
    public var category: EventCategory
    public var text: String
    /// The screen the event is about, when there is one (for JSON and pictures).
    public var subject: String?

    public init(time: Int, category: EventCategory, text: String, subject: String? = nil) {
        self.time = time
        self.category = category
        self.text = text
        self.subject = subject
    }
}
