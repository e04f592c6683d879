/// A navigation call as the API receives it, kept when it has to wait.
public enum NavCall: Hashable, Sendable {
    case push(ScreenName, animated: Bool)
    case pop(animated: Bool)
    case popTo(ScreenName, animated: Bool)
    case popToRoot(animated: Bool)
    case setStack([ScreenName], animated: Bool)

    /// The API method a call is.
    public enum Method: Hashable, Sendable {
        case push, pop, popTo, popToRoot, setStack
    }

    public var method: Method {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popTo: .popTo
        case .popToRoot: .popToRoot
        case .setStack: .setStack
        }
    }

    /// The screens the call names (a queued call holds them).
    var screens: [ScreenName] {
        switch self {
        case .push(let name, _), .popTo(let name, _): [name]
        case .setStack(let names, _): names
        case .pop, .popToRoot: []
        }
    }

    public var subject: ScreenName? {
        switch self {
        case .push(let name, _), .popTo(let name, _): name
        default: nil
        }
    }

    /// Whether the call names the screen (a queued call holds its argument).
    func mentions(_ name: ScreenName) -> Bool {
        switch self {
        case .push(let named, _), .popTo(let named, _): named == name
        case .setStack(let names, _): names.contains(name)
        case .pop, .popToRoot: false
        }
    }

    /// Whether UIKit may raise on the call (`run`, `superCall`, `nestedCall`):
    /// a push of a screen already there, a popTo a screen not there (iOS 12),
    /// a setStack with a screen twice. A pop or a popToRoot never does.
    var mayRaise: Bool {
        switch self {
        case .push, .popTo, .setStack: true
        case .pop, .popToRoot: false
        }
    }

    var isPop: Bool {
        switch self {
        case .pop, .popTo, .popToRoot: true
        default: false
        }
    }
}
