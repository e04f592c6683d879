import NavigationEngine

/// Renders events as text lines (`[  350ms] text`) or JSON objects.
public enum EventRenderer {
    public static func text(_ event: Event) -> String {
        var time = String(event.time)
        if time.utf8.count < 5 { time = String(repeating: " ", count: 5 - time.utf8.count) + time }
        return "[\(time)ms] \(event.text)"
    }

    public static func json(_ event: Event, seq: Int) -> String {
        var out = "{\"t_ms\":\(event.time),\"seq\":\(seq),\"category\":\"\(event.category.rawValue)\",\"text\":"
        out += jsonString(event.text)
        if let subject = event.subject { out += ",\"screen\":" + jsonString(subject) }
        out += structuredFields(event)
        out += "}"
        return out
    }

    /// The event's own fields beyond its text: the method, the receiver, `animated`.
    static func structuredFields(_ event: Event) -> String {
        func fields(receiver: String, method: String, animated: Bool?) -> String {
            var out = ",\"receiver\":\(jsonString(receiver)),\"method\":\(jsonString(method))"
            if let animated { out += ",\"animated\":\(animated)" }
            return out
        }
        switch event.payload {
        case let .lifecycle(name, call):
            switch call {
            case .viewDidLoad: return fields(receiver: name.description, method: "viewDidLoad", animated: nil)
            case let .viewWillAppear(a): return fields(receiver: name.description, method: "viewWillAppear", animated: a)
            case let .viewDidAppear(a): return fields(receiver: name.description, method: "viewDidAppear", animated: a)
            case let .viewWillDisappear(a): return fields(receiver: name.description, method: "viewWillDisappear", animated: a)
            case let .viewDidDisappear(a): return fields(receiver: name.description, method: "viewDidDisappear", animated: a)
            case let .willMove(toNav): return fields(receiver: name.description, method: "willMove", animated: nil) + ",\"parent\":\(toNav ? "\"nav\"" : "null")"
            case let .didMove(toNav): return fields(receiver: name.description, method: "didMove", animated: nil) + ",\"parent\":\(toNav ? "\"nav\"" : "null")"
            }
        case let .deinitialized(name):
            return fields(receiver: name.description, method: "deinit", animated: nil)
        case let .navCall(call):
            switch call {
            case let .push(_, a): return fields(receiver: "nav", method: "pushViewController", animated: a)
            case let .pop(a): return fields(receiver: "nav", method: "popViewController", animated: a)
            case let .popTo(_, a): return fields(receiver: "nav", method: "popToViewController", animated: a)
            case let .popToRoot(a): return fields(receiver: "nav", method: "popToRootViewController", animated: a)
            case let .setStack(names, a):
                return fields(receiver: "nav", method: "setViewControllers", animated: a)
                    + ",\"viewControllers\":[" + names.map { jsonString($0.description) }.joined(separator: ",") + "]"
            }
        case let .text(text, _):
            // `Spy.willShow(...)`, `gesture.began`: the receiver is the word before the first dot.
            guard let dot = text.firstIndex(of: "."), let open = text.firstIndex(where: { $0 == "(" || $0 == " " }), dot < open,
                  !text.hasPrefix("note:"), !text.hasPrefix("warning:"), !text.hasPrefix("exception:") else { return "" }
            let receiver = String(text[..<dot])
            let method = String(text[text.index(after: dot)..<open])
            return fields(receiver: receiver, method: method, animated: nil)
        }
    }

    /// Any other output line as a JSON object, so `--json` keeps stdout pure JSON.
    public static func jsonOutput(_ text: String, kind: String, time: Int, seq: Int) -> String {
        "{\"t_ms\":\(time),\"seq\":\(seq),\"category\":\"\(kind)\",\"text\":\(jsonString(text))}"
    }

    public static func jsonString(_ text: String) -> String {
        // Most texts need no escaping: copy them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = Array("0123456789abcdef")
                    out += "\\u00\(hex[Int(scalar.value >> 4)])\(hex[Int(scalar.value & 15)])"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension EventRenderer {
    /// `show`'s tree drawn with box-drawing characters.
    public static func tree(_ root: HierarchyNode) -> [String] {
        var lines = [root.label]
        func walk(_ node: HierarchyNode, _ prefix: String) {
            for (index, child) in node.children.enumerated() {
                let last = index == node.children.count - 1
                lines.append(prefix + (last ? "└── " : "├── ") + child.label)
                walk(child, prefix + (last ? "    " : "│   "))
            }
        }
        walk(root, "")
        return lines
    }

    /// ANSI colour for a category family (used only on terminals, never with NO_COLOR).
    public static func colour(_ category: EventCategory) -> String {
        switch category {
        case .call, .modal: "\u{1B}[1m"          // bold: what the app called
        case .lifecycle: "\u{1B}[2m"             // dim: view lifecycle
        case .delegate: "\u{1B}[36m"             // cyan: delegate calls
        case .gesture, .ui: "\u{1B}[35m"         // magenta: the finger and the UI
        case .bar, .alert, .gate, .tab: "\u{1B}[34m" // blue: bar, alert, gate, tab
        case .notify, .memory: "\u{1B}[32m"      // green: notifications, deinit
        case .warning: "\u{1B}[33m"              // yellow: console warnings
        case .exception: "\u{1B}[1;31m"          // bold red: exceptions
        case .note: "\u{1B}[3;90m"               // grey italic: navsh explaining
        }
    }

    public static func text(_ event: Event, colour: Bool) -> String {
        guard colour else { return text(event) }
        var time = String(event.time)
        if time.utf8.count < 5 { time = String(repeating: " ", count: 5 - time.utf8.count) + time }
        return "\u{1B}[90m[\(time)ms]\u{1B}[0m \(self.colour(event.category))\(event.text)\u{1B}[0m"
    }
}

extension EventRenderer {
    /// Appends `[  350ms] text` and a newline straight into a byte buffer: the
    /// writer's fast path, with no intermediate strings for the frequent events.
    public static func appendLine(_ event: Event, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        appendPadded(event.time, width: 5, to: &out)
        out.append(contentsOf: "ms] ".utf8)
        appendText(event, to: &out)
        out.append(10)
    }

    static func appendText(_ event: Event, to out: inout [UInt8]) {
        switch event.payload {
        case let .lifecycle(name, call):
            appendName(name, to: &out)
            switch call {
            case .viewDidLoad: out.append(contentsOf: ".viewDidLoad()".utf8)
            case let .viewWillAppear(a): out.append(contentsOf: (a ? ".viewWillAppear(true)" : ".viewWillAppear(false)").utf8)
            case let .viewDidAppear(a): out.append(contentsOf: (a ? ".viewDidAppear(true)" : ".viewDidAppear(false)").utf8)
            case let .viewWillDisappear(a): out.append(contentsOf: (a ? ".viewWillDisappear(true)" : ".viewWillDisappear(false)").utf8)
            case let .viewDidDisappear(a): out.append(contentsOf: (a ? ".viewDidDisappear(true)" : ".viewDidDisappear(false)").utf8)
            case let .willMove(toNav): out.append(contentsOf: (toNav ? ".willMove(toParent: nav)" : ".willMove(toParent: nil)").utf8)
            case let .didMove(toNav): out.append(contentsOf: (toNav ? ".didMove(toParent: nav)" : ".didMove(toParent: nil)").utf8)
            }
        case let .deinitialized(name):
            appendName(name, to: &out)
            out.append(contentsOf: ".deinit".utf8)
        case let .navCall(call):
            switch call {
            case let .push(name, animated):
                out.append(contentsOf: "nav.pushViewController(".utf8)
                appendName(name, to: &out)
                out.append(contentsOf: (animated ? ", animated: true)" : ", animated: false)").utf8)
            case let .pop(animated):
                out.append(contentsOf: (animated ? "nav.popViewController(animated: true)" : "nav.popViewController(animated: false)").utf8)
            default:
                out.append(contentsOf: call.text.utf8)
            }
        case let .text(text, _):
            out.append(contentsOf: text.utf8)
        }
    }

    static func appendName(_ name: ScreenName, to out: inout [UInt8]) {
        out.append(contentsOf: name.className.utf8)
        if name.ordinal != 1 {
            out.append(UInt8(ascii: "#"))
            appendPadded(name.ordinal, width: 0, to: &out)
        }
    }

    /// A whole number right-aligned in `width` columns, without a String.
    static func appendPadded(_ value: Int, width: Int, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(48 + magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0 && count < 20
        }
        let sign = value < 0 ? 1 : 0
        if count + sign < width { out.append(contentsOf: repeatElement(32, count: width - count - sign)) }
        if sign == 1 { out.append(UInt8(ascii: "-")) }
        withUnsafeBytes(of: &digits) { buffer in
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }
}
