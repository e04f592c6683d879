import NavigationEngine

/// Draws a session's events as a sequence diagram: `timeline FILE.svg` (a
/// picture) and `timeline FILE.md` (a Mermaid `sequenceDiagram` in Markdown).
///
/// Each object gets a lane, in order of first appearance: the receiver is the
/// object the event is addressed to (`nav`, `Login#2`, `Spy`, `gesture`,
/// `alert`, `bar`, `window`), read from the typed event; the sender is `app`
/// for API calls (call, modal), `user` for what a finger does (gesture, ui,
/// alert taps, tab), `system` for notifications and `nav` (UIKit) for
/// lifecycle, delegate, gate and bar events. Warnings, exceptions and notes
/// span every lane. Time flows down: events at the same clock instant stack in
/// order, and a gap sized by the milliseconds that passed (with a ruler)
/// separates instants. A transition in flight is a translucent band behind the
/// lanes.
///
/// TimelineModel.swift reads the events (TimelineTransitions.swift the
/// transitions in flight), TimelineLayout.swift places them, TimelineSVG.swift
/// and TimelineMermaid.swift write them. Pure functions of the events, standard
/// library only; any text is escaped and nothing traps on any input.
public enum TimelineRenderer {
    /// `0–1750 ms on the transition clock`: the earliest and latest times, and
    /// how often the clock went back (a `reset` starts it again at 0), so the
    /// range is right when the times do not only grow.
    static func clockRange(_ times: [Int]) -> String {
        guard let low = times.min(), let high = times.max() else { return "no events" }
        var backwards = 0
        for i in times.indices.dropFirst() where times[i] < times[i - 1] { backwards += 1 }
        let restarts =
            backwards == 0 ? "" : ", which went back \(backwards == 1 ? "once" : "\(backwards) times") (reset)"
        return "\(low)–\(high) ms on the transition clock\(restarts)"
    }

    /// At most this many events are drawn; a footer says how many were left out.
    public static let maxEvents = 5000
    /// At most this many resets and undos are marked (the first ones).
    public static let maxMarks = 5000
    /// Longer event texts are cut (with "…") in arrow labels; the SVG keeps the whole text in a tooltip.
    static let maxLabel = 110

    /// An SVG picture; `marks` are the resets, undos and sections among the
    /// events; `large` draws it half as big again (text of 18 px), for a projector.
    public static func svg(_ events: [Event], marks: [TimelineMark] = [], names: ClassNames, large: Bool = false)
        -> String
    {
        var layout = SVGLayout(Timeline(events, marks: marks, names: names))
        if large { layout.scale = 1.5 }
        return layout.render()
    }

    /// A Markdown file with a ```` ```mermaid ```` `sequenceDiagram` block.
    public static func mermaid(_ events: [Event], marks: [TimelineMark] = [], names: ClassNames) -> String {
        MermaidWriter(Timeline(events, marks: marks, names: names)).render()
    }
}
