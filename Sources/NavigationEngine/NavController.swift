/// A navigation transition in flight.
struct NavTransition: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case push, pop
        /// An edge swipe's pop: held at `percent` while `end` is nil; `cancels` once released.
        case interactive(percent: Int, cancels: Bool)
    }
    var kind: Kind
    var from: ScreenName?
    var to: ScreenName
    /// Screens leaving the stack (the old top first, then the ones below it, top down).
    var removed: [ScreenName]
    /// New screens below the top, added without being seen.
    var addedBelow: [ScreenName]
    /// The new top was not in the stack before (it gets didMove(toParent: nav)).
    var toIsNew: Bool
    var animated: Bool
    /// Started with nothing in flight: ending undisturbed repairs a corrupted bar.
    var repairsBar: Bool
    var start: Int
    /// Clock time the transition ends; nil while a finger holds it.
    var end: Int?
    /// An interactive pop the content pan drives, not the edge swipe.
    var byContentPan = false
}

/// One UINavigationController (or subclass) and everything it owns.
struct NavController: Hashable, Sendable {
    var id: Int
    var cls: ControllerClass
    var stack: ChunkedArray<ScreenName> = []
    var delegate: DelegateSlot = .none
    var gestureDelegate: GestureDelegate = .system
    /// `interactiveContentPopGestureRecognizer.isEnabled` (iOS 26; on by default).
    var contentPanEnabled = true
    var isPushing = false
    var safeDelegate: ScreenName?
    var transition: NavTransition?
    var queue: [NavCall] = []
    var barCorrupted = false
    /// The tab bar item's name, for a tab's controller (named after the class it was created with).
    var tabName: String?

    var top: ScreenName? { stack.last }

    /// A transition is running.
    var isTransitioning: Bool { if case .some = transition { true } else { false } }
}
