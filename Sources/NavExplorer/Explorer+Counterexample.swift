import NavScript
import NavigationEngine

extension Explorer {
    /// Runs the steps of `path` again from the start to write them as script
    /// lines and say why `property` fails at the end.
    func counterexample(_ path: [Int], breaking property: Property) -> Violation {
        var model = start
        var events: [Event] = []
        var lines: [String] = []
        var steps: [Step] = []
        for index in path {
            if index == waitIndex {
                let wait = (waitTarget(model) ?? model.clock) - model.clock
                lines.append("wait \(wait)ms")
                steps.append(.wait(wait))
            } else {
                lines.append("\(config.actions[index].source) &")
                steps.append(.action(index))
            }
            _ = run(index, on: &model, events: &events)
            model.canonicalize()
        }
        let name: String
        let explanation: String
        let expectLine: String?
        switch property {
        case .builtin(let builtin):
            name = builtin.rawValue
            switch builtin {
            case .exceptions:
                let raised = events.lazy.compactMap { event -> UIKitException? in
                    if case .exception(let exception) = event.payload { exception } else { nil }
                }.last
                explanation =
                    "UIKit raised \(raised.map { EventRenderer.words($0, names: model.names) } ?? "an exception")"
                expectLine = nil
            case .responsive:
                explanation = "the UI froze: \(model.frozenReason.map { EventRenderer.words($0) } ?? "")"
                expectLine = "expect responsive"
            case .bar:
                explanation = "the navigation bar's items disagree with the stack while nothing is in flight"
                expectLine = "expect bar intact"
            case .gates:
                explanation = model.gatesProblem ?? ""
                expectLine = "expect gates held"
            case .confirmations:
                explanation = model.confirmationsProblem ?? ""
                expectLine = "expect confirmations held"
            }
        case .invariant(let i):
            let invariant = config.invariants[i]
            name = "invariant \(invariant.source)"
            explanation = Session.problem(with: invariant.expectation, model: model, recent: events[...]) ?? ""
            expectLine = "expect \(invariant.source)"
        }
        return Violation(
            property: property, name: name, explanation: explanation, steps: steps,
            lines: lines, expectLine: expectLine)
    }
}

extension Violation {
    /// The counterexample as a script `navsh test` fails on, on its last line:
    /// the profile, `source` of each setup file, the virtual clock, the steps,
    /// the failing expectation.
    public func script(sources: [String], profile: Profile? = nil) -> String {
        var out = ""
        if let profile { out += "set profile \(profile.rawValue)\n" }
        for source in sources { out += "source \(Self.word(source))\n" }
        out += "set clock virtual\n"
        for line in lines { out += line + "\n" }
        if let expectLine { out += expectLine + "\n" }
        return out
    }

    /// A path as one word of the language (quoted when it has blanks or quotes).
    static func word(_ path: String) -> String {
        guard
            path.contains(where: {
                $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == ";" || $0 == "&" || $0 == "\\"
            })
        else { return path }
        var out = "\""
        for c in path {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
