/// What `navsh explore` needs of a state beyond the commands: a canonical
/// form (the clock made relative), the instants the clock can stop at, and
/// the durations actions start transitions with.
extension NavigationModel {
    /// Makes the state canonical for the explorer's seen-set (explorer.md
    /// section 3): times become relative to now (the clock reads 0), and what
    /// no longer matters is dropped (guarantee entries of released screens,
    /// the counter of controllers ever made, the work count). Two states that
    /// differ only in the absolute clock are then equal.
    public mutating func canonicalize() {
        let now = clock
        if now != 0 {
            clock = 0
            for id in navs.ids where navs[id]?.isTransitioning == true {
                navs[id]?.transition?.start -= now
                if let end = navs[id]?.transition?.end { navs[id]?.transition?.end = end - now }
            }
            if isModalTransitioning { modalTransition?.end -= now }
        }
        nextNavID = 0
        scratch.steps = 0
        pruneGuarantees()
    }

    /// The ends of the transitions in flight that the clock can end (not held
    /// or frozen pops), in no particular order.
    public var deadlines: [Int] {
        var ends: [Int] = []
        if let end = modalTransition?.end { ends.append(end) }
        for id in navs.ids {
            if let end = navs[id]?.transition?.end { ends.append(end) }
        }
        return ends
    }

    /// How long an animated transition of `kind` takes now, in milliseconds.
    public func duration(of kind: TransitionKind) -> Int { durations[kind] }
}

extension NavigationModel {
    /// Hashes what a step can change, for the explorer's fingerprints. What
    /// only declarations change (traits, durations, the profile, controller
    /// classes and delegates, none of which `explore` may list) is the same in
    /// every state of one search and is left out: hashing the traits' strings
    /// and the delegates' method sets was most of the cost.
    public func hashState(into hasher: inout Hasher) {
        hasher.combine(clock)
        hasher.combine(created)
        hasher.combine(counters.count)
        hasher.combine(
            counters.sum { key, value in
                var x = UInt64(key) << 32 ^ UInt64(truncatingIfNeeded: value)
                x = (x ^ (x >> 31)) &* 0x9E37_79B9_7F4A_7C15
                return x ^ (x >> 29)
            })
        screens.hash(into: &hasher)
        for id in navs.ids {
            guard navs[id]?.id != nil else {
                hasher.combine(0 as UInt8)
                continue
            }
            hasher.combine(1 as UInt8)
            navs[id]?.stack.hash(into: &hasher)
            hasher.combine(navs[id]?.gestureDelegate)
            hasher.combine(navs[id]?.isPushing)
            hasher.combine(navs[id]?.safeDelegate)
            hasher.combine(navs[id]?.transition)
            navs[id]?.queue.hash(into: &hasher)
            hasher.combine(navs[id]?.barCorrupted)
            hasher.combine(navs[id]?.tabName)
        }
        hasher.combine(window)
        hasher.combine(modals)
        hasher.combine(modalTransition)
        hasher.combine(alert)
        hasher.combine(frozen)
        hasher.combine(guarantees)
    }
}
