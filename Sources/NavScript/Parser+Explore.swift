import NavigationEngine

/// `explore ACTION...`, `invariant EXPECTATION` and `check NAME...|none`
/// (explorer.md section 2): declarations for `navsh explore`, checked like any
/// command so a bad one gets a located error.
extension Parser {
    static func parseExplore(_ w: inout Words) throws(ParseError) -> Command {
        var actions: [ExploreAction] = []
        while let token = w.peek {
            w.skip()
            actions.append(try exploreAction(token))
        }
        if actions.isEmpty {
            throw w.missing(.exploreActions)
        }
        return .explore(actions)
    }

    /// One word of an `explore` line, parsed as the command it is.
    static func exploreAction(_ token: Token) throws(ParseError) -> ExploreAction {
        // Columns inside the word map back onto the line (a quoted word starts after its quote).
        let base = token.column + (token.quoted ? 1 : 0) - 1
        func shifted(_ error: ParseError) -> ParseError {
            ParseError(column: base + error.column, problem: error.problem)
        }
        var tokens = ReusableBuffer<Token>()
        var lexed = ReusableBuffer<LexedCommand>()
        do {
            try Lexer.scan(token.text, tokens: &tokens, commands: &lexed)
        } catch {
            throw shifted(error)
        }
        guard lexed.count == 1, let command = lexed.elements.first else {
            throw ParseError(column: token.column, .exploreNotOneCommand(token.text, several: lexed.count != 0))
        }
        if command.background {
            throw ParseError(column: token.column, .exploreBackground(token.text))
        }
        var words = Words(tokens: tokens[command.tokenRange])
        let parsed: Command
        do {
            parsed = try parseCommand(&words)
            try words.expectEnd()
        } catch {
            throw shifted(error)
        }
        guard case .action(let action) = parsed, action.isExplorable else {
            throw ParseError(column: token.column, .exploreNotAnAction(command.source))
        }
        return ExploreAction(action: action, source: command.source)
    }

    static func parseInvariant(_ w: inout Words) throws(ParseError) -> Command {
        guard let first = w.peek else {
            throw w.missing(.invariantExpectation)
        }
        if !first.quoted {
            switch first.text {
            case "expect":
                throw ParseError(
                    column: first.column,
                    .invariantWithExpect(
                        rewritten: w.tokens.dropFirst(2).map { $0.quoted ? quote($0.text) : $0.text }.joined(
                            separator: " ")))
            case "log", "sequence", "error":
                throw ParseError(column: first.column, .invariantOnEvents(first.text))
            default: break
            }
        }
        let start = w.index
        let expectation = try parseExpectation(&w)
        let source = w.tokens[start..<w.index].map { $0.quoted ? quote($0.text) : $0.text }.joined(separator: " ")
        return .invariant(Invariant(expectation: expectation, source: source))
    }

    static func parseCheck(_ w: inout Words) throws(ParseError) -> Command {
        let names = BuiltinProperty.allCases.map(\.rawValue)
        var checks: [BuiltinProperty] = []
        while let token = w.peek {
            if token.text == "none", !token.quoted {
                guard checks.isEmpty, w.index + 1 == w.tokens.endIndex else {
                    throw ParseError(column: token.column, .checkNoneNotAlone)
                }
                w.skip()
                return .check([])
            }
            let word = try w.keyword(names + ["none"])
            if let property = BuiltinProperty(rawValue: word), !checks.contains(property) { checks.append(property) }
        }
        if checks.isEmpty { throw w.missing(.property) }
        return .check(checks.sorted())
    }
}
