import NavigationEngine
import Testing

@testable import NavScript

/// The events written as bytes (`appendFrequentWords`) say exactly what
/// `sentence` says by string interpolation, and JSON writes their words
/// unescaped only when there is nothing to escape.
@Suite("Frequent event words as bytes")
struct FrequentWordsTests {
    static func payloads(_ names: inout ClassNames) -> [EventPayload] {
        let feed = ScreenName(cls: names.intern("Feed"), ordinal: 1)
        let detail = ScreenName(cls: names.intern("Detail"), ordinal: 12)
        let gate = ControllerClass.named("GateNavigationController", fragile: true) ?? .plain
        var all: [EventPayload] = [
            .present(receiver: nil, screen: feed, container: nil, animated: true),
            .present(receiver: detail, screen: feed, container: .plain, animated: false),
            .present(receiver: feed, screen: detail, container: gate, animated: true),
            .dismiss(receiver: nil, presented: feed, animated: true),
            .dismiss(receiver: detail, presented: nil, animated: false),
            .shouldPop(asker: feed, top: detail),
            .safeDelegateAssigned(screen: detail, set: true),
            .safeDelegateAssigned(screen: detail, set: false),
            .barShouldPop(feed, answer: true),
            .barShouldPop(detail, answer: false),
            .gestureBegan, .gestureFinished, .contentGestureBegan, .contentGestureFinished,
        ]
        for percent in [0, 7, 50, 100, -3] {
            all += [.gestureChanged(percent: percent), .contentGestureChanged(percent: percent)]
            for cancels in [true, false] {
                all += [
                    .gestureReleased(percent: percent, cancels: cancels, remaining: 125),
                    .contentGestureReleased(percent: percent, cancels: !cancels, remaining: 0),
                ]
            }
        }
        for refused in [true, false] {
            all += [.gestureCancelled(popRefused: refused), .contentGestureCancelled(popRefused: refused)]
        }
        for receiver in [DelegateReceiver.nav, .outside("Coordinator")] {
            for animated in [true, false] {
                all += [
                    .delegateCall(receiver: receiver, call: .willShow(detail, animated: animated)),
                    .delegateCall(receiver: receiver, call: .didShow(feed, animated: animated)),
                ]
            }
            all += [
                .delegateCall(receiver: receiver, call: .animationController(push: true, from: feed, to: detail)),
                .delegateCall(receiver: receiver, call: .animationController(push: false, from: detail, to: feed)),
                .delegateCall(receiver: receiver, call: .interactionController(to: feed)),
            ]
        }
        return all
    }

    @Test("each event the byte writer takes says what sentence says")
    func sameWords() {
        var names = ClassNames()
        for payload in Self.payloads(&names) {
            var bytes: [UInt8] = []
            #expect(EventRenderer.appendFrequentWords(payload, names: names, to: &bytes), "\(payload)")
            #expect(String(decoding: bytes, as: UTF8.self) == EventRenderer.sentence(payload, names: names))
        }
    }

    @Test("JSON writes the words unescaped only when they need no escape")
    func plainInJSON() {
        var names = ClassNames()
        for payload in Self.payloads(&names) where EventRenderer.isPlainWords(payload) {
            let words = EventRenderer.sentence(payload, names: names)
            #expect(EventRenderer.jsonString(words) == "\"" + words + "\"", "\(payload)")
        }
        #expect(
            !EventRenderer.isPlainWords(
                .delegateCall(
                    receiver: .outside("a\"b"),
                    call: .interactionController(to: ScreenName(cls: names.intern("A"), ordinal: 1)))))
    }

    @Test("JSON's category literal holds the category's raw value")
    func categoryLiterals() {
        for category in EventCategory.allCases {
            let literal = EventRenderer.categoryAndText(category)
            let text = String(
                decoding: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), as: UTF8.self
            )
            #expect(text == #","category":""# + category.rawValue + #"","text":"#)
        }
    }

    /// The text of the UTF-8 the table gives, and the bytes a byte sink appends for the name.
    static func lent(_ names: ClassNames, _ id: ClassName) -> (String, String?) {
        let text = String(decoding: Array(names.utf8(id)), as: UTF8.self)
        var sink: [UInt8] = []
        sink.appendClassName(id, names: names)
        return (text, String(decoding: sink, as: UTF8.self))
    }

    @Test("a class name's bytes, lent or copied by the table, are its text; a number the table never gave is ?")
    func nameBytes() {
        var names = ClassNames()
        var other = ClassNames()
        let texts = ["Feed", "A", "ÉcranDeConnexionAvecUnTrèsLongNom", "SettingsViewControllerForTheWholeApp"]
        var ids: [ClassName] = []
        for text in texts {
            ids.append(names.intern(text))
            _ = other.intern(text + "x")
        }
        for (id, text) in zip(ids, texts) {
            let (lent, copied) = Self.lent(names, id)
            #expect(lent == text)
            #expect(lent == names[id])
            #expect(copied == text)
        }
        let unknown = names.intern("Fifth")
        #expect(Self.lent(ClassNames(), unknown).0 == "?")
        #expect(Self.lent(ClassNames(), unknown).1 == "?")
        for sink in 0..<2 {
            let screen = ScreenName(cls: ids[2], ordinal: 12)
            var bytes: [UInt8] = []
            if sink == 0 {
                EventRenderer.appendName(screen, names: names, to: &bytes)
            } else {
                var buffer = OutputBuffer(capacity: 64)
                _ = buffer.appendEvents(
                    [Event(time: 0, payload: .deinitialized(screen))], 0..<1, firstSeq: 1,
                    filter: EventFilter(lifecycle: true, notes: true), json: false, names: names)
                bytes = buffer.withBytes { Array($0.dropFirst(10).dropLast(8)) } // "[    0ms] " and ".deinit\n"
            }
            #expect(String(decoding: bytes, as: UTF8.self) == names.text(of: screen))
        }
    }

    @Test("other events are left to sentence")
    func othersLeft() {
        var bytes: [UInt8] = []
        #expect(!EventRenderer.appendFrequentWords(.alertTapped(button: "OK"), names: ClassNames(), to: &bytes))
        #expect(bytes.isEmpty)
    }
}
