import NavigationEngine

/// A place in the input: file, line and column, all 1-based.
public struct SourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// What the lexer refuses in a line.
public enum LexError: Hashable, Sendable {
    case invalidUTF8
    case nulByte
    /// A C0 control character (other than tab) or DEL.
    case controlCharacter(UInt8)
    case unterminatedQuote
    /// `;` or `&` with no command before it.
    case straySeparator(Separator)

    public enum Separator: Hashable, Sendable {
        case semicolon, ampersand
    }
}

/// What a command still needs when its words run out (or a quoted text is missing).
public enum Needed: Hashable, Sendable {
    case command
    case oneOf([String])
    case className
    /// A class name, with the command's usage (`present`).
    case classNameWithUsage
    case screen
    /// A screen, with the command's usage (`push`).
    case screenWithUsage
    case duration
    case percentage
    case button
    case notificationName
    case fileName
    case fileNameOrOff
    case timelineFile
    case controllerClass
    case delegateName
    case speedFactor
    case number
    case alertText
    case theText
    case aText
    case confirmationText
    case stackScreens
    case tabs
    case trait
    case feature
    case screens
    case texts
    case exploreActions
    case invariantExpectation
    case property
}

/// What the parser refuses in a command's words. Each case carries the words as typed;
/// DiagnosticWording.swift says them.
public enum SyntaxError: Hashable, Sendable {
    case missing(command: String, Needed)
    case quotedCommand(String)
    case unknownCommand(String)
    /// A keyword `command` does not take at this place, with the ones it does.
    case keywordNotAllowed(command: String, word: String, allowed: [String])
    /// `root Login#2`: a command that creates a screen was given an instance.
    case instanceForNewScreen(command: String, word: String)
    case invalidClassName(String)
    case invalidReference(String)
    case invalidInstanceNumber(digits: String, word: String)
    case instanceNumberTooLarge(digits: String)
    case instanceNumberZero(className: String, word: String)
    case negativeDuration(String)
    case invalidDuration(String)
    case invalidPercentage(String)
    case expectedQuoted(Needed, found: String)
    case unexpectedWord(String, after: String)
    case timelineFileType(String)
    case noHelp(String)
    case unknownControllerClass(String)
    case noFragileVersion(String)
    case invalidDelegateName(String)
    case invalidSpeed(String)
    case invalidDepth(String)
    case invalidEventCount(String)
    case invalidSectionNumber(String)
    /// `explore "push A; pop"`: an action word that is no command or several.
    case exploreNotOneCommand(String, several: Bool)
    case exploreBackground(String)
    /// `explore stack`: a command that is not an action, as typed.
    case exploreNotAnAction(String)
    /// `invariant expect ...`: the expectation as it should be written (after `invariant `).
    case invariantWithExpect(rewritten: String)
    /// `invariant log ...`: an expectation about one command's events.
    case invariantOnEvents(String)
    case checkNoneNotAlone
}

/// What the session refuses or could not do while running a command.
public enum SessionError: Hashable, Sendable {
    case recordUnavailable
    case timelineUnavailable
    /// `timeline … since section N` with no such `##` heading in the history.
    case noSection(Int, headings: Int)
    case nothingToUndo
    /// UIKit raised an exception; at the prompt its event line just above may have said why.
    case exception(UIKitException, shownAbove: Bool)
    case sourceCycle(path: String, chain: [String])
    case sourceTooDeep(limit: Int)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRecord(path: String, reason: String)
    /// A file named on the command line could not be opened (`navsh: cannot read ...`).
    case unreadableInput(path: String, reason: String)
    /// Too many `source` commands under one outermost `source` (a chain that doubles).
    case sourceWorkLimit(limit: Int)
    /// Ctrl-C or SIGTERM stopped a `source` between two of its lines.
    case interrupted
    /// A script stopped being read: a read error, or a line longer than the limit.
    case readFailed(reason: String)
}

/// Every problem navsh reports about a script, as a value.
public enum Problem: Error, Hashable, Sendable {
    case lex(LexError)
    case syntax(SyntaxError)
    /// Input the engine refuses before changing anything.
    case engine(EngineError)
    case session(SessionError)
    /// `expect` found the session otherwise: the command as typed and what is wrong.
    case expectation(source: String, ExpectationFailure)
}

/// What an `expect` found instead of what it expected.
public enum ExpectationFailure: Hashable, Sendable {
    /// `expect error` after a command that succeeded.
    case commandSucceeded
    case stackIs([ScreenName])
    case topIs(ScreenName)
    case depthIs(Int)
    /// A screen the expectation names does not resolve.
    case noSuchScreen(EngineError)
    case backButton(visible: Bool)
    case swipe(wouldBegin: Bool)
    /// `expect content-swipe`: a content pan (iOS 26) would (not) begin.
    case contentPan(wouldBegin: Bool)
    /// `expect content-swipe` in the legacy profile, where the gesture does not exist.
    case noContentPanBeforeIOS26
    case uiResponds
    case uiFrozen(reason: FreezeReason?)
    /// `expect no alert`: this alert is on screen.
    case alertShown(String)
    case noAlert
    case alertSays(String)
    /// `expect alive` / `expect released`: each screen that is otherwise.
    case liveness([Liveness])
    case presented(ScreenName)
    case nothingPresented
    case inFlight
    case nothingInFlight
    case bar(corrupted: Bool)
    /// `expect gates held` / `expect confirmations held`, in the engine's words.
    case guaranteeBroken(String)
    case noEventLine
    case eventLineContains(String)
    /// `expect sequence`: `missing` was not found after `found` of `count` texts.
    case sequenceStopped(missing: String, found: Int, count: Int)

