import Testing

@testable import NavigationEngine

/// The explorer's fingerprint reads a controller's hash from its slot's
/// summary when the slot is unchanged since `canonicalize` took it
/// (NavTable+Summary.swift, `refreshHashes`), and hashes it anew otherwise.
/// A kept hash that outlived a write would give two states `==` tells apart
/// one fingerprint, and the search would merge them.
@Suite("Fingerprint: the controllers' kept hashes")
struct FingerprintHashTests {
    func fingerprint(_ model: NavigationModel) -> UInt64 {
        var encoder = StateEncoder()
        return encoder.fingerprint(of: model)
    }

    /// A canonical model with two screens pushed, holding its controller table alone.
    func model() -> NavigationModel {
        var sim = Sim()
        sim.given(.push("A"), .push("B"))
        var model = sim.model
        sim = Sim()
        model.canonicalize()
        return model
    }

    @Test("a controller written in place after its hash was kept fingerprints anew; written back, as before")
    func writtenInPlace() throws {
        var a = model()
        let id = try #require(a.navs.keys.first)
        #expect(a.navs.meta[id].hashed, "canonicalize keeps the hash of a table held alone")
        let before = fingerprint(a)
        // The table is held alone (its hash was kept): the write is in place, no copy.
        a.navs[id]?.barCorrupted = true
        #expect(fingerprint(a) != before)
        a.canonicalize()
        #expect(a.navs.meta[id].hashed)
        let changed = fingerprint(a)
        #expect(changed != before)
        a.navs[id]?.barCorrupted = false
        #expect(fingerprint(a) == before)
        a.canonicalize()
        #expect(fingerprint(a) == before)
    }

    @Test("models differing in one controller's field differ in fingerprint, its hash kept or not")
    func oneFieldApart() throws {
        let a = model()
        let id = try #require(a.navs.keys.first)
        var b = a
        // b's first write copies the shared table, summaries and all.
        b.navs[id]?.contentPanEnabled.toggle()
        #expect(a != b)
        #expect(!b.navs.meta[id].hashed)
        #expect(fingerprint(a) != fingerprint(b))
        b.canonicalize()
        #expect(b.navs.meta[id].hashed)
        #expect(fingerprint(a) != fingerprint(b))
        b.navs[id]?.contentPanEnabled.toggle()
        #expect(a == b)
        #expect(fingerprint(a) == fingerprint(b))
    }

    @Test("a kept hash is the hash: a model fingerprints alike with its hashes kept or computed")
    func keptIsComputed() throws {
        let a = model()
        let id = try #require(a.navs.keys.first)
        var b = a
        // Rewritten unchanged: b's copy of the table has no kept hash.
        b.navs[id]?.isPushing = a.navs[id]?.isPushing ?? false
        #expect(!b.navs.meta[id].hashed)
        #expect(a.navs.meta[id].hashed)
        #expect(a == b)
        #expect(fingerprint(a) == fingerprint(b))
    }

    @Test("a running transition's times moved by canonicalize: the hash taken again from the kept body is the hash")
    func shiftedTimes() throws {
        var sim = Sim()
        sim.given(.push("A"))
        sim.start(.push("B"))
        var a = sim.model
        sim = Sim()
        a.canonicalize()
        let id = try #require(a.navs.keys.first)
        #expect(a.navs.isTransitioning(id) == true)
        let before = fingerprint(a)
        var events: [Event] = []
        a.advanceClock(to: 100, events: &events)
        #expect(a.navs.meta[id].hashed, "the clock alone leaves the controller as it was")
        a.canonicalize()
        #expect(a.navs.meta[id].hashed, "its times moved, its hash was kept")
        #expect(fingerprint(a) != before)
        var b = a
        // Rewritten unchanged: b's copy of the table has no kept hash.
        b.navs[id]?.isPushing = a.navs[id]?.isPushing ?? false
        #expect(!b.navs.meta[id].hashed)
        #expect(a == b)
        #expect(fingerprint(a) == fingerprint(b))
    }

    @Test("one encoder hashes controllers with different outside delegates as fresh encoders do, one after the other")
    func delegatesInTurn() throws {
        func model(_ delegate: Action) -> NavigationModel {
            var sim = Sim()
            sim.given(delegate, .push("A"))
            return sim.model
        }
        let models = [
            model(.delegate("Spy")), model(.delegate("Spy", .animationController)), model(.delegate("Fade")),
            model(.delegate("Spy")),
        ]
        var shared = StateEncoder()
        let fresh = models.map(fingerprint)
        #expect(models.map { shared.fingerprint(of: $0) } == fresh)
        #expect(Set(fresh.prefix(3)).count == 3)
        #expect(fresh[0] == fresh[3])
    }
}
