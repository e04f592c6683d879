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
    static func parse(line: String, into commands: inout ReusableBuffer<LocatedCommand>, scratch: inout Scratch)
        throws(ParseError)
    {
        commands.reset()
        try Lexer.scan(line, tokens: &scratch.tokens, commands: &scratch.lexed)
        for command in scratch.lexed.elements {
            var words = Words(tokens: scratch.tokens[command.tokenRange])
            let parsed = try parseCommand(&words)
            try words.expectEnd()
            commands.append(
                LocatedCommand(
                    command: parsed, background: command.background,
                    column: command.column, source: command.source))
        }
    }

    /// A word as typed between quotes (`"` and `\` escaped).
    static func quote(_ text: String) -> String {
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    static func parseCommand(_ w: inout Words) throws(ParseError) -> Command {
        let head = try w.next(.command)
        if head.quoted {
            throw ParseError(column: head.column, .quotedCommand(head.text))
        }
        switch head.text {
        case "push":
            if w.peek == nil { throw w.missing(.screenWithUsage) }
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
                if token.text == "instant", !token.quoted {
                    w.skip()
                    instant = true
                    break
                }
                refs.append(try w.ref())
            }
            if refs.isEmpty { throw w.missing(.stackScreens) }
            return .action(.setStack(refs, animated: !instant))
        case "root": return .action(.root(try w.className()))
        case "tabs":
            var names: [String] = []
            while w.peek != nil { names.append(try w.className()) }
            if names.isEmpty { throw w.missing(.tabs) }
            return .action(.tabs(names))
        case "back": return .action(.back)
        case "backmenu": return .action(.backMenu(try w.ref()))
        case "swipe":
            if w.accept("content") { return .action(.contentSwipe(cancel: w.accept("cancel"))) }
            return .action(.swipe(cancel: w.accept("cancel")))
        case "drag":
            if w.accept("content") { return .action(.contentDrag(percent: try w.percent())) }
            return .action(.drag(percent: try w.percent()))
        case "release": return .action(.release)
        case "tap":
            let button = try w.next(.button)
            return .action(.tap(button.text))
        case "tab": return .action(.tab(try w.className()))
        case "present":
            if w.peek == nil { throw w.missing(.classNameWithUsage) }
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
        case "content-swipe": return .action(.setContentSwipe(try w.keyword(["on", "off"]) == "on"))
        case "wait":
            if w.peek == nil { return .action(.wait(milliseconds: nil)) }
            return .action(.wait(milliseconds: try w.duration()))
        case "jobs": return .jobs
        case "clock": return .clock
        case "set": return try parseSet(&w)
        case "show":
            if w.accept("live") { return .live(!w.accept("off")) }
            return .show
        case "stack": return .stack
        case "alive": return .alive
        case "notify":
            let token = try w.next(.notificationName)
            return .action(.notify(token.text))
        case "log":
            let word = try w.keyword(["brief", "full", "off", "notes"])
            if word == "notes" { return .logNotes(try w.keyword(["on", "off"]) == "on") }
            return .log(LogLevel(rawValue: word) ?? .brief)
        case "expect": return .expect(try parseExpectation(&w))
        case "source": return .source(try w.next(.fileName).text)
        case "record":
            let token = try w.next(.fileNameOrOff)
            return .record(token.text == "off" && !token.quoted ? nil : token.text)
        case "timeline": return try parseTimeline(&w)
        case "undo": return .undo
        case "reset": return .reset
        case "help":
            guard let token = w.peek else { return .help(nil) }
            w.skip()
            guard CommandCatalog.help(for: token.text) != nil else {
                throw ParseError(column: token.column, .noHelp(token.text))
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
            throw ParseError(column: head.column, .unknownCommand(head.text))
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
                if let next = w.peek, next.quoted {
                    w.skip()
                    traits.append(.customBack(alert: next.text))
                } else {
                    traits.append(.customBack(alert: nil))
                }
            case "confirm":
                let text = try w.quotedText(.confirmationText)
                traits.append(.confirm(text))
            case "hides-back": traits.append(.hidesBack)
            default: traits.append(.plain)
            }
        }
        if traits.isEmpty { throw w.missing(.trait) }
        return .action(.screen(name, traits))
    }

    static func parseUse(_ w: inout Words) throws(ParseError) -> Command {
        let token = try w.next(.controllerClass)
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
            if names.isEmpty { throw w.missing(.feature) }
            return .action(
                .use(
                    ControllerClass(
                        features: features, name: "NavigationController(features: \(names.joined(separator: ", ")))")))
        }
        let fragile = w.accept("fragile")
        guard let cls = ControllerClass.named(token.text, fragile: fragile) else {
            throw ParseError(column: token.column, .unknownControllerClass(token.text))
        }
        if fragile, cls.features.isDisjoint(with: [.gates, .swipeGuard]) {
            throw ParseError(column: token.column, .noFragileVersion(token.text))
        }
        return .action(.use(cls))
    }

    static func parseDelegate(_ w: inout Words) throws(ParseError) -> Command {
        let token = try w.next(.delegateName)
        if token.text == "none", !token.quoted {
            return .action(.delegate(nil))
        }
        guard isIdentifier(token.text), !token.quoted else {
            throw ParseError(column: token.column, .invalidDelegateName(token.text))
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
        let what = try w.keyword(["duration", "profile", "preemption", "clock", "speed"])
        switch what {
        case "duration":
            let kind = try w.keyword(TransitionKind.allCases.map(\.rawValue))
            let ms = try w.duration()
            return .action(.setDuration(TransitionKind(rawValue: kind) ?? .push, milliseconds: ms))
        case "profile":
            let word = try w.keyword(Profile.allCases.map(\.rawValue))
            return .action(.setProfile(Profile(rawValue: word) ?? .ios26))
        case "preemption":
            return .action(.setPreemption(try w.keyword(["on", "off"]) == "on"))
        case "clock":
            let word = try w.keyword(["virtual", "real"])
            return .setClock(ClockMode(rawValue: word) ?? .virtual)
        default:
            let token = try w.next(.speedFactor)
            guard let value = parseSpeed(token.text) else {
                throw ParseError(column: token.column, .invalidSpeed(token.text))
            }
            return .setSpeed(value)
        }
    }

    static func parseExpectation(_ w: inout Words) throws(ParseError) -> Expectation {
        let what = try w.keyword([
            "stack", "top", "depth", "back", "swipe", "content-swipe", "frozen", "responsive", "alert", "no",
            "alive", "released", "presented", "idle", "busy", "bar", "gates", "confirmations", "log", "sequence",
            "error",
        ])
        switch what {
        case "stack":
            var names: [String] = []
            while w.peek != nil { names.append(try w.ref().description) }
            return .stack(names)
        case "top": return .top(try w.ref())
        case "depth":
            let token = try w.next(.number)
            guard let n = parseWholeNumber(token.text), n < 1_000_000_000 else {
                throw ParseError(column: token.column, .invalidDepth(token.text))
            }
            return .depth(n)
        case "back": return .backVisible(try w.keyword(["visible", "hidden"]) == "visible")
        case "swipe": return .swipeEnabled(try w.keyword(["enabled", "disabled"]) == "enabled")
        case "content-swipe": return .contentSwipeEnabled(try w.keyword(["enabled", "disabled"]) == "enabled")
        case "frozen": return .frozen(true)
        case "responsive": return .frozen(false)
        case "alert": return .alert(try w.quotedText(.alertText))
        case "no":
            let word = try w.keyword(["alert", "modal", "log"])
            switch word {
            case "alert": return .alert(nil)
            case "modal": return .presented(nil)
            default: return .log(try w.text(.theText), present: false)
            }
        case "alive", "released":
            var refs: [ScreenRef] = []
            while w.peek != nil { refs.append(try w.ref()) }
            if refs.isEmpty { throw w.missing(.screens) }
            return what == "alive" ? .alive(refs) : .released(refs)
        case "presented": return .presented(try w.ref())
        case "idle": return .idle(true)
        case "busy": return .idle(false)
        case "bar": return .barCorrupted(try w.keyword(["corrupted", "intact"]) == "corrupted")
        case "gates":
            _ = try w.keyword(["held"])
            return .gatesHeld
        case "confirmations":
            _ = try w.keyword(["held"])
            return .confirmationsHeld
        case "log": return .log(try w.text(.theText), present: true)
        case "sequence":
            var texts: [String] = []
            while w.peek != nil { texts.append(try w.text(.aText)) }
            if texts.isEmpty { throw w.missing(.texts) }
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

/// A speed factor (`set speed X`, `--speed X`): a plain decimal from 0.01 to 100.
public func parseSpeed(_ text: String) -> Double? {
    guard let value = parseDecimal(text), value >= 0.01, value <= 100 else { return nil }
    return value
}

/// Digits only (no sign, so `-0` and `+3` are refused), at most 18 of them.
func parseWholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return Int(text)
}

/// A plain decimal number like `0.35` or `2` (no exponent, no sign).
func parseDecimal(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
    var seenDot = false
    for b in bytes {
        if b == 46 {
            if seenDot { return nil }
            seenDot = true
            continue
        }
        if !(48...57).contains(b) { return nil }
    }
    if bytes.first == 46 || bytes.last == 46 { return nil }
    return Double(text)
}