    public enum Liveness: Hashable, Sendable {
        case wrong(ScreenName, alive: Bool)
        case unresolved(EngineError)
    }
}

/// A problem with the input itself, with the column where it is.
public struct ParseError: Error, Hashable, Sendable {
    public var column: Int
    /// `.lex` or `.syntax`.
    public var problem: Problem

    public init(column: Int, _ error: LexError) {
        self.column = column
        self.problem = .lex(error)
    }

    public init(column: Int, _ error: SyntaxError) {
        self.column = column
        self.problem = .syntax(error)
    }

    public init(column: Int, problem: Problem) {
        self.column = column
        self.problem = problem
    }

    /// The words printed after `error: `, suggestion included.
    public var message: String { problem.fullMessage(names: ClassNames()) }
}

/// One located problem: what `FILE:LINE:COL: error: MESSAGE (did you mean 'X'?)` says, as data.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        case error
        case expectationFailed = "expectation failed"
    }

    /// Nil for a line typed at the prompt (and for the command line's own problems).
    public var location: SourceLocation?
    public var severity: Severity
    public var problem: Problem
    /// The likely word meant, for a typo.
    public var suggestion: String?

    /// The words after the severity, without the suggestion.
    public var message: String

    /// `names` words the screens the problem names: the table of the model
    /// the problem was found in (a problem with the input itself names none).
    public init(_ problem: Problem, at location: SourceLocation?, names: ClassNames = ClassNames()) {
        self.location = location
        self.problem = problem
        if case .expectation = problem { severity = .expectationFailed } else { severity = .error }
        suggestion = problem.suggestion
        message = problem.message(names: names)
    }
}

extension Diagnostic {
    /// The line navsh prints on stderr, without its newline:
    /// `FILE:LINE:COL: error: MESSAGE (did you mean 'X'?)`, `FILE:LINE: expectation failed: WHAT`,
    /// `error: MESSAGE` at the prompt. Control characters and bidirectional
    /// formatting characters from the input are shown as escapes (`\u{202E}`).
    public var text: String {
        var out = ""
        if let location {
            out += "\(location.file):\(location.line):"
            if severity == .error { out += "\(location.column):" }
            out += " "
        } else if case .session(.unreadableInput) = problem {
            out += "navsh: "
        }
        if case .session(.unreadableInput) = problem {} else { out += severity.rawValue + ": " }
        out += message
        if let suggestion { out += " (did you mean '\(suggestion)'?)" }
        return escapingInvisibles(out)
    }

    /// One JSON object for `--json`'s stdout, in the order of the events around it:
    /// `t_ms`, `seq`, `category` (`error` or `expectation`), `text` (the stderr line),
    /// then `file`, `line`, `column` (null at the prompt), `message` and `suggestion` (or null).
    public func json(time: Int, seq: Int) -> String {
        var out = "{\"t_ms\":\(time),\"seq\":\(seq),\"category\":\""
        out += severity == .error ? "error" : "expectation"
        out += "\",\"text\":" + EventRenderer.jsonString(text)
        if let location {
            out += ",\"file\":" + EventRenderer.jsonString(location.file)
            out += ",\"line\":\(location.line),\"column\":\(location.column)"
        } else {
            out += ",\"file\":null,\"line\":null,\"column\":null"
        }
        out += ",\"message\":" + EventRenderer.jsonString(message)
        out += ",\"suggestion\":" + (suggestion.map(EventRenderer.jsonString) ?? "null")
        return out + "}"
    }
}

/// `text` with C0 and C1 control characters (but tab), DEL, bidirectional
/// formatting characters, line and paragraph separators and the byte order mark
/// written as `\u{XXXX}`, so what a diagnostic quotes is what was typed and
/// cannot reorder or hide the rest of the line on a terminal.
public func escapingInvisibles(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isInvisible(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true // bidirectional marks and overrides
    case 0x2028, 0x2029, 0xFEFF: true
    default: false
    }
}

/// The closest word among `candidates`, when it is close enough to be a likely typo
/// (commands, keywords, and the executable's option names).
public func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(Array(word.utf8), Array(candidate.utf8))
        if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    guard let (candidate, distance) = best else { return nil }
    let limit = word.utf8.count <= 3 ? 1 : (word.utf8.count <= 6 ? 2 : 3)
    return distance <= limit ? candidate : nil
}

func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
