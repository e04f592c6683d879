import NavigationEngine

/// Turns one line of text into located commands, or the first error in it.
public enum Parser {
    public static func parse(line: String) throws(ParseError) -> [LocatedCommand] {
        var scratch = Scratch()
        var commands = ReusableBuffer<LocatedCommand>()
        try parse(line: line, into: &commands, scratch: &scratch)
        return Array(commands.elements)
    }

    /// The lexer's buffers, kept by a caller that parses many lines.
    struct Scratch {
        var tokens = ReusableBuffer<Token>()
        var lexed = ReusableBuffer<LexedCommand>()
    }

    /// Parses `line` into `commands` (reset first).
    static func parse(line: String, into commands: inout ReusableBuffer<LocatedCommand>, scratch: inout Scratch) throws(ParseError) {
        commands.reset()
        try Lexer.scan(line, tokens: &scratch.tokens, commands: &scratch.lexed)
        for command in scratch.lexed.elements {
            var words = Words(tokens: scratch.tokens[command.tokenRange])
            let parsed = try parseCommand(&words)
            try words.expectEnd()
            commands.append(LocatedCommand(command: parsed, background: command.background,
                                           column: command.column, source: command.source))
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    static func parseCommand(_ w: inout Words) throws(ParseError) -> Command {
        let head = try w.next("a command")
        if head.quoted {
            throw ParseError(column: head.column, "expected a command, found the quoted text \(quote(head.text))")
        }
        switch head.text {
        case "push":
            if w.peek == nil { throw w.missing("a screen (usage: \(CommandCatalog.help(for: "push")?.usage ?? "push NAME"))") }
            let ref = try w.ref()
            var gate = false
            if ref.ordinal == nil, w.accept("gate") { gate = true }
            let instant = w.accept("instant")
            return .action(.push(ref, gate: gate, animated: !instant))
        case "pop": return .action(.pop(animated: !w.accept("instant")))
        case "popto":
            let ref = try w.ref()
            return .action(.popTo(ref, animated: !w.accept("instant")))
        case "poproot": return .action(.popToRoot(animated: !w.accept("instant")))
        case "setstack":
            var refs: [ScreenRef] = []
            var instant = false
            while let token = w.peek {
                if token.text == "instant", !token.quoted { w.skip(); instant = true; break }
                refs.append(try w.ref())
            }
            if refs.isEmpty { throw w.missing("at least one screen (usage: setstack REF... [instant])") }
            return .action(.setStack(refs, animated: !instant))
        case "root": return .action(.root(try w.className()))
        case "tabs":
            var names: [String] = []
            while w.peek != nil { names.append(try w.className()) }
            if names.isEmpty { throw w.missing("at least one tab (usage: tabs NAME...)") }
            return .action(.tabs(names))
        case "back": return .action(.back)
        case "backmenu": return .action(.backMenu(try w.ref()))
        case "swipe": return .action(.swipe(cancel: w.accept("cancel")))
        case "drag": return .action(.drag(percent: try w.percent()))
        case "release": return .action(.release)
        case "tap":
            let button = try w.next("a button (OK or Cancel)")
            return .action(.tap(button.text))
        case "tab": return .action(.tab(try w.className()))
        case "present":
            if w.peek == nil { throw w.missing("a screen class name (usage: \(CommandCatalog.help(for: "present")?.usage ?? "present NAME"))") }
            let name = try w.className()
            let nav = w.accept("nav")
            return .action(.present(name, inNavigation: nav, animated: !w.accept("instant")))
        case "dismiss": return .action(.dismiss(animated: !w.accept("instant")))
        case "screen": return try parseScreen(&w)
        case "use": return try parseUse(&w)
        case "delegate": return try parseDelegate(&w)
        case "gesture-delegate":
            let word = try w.keyword(["system", "none", "controller"])
            return .action(.gestureDelegate(GestureDelegate(rawValue: word) ?? .system))
        case "wait":
            if w.peek == nil { return .action(.wait(milliseconds: nil)) }
            return .action(.wait(milliseconds: try w.duration()))
        case "jobs": return .jobs
        case "clock": return .clock
        case "set": return try parseSet(&w)
        case "show": return .show
        case "stack": return .stack
        case "alive": return .alive
        case "notify":
            let token = try w.next("a notification name")
            return .action(.notify(token.text))
        case "log":
            let word = try w.keyword(["brief", "full", "off", "notes"])
            if word == "notes" { return .logNotes(try w.keyword(["on", "off"]) == "on") }
            return .log(LogLevel(rawValue: word) ?? .brief)
        case "expect": return .expect(try parseExpectation(&w))
        case "source": return .source(try w.next("a file name").text)
        case "record":
            let token = try w.next("a file name, or off")
            return .record(token.text == "off" && !token.quoted ? nil : token.text)
        case "timeline":
            let token = try w.next("a file name ending in .svg or .md")
            guard token.text.hasSuffix(".svg") || token.text.hasSuffix(".md") else {
                throw ParseError(column: token.column, "timeline writes FILE.svg (a picture) or FILE.md (Mermaid): '\(clip(token.text))' ends in neither")
            }
            return .timeline(token.text)
        case "undo": return .undo
        case "reset": return .reset
        case "help":
            guard let token = w.peek else { return .help(nil) }
            w.skip()
            guard CommandCatalog.help(for: token.text) != nil else {
                throw ParseError(column: token.column, "no help for '\(clip(token.text))': not a command\(didYouMean(token.text, CommandCatalog.names))")
            }
            // `help expect stack`: the command's help; the words after it name a part of it.
            while w.peek != nil { w.skip() }
            return .help(token.text)
        case "pause":
            guard let token = w.peek else { return .pause(nil) }
            w.skip()
            return .pause(token.text)
        case "quit", "exit": return .quit
        case "explore": return try parseExplore(&w)
        case "invariant": return try parseInvariant(&w)
        case "check": return try parseCheck(&w)
        default:
            throw ParseError(column: head.column, "unknown command '\(clip(head.text))'\(didYouMean(head.text, CommandCatalog.names))")
        }
    }

    static func parseScreen(_ w: inout Words) throws(ParseError) -> Command {
        let name = try w.className()
        var traits: [ScreenTrait] = []
        while let token = w.peek {
            let word = try w.keyword(["gate", "custom-back", "confirm", "hides-back", "plain"])
            _ = token
            switch word {
            case "gate": traits.append(.gate)
            case "custom-back":
                if let next = w.peek, next.quoted { w.skip(); traits.append(.customBack(alert: next.text)) } else { traits.append(.customBack(alert: nil)) }
            case "confirm":
                let text = try w.quotedText("the confirmation text in quotes, as in confirm \"Discard changes?\"")
                traits.append(.confirm(text))
            case "hides-back": traits.append(.hidesBack)
            default: traits.append(.plain)
            }
        }
        if traits.isEmpty { throw w.missing("a trait: gate, custom-back, confirm \"TEXT\", hides-back or plain") }
        return .action(.screen(name, traits))
    }

    static func parseUse(_ w: inout Words) throws(ParseError) -> Command {
        let token = try w.next("a controller class (\(ControllerClass.knownNames.joined(separator: ", ")) or features F...)")
        if token.text == "features" {
            var features: ControllerFeatures = []
            var names: [String] = []
            while w.peek != nil {
                let word = try w.keyword(["gates", "safe-pop", "swipe-guard", "proxy"])
                names.append(word)
                switch word {
                case "gates": features.insert(.gates)
                case "safe-pop": features.insert(.safePop)
                case "swipe-guard": features.insert(.swipeGuard)
                default: features.insert(.proxy)
                }
            }
            if names.isEmpty { throw w.missing("at least one feature: gates, safe-pop, swipe-guard, proxy") }
            return .action(.use(ControllerClass(features: features, name: "NavigationController(features: \(names.joined(separator: ", ")))")))
        }
        let fragile = w.accept("fragile")
        guard let cls = ControllerClass.named(token.text, fragile: fragile) else {
            throw ParseError(column: token.column, "unknown controller class '\(clip(token.text))'\(looseDidYouMean(token.text, ControllerClass.knownNames + ["features"]))")
        }
        if fragile, cls.features.isDisjoint(with: [.gates, .swipeGuard]) {
            throw ParseError(column: token.column, "'\(clip(token.text))' has no fragile version (only GateNavigationController and InteractivePopNavigationController do)")
        }
        return .action(.use(cls))
    }

    static func parseDelegate(_ w: inout Words) throws(ParseError) -> Command {
        let token = try w.next("a delegate name, or none")
        if token.text == "none", !token.quoted {
            return .action(.delegate(nil))
        }
        guard isIdentifier(token.text), !token.quoted else {
            throw ParseError(column: token.column, "'\(clip(token.text))' is not a valid delegate name (letters, digits and _, not starting with a digit)")
        }
        var methods = Set<DelegateMethod>()
        while w.peek != nil {
            let word = try w.keyword(DelegateMethod.allCases.map(\.rawValue))
            if let method = DelegateMethod(rawValue: word) { methods.insert(method) }
        }
        if methods.isEmpty { methods = [.willShow, .didShow] }
        return .action(.delegate(OutsideDelegate(name: token.text, methods: methods)))
    }

    static func parseSet(_ w: inout Words) throws(ParseError) -> Command {
        let what = try w.keyword(["duration", "profile", "clock", "speed"])
        switch what {
        case "duration":
            let kind = try w.keyword(TransitionKind.allCases.map(\.rawValue))
            let ms = try w.duration()
            return .action(.setDuration(TransitionKind(rawValue: kind) ?? .push, milliseconds: ms))
        case "profile":
            let word = try w.keyword(Profile.allCases.map(\.rawValue))
            return .action(.setProfile(Profile(rawValue: word) ?? .ios26))
        case "clock":
            let word = try w.keyword(["virtual", "real"])
            return .setClock(ClockMode(rawValue: word) ?? .virtual)
        default:
            let token = try w.next("a speed factor, as in set speed 0.1 (slow motion)")
            guard let value = parseDecimal(token.text), value >= 0.01, value <= 100 else {
                throw ParseError(column: token.column, "invalid speed '\(clip(token.text))' (a number from 0.01 to 100)")
            }
            return .setSpeed(value)
        }
    }

    static func parseExpectation(_ w: inout Words) throws(ParseError) -> Expectation {
        let what = try w.keyword(["stack", "top", "depth", "back", "swipe", "frozen", "responsive", "alert", "no",
                                  "alive", "released", "presented", "idle", "busy", "bar", "gates", "confirmations", "log", "sequence", "error"])
        switch what {
        case "stack":
            var names: [String] = []
            while w.peek != nil { names.append(try w.ref().description) }
            return .stack(names)
        case "top": return .top(try w.ref())
        case "depth":
            let token = try w.next("a number")
            guard let n = Int(token.text), n >= 0, n < 1_000_000_000 else {
                throw ParseError(column: token.column, "invalid depth '\(clip(token.text))' (a whole number, 0 or more)")
            }
            return .depth(n)
        case "back": return .backVisible(try w.keyword(["visible", "hidden"]) == "visible")
        case "swipe": return .swipeEnabled(try w.keyword(["enabled", "disabled"]) == "enabled")
        case "frozen": return .frozen(true)
        case "responsive": return .frozen(false)
        case "alert": return .alert(try w.quotedText("the alert text in quotes"))
        case "no":
            let word = try w.keyword(["alert", "modal", "log"])
            switch word {
            case "alert": return .alert(nil)
            case "modal": return .presented(nil)
            default: return .log(try w.text("the text in quotes"), present: false)
            }
        case "alive", "released":
            var refs: [ScreenRef] = []
            while w.peek != nil { refs.append(try w.ref()) }
            if refs.isEmpty { throw w.missing("at least one screen") }
            return what == "alive" ? .alive(refs) : .released(refs)
        case "presented": return .presented(try w.ref())
        case "idle": return .idle(true)
        case "busy": return .idle(false)
        case "bar": return .barCorrupted(try w.keyword(["corrupted", "intact"]) == "corrupted")
        case "gates": _ = try w.keyword(["held"]); return .gatesHeld
        case "confirmations": _ = try w.keyword(["held"]); return .confirmationsHeld
        case "log": return .log(try w.text("the text in quotes"), present: true)
        case "sequence":
            var texts: [String] = []
            while w.peek != nil { texts.append(try w.text("a text in quotes")) }
            if texts.isEmpty { throw w.missing("at least one text in quotes") }
            return .sequence(texts)
        default: return .error
        }
    }
}

func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, !(48...57).contains(first) else { return false }
    return text.utf8.allSatisfy { b in
        (65...90).contains(b) || (97...122).contains(b) || (48...57).contains(b) || b == 95
    }
}

/// A plain decimal number like `0.35` or `2` (no exponent, no sign).
func parseDecimal(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
    var seenDot = false
    for b in bytes {
        if b == 46 { if seenDot { return nil }; seenDot = true; continue }
        if !(48...57).contains(b) { return nil }
    }
    if bytes.first == 46 || bytes.last == 46 { return nil }
    return Double(text)
}
