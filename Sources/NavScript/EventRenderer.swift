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
        out += "}"
        return out
    }

    /// Any other output line as a JSON object, so `--json` keeps stdout pure JSON.
    public static func jsonOutput(_ text: String, kind: String, time: Int, seq: Int) -> String {
        "{\"t_ms\":\(time),\"seq\":\(seq),\"category\":\"\(kind)\",\"text\":\(jsonString(text))}"
    }

    public static func jsonString(_ text: String) -> String {
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
