import NavigationEngine

extension Session {
    /// Checks an expectation against the model and the last command's events.
    func check(_ expectation: Expectation, source: String, at location: SourceLocation?) {
        if case .error = expectation {
            if pendingFailure != nil {
                pendingFailure = nil
            } else {
                expectationFailed(source, "the command succeeded", at: location)
            }
            return
        }
        if let problem = problem(with: expectation) {
            expectationFailed(source, problem, at: location)
        }
    }

    /// What is wrong, or nil when the expectation holds.
    func problem(with expectation: Expectation) -> String? {
        Session.problem(with: expectation, model: model, recent: recent)
    }

    /// What is wrong with `expectation` in `model`, `recent` being the last
    /// command's events (the explorer checks invariants with this too).
    public static func problem(with expectation: Expectation, model: NavigationModel, recent: ArraySlice<Event>) -> String? {
        func names(_ list: [ScreenName]) -> String {
            list.isEmpty ? "empty" : list.map(\.description).joined(separator: " ")
        }
        switch expectation {
        case let .stack(expected):
            let actual = model.currentStack.map(\.description)
            return actual == expected ? nil : "the stack is \(names(model.currentStack))"
        case let .top(ref):
            guard let top = model.currentStack.last else { return "the stack is empty" }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : "the top is \(top)"
            } catch {
                return error.message
            }
        case let .depth(n):
            let count = model.currentStack.count
            return count == n ? nil : "the depth is \(count)"
        case let .backVisible(visible):
            return model.isBackVisible == visible ? nil : "the back button is \(model.isBackVisible ? "visible" : "hidden")"
        case let .swipeEnabled(enabled):
            return model.swipeWouldBegin == enabled ? nil : "a swipe would \(model.swipeWouldBegin ? "" : "not ")begin"
        case let .frozen(frozen):
            if model.isFrozen == frozen { return nil }
            return frozen ? "the UI responds" : "the UI is frozen: \(model.frozenReason.map(EventRenderer.words) ?? "")"
        case let .alert(text):
            switch (text, model.alertText) {
            case (nil, nil): return nil
            case let (nil, shown?): return "the alert \"\(shown)\" is on screen"
            case (_?, nil): return "no alert is on screen"
            case let (wanted?, shown?): return wanted == shown ? nil : "the alert says \"\(shown)\""
            }
        case let .alive(refs), let .released(refs):
            let wantAlive = if case .alive = expectation { true } else { false }
            var wrong: [String] = []
            for ref in refs {
                do {
                    let name = try model.resolve(ref)
                    if model.isAlive(name) != wantAlive { wrong.append("\(name) is \(wantAlive ? "released" : "alive")") }
                } catch {
                    wrong.append(error.message)
                }
            }
            return wrong.isEmpty ? nil : wrong.joined(separator: "; ")
        case let .presented(ref):
            let top = model.presentedTop
            guard let ref else { return top.map { "\($0) is presented" } }
            guard let top else { return "nothing is presented" }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : "\(top) is presented"
            } catch {
                return error.message
            }
        case let .idle(idle):
            return model.isBusy != idle ? nil : (idle ? "a transition is in flight" : "nothing is in flight")
        case let .barCorrupted(corrupted):
            return model.isBarCorrupted == corrupted ? nil : "the bar is \(model.isBarCorrupted ? "corrupted" : "intact")"
        case .gatesHeld:
            return model.gatesProblem
        case .confirmationsHeld:
            return model.confirmationsProblem
        case let .log(text, present):
            // `expect log "TEXT"` matches the words a person reads.
            let found = recent.contains { EventRenderer.words($0).contains(text) }
            if found == present { return nil }
            return present ? "no event line contains it" : "an event line contains it: \(recent.lazy.map(EventRenderer.words).first { $0.contains(text) } ?? "")"
        case let .sequence(texts):
            var index = 0
            for event in recent where index < texts.count && EventRenderer.words(event).contains(texts[index]) {
                index += 1
            }
            return index == texts.count ? nil : "\"\(texts[index])\" not found in order after \(index) of \(texts.count)"
        case .error:
            return nil
        }
    }
}
