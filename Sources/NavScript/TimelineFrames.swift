import NavigationEngine

/// The phone after each command that printed events (`PhoneFrame`, its
/// transitions as start and end), for `timeline FILE.html`: the page draws,
/// at an instant, the last frame kept before it. Kept in order; a frame is
/// kept only when the events moved on (or a reset or undo changed the
/// state), and only when it differs from the one before.
///
/// A frame is kept after nearly every command and read only when a page is
/// written, so the frames are kept packed: a few words each, one after the
/// other in one array (`FrameWords`), unpacked by `frame(at:)`.
struct TimelineFrames {
    /// Where a frame was kept, and where its words are.
    struct Stop {
        /// Events in the history (counting trimmed ones) when it was kept: it shows the phone after them.
        var events: Int
        /// Timeline marks made so far (resets, undos, sections): it shows the phone after them too.
        var marks: Int
        /// Its first word in `words`; its words end where the next frame's begin.
        var start: Int
    }

    /// The frames kept, oldest first.
    private(set) var stops: [Stop] = []
    /// Every frame's words, in the order of `stops`.
    private var words = FrameWords()
    /// Marks made so far (not counting any that were trimmed away).
    var marksMade = 0
    /// Whether frames are kept at all (`Session.keepsTimelineFrames`).
    var enabled = true
    /// The frames are trimmed of those older than the history when they reach this many.
    private var trimAt = 1024
    /// Where each frame is built before it is packed.
    private var scratch = PhoneFrame()

    /// How many frames are kept.
    var count: Int { stops.count }
    /// The words the frames take, and the texts their table holds (for the tests of their size).
    var wordCount: Int { words.count }
    var textsKept: Int { words.textsKept }

    /// Frame `i`, unpacked.
    func frame(at i: Int) -> PhoneFrame {
        words.unpack(stops[i].start..<(i + 1 < stops.count ? stops[i + 1].start : words.count))
    }

    /// Keeps the phone as `model` shows it now, unless the events have not
    /// moved since the last frame (or `force`). `inout` only to read the
    /// model where it lies: nothing in it changes.
    mutating func note(_ model: inout NavigationModel, events: Int, oldest: Int, force: Bool) {
        // An undo took events back: what was kept after them never happened.
        while let last = stops.last, last.events > events {
            words.removeLast(from: last.start)
            stops.removeLast()
        }
        if !force, let last = stops.last, last.events == events, last.marks == marksMade { return }
        let start = words.count
        model.frame(into: &scratch)
        words.pack(&scratch)
        if let last = stops.last, words.equal(last.start..<start, start..<words.count) {
            words.removeLast(from: start)
            return
        }
        stops.append(Stop(events: events, marks: marksMade, start: start))
        if stops.count >= trimAt { trim(oldest: oldest) }
    }

    /// Drops the frames before the oldest event kept, all but the last of them
    /// (the phone as the oldest event found it).
    private mutating func trim(oldest: Int) {
        if let first = stops.lastIndex(where: { $0.events <= oldest }), first > 0 {
            let dropped = stops[first].start
            words.removeFirst(dropped)
            stops.removeFirst(first)
            for i in stops.indices { stops[i].start -= dropped }
        }
        // Texts no frame kept mentions any more are dropped too: the words are packed again.
        if words.textsKept > 2 * stops.count + 64 {
            let frames = stops.indices.map { frame(at: $0) }
            words = FrameWords()
            for (i, frame) in frames.enumerated() {
                stops[i].start = words.count
                var frame = frame
                words.pack(&frame)
            }
        }
        trimAt = stops.count + Swift.max(1024, stops.count / 2)
    }
}

extension Session {
    /// Whether the phone is kept after each command for `timeline FILE.html`
    /// (and `navsh explore --out`), which replay it: true unless the host knows
    /// that no page can be written (navsh's `TimelineDemand`). Turned off, the
    /// frames kept so far go, and a page draws no phone.
    public var keepsTimelineFrames: Bool {
        get { frames.enabled }
        set {
            frames = TimelineFrames()
            frames.enabled = newValue
        }
    }

    /// Keeps the phone as it is now for `timeline FILE.html` if the events moved on
    /// since the last frame (or `force`: a reset or an undo changed it without events).
    func noteFrame(force: Bool = false) {
        guard frames.enabled, !replaying else { return }
        frames.marksMade = timelineMarks.count
        let events = historyDropped &+ log.count
        frames.note(&current.model, events: events, oldest: historyDropped, force: force)
    }
}

