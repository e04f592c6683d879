import NavigationEngine

extension Session {
    /// Runs one command. Returns false when it failed (a shell error or a UIKit exception).
    @discardableResult
    func execute(_ located: LocatedCommand, file: String, line: Int, directory: String?) -> Bool {
        let command = located.command
        // At the prompt the line typed is on screen already: echo only what a script runs.
        // A pause prints its own text.
        if options.echo, !(atPrompt && sourceStack.isEmpty), !command.isPause {
            say("> \(located.source)\(located.background ? " &" : "")", kind: "command")
        }
        if case .expect(let expectation) = command {
            check(expectation, source: located.source, at: location(file, line, located.column))
            return true
        }
        settleFailure()
        if stopped { return false }
        startRecent()
        let here = location(file, line, located.column)
        switch command {
        case .action(let action):
            return perform(action, background: located.background, source: located.source, at: here)
        case .expect:
            return true
        case .stack:
            say(model.currentStack.map { current.model.names.text(of: $0) }.joined(separator: " "))
        case .show:
            for text in EventRenderer.tree(model.hierarchy) { say(text) }
        case .alive:
            let report = model.aliveReport
            if report.isEmpty { say("(no live screens)") }
            for entry in report { say("\(entry.screen, in: current.model.names): held by \(entry.heldBy)") }
        case .jobs:
            let jobs = model.jobs
            if jobs.isEmpty { say("(nothing in flight)") }
            for job in jobs { say(job) }
        case .clock:
            say("\(model.clock)ms")
        case .log(let level):
            journal(command, label: located.source)
            logLevel = level
        case .logNotes(let on):
            journal(command, label: located.source)
            showNotes = on
        case .setClock(let mode):
            journal(command, label: located.source)
            clockMode = mode
        case .setSpeed(let value):
            journal(command, label: located.source)
            speed = value
        case .source(let path):
            return source(path, directory: directory, at: here)
        case .record(let path):
            return requestRecording(path, directory: directory, at: here)
        case .timeline(let path, let span, let large):
            return writeTimeline(path, span, large: large, directory: directory, at: here)
        case .undo:
            guard let step = journal.undo() else {
                fail(.session(.nothingToUndo), at: here)
                return false
            }
            restore(step.start)
            replaying = true
            for entry in step.replay { replay(entry) }
            replaying = false
            journal.keep(current.keptAside, replayed: step.replay.count)
            // The history goes back too: the undone command's events, and those
            // its transitions printed later, never happened.
            let keep = step.logMark &- historyDropped
            if keep >= 0, keep < log.count { log.removeSubrange(keep...) }
            recentStart = Swift.min(recentStart, log.count)
            // An undone reset is no mark for `timeline … since reset` (it printed no event, so its mark is where its command began).
            while let mark = resetMarks.last, mark > historyDropped &+ log.count { resetMarks.removeLast() }
            if step.label == "reset", let mark = resetMarks.last, mark >= step.logMark { resetMarks.removeLast() }
            markTimeline(.undo(step.label))
            noteFrame(force: true)
            say("undone: \(step.label)")
        case .reset:
            journal(command, label: located.source)
            restore(initialState)
            resetMarks.append(historyDropped &+ log.count)
            markTimeline(.reset)
            noteFrame(force: true)
        case .help(let name):
            help(name)
        case .pause(let text):
            pause(text)
        case .live(let on):
            // Only the prompt at a terminal draws; elsewhere (scripts, pipes, tests) nothing.
            if let liveHook, let message = liveHook(on) { say(message) }
        case .quit:
            quitRequested = true
        case .explore(let actions):
            declarations.actions += actions
            explainSearchAtPrompt()
        case .invariant(let invariant):
            declarations.invariants.append(invariant)
            explainSearchAtPrompt()
        case .check(let properties):
            declarations.checks = properties
            explainSearchAtPrompt()
        }
        return true
    }

    func perform(_ action: Action, background: Bool, source: String, at here: SourceLocation?) -> Bool {
        // In real time a wait is the wall clock's, not an instant jump.
        let effective: Action = if runsInRealTime, isWait(action) { .wait(milliseconds: 0) } else { action }
        var entry = JournalEntry(command: .action(effective), background: background || runsInRealTime, label: source)
        entry.logMark = historyDropped &+ log.count
        let before = journal.count
        journal.record(entry, weight: inPlace(\.weight), before: current.keptAside)
        // (`execute` started the command's events just before: the log has not moved.)
        let start = recentStart
        do throws(EngineError) {
            let outcome = try current.model.perform(effective, events: &log)
            noteFrame()
            let raised = outcome.raisedException
            let realTimeWait = !raised && runsInRealTime && (!background && action.startsTransitions || isWait(action))
            var changed = outcome.changed
            if !background, action.startsTransitions, !runsInRealTime, !raised {
                if current.model.settle(events: &log) { changed = true }
                noteFrame()
            }
            // A command that changed nothing (a pop that returns nil, an ignored
            // touch, a refused swipe) is no undo step.
            if !changed { journal.truncate(to: before) }
            printEvents(from: start)
            if realTimeWait {
                // The host plays the clock in wall time, then `resume` goes on with the line.
                var target: Int?
                if case .wait(let milliseconds?) = action { target = model.clock + milliseconds }
                waitRequest = WaitRequest(until: target, printsStack: atPrompt && !background && action.canChangeStack)
                return true
            }
            if let exception = outcome.exception {
                journal.truncate(to: before)
                fail(.session(.exception(exception, shownAbove: exceptionShownAbove)), at: here)
                return false
            }
            if atPrompt, !background, action.canChangeStack {
                say(
                    stackLine(),
                    kind: "stack")
            }
            return true
        } catch {
            journal.truncate(to: before) // a refused command printed nothing and keeps nothing
            fail(.engine(error), at: here)
            return false
        }
    }

    func isWait(_ action: Action) -> Bool {
        if case .wait = action { true } else { false }
    }

    /// Runs a journalled command again, silently, on the way back to an earlier state.
    func replay(_ entry: JournalEntry) {
        switch entry.command {
        case .action(let action):
            // Replayed events are not kept: they happened the first time.
            var events: [Event] = []
            if (try? model.perform(action, events: &events)) != nil, !entry.background, action.startsTransitions {
                model.settle(events: &events)
            }
        case .log(let level): logLevel = level
        case .logNotes(let on): showNotes = on
        case .setClock(let mode): clockMode = mode
        case .setSpeed(let value): speed = value
        case .reset: restore(initialState)
        default: break
        }
    }

    func help(_ name: String?) {
        if let name, let entry = CommandCatalog.help(for: name) {
            say("usage: \(entry.usage)")
            say("  \(entry.summary)")
            say("  example: \(entry.example)")
            return
        }
        let width = CommandCatalog.all.map(\.name.count).max() ?? 10
        for entry in CommandCatalog.all where entry.name != "exit" {
            // At a terminal, at most its width (80 at most): summaries wrapped at spaces, under each other.
            let column = width + 2
            let pieces = Session.wrap(entry.summary, width: textWidth > 0 ? textWidth - column : 0)
            say(entry.name + String(repeating: " ", count: column - entry.name.count) + pieces[0])
            for piece in pieces.dropFirst() { say(String(repeating: " ", count: column) + piece) }
        }
        say("help COMMAND shows its usage and an example.")
    }
}
