import NavigationEngine

extension Session {
    /// Checks an expectation against the model and the last command's events.
    func check(_ expectation: Expectation, source: String, at location: SourceLocation?) {
        if case .error = expectation {
            if pendingFailure != nil {
                pendingFailure = nil
            } else {
                expectationFailed(source, .commandSucceeded, at: location)
            }
            return
        }
        if let failure = failure(of: expectation) {
            expectationFailed(source, failure, at: location)
        }
    }

    /// What is wrong, or nil when the expectation holds.
    func failure(of expectation: Expectation) -> ExpectationFailure? {
        Session.failure(of: expectation, model: model, recent: recent)
    }

    /// What is wrong with `expectation` in `model`, in words, or nil when it holds.
    public static func problem(with expectation: Expectation, model: NavigationModel, recent: ArraySlice<Event>)
        -> String?
    {
        failure(of: expectation, model: model, recent: recent)?.message(names: model.names)
    }

    /// What is wrong with `expectation` in `model`, `recent` being the last
    /// command's events (the explorer checks invariants with this too).
    public static func failure(of expectation: Expectation, model: NavigationModel, recent: ArraySlice<Event>)
        -> ExpectationFailure?
    {
        switch expectation {
        case .stack(let expected):
            let actual = model.currentStack.map { model.names.text(of: $0) }
            return actual == expected ? nil : .stackIs(Array(model.currentStack))
        case .top(let ref):
            guard let top = model.currentStack.last else { return .stackIs([]) }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : .topIs(top)
            } catch {
                return .noSuchScreen(error)
            }
        case .depth(let n):
            let count = model.currentStack.count
            return count == n ? nil : .depthIs(count)
        case .backVisible(let visible):
            return model.isBackVisible == visible ? nil : .backButton(visible: model.isBackVisible)
        case .swipeEnabled(let enabled):
            return model.swipeWouldBegin == enabled ? nil : .swipe(wouldBegin: model.swipeWouldBegin)
        case .contentSwipeEnabled(let enabled):
            // In legacy neither answer holds: the gesture does not exist.
            guard model.profile == .ios26 else { return .noContentPanBeforeIOS26 }
            let begins = model.contentPanWouldBegin
            return begins == enabled ? nil : .contentPan(wouldBegin: begins)
        case .frozen(let frozen):
            if model.isFrozen == frozen { return nil }
            return frozen ? .uiResponds : .uiFrozen(reason: model.frozenReason)
        case .alert(let text):
            switch (text, model.alertText) {
            case (nil, nil): return nil
            case (nil, let shown?): return .alertShown(shown)
            case (_?, nil): return .noAlert
            case (let wanted?, let shown?): return wanted == shown ? nil : .alertSays(shown)
            }
        case .alive(let refs), .released(let refs):
            let wantAlive = if case .alive = expectation { true } else { false }
            var wrong: [ExpectationFailure.Liveness] = []
            for ref in refs {
                do {
                    let name = try model.resolve(ref)
                    if model.isAlive(name) != wantAlive { wrong.append(.wrong(name, alive: !wantAlive)) }
                } catch {
                    wrong.append(.unresolved(error))
                }
            }
            return wrong.isEmpty ? nil : .liveness(wrong)
        case .presented(let ref):
            let top = model.presentedTop
            guard let ref else { return top.map { .presented($0) } }
            guard let top else { return .nothingPresented }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : .presented(top)
            } catch {
                return .noSuchScreen(error)
            }
        case .idle(let idle):
            return model.isBusy != idle ? nil : (idle ? .inFlight : .nothingInFlight)
        case .barCorrupted(let corrupted):
            return model.isBarCorrupted == corrupted ? nil : .bar(corrupted: model.isBarCorrupted)
        case .gatesHeld:
            return model.gatesProblem.map { .guaranteeBroken($0) }
        case .confirmationsHeld:
            return model.confirmationsProblem.map { .guaranteeBroken($0) }
        case .log(let text, let present):
            // `expect log "TEXT"` matches the words a person reads.
            let found = recent.contains { EventRenderer.words($0, names: model.names).contains(text) }
            if found == present { return nil }
            return present
                ? .noEventLine
                : .eventLineContains(
                    recent.lazy.map { EventRenderer.words($0, names: model.names) }.first { $0.contains(text) } ?? "")
        case .sequence(let texts):
            var index = 0
            for event in recent
            where index < texts.count && EventRenderer.words(event, names: model.names).contains(texts[index]) {
                index += 1
            }
            return index == texts.count
                ? nil : .sequenceStopped(missing: texts[index], found: index, count: texts.count)
        case .error:
            return nil
        }
    }
}
