// The prompt's history: where its file is, what is kept, and saving it
// (HistoryFile.swift does the file itself).

import CReadline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `$NAVSH_HISTORY` if set, else `$XDG_STATE_HOME/navsh/history`, else
/// `$HOME/.local/state/navsh/history`; nil (no history) when none of these is
/// usable or `NAVSH_HISTORY` is empty or `/dev/null`.
func historyFilePath(environment: [String: String]) -> String? {
    if let explicit = environment["NAVSH_HISTORY"] {
        return explicit.isEmpty || explicit == "/dev/null" ? nil : explicit
    }
    // A relative XDG_STATE_HOME is ignored, as the XDG Base Directory specification says.
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
        return state + "/navsh/history"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
        return home + "/.local/state/navsh/history"
    }
    return nil
}

extension LineEditor {
    /// Adds a non-empty line to history (skipped if identical to the previous entry).
    func addHistory(_ line: String) {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        guard !line.contains(where: { $0 == "\n" || $0 == "\r" }) else { return }
        if history.last == line { return }
        history.append(line)
        if history.count > maxHistory {
            history.removeFirst(history.count - maxHistory)
        }
        if maxHistory > 0 {
            add_history(line)
        }
        if !loading { unsaved.append(line) }
    }

    func loadHistory() {
        guard let historyPath else { return }
        loading = true
        for line in HistoryFile.read(historyPath).suffix(maxHistory) { addHistory(line) }
        loading = false
    }

    /// Adds this session's lines to the history file (mode 0600) as it is now,
    /// keeping at most maxHistory entries, through a temporary file renamed
    /// into place under a lock (HistoryFile). On failure,
    /// or when the path is not a regular file the user owns, prints one warning
    /// line to stderr, leaves the file alone and carries on.
    func saveHistory() {
        guard let historyPath else { return }
        func warn(_ reason: String) {
            fputs("navsh: warning: cannot write history \(historyPath): \(reason)\n", navsh_stderr())
            fflush(navsh_stderr())
        }
        if let slash = historyPath.lastIndex(of: "/"), slash != historyPath.startIndex {
            let parent = String(historyPath[..<slash])
            // Folders are made below $HOME, never $HOME itself.
            let fromHome = historyPath.hasSuffix("/.local/state/navsh/history")
            if let reason = (fromHome ? HistoryFile.baseMissing(parent, levels: 3) : nil) ?? makeDirectories(parent) {
                warn(reason)
                return
            }
        }
        if let reason = HistoryFile.append(unsaved, to: historyPath, keeping: maxHistory) {
            warn(reason)
        } else {
            unsaved = []
        }
    }

    /// mkdir -p; returns an error description or nil.
    private func makeDirectories(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            return (st.st_mode & S_IFMT) == S_IFDIR ? nil : "\(path) is not a directory"
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            if let reason = makeDirectories(String(path[..<slash])) { return reason }
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            return String(cString: strerror(errno))
        }
        return nil
    }
}
