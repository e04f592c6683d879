import NavigationEngine

// The words of every diagnostic, in one place. The cases (Diagnostic.swift)
// carry what was typed; this file says it. Tests compare cases; a few pin
// these words, and README.md and docs/ show them.

extension Problem {
    /// What follows `error: ` (or `expectation failed: `), without the suggestion.
    public func message(names: ClassNames) -> String {
        switch self {
        case .lex(let error): error.message
        case .syntax(let error): error.message
        case .engine(let error): error.message(names: names)
        case .session(let error): error.message(names: names)
        case .expectation(let source, let failure): "\(source) (\(failure.message(names: names)))"
        }
    }

    /// The word probably meant, for a typo.
    public var suggestion: String? {
        guard case .syntax(let error) = self else { return nil }
        return error.suggestion
    }

    /// The message with ` (did you mean 'X'?)` when there is a likely X.
    public func fullMessage(names: ClassNames) -> String {
        let message = message(names: names)
        return suggestion.map { "\(message) (did you mean '\($0)'?)" } ?? message
    }
}

extension EngineError {
    /// The message, lowercase, the offending word in quotes.
    public func message(names: ClassNames) -> String {
        switch self {
        case .noSuchInstance(let ref, let created):
            created == 0
                ? "no instance '\(ref)': no \(ref.className) was ever created"
                : "no instance '\(ref)': \(created) \(ref.className) instance\(created == 1 ? " was" : "s were") created"
        case .neverCreated(let name):
            "no instance of '\(name)' was ever created"
        case .released(let name):
            "'\(name, in: names)' has been released (deinit); it can no longer be used"
        case .noAlert(let button):
            "no alert is on screen to tap '\(button)'"
        case .noSuchButton(let button, let available):
            "the alert has no button '\(button)' (it has \(available.joined(separator: ", ")))"
        case .noSuchTab(let name, let tabs):
            "no tab '\(name)' (tabs: \(tabs.joined(separator: ", ")))"
        case .noTabBar:
            "there is no tab bar (create one with 'tabs NAME...')"
        case .notInBackMenu(let name, let offered):
            offered.isEmpty
                ? "the back menu is empty, so it cannot offer '\(name, in: names)'"
                : "'\(name, in: names)' is not in the back menu (it offers \(offered.map { names.text(of: $0) }.joined(separator: ", ")))"
        case .noSwipeHeld:
            "no edge swipe is held (start one with 'drag PCT')"
        case .noContentPanBeforeIOS26:
            "the content-area pop gesture (interactiveContentPopGestureRecognizer) does not exist before iOS 26, and the profile is legacy (iOS 12)"
        case .noPreemptionBeforeIOS26:
            "iOS 12 cannot pre-empt a running transition (its nested calls cut it short instead), and the profile is legacy"
        case .noStack:
            "the navigation stack is empty"
        case .notSupported(let what):
            "'\(what)' is not supported yet"
        }
    }
}

extension LexError {
    public var message: String {
        switch self {
        case .invalidUTF8: "invalid UTF-8 in input"
        case .nulByte: "NUL byte in input"
        case .controlCharacter(let byte): "control character \(hexByte(byte)) in input"
        case .unterminatedQuote: "unterminated quote (a '\"' opened here is never closed)"
        case .straySeparator(let separator): "stray '\(separator == .semicolon ? ";" : "&")' with no command before it"
        }
    }

    private func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(b >> 4)])\(digits[Int(b & 15)])"
    }
}

extension Needed {
    /// What the command `command` needs, as `'COMMAND' needs WORDS` says it.
    public func words(for command: String) -> String {
        let usage = CommandCatalog.help(for: command).map(\.usage) ?? command
        switch self {
        case .screenWithUsage: return "a screen (usage: \(usage))"
        case .classNameWithUsage: return "a screen class name (usage: \(usage))"
        default: return words
        }
    }

    public var words: String {
        switch self {
        case .screenWithUsage: "a screen"
        case .classNameWithUsage: "a screen class name"
        case .command: "a command"
        case .oneOf(let allowed): "one of: \(allowed.joined(separator: ", "))"
        case .className: "a screen class name"
        case .screen: "a screen (NAME or NAME#N)"
        case .duration: "a duration, as in 350ms or 0.35s"
        case .percentage: "a percentage from 0% to 100%"
        case .button: "a button (OK or Cancel)"
        case .notificationName: "a notification name"
        case .fileName: "a file name"
        case .fileNameOrOff: "a file name, or off"
        case .timelineFile: "a file name ending in .svg, .md or .html"
        case .controllerClass:
            "a controller class (\(ControllerClass.knownNames.joined(separator: ", ")) or features F...)"
        case .delegateName: "a delegate name, or none"
        case .speedFactor: "a speed factor, as in set speed 0.1 (slow motion)"
        case .number: "a number"
        case .alertText: "the alert text in quotes"
        case .theText: "the text in quotes"
        case .aText: "a text in quotes"
        case .confirmationText: "the confirmation text in quotes, as in confirm \"Discard changes?\""
        case .stackScreens: "at least one screen (usage: setstack REF... [instant])"
        case .tabs: "at least one tab (usage: tabs NAME...)"
        case .trait: "a trait: gate, custom-back, confirm \"TEXT\", hides-back or plain"
        case .feature: "at least one feature: gates, safe-pop, swipe-guard, proxy"
        case .screens: "at least one screen"
        case .texts: "at least one text in quotes"
        case .exploreActions: "at least one action, as in explore back swipe \"push Detail\""
        case .invariantExpectation: "an expectation without 'expect', as in invariant responsive"
        case .property: "a property (\(BuiltinProperty.allCases.map(\.rawValue).joined(separator: ", "))) or none"
        }
    }
}

