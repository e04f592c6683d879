import NavigationEngine

/// `source FILE`, and running any script a line at a time.
extension Session {
    /// At most this many `source` commands run under one outermost `source`
    /// (nested ones included), so a chain of files each sourcing the next twice
    /// cannot make 2^N work; the one past it is a located error and every
    /// level of that `source` stops.
    public static var maxSourceIncludes: Int { 10_000 }

    func source(_ path: String, directory: String?, at here: SourceLocation?) -> Bool {
        if sourceDepth == 0 {
            sourceIncludes = 0
            sourceAborted = false
        }
        sourceIncludes += 1
        if sourceIncludes > Session.maxSourceIncludes {
            fail(.session(.sourceWorkLimit(limit: Session.maxSourceIncludes)), at: here)
            sourceAborted = true
            return false
        }
        switch loader.load(path, relativeTo: directory) {
        case .failure(let failure):
            fail(.session(.cannotRead(path: failure.path, reason: failure.reason)), at: here)
            return false
        case .success(let script):
            if sourceStack.contains(script.identity) {
                fail(.session(.sourceCycle(path: path, chain: sourceStack + [script.identity])), at: here)
                return false
            }
            guard sourceStack.count < 64 else {
                fail(.session(.sourceTooDeep(limit: 64)), at: here)
                return false
            }
            sourceStack.append(script.identity)
            sourceDepth += 1
            let saved = continuation
            continuation = nil
            let reader = script.lines ?? LineSplitter(TextSource(script.text))
            // Ends by restoring the continuation, `sourceDepth` and `sourceStack`
            // (after a wait in real time, when `resume` reaches the script's end).
            let complete = runScript(
                SuspendedScript(
                    reader: reader, file: script.displayName, directory: script.directory,
                    sourced: SourcedScript(savedContinuation: saved)))
            if waitRequest != nil { return true }
            if sourceDepth == 0, sourceAborted {
                sourceAborted = false
                return false
            }
            return complete
        }
    }

    /// Runs a script line by line to its end; false when it stopped early
    /// (a read error, a line too long, an interrupt, too much nested work).
    /// (With a host that plays real time, use `start(lines:)`, which can wait.)
    @discardableResult
    public func run<Reader: ScriptLineReader>(lines reader: Reader, file: String, directory: String? = nil) -> Bool {
        runScript(SuspendedScript(reader: reader, file: file, directory: directory, sourced: nil))
    }

    /// Runs `body` (the init file at the prompt) reporting its errors without
    /// counting them: they do not make the session exit 1 or stop it.
    public func withoutCounting(_ body: () -> Void) {
        let failures = failureCount
        let expectations = expectationFailures
        let wasStopped = stopped
        body()
        failureCount = failures
        expectationFailures = expectations
        stopped = wasStopped
    }
}

extension Session {
    /// The scripts being run now (files and `source`), outermost first, by identity.
    public var scriptsRunning: [String] { sourceStack }
}