/// Frames packed into words, one after the other: a header word of flags (and
/// the two depths, when they are small), then a word for each screen name,
/// time and number the flags say the frame has, in the order of
/// `PhoneFrame`'s fields. A name is one word (its class's number above, its
/// ordinal below) unless an ordinal needs more than 32 bits: then every name
/// of that frame takes two. Texts (an alert's, the tabs' titles) are kept
/// once each, in a table, and a frame holds their number. Equal frames pack
/// to equal words, and unequal ones to unequal words.
struct FrameWords {
    private var words: [UInt64] = []
    private var texts = Interned<String>()
    private var tabLists = Interned<[String]>()

    var count: Int { words.count }
    /// Texts and tab lists in the tables, whether or not a frame still mentions them.
    var textsKept: Int { texts.count + tabLists.count }

    private enum Flag {
        static let title: UInt64 = 1 << 0
        static let backSystem: UInt64 = 1 << 1
        static let backCustom: UInt64 = 1 << 2
        static let slide: UInt64 = 1 << 3
        static let push: UInt64 = 1 << 4
        static let slideEnd: UInt64 = 1 << 5
        static let percent: UInt64 = 1 << 6
        static let cancels: UInt64 = 1 << 7
        static let contentPan: UInt64 = 1 << 8
        static let sheet: UInt64 = 1 << 9
        static let inNavigation: UInt64 = 1 << 10
        static let presenting: UInt64 = 1 << 11
        static let sheetStart: UInt64 = 1 << 12
        static let sheetEnd: UInt64 = 1 << 13
        static let behind: UInt64 = 1 << 14
        static let fullScreen: UInt64 = 1 << 15
        static let alert: UInt64 = 1 << 16
        static let tabs: UInt64 = 1 << 17
        static let selectedTab: UInt64 = 1 << 18
        /// Names take two words each.
        static let wide: UInt64 = 1 << 19
        /// The depths are words of their own, not in the header.
        static let depthWords: UInt64 = 1 << 20
        /// The freeze reason, 0 for none, in 3 bits.
        static let frozenShift: UInt64 = 21
        /// The depths in the header: 20 bits each.
        static let depthShift: UInt64 = 24
        static let behindDepthShift: UInt64 = 44
        static let depthLimit = 1 << 20
    }

    /// Appends `f`'s words. (`inout` only so that the frame is not copied for
    /// the call: nothing in it changes.)
    mutating func pack(_ f: inout PhoneFrame) {
        let headerIndex = words.count
        words.append(0)
        var h: UInt64 = 0
        func fits(_ n: ScreenName?) -> Bool { n.map { (0..<(1 << 32)).contains($0.numbers.ordinal) } ?? true }
        let wide =
            !(fits(f.title) && fits(f.back.name) && fits(f.slide?.incoming) && fits(f.slide?.outgoing)
            && fits(f.sheet?.screen) && fits(f.behind))
        if wide { h |= Flag.wide }
        func name(_ n: ScreenName) {
            let (cls, ordinal) = n.numbers
            if wide {
                words.append(UInt64(cls))
                words.append(UInt64(bitPattern: Int64(ordinal)))
            } else {
                words.append(UInt64(cls) << 32 | UInt64(ordinal))
            }
        }
        func number(_ n: Int) { words.append(UInt64(bitPattern: Int64(n))) }
        if let title = f.title {
            h |= Flag.title
            name(title)
        }
        switch f.back {
        case .none: break
        case .system(let below):
            h |= Flag.backSystem
            name(below)
        case .custom: h |= Flag.backCustom
        }
        if let s = f.slide {
            h |= Flag.slide | (s.isPush ? Flag.push : 0) | (s.cancels ? Flag.cancels : 0)
            h |= s.byContentPan ? Flag.contentPan : 0
            name(s.incoming)
            name(s.outgoing)
            number(s.start)
            if let end = s.end {
                h |= Flag.slideEnd
                number(end)
            }
            if let percent = s.percent {
                h |= Flag.percent
                number(percent)
            }
        }
        if let s = f.sheet {
            h |= Flag.sheet | (s.inNavigation ? Flag.inNavigation : 0) | (s.presenting ? Flag.presenting : 0)
            name(s.screen)
            if let start = s.start {
                h |= Flag.sheetStart
                number(start)
            }
            if let end = s.end {
                h |= Flag.sheetEnd
                number(end)
            }
        }
        if let behind = f.behind {
            h |= Flag.behind
            name(behind)
        }
        if (0..<Flag.depthLimit).contains(f.depth), (0..<Flag.depthLimit).contains(f.behindDepth) {
            h |= UInt64(f.depth) << Flag.depthShift | UInt64(f.behindDepth) << Flag.behindDepthShift
        } else {
            h |= Flag.depthWords
            number(f.depth)
            number(f.behindDepth)
        }
        if f.fullScreen { h |= Flag.fullScreen }
        if let text = f.alertText {
            h |= Flag.alert
            number(texts.number(of: text))
        }
        h |= UInt64(Self.code(f.frozenReason)) << Flag.frozenShift
        if !f.tabs.isEmpty {
            h |= Flag.tabs
            number(tabLists.number(of: f.tabs))
        }
        if let selected = f.selectedTab {
            h |= Flag.selectedTab
            number(selected)
        }
        words[headerIndex] = h
    }

