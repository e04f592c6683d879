// Tab completion at the prompt: readline asks, and `Completion` (NavScript)
// says what the grammar takes where the cursor is.

import CReadline
import NavScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds the screen names Tab completes (live screens and declared classes).
/// The C completion callback asks `Completion` what the grammar allows where
/// the cursor is, and `Completion` calls this only where a screen goes: the
/// names are built when Tab is pressed, never after a line.
nonisolated(unsafe) private var completionScreens: () -> [String] = { [] }
/// What the completion in progress offers (set when it starts).
nonisolated(unsafe) private var completionWords: [String] = []
nonisolated(unsafe) private var completionWantsFiles = false
/// Matches for the completion in progress (generator state).
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0

/// The line being edited up to `byteOffset` (readline counts bytes).
private func lineBefore(byteOffset: Int) -> String {
    guard let buffer = navsh_rl_line_buffer(), byteOffset > 0 else { return "" }
    let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
        count: min(byteOffset, Int(navsh_rl_end())))
    return String(decoding: bytes, as: UTF8.self)
}

extension LineEditor {
    /// Hands readline the completion function (once, when the editor starts).
    static func installCompletion() {
        navsh_rl_set_attempted_completion_function { text, start, _ in
            // Never fall back to readline's own filename completion: file
            // names are offered only where the grammar takes one.
            navsh_rl_set_attempted_completion_over(1)
            guard let text else { return nil }
            let before = lineBefore(byteOffset: Int(start))
            switch Completion.at(before[...], screens: completionScreens) {
            case .words(let words):
                completionWords = words
                completionWantsFiles = false
            case .files(let plus):
                completionWords = plus
                completionWantsFiles = true
                navsh_rl_set_filename_completion_desired(1)
            }
            return rl_completion_matches(text) { prefixPointer, state in
                if state == 0 {
                    let prefix = prefixPointer.map { String(cString: $0) } ?? ""
                    var seen = Set<String>()
                    completionMatches = completionWords.filter {
                        $0.hasPrefix(prefix) && seen.insert($0).inserted
                    }.sorted()
                    if completionWantsFiles, let prefixPointer {
                        var fileState: Int32 = 0
                        while let match = rl_filename_completion_function(prefixPointer, fileState) {
                            fileState += 1
                            let name = String(cString: match)
                            free(match)
                            if seen.insert(name).inserted { completionMatches.append(name) }
                        }
                    }
                    completionIndex = 0
                }
                guard completionIndex < completionMatches.count else { return nil }
                let word = completionMatches[completionIndex]
                completionIndex += 1
                return strdup(word)
            }
        }
    }

    /// What builds the screen names Tab completes where the grammar takes a
    /// screen (live screens and declared classes), called when Tab is pressed.
    static func setCompletionScreens(_ screens: @escaping () -> [String]) {
        completionScreens = screens
    }
}