extension SyntaxError {
    public var message: String {
        switch self {
        case .missing(let command, let needed):
            "'\(command)' needs \(needed.words(for: command))"
        case .quotedCommand(let text):
            "expected a command, found the quoted text \(Parser.quote(text))"
        case .unknownCommand(let word):
            "unknown command '\(clip(word))'"
        case .keywordNotAllowed(let command, let word, let allowed):
            "'\(command)' does not take '\(clip(word))' here (expected \(allowed.joined(separator: ", ")))"
        case .instanceForNewScreen(let command, let word):
            "'\(command)' creates a new screen: give a class name, not the instance '\(clip(word))'"
        case .invalidClassName(let word):
            "'\(clip(word))' is not a valid class name (letters, digits and _, not starting with a digit)"
        case .invalidReference(let word):
            "'\(clip(word))' is not a valid screen reference (NAME or NAME#N)"
        case .invalidInstanceNumber(let digits, let word):
            "invalid instance number '\(digits)' in '\(clip(word))' (a whole number from 1)"
        case .instanceNumberTooLarge(let digits):
            "instance number '\(clip(digits))' is too large"
        case .instanceNumberZero(let className, let word):
            "instance numbers start at 1: '\(clip(word))' names no instance (\(className)#1 is the one shown as \(className))"
        case .negativeDuration(let word):
            "invalid duration '\(clip(word))': durations are never negative"
        case .invalidDuration(let word):
            "invalid duration '\(clip(word))' (write 350ms, 0.35s or 2s; whole milliseconds, at most 1000000000ms)"
        case .invalidPercentage(let word):
            "invalid percentage '\(clip(word))' (a whole number from 0% to 100%)"
        case .expectedQuoted(let needed, let found):
            "expected \(needed.words), found '\(clip(found))'"
        case .unexpectedWord(let word, let command):
            "unexpected '\(clip(word))' after '\(command)'"
                + (CommandCatalog.help(for: command).map { " (usage: \($0.usage))" } ?? "")
        case .timelineFileType(let word):
            "timeline writes FILE.svg (a picture), FILE.md (Mermaid) or FILE.html (a replay): '\(clip(word))' ends in none of them"
        case .noHelp(let word):
            "no help for '\(clip(word))': not a command"
        case .unknownControllerClass(let word):
            "unknown controller class '\(clip(word))'"
        case .noFragileVersion(let word):
            "'\(clip(word))' has no fragile version (only GateNavigationController and InteractivePopNavigationController do)"
        case .invalidDelegateName(let word):
            "'\(clip(word))' is not a valid delegate name (letters, digits and _, not starting with a digit)"
        case .invalidSpeed(let word):
            "invalid speed '\(clip(word))' (\(speedRange))"
        case .invalidDepth(let word):
            "invalid depth '\(clip(word))' (a whole number, 0 or more)"
        case .invalidSectionNumber(let word):
            "invalid section number '\(clip(word))' (a whole number, 1 or more)"
        case .invalidEventCount(let word):
            "invalid number of events '\(clip(word))' (a whole number, 1 or more)"
        case .exploreNotOneCommand(let word, let several):
            "'explore' takes one command per action: '\(clip(word))' is \(several ? "several (quote each on its own)" : "empty")"
        case .exploreBackground(let word):
            "'explore' runs every action as 'ACTION &' already: drop the '&' in '\(clip(word))'"
        case .exploreNotAnAction(let source):
            "'explore' takes actions (navigation calls, fingers, modals, notify), not '\(clip(source))'"
        case .invariantWithExpect(let rewritten):
            "write the expectation without 'expect': invariant \(rewritten)"
        case .invariantOnEvents(let word):
            "'invariant' takes state expectations and 'no log \"TEXT\"', not '\(word)' (it looks at one command's events)"
        case .checkNoneNotAlone:
            "'check none' stands alone: it turns every built-in property off"
        }
    }

