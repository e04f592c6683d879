import NavigationEngine

// The timeline both writers draw: lanes, steps and transitions in flight,
// read from the events' typed payloads (never from their words).

enum LaneKind { case actor, uikit, screen, delegate }

/// One object's lifeline.
struct Lane {
    var name: String
    var kind: LaneKind
    /// The column it is drawn in: a screen made again after its lane ended (a
    /// reset, or a deinit) gets a lane of its own in the column of the old one.
    var column: Int
    /// The step where a lane that takes over a column begins (nil: it is there from the top).
    var start: Int? = nil
    /// Where it ends (nil: it runs to the bottom).
    var end: LaneEnd? = nil
}

enum LaneEnd: Equatable {
    /// Its deinit (a cross).
    case deinitialized(step: Int)
    /// A reset threw the object away (the index of the mark).
    case reset(mark: Int)
}

/// Something the session did between two events that the events do not say:
/// a `reset` (the clock starts again at 0) or an `undo` (events taken back).
public struct TimelineMark: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case reset
        /// The command taken back, as it was typed.
        case undo(String)
        /// A `##` heading of the script (a lesson's section), its text without the `#`s.
        case section(String)
    }

    /// How many of the events given come before it.
    public var before: Int
    public var kind: Kind

    public init(before: Int, kind: Kind) {
        self.before = before
        self.kind = kind
    }
}

extension TimelineMark.Kind {
    /// What the picture says at the mark.
    var words: String {
        switch self {
        case .reset: "reset: a fresh session, the clock starts again at 0"
        case .undo(let command): "undone: \(command)"
        case .section(let title): "section: \(title)"
        }
    }
}

enum NoteStyle { case warning, exception, note, frozen }

enum StepShape {
    /// An arrow from one lane to another (or to itself when equal).
    case message(from: Int, to: Int, lost: Bool)
    /// A note across every lane.
    case note(NoteStyle)
}

struct Step {
    var time: Int
    /// What happened: the timeline branches on these facts.
    var payload: EventPayload
    /// The words drawn, from the renderer, on one line.
    var text: String
    var shape: StepShape

    var category: EventCategory { payload.category }
}

/// The API call a transition in flight came from.
enum TransitionOperation {
    /// No call seen yet.
    case unknown
    case call(NavCall.Method)
    case present, dismiss

    init(_ method: NavCall.Method) { self = .call(method) }
}

/// A transition in flight, between two steps.
struct Interval {
    var start: Int
    /// nil while still in flight when the events end.
    var end: Int?
    var cancelled: Bool
    /// The call that started it, and whether a swipe (or content pan) drove it.
    var operation: TransitionOperation
    var swipe: Bool
    /// The screen appearing.
    var screen: String
    /// Milliseconds from start to end (nil while in flight, or when the difference overflows).
    var duration: Int?
    /// A reset threw it away in flight (it ends at the last step before the reset).
    var interrupted = false
}

struct Timeline {
    var lanes: [Lane] = []
    var steps: [Step] = []
    var intervals: [Interval] = []
    /// The marks among the steps drawn, in order (`before` counts steps).
    var marks: [TimelineMark] = []
    /// How many columns the lanes take.
    var columns = 0
    var omitted = 0
    var total = 0

    /// The lanes no reset ends: the callers and UIKit's own objects.
    static let roles: Set<String> = [
        "app", "user", "system", "nav", "window", "gesture", "contentGesture", "alert", "bar", "tabBar",
    ]

