// The header words of a state's layout (StateCodec.swift): which optionals
// are set, which case each enum is, and the flags, a field a few bits.

/// The model's header word (layout part 1).
struct ModelBits {
    var rawValue: UInt64

    static let legacy: UInt64 = 1 << 0
    static let nesting: UInt64 = 1 << 1
    static let contentPanUsed: UInt64 = 1 << 2
    static let tabs: UInt64 = 1 << 3
    static let modalTransition: UInt64 = 1 << 4
    static let presenting: UInt64 = 1 << 5
    static let modalAnimated: UInt64 = 1 << 6
    static let alert: UInt64 = 1 << 7
    static let safePop: UInt64 = 1 << 8
    static let asker: UInt64 = 1 << 9
    /// Bits 10-12: why the UI is frozen (`frozenCode`).
    static let frozenShift: UInt64 = 10
    static let gateBreach: UInt64 = 1 << 13
    static let confirmationBreach: UInt64 = 1 << 14
    /// `set preemption on` (behaviour.md 5b).
    static let preemption: UInt64 = 1 << 15
    /// Every bit a header can have set.
    static let known: UInt64 = 1 << 16 - 1

    func has(_ bit: UInt64) -> Bool { rawValue & bit != 0 }

    static func of(_ model: NavigationModel) -> ModelBits {
        var bits: UInt64 = model.profile == .legacy ? legacy : 0
        if model.nesting { bits |= nesting }
        if model.contentPanUsed { bits |= contentPanUsed }
        if case .tabs = model.window { bits |= tabs }
        if let transition = model.modalTransition {
            bits |= modalTransition
            if transition.presenting { bits |= presenting }
            if transition.animated { bits |= modalAnimated }
        }
        if let alert = model.alert {
            bits |= Self.alert
            if case .safePop = alert.action { bits |= safePop }
            if alert.asker != nil { bits |= asker }
        }
        if let frozen = model.frozen { bits |= frozenCode(frozen.reason) << frozenShift }
        if model.guarantees.gateBreach != nil { bits |= gateBreach }
        if model.guarantees.confirmationBreach != nil { bits |= confirmationBreach }
        if model.preemption { bits |= preemption }
        return ModelBits(rawValue: bits)
    }

    /// 0: not frozen; else `FreezeReason.code`.
    static func frozenCode(_ reason: FreezeReason) -> UInt64 { UInt64(reason.code) }

    /// The reason `frozenCode` gives `code`; nil for 0 (not frozen) and for a code none gives.
    static func frozenReason(_ code: UInt64) -> FreezeReason? { FreezeReason(code: Int(code)) }

    var frozenCode: UInt64 { rawValue >> Self.frozenShift & 7 }
}

/// A controller's header word (layout part 5). Bit 0 is always set, so the
/// word of an empty slot, 0, is never a controller's.
struct NavBits {
    var rawValue: UInt64

    static let present: UInt64 = 1 << 0
    /// Bits 1-2: the delegate's case (`delegateCode`).
    static let delegateShift: UInt64 = 1
    /// Bits 3-4: the gesture delegate (0 system, 1 none, 2 the controller).
    static let gestureShift: UInt64 = 3
    static let contentPanEnabled: UInt64 = 1 << 5
    static let isPushing: UInt64 = 1 << 6
    static let barCorrupted: UInt64 = 1 << 7
    static let safeDelegate: UInt64 = 1 << 8
    static let tabName: UInt64 = 1 << 9
    static let transition: UInt64 = 1 << 10
    /// Bits 11-12: the transition's kind (0 push, 1 pop, 2 interactive, 3 interactive that cancels).
    static let kindShift: UInt64 = 11
    static let from: UInt64 = 1 << 13
    static let end: UInt64 = 1 << 14
    static let toIsNew: UInt64 = 1 << 15
    static let animated: UInt64 = 1 << 16
    static let repairsBar: UInt64 = 1 << 17
    static let byContentPan: UInt64 = 1 << 18
    static let known: UInt64 = 1 << 19 - 1

    func has(_ bit: UInt64) -> Bool { rawValue & bit != 0 }
    var delegateCode: UInt64 { rawValue >> Self.delegateShift & 3 }
    var gestureCode: UInt64 { rawValue >> Self.gestureShift & 3 }
    var kindCode: UInt64 { rawValue >> Self.kindShift & 3 }

    static func of(_ nav: borrowing NavController) -> NavBits {
        var bits = present
        switch nav.delegate {
        case .none: break
        case .outside: bits |= 1 << delegateShift
        case .controller(forwardingTo: .none): bits |= 2 << delegateShift
        case .controller(forwardingTo: .some): bits |= 3 << delegateShift
        }
        switch nav.gestureDelegate {
        case .system: break
        case .none: bits |= 1 << gestureShift
        case .controller: bits |= 2 << gestureShift
        }
        if nav.contentPanEnabled { bits |= contentPanEnabled }
        if nav.isPushing { bits |= isPushing }
        if nav.barCorrupted { bits |= barCorrupted }
        if nav.safeDelegate != nil { bits |= safeDelegate }
        if nav.tabName != nil { bits |= tabName }
        if let t = nav.transition {
            bits |= transition
            switch t.kind {
            case .push: break
            case .pop: bits |= 1 << kindShift
            case .interactive(_, let cancels): bits |= (cancels ? 3 : 2) << kindShift
            }
            if t.from != nil { bits |= from }
            if t.end != nil { bits |= end }
            if t.toIsNew { bits |= toIsNew }
            if t.animated { bits |= animated }
            if t.repairsBar { bits |= repairsBar }
            if t.byContentPan { bits |= byContentPan }
        }
        return NavBits(rawValue: bits)
    }

    /// The gesture delegate `gestureCode` names; nil for a code none gives.
    var gestureDelegate: GestureDelegate? {
        switch gestureCode {
        case 0: .system
        case 1: GestureDelegate.none
        case 2: .controller
        default: nil
        }
    }
}
