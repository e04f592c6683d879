import NavigationEngine

/// What Tab may complete at a position of a line, from the command grammar
/// (language.md 4): the word's position in its command decides, so after
/// `gesture-delegate` only `system none controller` are offered, and after
/// `source` only file names.
public enum Completion: Equatable, Sendable {
    /// These words (the caller keeps those that start with what is typed).
    case words([String])
    /// File names (after `source`, `record`, `timeline`), plus these words.
    case files(plus: [String])

    /// What completes the word that begins at the end of `prefix` (the line up
    /// to the word being completed); `screens` gives the live screen names and
    /// the declared class names. It is called at most once, and only where the
    /// grammar takes a screen, so nothing is built for a line that is not
    /// being completed.
    public static func at(_ prefix: Substring, screens: () -> [String]) -> Completion {
        let words = wordsOfLastCommand(prefix)
        guard let head = words.first else { return .words(CommandCatalog.names) }
        let args = Array(words.dropFirst())
        return next(after: head, args, screens: screens)
    }

    /// The words typed so far of the command the cursor is in (after the last `;` or `&`).
    static func wordsOfLastCommand(_ prefix: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuote = false
        var escaped = false
        var hasWord = false
        for c in prefix {
            if inQuote {
                if escaped {
                    escaped = false
                    current.append(c)
                    continue
                }
                if c == "\\" {
                    escaped = true
                    continue
                }
                if c == "\"" {
                    inQuote = false
                    continue
                }
                current.append(c)
                continue
            }
            switch c {
            case "\"":
                inQuote = true
                hasWord = true
            case ";", "&":
                words.removeAll()
                current = ""
                hasWord = false
            case " ", "\t":
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            default:
                current.append(c)
                hasWord = true
            }
        }
        // A word not ended by a blank is the one being completed: not part of the prefix.
        return words
    }

    static let expectWhat = [
        "stack", "top", "depth", "back", "swipe", "frozen", "responsive", "alert", "no",
        "alive", "released", "presented", "idle", "busy", "bar", "log", "sequence", "error",
    ]

    static func next(after head: String, _ args: [String], screens: () -> [String]) -> Completion {
        let n = args.count
        let none = Completion.words([])
        switch head {
        case "push":
            if n == 0 { return .words(screens()) }
            if n == 1 { return .words(args[0].contains("#") ? ["instant"] : ["gate", "instant"]) }
            return .words(n == 2 && args[1] == "gate" ? ["instant"] : [])
        case "pop", "poproot", "dismiss":
            return .words(n == 0 ? ["instant"] : [])
        case "popto":
            if n == 0 { return .words(screens()) }
            return .words(n == 1 ? ["instant"] : [])
        case "setstack":
            if args.last == "instant" { return none }
            return .words(screens() + (n > 0 ? ["instant"] : []))
        case "root", "tab", "backmenu", "notify":
            return n == 0 && head != "notify" ? .words(screens()) : none
        case "tabs":
            return .words(screens())
        case "present":
            if n == 0 { return .words(screens()) }
            if n == 1 { return .words(["nav", "instant"]) }
            return .words(n == 2 && args[1] == "nav" ? ["instant"] : [])
        case "swipe":
            return .words(n == 0 ? ["cancel"] : [])
        case "drag":
            return .words(n == 0 ? ["25%", "50%", "75%", "100%"] : [])
        case "tap":
            return .words(n == 0 ? ["OK", "Cancel"] : [])
        case "screen":
            if n == 0 { return .words(screens()) }
            if args.last == "confirm" { return none } // a quoted text follows
            return .words(["gate", "custom-back", "confirm", "hides-back", "plain"])
        case "use":
            if n == 0 { return .words(ControllerClass.knownNames + ["features"]) }
            if args[0] == "features" { return .words(["gates", "safe-pop", "swipe-guard", "proxy"]) }
            return .words(
                n == 1 && ["GateNavigationController", "InteractivePopNavigationController"].contains(args[0])
                    ? ["fragile"] : [])
        case "delegate":
            if n == 0 { return .words(["none"]) }
            if args[0] == "none" { return none }
            return .words(DelegateMethod.allCases.map(\.rawValue))
        case "gesture-delegate":
            return .words(n == 0 ? ["system", "none", "controller"] : [])
        case "content-swipe":
            return .words(n == 0 ? ["on", "off"] : [])
        case "set":
            if n == 0 { return .words(["duration", "profile", "preemption", "clock", "speed"]) }
            guard n == 1 else { return none }
            switch args[0] {
            case "duration": return .words(["push", "pop", "present", "dismiss"])
            case "profile": return .words(["ios26", "legacy"])
            case "preemption": return .words(["on", "off"])
            case "clock": return .words(["virtual", "real"])
            case "speed": return .words(["0.1", "0.25", "0.5", "1", "2"])
            default: return none
            }
        case "log":
            if n == 0 { return .words(["brief", "full", "off", "notes"]) }
            return .words(n == 1 && args[0] == "notes" ? ["on", "off"] : [])
        case "expect":
            if n == 0 { return .words(expectWhat) }
            return expectArguments(args, screens: screens)
        case "source":
            return n == 0 ? .files(plus: []) : none
        case "record":
            return n == 0 ? .files(plus: ["off"]) : none
        case "timeline":
            if n == 0 { return .files(plus: []) }
            if n == 1 { return .words(["since", "last", "large"]) }
            if n == 2, args[1] == "since" { return .words(["reset", "section"]) }
            return .words((n == 3 && args[2] != "section") || (n == 4 && args[2] == "section") ? ["large"] : [])
        case "help":
            return .words(n == 0 ? CommandCatalog.names : [])
        case "show":
            if n == 0 { return .words(["live"]) }
            return .words(n == 1 && args[0] == "live" ? ["off"] : [])
        default:
            return none
        }
    }

    static func expectArguments(_ args: [String], screens: () -> [String]) -> Completion {
        let n = args.count
        switch args[0] {
        case "stack", "alive", "released": return .words(screens())
        case "top", "presented": return .words(n == 1 ? screens() : [])
        case "back": return .words(n == 1 ? ["visible", "hidden"] : [])
        case "swipe", "content-swipe": return .words(n == 1 ? ["enabled", "disabled"] : [])
        case "no": return .words(n == 1 ? ["alert", "modal", "log"] : [])
        case "bar": return .words(n == 1 ? ["corrupted", "intact"] : [])
        case "gates", "confirmations": return .words(n == 1 ? ["held"] : [])
        default: return .words([])
        }
    }
}

extension Session {
    /// Live screen names and declared class names, for completion.
    public var completionScreens: [String] {
        var seen = Set<String>()
        return (model.liveScreenNames + model.knownClassNames).filter { seen.insert($0).inserted }
    }
}
