import Foundation
import NavScript
import Testing

@testable import NavExplorer
@testable import NavigationEngine

/// The state as words (StateCodec.swift) holds every state the explorer
/// reaches: on the bench setups (scripts/bench.d/explore) and the findings
/// setups (scripts/findings/setups), over every state a search that keeps
/// every model reaches, decoding then encoding gives the same words; two
/// states have the same words exactly when their canonical models are `==`;
/// a decoded state steps to the state its model steps to, with the same
/// events.
@Suite("State codec")
struct StateCodecTests {
    /// A setup's search: its explorer and every canonical state it reaches,
    /// each once, breadth-first.
    struct Search: Sendable, CustomTestStringConvertible {
        let file: String
        let explorer: Explorer
        let states: [NavigationModel]
        var testDescription: String { file }
    }

    /// How deep each search goes, and how many states it keeps at most:
    /// enough to reach every part of the state the setup uses, few enough
    /// to run in seconds.
    static let depth = 8
    static let limit = 600

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The searches of every setup file, their explorers with every property
    /// off (so no violation ends a search).
    static let searches: [Search] = {
        var files: [String] = []
        for directory in ["scripts/bench.d/explore", "scripts/findings/setups"] {
            let names = try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(directory).path)
            for name in (names ?? []).sorted() where name.hasSuffix(".nav") { files.append("\(directory)/\(name)") }
        }
        var setups: [(file: String, text: String)] = files.map { file in
            (file, (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? "")
        }
        // The findings setups again with iOS 26's pre-emption on (behaviour.md 5b).
        for (file, text) in setups where file.hasPrefix("scripts/findings/") && !file.contains("legacy") {
            setups.append(("\(file), preemption on", "set preemption on\n" + text))
        }
        return setups.map { file, text in
            let setup = Setup(text)
            var config = ExploreConfiguration(actions: setup.session.declarations.actions, invariants: [], checks: [])
            config.depth = depth
            let explorer = Explorer(start: setup.model, configuration: config)
            return Search(file: file, explorer: explorer, states: keptSearch(explorer))
        }
    }()

    /// The states a breadth-first search that keeps every model reaches
    /// (`SearchStorageTests.keptSearch`), canonical, each once, up to `depth`
    /// steps and `limit` states.
    static func keptSearch(_ explorer: Explorer) -> [NavigationModel] {
        var first = explorer.start
        explorer.canonical(&first)
        var models = [first]
        var seen: Set<NavigationModel> = [first]
        var level = 0..<1
        var events: [Event] = []
        for _ in 0..<depth {
            let start = models.count
            for id in level {
                for step in 0...explorer.config.actions.count {
                    var model = models[id]
                    guard explorer.run(step, on: &model, events: &events) != nil else { continue }
                    explorer.canonical(&model)
                    if seen.insert(model).inserted { models.append(model) }
                    if models.count == limit { return models }
                }
            }
            level = start..<models.count
        }
        return models
    }

    @Test("every bench and findings setup is searched, and reaches states")
    func setupsAreSearched() {
        #expect(Self.searches.count >= 27, "6 bench setups and 21 findings setups: \(Self.searches.map(\.file))")
        // Each search goes past its start state: some small setups reach few
        // states (with pre-emption a call during a transition ends it:
        // plain-confirm reaches 4; explorer-cancel-starts-nothing 9 without).
        for search in Self.searches {
            #expect(search.states.count > 3, "\(search.file) reaches \(search.states.count) states")
        }
        let total = Self.searches.reduce(0) { $0 + $1.states.count }
        #expect(total > 10_000, "the searches reach \(total) states in all")
    }

    @Test("decoding a state's words then encoding gives the same words, and the model", arguments: searches)
    func decodeThenEncode(_ search: Search) {
        var codec = StateCodec(declarationsOf: search.explorer.start)
        for model in search.states {
            let words = codec.encode(model)
            guard let decoded = codec.decode(words) else {
                Issue.record("\(search.file): words that do not decode: \(words)")
                continue
            }
            #expect(codec.encode(decoded) == words)
            #expect(decoded == model)
        }
    }

