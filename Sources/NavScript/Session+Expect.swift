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
    public static func problem(with expectation: Expectation, model: NavigationModel, recent: ArraySlice<Event>) -> String? {
        failure(of: expectation, model: model, recent: recent)?.message
    }

    /// What is wrong with `expectation` in `model`, `recent` being the last
    /// command's events (the explorer checks invariants with this too).
    public static func failure(of expectation: Expectation, model: NavigationModel, recent: ArraySlice<Event>) -> ExpectationFailure? {
        switch expectation {
        case let .stack(expected):
            let actual = model.currentStack.map(\.description)
            return actual == expected ? nil : .stackIs(model.currentStack)
        case let .top(ref):
            guard let top = model.currentStack.last else { return .stackIs([]) }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : .topIs(top)
            } catch {
                return .noSuchScreen(error)
            }
        case let .depth(n):
            let count = model.currentStack.count
            return count == n ? nil : .depthIs(count)
        case let .backVisible(visible):
            return model.isBackVisible == visible ? nil : .backButton(visible: model.isBackVisible)
        case let .swipeEnabled(enabled):
            return model.swipeWouldBegin == enabled ? nil : .swipe(wouldBegin: model.swipeWouldBegin)
        case let .contentSwipeEnabled(enabled):
            // In legacy neither answer holds: the gesture does not exist.
            guard model.profile == .ios26 else { return .noContentPanBeforeIOS26 }
            let begins = model.contentPanWouldBegin
            return begins == enabled ? nil : .contentPan(wouldBegin: begins)
        case let .frozen(frozen):
            if model.isFrozen == frozen { return nil }
            return frozen ? .uiResponds : .uiFrozen(reason: model.frozenReason)
        case let .alert(text):
            switch (text, model.alertText) {
            case (nil, nil): return nil
            case let (nil, shown?): return .alertShown(shown)
            case (_?, nil): return .noAlert
            case let (wanted?, shown?): return wanted == shown ? nil : .alertSays(shown)
            }
        case let .alive(refs), let .released(refs):
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
        case let .presented(ref):
            let top = model.presentedTop
            guard let ref else { return top.map { .presented($0) } }
            guard let top else { return .nothingPresented }
            do {
                let name = try model.resolve(ref)
                return name == top ? nil : .presented(top)
            } catch {
                return .noSuchScreen(error)
            }
        case let .idle(idle):
            return model.isBusy != idle ? nil : (idle ? .inFlight : .nothingInFlight)
        case let .barCorrupted(corrupted):
            return model.isBarCorrupted == corrupted ? nil : .bar(corrupted: model.isBarCorrupted)
        case .gatesHeld:
            return model.gatesProblem.map { .guaranteeBroken($0) }
        case .confirmationsHeld:
            return model.confirmationsProblem.map { .guaranteeBroken($0) }
        case let .log(text, present):
            // `expect log "TEXT"` matches the words a person reads.
            let found = recent.contains { EventRenderer.words($0).contains(text) }
            if found == present { return nil }
            return present ? .noEventLine : .eventLineContains(recent.lazy.map(EventRenderer.words).first { $0.contains(text) } ?? "")
        case let .sequence(texts):
            var index = 0
            for event in recent where index < texts.count && EventRenderer.words(event).contains(texts[index]) {
                index += 1
            }
            return index == texts.count ? nil : .sequenceStopped(missing: texts[index], found: index, count: texts.count)
        case .error:
            return nil
        }
    }
}
