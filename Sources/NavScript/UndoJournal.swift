import NavigationEngine

/// What `undo` can restore: the model and the session's settings.
public struct SessionState: Sendable {
    public var model: NavigationModel
    public var logLevel: LogLevel = .brief
    public var showNotes = true
    public var clockMode: ClockMode = .virtual
    public var speed = 1.0
}

/// A command that changed the state, kept so undo can replay it.
struct JournalEntry {
    var command: Command
    var background: Bool
    var label: String
    /// Real time moved the clock (a foreground wait, or while the user typed):
    /// undo passes over it, and it is not a command, so it neither counts
    /// against the journal's depth nor adds an entry of its own after another
    /// tick (consecutive ticks are one wait).
    var isTick = false
    /// Where the command's events began in the session's event history
    /// (counting events trimmed from its front), so undo can take them back.
    var logMark = 0
}

/// Undo without a copy per command: the commands that changed the state, with
/// a full copy (a checkpoint) only every so often. To undo, restore the last
/// checkpoint before the target and replay the commands after it silently.
///
/// A checkpoint costs a copy of the state the next time it changes, so they
/// are spaced in proportion to the state's size: the work per command stays
/// constant however deep the stacks are, and undo replays at most one
/// interval of commands. At least `depth` commands can be undone.
struct UndoJournal {
    let depth: Int
    /// State elements copied because of checkpoints: each one taken costs a
    /// copy of what changes next, and so does each one an undo restores (the
    /// live state shares it until the replay or the next command changes it).
    private(set) var copySteps = 0
    /// Entry `i` changed the state from the one before it.
    private(set) var entries: [JournalEntry] = []
    /// How many of `entries` are ticks.
    private var tickCount = 0
    /// (index of the first entry after it, the state before that entry, its
    /// weight and copy weight: NavigationModel.weight, .copyWeight).
    private var checkpoints: [(position: Int, state: SessionState, weight: Int, copyWeight: Int)] = []

    init(depth: Int) {
        self.depth = depth
    }

    /// Entries forgotten from the front so far, so that `count` is a position
    /// that trimming does not move: `truncate(to:)` with a count taken before
    /// a `record` that trimmed still drops exactly what came after it.
    private(set) var dropped = 0

    var isEmpty: Bool { !entries.contains { !$0.isTick } }
    /// Entries recorded so far and not taken back (forgotten ones included).
    var count: Int { dropped + entries.count }

    /// Records a command about to change `state`.
    ///
    /// `state` is only read when a checkpoint is due (an autoclosure, so the
    /// usual command copies no state to record itself).
    mutating func record(_ entry: consuming JournalEntry, weight: Int, before state: @autoclosure () -> SessionState) {
        // Real time moves the clock in slices of a few milliseconds: the slices
        // that follow one another are one wait (replaying the sum moves the
        // clock through the same deadlines), so a slow transition is one entry.
        if entry.isTick, let last = entries.indices.last, entries[last].isTick,
            case .action(.wait(let before?)) = entries[last].command,
            case .action(.wait(let more?)) = entry.command
        {
            entries[last].command = .action(.wait(milliseconds: before &+ more))
            return
        }
        let last = checkpoints.last?.position ?? -1_000_000
        // Spaced by an eighth of the weight: the copies then cost about 8 state
        // elements a command (at 1/64 they were 64, which dominated a command
        // on a deep stack), and undo replays at most weight/8 commands.
        let interval = max(16, weight / 8)
        if checkpoints.isEmpty || entries.count - last >= interval {
            let kept = state()
            copySteps &+= weight
            checkpoints.append((entries.count, kept, weight, kept.model.copyWeight))
        }
        if entry.isTick { tickCount += 1 }
        entries.append(entry)
        trim()
    }

    /// Forgets what lies further back than `depth` commands (keeping a checkpoint to start from).
    private mutating func trim() {
        // Trimmed once the journal holds twice the commands it needs: each trim
        // moves about `depth` entries, so the cost per command stays at about one.
        guard entries.count - tickCount > 2 * depth, checkpoints.count > 1 else { return }
        // The `depth`-th command from the end, and the ticks between them.
        var oldestNeeded = entries.count - depth
        if tickCount > 0 {
            // Only in real time: count the commands back, passing over the ticks.
            oldestNeeded = entries.count
            var commands = 0
            while commands < depth, oldestNeeded > 0 {
                oldestNeeded -= 1
                if !entries[oldestNeeded].isTick { commands += 1 }
            }
        }
        guard let keep = checkpoints.lastIndex(where: { $0.position <= oldestNeeded }), keep > 0 else { return }
        let drop = checkpoints[keep].position
        checkpoints.removeFirst(keep)
        tickCount -= entries[..<drop].reduce(0) { $0 + ($1.isTick ? 1 : 0) }
        entries.removeFirst(drop)
        dropped += drop
        for i in checkpoints.indices { checkpoints[i].position -= drop }
    }

    /// Takes the last entry back: returns the checkpoint to restore, the entries to replay on it,
    /// and where the undone command's events began in the event history.
    ///
    /// The real-time ticks after the undone command go with it; those before it
    /// stay, since they ended the transitions of the commands before it.
    mutating func undo() -> (start: SessionState, replay: ArraySlice<JournalEntry>, label: String, logMark: Int)? {
        while entries.last?.isTick == true {
            entries.removeLast()
            tickCount -= 1
        }
        guard let last = entries.popLast() else { return nil }
        while let c = checkpoints.last, c.position > entries.count { checkpoints.removeLast() }
        guard let checkpoint = checkpoints.last else { return nil }
        // Each command replayed on the shared state (or, with none, the next
        // command) copies what it writes of it: about the copy weight each,
        // never more than the whole state.
        let replayed = entries.count - checkpoint.position
        copySteps &+= Swift.min(checkpoint.weight, checkpoint.copyWeight &* Swift.max(1, replayed))
        return (checkpoint.state, entries[checkpoint.position...], last.label, last.logMark)
    }

    /// After an undo replayed `replayed` entries onto a checkpoint to reach
    /// `state`: keeps that state as a checkpoint, so the next undo starts
    /// from it instead of replaying the same entries again (two commands and
    /// an undo, repeated, replayed a growing run of entries each time:
    /// quadratic). Kept after a long replay; after a short one only when
    /// keeping costs little, the state being mostly in shared chunks (its
    /// copy weight under half its weight), since the next command's writes
    /// copy what they touch of it.
    mutating func keep(_ state: @autoclosure () -> SessionState, replayed: Int) {
        guard replayed >= 1, checkpoints.last.map({ $0.position < entries.count }) ?? true else { return }
        let kept = state()
        let weight = kept.model.weight
        let copyWeight = kept.model.copyWeight
        guard replayed >= 16 || copyWeight &* 2 < weight else { return }
        copySteps &+= copyWeight
        checkpoints.append((entries.count, kept, weight, copyWeight))
    }

    /// Drops the entries recorded after `count` was read (a command that failed
    /// leaves nothing to undo).
    mutating func truncate(to count: Int) {
        let keep = Swift.max(0, count - dropped)
        guard keep < entries.count else { return }
        tickCount -= entries[keep...].reduce(0) { $0 + ($1.isTick ? 1 : 0) }
        entries.removeLast(entries.count - keep)
        while let c = checkpoints.last, c.position > entries.count { checkpoints.removeLast() }
    }
}