    @Test("two states have the same words exactly when their models are ==", arguments: searches)
    func wordsAgreeWithEquality(_ search: Search) {
        var codec = StateCodec(declarationsOf: search.explorer.start)
        var byWords: [[UInt64]: NavigationModel] = [:]
        var byModel: [NavigationModel: [UInt64]] = [:]
        var events: [Event] = []
        func check(_ model: NavigationModel) {
            let words = codec.encode(model)
            if let earlier = byModel[model] {
                #expect(earlier == words, "\(search.file): == models with different words")
            } else {
                byModel[model] = words
            }
            if let earlier = byWords[words] {
                #expect(Bool(earlier == model), "\(search.file): the same words for models that are not ==")
            } else {
                byWords[words] = model
            }
        }
        // The states, and each one step further, not deduplicated, so that
        // equal models reached along different paths meet.
        for parent in search.states {
            check(parent)
            for step in 0...search.explorer.config.actions.count {
                var model = parent
                guard search.explorer.run(step, on: &model, events: &events) != nil else { continue }
                search.explorer.canonical(&model)
                check(model)
            }
        }
        #expect(byWords.count == byModel.count)
        #expect(byWords.count > search.states.count / 2)
    }

    @Test("a decoded state steps to the state its model steps to, with the same events", arguments: searches)
    func decodedStatesStepAlike(_ search: Search) {
        let explorer = search.explorer
        var codec = StateCodec(declarationsOf: explorer.start)
        var modelEvents: [Event] = []
        var decodedEvents: [Event] = []
        var steps = 0
        for parent in search.states {
            // (The words first: `encode` keeps a new text or class, which `decode` then knows.)
            let words = codec.encode(parent)
            guard let decodedParent = codec.decode(words) else {
                Issue.record("\(search.file): words that do not decode: \(words)")
                continue
            }
            for step in 0...explorer.config.actions.count {
                var model = parent
                var decoded = decodedParent
                let raised = explorer.run(step, on: &model, events: &modelEvents)
                #expect(explorer.run(step, on: &decoded, events: &decodedEvents) == raised)
                #expect(decodedEvents == modelEvents, "\(search.file): step \(step)")
                guard raised != nil else { continue }
                steps += 1
                explorer.canonical(&model)
                explorer.canonical(&decoded)
                #expect(codec.encode(decoded) == codec.encode(model), "\(search.file): step \(step)")
            }
        }
        #expect(steps > search.states.count)
    }

    @Test("the fingerprint is the hash of the words, and every codec gives a state the same words", arguments: searches)
    func fingerprintIsTheWordsHash(_ search: Search) {
        var forward = StateCodec(declarationsOf: search.explorer.start)
        var backward = StateCodec(declarationsOf: search.explorer.start)
        // The second codec meets the texts, delegates and classes in the other order.
        let backwardWords = search.states.reversed().map { backward.encode($0) }
        for (model, other) in zip(search.states, backwardWords.reversed()) {
            let words = forward.encode(model)
            #expect(words == other, "\(search.file): two codecs disagree")
            var inPlace = model
            #expect(forward.fingerprint(of: &inPlace) == StateCodec.hash(words))
        }
        #expect(forward.texts.collisions + forward.delegates.collisions + forward.classes.collisions == 0)
    }

    @Test("two values with one word: the first keeps it, the second is counted, nothing stops")
    func collidingValuesAreCounted() {
        var table = ValueWords<String>()
        #expect(table.word(of: "Analytics", { _ in 7 }) == 7)
        #expect(table.word(of: "Logger", { _ in 7 }) == 7)
        #expect(table.collisions == 1)
        #expect(table.value(7) == "Analytics")
    }

    @Test("words cut short, or with a word too many, decode to nothing")
    func malformedWordsDecodeToNothing() throws {
        let search = try #require(Self.searches.first { $0.file.hasSuffix("features.nav") })
        var codec = StateCodec(declarationsOf: search.explorer.start)
        for model in search.states.prefix(50) {
            let words = codec.encode(model)
            for count in 0..<words.count { #expect(codec.decode(Array(words.prefix(count))) == nil) }
            #expect(codec.decode(words + [0]) == nil)
        }
    }
}