    /// The likely word meant, among the words this place takes.
    public var suggestion: String? {
        switch self {
        case .unknownCommand(let word), .noHelp(let word):
            NavScript.suggestion(for: word, among: CommandCatalog.names)
        case .keywordNotAllowed(_, let word, let allowed):
            NavScript.suggestion(for: word, among: allowed)
        case .unknownControllerClass(let word):
            looseSuggestion(for: word, among: ControllerClass.knownNames + ["features"])
        default:
            nil
        }
    }
}

extension ExpectationFailure {
    public func message(names: ClassNames) -> String {
        func words(_ list: [ScreenName]) -> String {
            list.isEmpty ? "empty" : list.map { names.text(of: $0) }.joined(separator: " ")
        }
        switch self {
        case .commandSucceeded: return "the command succeeded"
        case .stackIs(let stack): return "the stack is \(words(stack))"
        case .topIs(let top): return "the top is \(top, in: names)"
        case .depthIs(let depth): return "the depth is \(depth)"
        case .noSuchScreen(let error): return error.message(names: names)
        case .backButton(let visible): return "the back button is \(visible ? "visible" : "hidden")"
        case .swipe(let wouldBegin): return "a swipe would \(wouldBegin ? "" : "not ")begin"
        case .contentPan(let wouldBegin): return "a content pan would \(wouldBegin ? "" : "not ")begin"
        case .noContentPanBeforeIOS26:
            return "the content-area pop gesture does not exist before iOS 26, and the profile is legacy (iOS 12)"
        case .uiResponds: return "the UI responds"
        case .uiFrozen(let reason): return "the UI is frozen: \(reason.map { EventRenderer.words($0) } ?? "")"
        case .alertShown(let text): return "the alert \"\(text)\" is on screen"
        case .noAlert: return "no alert is on screen"
        case .alertSays(let text): return "the alert says \"\(text)\""
        case .liveness(let wrong):
            return wrong.map { item in
                switch item {
                case .wrong(let name, let alive): "\(name, in: names) is \(alive ? "alive" : "released")"
                case .unresolved(let error): error.message(names: names)
                }
            }.joined(separator: "; ")
        case .presented(let name): return "\(name, in: names) is presented"
        case .nothingPresented: return "nothing is presented"
        case .inFlight: return "a transition is in flight"
        case .nothingInFlight: return "nothing is in flight"
        case .bar(let corrupted): return "the bar is \(corrupted ? "corrupted" : "intact")"
        case .guaranteeBroken(let words): return words
        case .noEventLine: return "no event line contains it"
        case .eventLineContains(let line): return "an event line contains it: \(line)"
        case .sequenceStopped(let missing, let found, let count):
            return "\"\(missing)\" not found in order after \(found) of \(count)"
        }
    }
}

/// What `set speed` and `--speed` take.
public let speedRange = "a number from 0.01 to 100"

extension SessionError {
    public func message(names: ClassNames) -> String {
        switch self {
        case .recordUnavailable: "record is not available here"
        case .timelineUnavailable: "timeline cannot write files here"
        case .noSection(let n, let headings):
            "no section \(n) in the history: no `## \(n).` heading, and \(headings == 0 ? "no" : "only \(headings)") `##` heading\(headings == 1 ? "" : "s")"
        case .nothingToUndo: "nothing to undo"
        case .exception(let exception, let shownAbove):
            "UIKit raised "
                + (shownAbove
                    ? "\(exception.name.rawValue) (the exception above)" : EventRenderer.words(exception, names: names))
        case .sourceCycle(let path, let chain):
            "source cycle: '\(path)' is already being run (\(chain.joined(separator: " -> ")))"
        case .sourceTooDeep(let limit): "source nesting deeper than \(limit)"
        case .cannotRead(let path, let reason), .unreadableInput(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        case .cannotRecord(let path, let reason): "cannot record to '\(path)': \(reason)"
        case .sourceWorkLimit(let limit): "more than \(limit) nested 'source' commands for one line; stopped"
        case .interrupted: "interrupted"
        case .readFailed(let reason): reason
        }
    }
}

/// The suggestion for a long name typed short (`UINavController`): the usual
/// one, else a candidate within half the word's length in edits that starts
/// with the same two letters.
func looseSuggestion(for word: String, among candidates: [String]) -> String? {
    if let strict = suggestion(for: word, among: candidates) { return strict }
    guard word.utf8.count >= 6, word.utf8.count <= 64 else { return nil }
    let head = Array(word.lowercased().utf8.prefix(2))
    var best: (String, Int)?
    for candidate in candidates where Array(candidate.lowercased().utf8.prefix(2)) == head {
        let d = editDistance(Array(word.utf8), Array(candidate.utf8))
        if d <= word.utf8.count / 2, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    return best?.0
}

/// A word as a diagnostic quotes it: long ones are cut, so a 1 MB word gives a short message.
func clip(_ word: String, limit: Int = 60) -> String {
    guard word.utf8.count > limit else { return word }
    return String(word.prefix(limit)) + "…"
}