    init(_ all: [Event], marks allMarks: [TimelineMark] = [], names: ClassNames) {
        total = all.count
        let events = all.prefix(TimelineRenderer.maxEvents)
        omitted = all.count - events.count
        marks = allMarks.filter {
            $0.before >= 0 && (omitted == 0 ? $0.before <= events.count : $0.before < events.count)
        }
        marks.sort { $0.before < $1.before }
        if marks.count > TimelineRenderer.maxMarks { marks.removeLast(marks.count - TimelineRenderer.maxMarks) }
        var index: [String: Int] = [:] // the live lane of each name
        var columnOf: [String: Int] = [:]
        var screens: Set<String> = []
        var delegates: Set<String> = []

        func lane(_ name: String) -> Int {
            if let i = index[name] {
                // Touched after a deinit that did not end it (an unnamed screen's, drawn on nav): it goes on.
                if case .deinitialized = lanes[i].end { lanes[i].end = nil }
                return i
            }
            index[name] = lanes.count
            if let column = columnOf[name] {
                lanes.append(Lane(name: name, kind: .uikit, column: column, start: steps.count))
            } else {
                // An object made after a reset begins where it is made; the callers and UIKit's are there from the top.
                let start = afterReset && !Timeline.roles.contains(name) ? steps.count : nil
                columnOf[name] = columns
                lanes.append(Lane(name: name, kind: .uikit, column: columns, start: start))
                columns += 1
            }
            return lanes.count - 1
        }
        var nextMark = 0
        var afterReset = false
        func passMarks(upTo step: Int) {
            while nextMark < marks.count, marks[nextMark].before <= step {
                if marks[nextMark].kind == .reset {
                    afterReset = afterReset || step > 0
                    // The old session's screens and delegates are gone.
                    for (name, i) in index where !Timeline.roles.contains(name) {
                        if lanes[i].end == nil { lanes[i].end = .reset(mark: nextMark) }
                        index[name] = nil
                    }
                }
                nextMark += 1
            }
        }

        for event in events {
            passMarks(upTo: steps.count)
            let text = Timeline.clean(Timeline.words(event, names))
            let receiver = Timeline.receiver(of: event.payload, names)
            let subject = event.subject.flatMap { Timeline.laneName($0, names) }
            if let subject { screens.insert(subject) }
            let shape: StepShape
            switch event.category {
            case .call, .modal:
                shape = .message(from: lane("app"), to: lane(receiver ?? "nav"), lost: false)
            case .lifecycle, .gate, .delegate:
                if let receiver, event.category != .delegate, receiver != "nav" { screens.insert(receiver) }
                if let receiver, event.category == .delegate, receiver != "nav" { delegates.insert(receiver) }
                shape = .message(from: lane("nav"), to: lane(receiver ?? "nav"), lost: false)
            case .bar:
                shape = .message(from: lane("nav"), to: lane(receiver ?? "bar"), lost: false)
            case .alert:
                if case .alertTapped = event.payload {
                    shape = .message(from: lane("user"), to: lane("alert"), lost: false)
                } else {
                    shape = .message(from: lane(subject ?? "nav"), to: lane("alert"), lost: false)
                }
            case .gesture:
                shape = .message(from: lane("user"), to: lane(receiver ?? "gesture"), lost: false)
            case .tab:
                shape = .message(from: lane("user"), to: lane(receiver ?? "tabBar"), lost: false)
            case .ui:
                if case .frozen = event.payload {
                    shape = .note(.frozen)
                } else {
                    shape = .message(from: lane("user"), to: lane(receiver ?? "nav"), lost: true)
                }
            case .notify:
                if let receiver, receiver != "nav" { screens.insert(receiver) }
                shape = .message(from: lane("system"), to: lane(receiver ?? "nav"), lost: false)
            case .memory:
                let who = lane(receiver ?? "nav")
                if let receiver, receiver != "nav" { screens.insert(receiver) }
                shape = .message(from: who, to: who, lost: true)
                // The lane ends here; a screen of that name made again later gets a new one.
                lanes[who].end = .deinitialized(step: steps.count)
                if let receiver, receiver != "nav" { index[receiver] = nil }
            case .warning:
                shape = .note(.warning)
            case .exception:
                shape = .note(.exception)
            case .note:
                shape = .note(.note)
            }
            steps.append(Step(time: event.time, payload: event.payload, text: text, shape: shape))
        }
        passMarks(upTo: steps.count)

        let actors: Set<String> = ["app", "user", "system"]
        for i in lanes.indices {
            let name = lanes[i].name
            if actors.contains(name) {
                lanes[i].kind = .actor
            } else if ["nav", "window", "gesture", "contentGesture", "alert", "bar", "tabBar"].contains(name) {
                lanes[i].kind = .uikit
            } else if screens.contains(name) {
                lanes[i].kind = .screen
            } else if delegates.contains(name) {
                lanes[i].kind = .delegate
            }
        }
        intervals = Timeline.intervals(steps, marks: marks, names: names)
    }

