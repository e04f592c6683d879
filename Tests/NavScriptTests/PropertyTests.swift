import NavScript
import NavigationEngine
import Testing

// Properties over random command sequences (seeded, deterministic):
//   - no instance twice in one stack;
//   - every live screen is held by something;
//   - an alert or a frozen UI ignores touches;
//   - `undo` after a command restores the state (and doing it again gives the same state);
//   - for the plain UINavigationController, the stack always equals that of a
//     tiny reference model.
// A failure names the seed and the script so far, to paste into navsh.

/// SplitMix64: small, fast, the same on every platform.
struct PropertyRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
}

struct PropertyLoader: ScriptLoader {
    func load(_ path: String, relativeTo directory: String?) -> Result<LoadedScript, LoadFailure> {
        .failure(LoadFailure(path: path, reason: "No such file or directory"))
    }
}

enum PropertyModel {
    /// Every navigation controller's stack (window, tabs, presented).
    static func allStacks(_ model: NavigationModel) -> [[String]] {
        model.allStacks.map { $0.map { model.names.text(of: $0) } }
    }
}

@Suite("Properties of random command sequences")
struct PropertyTests {
    static let classes = ["A", "B", "C", "D", "E"]

    /// A random command line over most of the language.
    static func randomCommand(_ r: inout PropertyRandom, model: NavigationModel) -> String {
        let name = r.pick(classes)
        let live = model.liveScreenNames
        let ref = live.isEmpty || r.chance(30) ? name : r.pick(live)
        let instant = r.chance(30) ? " instant" : ""
        let background = r.chance(15) ? " &" : ""
        switch r.int(34) {
        case 0...5: return "push \(name)\(r.chance(10) ? " gate" : "")\(instant)\(background)"
        case 6: return "push \(ref)\(instant)\(background)"
        case 7, 8: return "pop\(instant)\(background)"
        case 9: return "popto \(ref)\(instant)\(background)"
        case 10: return "poproot\(instant)\(background)"
        case 11: return "setstack \(r.pick(classes)) \(ref)\(instant)\(background)"
        case 12, 13: return "back\(background)"
        case 14:
            return r.pick([
                "swipe", "swipe cancel", "swipe content", "swipe content cancel", "content-swipe off",
                "content-swipe on",
            ])
        case 15: return r.chance(70) ? "drag \(r.int(101))%" : "drag content \(r.int(101))%"
        case 16: return "release"
        case 17: return "tap \(r.chance(50) ? "OK" : "Cancel")"
        case 18: return "present \(name)\(r.chance(50) ? " nav" : "")\(instant)\(background)"
        case 19: return "dismiss\(instant)\(background)"
        case 20: return r.chance(20) ? "tabs \(name) \(r.pick(classes))" : "tab \(name)"
        case 21:
            return
                "screen \(name) \(r.pick(["custom-back \"Sure?\"", "custom-back", "confirm \"Discard?\"", "gate", "hides-back", "plain"]))"
        case 22:
            return
                "use \(r.pick(["UINavigationController", "GateNavigationController", "UISafeNavigationController", "InteractivePopNavigationController", "InteractivePopNavigationController fragile", "GateNavigationController fragile", "features gates proxy", "features safe-pop swipe-guard"]))"
        case 23: return "wait"
        case 24: return "wait \(r.int(500))ms"
        case 25: return "backmenu \(ref)"
        case 26: return "gesture-delegate \(r.pick(["system", "none", "controller"]))"
        case 27:
            return "delegate \(r.pick(["D willShow didShow", "none", "D animationController interactionController"]))"
        case 28: return "set duration \(r.pick(["push", "pop", "present", "dismiss"])) \(r.int(800))ms"
        case 29: return "notify kb"
        case 30: return "log \(r.pick(["brief", "full", "off"]))"
        case 31: return "push \(name)\(background); pop\(instant)"
        case 32: return r.chance(10) ? "reset" : "stack"
        default: return "set profile \(r.chance(50) ? "ios26" : "legacy")"
        }
    }

    static let touches = [
        "back", "swipe", "swipe cancel", "drag 40%", "release",
        "swipe content", "swipe content cancel", "drag content 40%",
    ]

    static func session(atPrompt: Bool = false) -> (Session, CollectingSink) {
        let sink = CollectingSink()
        let session = Session(options: SessionOptions(), output: sink, loader: PropertyLoader())
        session.atPrompt = atPrompt
        return (session, sink)
    }

    /// Checks every invariant; returns false at the first that fails.
    @discardableResult
    static func checkInvariants(_ session: Session, seed: UInt64, script: [String], knownLeakSeen: inout Bool) -> Bool {
        var model = session.state // `aliveReport` adds to the work count
        let context = "seed \(seed):\n" + script.joined(separator: "\n")
        for stack in PropertyModel.allStacks(model) {
            guard Set(stack).count == stack.count else {
                Issue.record("an instance twice in one stack \(stack)\n\(context)")
                return false
            }
        }
        for entry in model.aliveReport where !knownLeakSeen {
            guard entry.heldBy != "nothing" else {
                Issue.record("\(entry.screen) is alive but held by nothing\n\(context)")
                return false
            }
        }
        let touchesIgnored = model.alertText != nil || model.isFrozen
        if touchesIgnored {
            var list = touches.compactMap { try? Parser.parse(line: $0).first?.command }
            if model.isFrozen { list += (try? Parser.parse(line: "tap OK").map(\.command)) ?? [] }
            if let bottom = model.currentStack.first,
                let command = try? Parser.parse(line: "backmenu \(model.names.text(of: bottom))").first?.command
            {
                list.append(command)
            }
            for case .action(let action) in list {
                var copy = model
                var events: [Event] = []
                _ = try? copy.perform(action, events: &events)
                guard copy == model else {
                    Issue.record(
                        "\(action) was not ignored under \(model.alertText.map { "the alert \($0)" } ?? "a frozen UI")\n\(context)"
                    )
                    return false
                }
            }
        }
        return true
    }

    @Test("invariants hold after every command", arguments: 0..<60)
    func invariants(seedIndex: Int) {
        let seed = UInt64(seedIndex) &* 7919 &+ 17
        var r = PropertyRandom(seed: seed)
        let (session, _) = Self.session()
        var script: [String] = []
        var knownLeakSeen = false // one known issue per seed is enough
        for step in 0..<60 {
            let line = Self.randomCommand(&r, model: session.state)
            script.append(line)
            session.runLine(line, file: "prop.nav", line: step + 1)
            if !Self.checkInvariants(session, seed: seed, script: script, knownLeakSeen: &knownLeakSeen) { return }
        }
    }

    @Test("undo after a command restores the state; doing it again gives the same state", arguments: 0..<40)
    func undoRestores(seedIndex: Int) {
        let seed = UInt64(seedIndex) &* 104_729 &+ 3
        var r = PropertyRandom(seed: seed)
        let (session, sink) = Self.session()
        var script: [String] = []
        for step in 0..<50 {
            let line = Self.randomCommand(&r, model: session.state)
            script.append(line)
            let before = CatalogueSnapshot(session)
            let diagnostics = sink.diagnostics.count
            let failures = session.failureCount
            session.runLine(line, file: "prop.nav", line: step + 1)
            session.endOfInput(file: "prop.nav")
            let failed = session.failureCount > failures || sink.diagnostics.count > diagnostics
            let after = CatalogueSnapshot(session)
            // undo takes back one command; a line of several is checked command by command elsewhere
            guard !failed, after != before, !line.contains(";") else { continue }
            session.runLine("undo", file: "prop.nav", line: step + 1)
            session.endOfInput(file: "prop.nav")
            #expect(
                CatalogueSnapshot(session) == before,
                "undo of '\(line)' did not restore the state\nseed \(seed):\n\(script.joined(separator: "\n"))")
            session.runLine(line, file: "prop.nav", line: step + 1)
            session.endOfInput(file: "prop.nav")
            #expect(
                CatalogueSnapshot(session) == after,
                "'\(line)' run again after undo gave another state\nseed \(seed):\n\(script.joined(separator: "\n"))")
        }
    }

    // MARK: - The plain controller against a reference model

    /// UINavigationController's stack, as a list: what the foreground commands
    /// on a lone plain controller do to it once the clock has run.
    /// A screen's name in the reference model: its class and number, worded as `stack` words them.
    struct RefName: Hashable, CustomStringConvertible {
        var className: String
        var ordinal: Int
        var description: String { ordinal == 1 ? className : "\(className)#\(ordinal)" }
    }

    struct ReferenceStack {
        var stack: [RefName] = []
        var counters: [String: Int] = [:]
        var everCreated: Set<RefName> = []

        mutating func make(_ className: String) -> RefName {
            let n = (counters[className] ?? 0) + 1
            counters[className] = n
            let name = RefName(className: className, ordinal: n)
            everCreated.insert(name)
            return name
        }

        /// language.md 3: topmost in the stack, else the newest live, else the newest ever.
        func resolve(_ ref: ScreenRef) -> RefName? {
            if let n = ref.ordinal {
                let name = RefName(className: ref.className, ordinal: n)
                return everCreated.contains(name) ? name : nil
            }
            if let top = stack.last(where: { $0.className == ref.className }) { return top }
            guard let n = counters[ref.className] else { return nil }
            return RefName(className: ref.className, ordinal: n)
        }

        mutating func apply(_ command: String) {
            let words = command.split(separator: " ").map(String.init)
            switch words[0] {
            case "push":
                if words[1].contains("#") { return } // an instance again: in the stack (exception) or released (error)
                stack.append(make(words[1]))
            case "pop", "back", "swipe":
                if words[0] == "swipe", words.count > 1 { return } // cancelled
                if stack.count > 1 { stack.removeLast() }
            case "poproot":
                if stack.count > 1 { stack = [stack[0]] }
            case "popto":
                guard
                    let name = resolve(
                        ScreenRef(
                            className: String(words[1].split(separator: "#")[0]),
                            ordinal: words[1].split(separator: "#").dropFirst().first.flatMap { Int($0) })),
                    let index = stack.firstIndex(of: name)
                else { return }
                stack.removeSubrange((index + 1)...)
            case "setstack":
                var new: [RefName] = []
                for word in words.dropFirst() where word != "instant" {
                    let parts = word.split(separator: "#")
                    if parts.count == 2 {
                        let name = RefName(className: String(parts[0]), ordinal: Int(parts[1])!)
                        guard stack.contains(name) else { return } // released: an error
                        new.append(name)
                    } else if let top = stack.last(where: { $0.className == word }) {
                        new.append(top)
                    } else {
                        new.append(make(word))
                    }
                }
                if Set(new).count != new.count { return } // UIKit raises on duplicates
                stack = new
            default:
                break
            }
        }
    }

    static func randomPlainCommand(_ r: inout PropertyRandom, reference: ReferenceStack) -> String {
        let instant = r.chance(40) ? " instant" : ""
        let inStack = reference.stack.map(\.description)
        let ref = inStack.isEmpty || r.chance(20) ? r.pick(classes) : r.pick(inStack)
        switch r.int(12) {
        case 0...3: return "push \(r.pick(classes))\(instant)"
        case 4: return "push \(ref)\(instant)"
        case 5, 6: return "pop\(instant)"
        case 7: return "popto \(ref)\(instant)"
        case 8: return "poproot\(instant)"
        case 9:
            var names: [String] = []
            for _ in 0...r.int(3) {
                let word = inStack.isEmpty || r.chance(50) ? r.pick(classes) : r.pick(inStack)
                if !names.contains(word),
                    !names.contains(where: { $0.split(separator: "#")[0] == word.split(separator: "#")[0] })
                {
                    names.append(word)
                }
            }
            return "setstack \(names.joined(separator: " "))\(instant)"
        case 10: return "back"
        default: return r.chance(70) ? "swipe" : "swipe cancel"
        }
    }

    @Test("the plain controller's stack equals the reference model's", arguments: 0..<60)
    func plainReference(seedIndex: Int) {
        let seed = UInt64(seedIndex) &* 15_485_863 &+ 11
        var r = PropertyRandom(seed: seed)
        let (session, _) = Self.session()
        var reference = ReferenceStack()
        var script: [String] = []
        for step in 0..<80 {
            let line = Self.randomPlainCommand(&r, reference: reference)
            script.append(line)
            session.runLine(line, file: "plain.nav", line: step + 1)
            reference.apply(line)
            let actual = session.state.stackText
            let expected = reference.stack.map(\.description)
            #expect(actual == expected, "seed \(seed):\n\(script.joined(separator: "\n"))")
            if actual != expected { return }
            #expect(!session.state.isBusy, "a foreground command left a transition in flight")
        }
    }
}
