/// Lines parsed before, by their text. A line's commands depend on its text
/// alone, and a script says `pop` and `push Detail` again and again; parsing
/// such a line again cost more than the rest of the shell's work on it.
///
/// A small table that forgets: each text has one slot (by a hash of its
/// bytes), and a new text takes the slot over. A text is kept with its
/// commands only the second time it is seen in a row in its slot, so a script
/// whose lines all differ pays a hash and a comparison a line, never a copy
/// of what it parsed. Lines that do not parse are never kept.
struct ParsedLines {
    private struct Slot {
        var text: String
        /// nil until the text is seen a second time.
        var commands: [LocatedCommand]?
    }

    private static let size = 256
    private var slots: [Slot?] = Array(repeating: nil, count: size)

    /// The commands of `text` if it was kept.
    func commands(for text: String) -> ArraySlice<LocatedCommand>? {
        guard let slot = slots[Self.index(text)], let commands = slot.commands, slot.text == text else { return nil }
        return commands[...]
    }

    /// Notes that `text` parsed to `commands`.
    mutating func parsed(_ text: String, _ commands: ArraySlice<LocatedCommand>) {
        let i = Self.index(text)
        if let slot = slots[i], slot.text == text {
            if slot.commands == nil { slots[i]?.commands = Array(commands) }
        } else {
            slots[i] = Slot(text: text, commands: nil)
        }
    }

    /// The slot of `text`: FNV-1a over its bytes (read where they lie: a
    /// walk of `text.utf8` cost several times as much), or its length for a
    /// string whose bytes are not stored together.
    static func index(_ text: String) -> Int {
        let hash =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var h: UInt32 = 2_166_136_261
                for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
                return h
            } ?? UInt32(truncatingIfNeeded: text.utf8.count)
        return Int(hash % UInt32(size))
    }
}
