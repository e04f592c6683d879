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
    public static func jsonOutput(_ text: String, kind: String) -> String {
        "{\"\(kind)\":\(jsonString(text))}"
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
