import NavScript
import NavigationEngine

/// A worker's way down from the start state to the state it expands: the
/// models of one state and its ancestors, a level each, rebuilt by running
/// again the steps their parent links name (a step is a function of the
/// state: `perform` and the clock read nothing else). Consecutive states of
/// a level share most of their ancestors, so rebuilding a state costs about
/// one step, and a worker holds `depth + 1` models, whatever the search's size.
///
/// The models are in memory that does not move, so that the explorer can
/// step the top one in place (`topModel`, then `topChanged()`). Which
/// memory holds which level's model changes: the top level takes its
/// parent's when the parent is needed no more (`rebuild(_:level:links:explorer:events:next:)`).
final class AncestorPath {
    /// The state id on each level, -1 for none (or a model stepped past it);
    /// level 0 is the start state.
    private let ids: UnsafeMutablePointer<Int32>
    /// Where each level's model is, in `storage`.
    private let models: UnsafeMutablePointer<UnsafeMutablePointer<NavigationModel>>
    private let storage: UnsafeMutablePointer<NavigationModel>
    private let levels: Int
    /// The ids a rebuild makes, from the top down (at most one a level).
    private let chain: UnsafeMutablePointer<Int32>
    /// What the canonical form of a top state stepped on its parent's own
    /// model reads of the parent, taken before the step.
    private let origin: UnsafeMutablePointer<StepOrigin>

    init(start: NavigationModel, depth: Int) {
        levels = depth + 1
        ids = .allocate(capacity: levels)
        ids.initialize(repeating: -1, count: levels)
        ids[0] = 0
        storage = .allocate(capacity: levels)
        storage.initialize(repeating: start, count: levels)
        models = .allocate(capacity: levels)
        for lv in 0..<levels { (models + lv).initialize(to: storage + lv) }
        origin = .allocate(capacity: 1)
        origin.initialize(to: StepOrigin())
        chain = .allocate(capacity: levels)
    }

    deinit {
        origin.deinitialize(count: 1)
        origin.deallocate()
        chain.deallocate()
        models.deallocate()
        storage.deinitialize(count: levels)
        storage.deallocate()
        ids.deallocate()
    }

    /// The model of the state last rebuilt.
    var top: NavigationModel { topModel.pointee }

    /// Where the model of the state last rebuilt is (it moves: ask after each rebuild).
    var topModel: UnsafeMutablePointer<NavigationModel> { models[levels - 1] }

    /// Says the top model was stepped: it is no longer the state last rebuilt.
    func topChanged() { ids[levels - 1] = -1 }

    /// Makes `top` the model of state `id`, which is on the last level.
    /// `next` is the state the path rebuilds after it, -1 when not known.
    ///
    /// An ancestor's model that `next` does not share (above the level where
    /// the two ways down meet) is needed no more once its child on the way
    /// is made: the child is stepped on it in place, the child's level
    /// taking the ancestor's memory and the ancestor's level the child's
    /// (its model no state's now), which saves resetting the child's model
    /// to its parent's.
    func rebuild(
        _ id: Int32, level: Int, links: ParentLinks, explorer: Explorer, events: inout [Event], next: Int32 = -1
    ) {
        var length = 0
        var node = id
        var lv = level
        while ids[lv] != node {
            chain[length] = node
            length += 1
            node = links.parent(of: node)
            lv -= 1
        }
        // The highest level whose model `next` needs (`level` when `next` is not known);
        // never the start state's, which every later batch starts from.
        var shared = level
        if next >= 0 {
            var a = links.parent(of: id)
            var b = links.parent(of: next)
            shared = level - 1
            while a != b, shared > 0 {
                a = links.parent(of: a)
                b = links.parent(of: b)
                shared -= 1
            }
        }
        for k in stride(from: length - 1, through: 0, by: -1) {
            let node = chain[k]
            lv += 1
            let step = Int(links.step(of: node))
            if lv - 1 > shared {
                let parent = models[lv - 1]
                origin.pointee.take(from: &parent.pointee)
                models[lv - 1] = models[lv]
                models[lv] = parent
                ids[lv - 1] = -1
                // Never recorded: a rebuilt state's properties were checked when it was found.
                _ = explorer.run(step, on: &parent.pointee, events: &events, recording: false)
                explorer.canonical(&parent.pointee, stepFrom: &origin.pointee)
            } else {
                // The level's model becomes its parent's again, copying only what differs
                // (NavigationModel.reset(to:)), and steps in place.
                models[lv].pointee.reset(to: &models[lv - 1].pointee)
                _ = explorer.run(step, on: &models[lv].pointee, events: &events, recording: false)
                explorer.canonical(&models[lv].pointee, stepFrom: &models[lv - 1].pointee)
            }
            ids[lv] = node
        }
    }
}
