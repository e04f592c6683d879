import NavigationEngine

/// Renders events as text lines (`[  350ms] text`) or JSON objects.
public enum EventRenderer {
    public static func text(_ event: Event, names: ClassNames) -> String {
        var out: [UInt8] = []
        appendLine(event, names: names, to: &out)
        out.removeLast() // the newline
        return String(decoding: out, as: UTF8.self)
    }

    public static func json(_ event: Event, seq: Int, names: ClassNames) -> String {
        var out: [UInt8] = []
        appendJSON(event, seq: seq, names: names, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one event as a JSON object (without a newline) straight into bytes:
    /// `t_ms`, `seq`, `category`, `text`, then `screen` and the call's structured
    /// fields (`receiver`, `method`, `animated`, `parent`, `viewControllers`).
    public static func appendJSON<Sink: ByteSink>(_ event: Event, seq: Int, names: ClassNames, to out: inout Sink) {
        out.appendASCII(#"{"t_ms":"#)
        out.appendDecimal(event.time)
        out.appendASCII(#","seq":"#)
        out.appendDecimal(seq)
        out.appendASCII(categoryAndText(event.category))
        if isPlainWords(event.payload) {
            // Identifiers, numbers and fixed ASCII: nothing to escape.
            out.append(UInt8(ascii: "\""))
            appendWords(event.payload, names: names, to: &out)
            out.append(UInt8(ascii: "\""))
        } else {
            appendJSONString(sentence(event.payload, names: names), to: &out)
        }
        if let subject = event.subject {
            out.appendASCII(#","screen":"#)
            appendJSONName(subject, names: names, to: &out)
        }
        appendStructuredFields(event, names: names, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `","category":"NAME","text":` for the category, in one literal (the
    /// names are `EventCategory`'s raw values; the render tests hold them together).
    static func categoryAndText(_ category: EventCategory) -> StaticString {
        switch category {
        case .call: #","category":"call","text":"#
        case .lifecycle: #","category":"lifecycle","text":"#
        case .delegate: #","category":"delegate","text":"#
        case .gesture: #","category":"gesture","text":"#
        case .bar: #","category":"bar","text":"#
        case .alert: #","category":"alert","text":"#
        case .gate: #","category":"gate","text":"#
        case .modal: #","category":"modal","text":"#
        case .tab: #","category":"tab","text":"#
        case .notify: #","category":"notify","text":"#
        case .memory: #","category":"memory","text":"#
        case .ui: #","category":"ui","text":"#
        case .warning: #","category":"warning","text":"#
        case .exception: #","category":"exception","text":"#
        case .note: #","category":"note","text":"#
        }
    }

    /// The event's own fields beyond its text: the method, the receiver, `animated`.
    /// The fixed receivers and methods (identifiers) are written as literals,
    /// with nothing to escape.
    static func appendStructuredFields<Sink: ByteSink>(_ event: Event, names: ClassNames, to out: inout Sink) {
        func animated(_ animated: Bool?) {
            if let animated { out.appendASCII(animated ? #","animated":true"# : #","animated":false"#) }
        }
        func method(_ method: String, animated isAnimated: Bool?) {
            out.appendASCII(#","method":"#)
            appendJSONString(method, to: &out)
            animated(isAnimated)
        }
        func fields(receiver: String, method name: String, animated: Bool?) {
            out.appendASCII(#","receiver":"#)
            appendJSONString(receiver, to: &out)
            method(name, animated: animated)
        }
        /// `method` is `","method":"NAME"`.
        func fields(receiver: ScreenName, method: StaticString, animated isAnimated: Bool?) {
            out.appendASCII(#","receiver":"#)
            appendJSONName(receiver, names: names, to: &out)
            out.appendASCII(method)
            animated(isAnimated)
        }
        /// `fields` is `","receiver":"nav","method":"NAME"`.
        func navFields(_ fields: StaticString, animated isAnimated: Bool) {
            out.appendASCII(fields)
            animated(isAnimated)
        }
        func parent(_ toNav: Bool) {
            out.appendASCII(toNav ? #","parent":"nav""# : #","parent":null"#)
        }
        switch event.payload {
        case .lifecycle(let name, let call):
            let receiver = name
            switch call {
            case .viewDidLoad: fields(receiver: receiver, method: #","method":"viewDidLoad""#, animated: nil)
            case .viewWillAppear(let a):
                fields(receiver: receiver, method: #","method":"viewWillAppear""#, animated: a)
            case .viewDidAppear(let a): fields(receiver: receiver, method: #","method":"viewDidAppear""#, animated: a)
            case .viewWillDisappear(let a):
                fields(receiver: receiver, method: #","method":"viewWillDisappear""#, animated: a)
            case .viewDidDisappear(let a):
                fields(receiver: receiver, method: #","method":"viewDidDisappear""#, animated: a)
            case .willMove(let toNav):
                fields(receiver: receiver, method: #","method":"willMove""#, animated: nil)
                parent(toNav)
            case .didMove(let toNav):
                fields(receiver: receiver, method: #","method":"didMove""#, animated: nil)
                parent(toNav)
            }
        case .deinitialized(let name):
            fields(receiver: name, method: #","method":"deinit""#, animated: nil)
        case .navCall(let call):
            switch call {
            case .push(_, let a): navFields(#","receiver":"nav","method":"pushViewController""#, animated: a)
            case .pop(let a): navFields(#","receiver":"nav","method":"popViewController""#, animated: a)
            case .popTo(_, let a): navFields(#","receiver":"nav","method":"popToViewController""#, animated: a)
            case .popToRoot(let a):
                navFields(#","receiver":"nav","method":"popToRootViewController""#, animated: a)
            case .setStack(let stack, let a):
                navFields(#","receiver":"nav","method":"setViewControllers""#, animated: a)
                out.appendASCII(#","viewControllers":["#)
                for (index, name) in stack.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    appendJSONName(name, names: names, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        default:
            if let call = callFields(event.payload, names: names) {
                fields(receiver: call.receiver, method: call.method, animated: nil)
            }
        }
    }

    /// A screen's name as a JSON string, written as bytes: a class name is an
    /// identifier (nothing to escape), then `#N` past the first instance.
    static func appendJSONName<Sink: ByteSink>(_ name: ScreenName, names: ClassNames, to out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        appendName(name, names: names, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal for `text`, appended as bytes.
    /// The runs of bytes that need no escape go in one copy each.
    static func appendJSONString<Sink: ByteSink>(_ text: String, to out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if run < i { out.appendBytes(UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                appendEscaped(byte, to: &out)
                run = i + 1
            }
            if run < bytes.count { out.appendBytes(UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A byte JSON does not allow bare in a string, escaped.
    private static func appendEscaped<Sink: ByteSink>(_ byte: UInt8, to out: inout Sink) {
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }
        switch byte {
        case 0x22: out.appendASCII(#"\""#)
        case 0x5C: out.appendASCII(#"\\"#)
        case 0x0A: out.appendASCII(#"\n"#)
        case 0x0D: out.appendASCII(#"\r"#)
        case 0x09: out.appendASCII(#"\t"#)
        case 0..<0x20:
            out.appendASCII(#"\u00"#)
            out.append(hex(byte >> 4))
            out.append(hex(byte & 15))
        default:
            out.append(byte)
        }
    }

    /// Any other output line as a JSON object, so `--json` keeps stdout pure JSON.
    public static func jsonOutput(_ text: String, kind: String, time: Int, seq: Int) -> String {
        "{\"t_ms\":\(time),\"seq\":\(seq),\"category\":\"\(kind)\",\"text\":\(jsonString(text))}"
    }

    public static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        appendJSONString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

extension EventRenderer {
    /// `show`'s tree drawn with box-drawing characters.
    public static func tree(_ root: HierarchyNode) -> [String] {
        var lines = [root.label]
        func walk(_ node: HierarchyNode, _ prefix: String) {
            for (index, child) in node.children.enumerated() {
                let last = index == node.children.count - 1
                let label = child.frozen.map { "FROZEN: \(words($0))" } ?? child.label
                lines.append(prefix + (last ? "└── " : "├── ") + label)
                walk(child, prefix + (last ? "    " : "│   "))
            }
        }
        walk(root, "")
        return lines
    }

    /// ANSI colour for a category family (used only on terminals, never with NO_COLOR).
    public static func colour(_ category: EventCategory) -> String {
        switch category {
        case .call, .modal: "\u{1B}[1m" // bold: what the app called
        case .lifecycle: "\u{1B}[2m" // dim: view lifecycle
        case .delegate: "\u{1B}[36m" // cyan: delegate calls
        case .gesture, .ui: "\u{1B}[35m" // magenta: the finger and the UI
        case .bar, .alert, .gate, .tab: "\u{1B}[34m" // blue: bar, alert, gate, tab
        case .notify, .memory: "\u{1B}[32m" // green: notifications, deinit
        case .warning: "\u{1B}[33m" // yellow: console warnings
        case .exception: "\u{1B}[1;31m" // bold red: exceptions
        case .note: "\u{1B}[3;90m" // grey italic: navsh explaining
        }
    }

    public static func text(_ event: Event, colour: Bool, names: ClassNames) -> String {
        guard colour else { return text(event, names: names) }
        var time: [UInt8] = []
        time.appendDecimal(event.time, width: 5)
        return
            "\u{1B}[90m[\(String(decoding: time, as: UTF8.self))ms]\u{1B}[0m \(self.colour(event.category))\(words(event, names: names))\u{1B}[0m"
    }
}

extension EventRenderer {
    /// Appends `[  350ms] text` and a newline straight into a byte buffer: the
    /// writer's fast path, with no intermediate strings for the frequent events.
    public static func appendLine<Sink: ByteSink>(_ event: Event, names: ClassNames, to out: inout Sink) {
        out.append(UInt8(ascii: "["))
        out.appendDecimal(event.time, width: 5)
        out.appendASCII("ms] ")
        appendWords(event.payload, names: names, to: &out)
        out.append(10)
    }

}