    /// The frame whose words are `range`.
    func unpack(_ range: Range<Int>) -> PhoneFrame {
        var i = range.lowerBound
        let h = words[i]
        i += 1
        func has(_ flag: UInt64) -> Bool { h & flag != 0 }
        func name() -> ScreenName {
            if has(Flag.wide) {
                defer { i += 2 }
                return ScreenName(numbers: UInt32(truncatingIfNeeded: words[i]), Int(Int64(bitPattern: words[i + 1])))
            }
            defer { i += 1 }
            return ScreenName(numbers: UInt32(truncatingIfNeeded: words[i] >> 32), Int(words[i] & 0xFFFF_FFFF))
        }
        func number() -> Int {
            defer { i += 1 }
            return Int(Int64(bitPattern: words[i]))
        }
        var f = PhoneFrame()
        if has(Flag.title) { f.title = name() }
        if has(Flag.backSystem) { f.back = .system(name()) }
        if has(Flag.backCustom) { f.back = .custom }
        if has(Flag.slide) {
            let incoming = name()
            let outgoing = name()
            let start = number()
            let end = has(Flag.slideEnd) ? number() : nil
            let percent = has(Flag.percent) ? number() : nil
            f.slide = PhoneFrame.Slide(
                incoming: incoming, outgoing: outgoing, isPush: has(Flag.push), start: start, end: end,
                percent: percent, cancels: has(Flag.cancels), byContentPan: has(Flag.contentPan))
        }
        if has(Flag.sheet) {
            let screen = name()
            let start = has(Flag.sheetStart) ? number() : nil
            let end = has(Flag.sheetEnd) ? number() : nil
            f.sheet = PhoneFrame.Sheet(
                screen: screen, inNavigation: has(Flag.inNavigation), presenting: has(Flag.presenting),
                start: start, end: end)
        }
        if has(Flag.behind) { f.behind = name() }
        if has(Flag.depthWords) {
            f.depth = number()
            f.behindDepth = number()
        } else {
            let mask = UInt64(Flag.depthLimit - 1)
            f.depth = Int(h >> Flag.depthShift & mask)
            f.behindDepth = Int(h >> Flag.behindDepthShift & mask)
        }
        f.fullScreen = has(Flag.fullScreen)
        if has(Flag.alert) { f.alertText = texts[number()] }
        f.frozenReason = Self.reason(Int(h >> Flag.frozenShift & 7))
        if has(Flag.tabs) { f.tabs = tabLists[number()] }
        if has(Flag.selectedTab) { f.selectedTab = number() }
        return f
    }

    /// Whether the words of two frames are the same.
    func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where words[a.lowerBound + k] != words[b.lowerBound + k] { return false }
        return true
    }

    mutating func removeLast(from start: Int) { words.removeSubrange(start...) }
    mutating func removeFirst(_ n: Int) { words.removeFirst(n) }

    private static func code(_ reason: FreezeReason?) -> Int { reason?.code ?? 0 }

    private static func reason(_ code: Int) -> FreezeReason? { FreezeReason(code: code) }
}

extension PhoneFrame.BackItem {
    /// The screen the system back button is titled with.
    var name: ScreenName? { if case .system(let below) = self { below } else { nil } }
}

/// Values kept once each, by number (a table for texts that repeat).
struct Interned<Value: Hashable> {
    private var values: [Value] = []
    private var numbers: [Value: Int] = [:]
    /// The number given last: the same value usually comes again.
    private var last = 0

    var count: Int { values.count }

    subscript(number: Int) -> Value { values[number] }

    /// `value`'s number, given now if it had none.
    mutating func number(of value: Value) -> Int {
        if last < values.count, values[last] == value { return last }
        if let known = numbers[value] {
            last = known
            return known
        }
        last = values.count
        numbers[value] = last
        values.append(value)
        return last
    }
}