    // MARK: Names: the one place the timeline turns events and screens into text

    /// The event's line, from the renderer.
    static func words(_ event: Event, _ names: ClassNames) -> String {
        EventRenderer.words(event, names: names)
    }

    /// A screen as its lane is named (nil when its name cannot be a lane's).
    static func laneName(_ screen: ScreenName, _ names: ClassNames) -> String? {
        name(from: names.text(of: screen))
    }

    /// A screen's name as a transition caption gives it.
    static func text(_ screen: ScreenName, _ names: ClassNames) -> String { names.text(of: screen) }

    // MARK: Reading events

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "#": return true
        default: return false
        }
    }

    /// A word of name characters usable as a lane name (at most 40 of them).
    static func name(from text: String) -> String? {
        guard !text.isEmpty, text.unicodeScalars.count <= 40, text.unicodeScalars.allSatisfy(isNameScalar)
        else { return nil }
        return text
    }

    /// The object an event is addressed to, as a lane name (nil: the event names none, or a
    /// name that cannot be a lane's).
    static func receiver(of payload: EventPayload, _ names: ClassNames) -> String? {
        switch payload {
        case .navCall, .delegateAssigned, .gestureDelegateAssigned, .controllerLoaded, .safeDelegateAssigned,
            .contentPanEnabledAssigned:
            return "nav"
        case .windowRoot:
            return "window"
        case .lifecycle(let screen, _), .deinitialized(let screen), .gateHidesBack(let screen),
            .notification(let screen, _, _), .shouldPop(let screen, _):
            return laneName(screen, names)
        case .delegateCall(let receiver, _):
            return name(from: EventRenderer.receiverName(receiver))
        case .gestureBegan, .gestureChanged, .gestureRefused, .gestureReleased, .gestureCancelled, .gestureFinished:
            return "gesture"
        case .contentGestureBegan, .contentGestureChanged, .contentGestureRefused, .contentGestureReleased,
            .contentGestureCancelled, .contentGestureFinished:
            return "contentGesture"
        case .barShouldPop:
            return "bar"
        case .alertShown, .alertTapped:
            return "alert"
        case .present(let receiver, _, _, _), .dismiss(let receiver, _, _):
            return receiver.map { laneName($0, names) } ?? "nav"
        case .gateTrimmed, .tabSelected, .touchIgnored, .frozen, .warning, .exception, .note:
            return nil
        }
    }

    /// The operation a call or presentation starts transitions with (nil: this event starts none).
    static func operation(of payload: EventPayload) -> TransitionOperation? {
        switch payload {
        case .navCall(let call): TransitionOperation(call.method)
        case .present: .present
        case .dismiss: .dismiss
        default: nil
        }
    }

    /// One line: control characters become spaces or U+FFFD.
    static func clean(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out.unicodeScalars.append(" ")
            case 0..<0x20, 0x7F, 0xFFFE, 0xFFFF: out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An event text cut to `maxLabel` characters.
    static func short(_ text: String) -> String {
        text.count > TimelineRenderer.maxLabel ? String(text.prefix(TimelineRenderer.maxLabel - 1)) + "…" : text
    }

    static func ms(_ time: Int) -> String { "\(time) ms" }
}

extension Array {
    /// The element at `i`, or nil outside the array (the timeline never traps on odd input).
    subscript(at i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
