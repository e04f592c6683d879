/// `screen`, `use`, `delegate`, `gesture-delegate` and `notify`.
extension NavigationModel {
    mutating func declare(_ className: String, _ list: [ScreenTrait]) {
        let cls = ClassName(className)
        var t = traits[cls] ?? ScreenTraits()
        for trait in list {
            switch trait {
            case .gate: t.gate = true
            case let .customBack(text):
                t.customBack = true
                t.customBackAlert = text
            case let .confirm(text): t.confirm = text
            case .hidesBack: t.hidesBack = true
            case .plain: t = ScreenTraits()
            }
        }
        traits.set(t, for: cls)
    }

    mutating func use(_ cls: ControllerClass) {
        let id = currentNavID
        guard var nav = navs[id] else { return }
        controllerClass = cls
        let outside: OutsideDelegate? = switch nav.delegate {
        case .none: nil
        case let .outside(d): d
        case let .controller(forward): forward
        }
        nav.cls = cls
        navs[id] = nav
        emit(.lifecycle, "nav.viewDidLoad() (\(cls.name))")
        if cls.isOwnDelegate {
            if cls.features.contains(.proxy) {
                navs[id]?.delegate = .controller(forwardingTo: outside)
                emit(.call, "nav.delegate = nav (proxying\(outside.map { " to \($0.name)" } ?? ""))")
            } else {
                navs[id]?.delegate = .controller(forwardingTo: nil)
                emit(.call, "nav.delegate = nav")
                if let outside {
                    emit(.note, "note: \(cls.name) set delegate = self in viewDidLoad, so \(outside.name) was overwritten and will hear nothing")
                }
            }
        } else if case .controller = nav.delegate {
            navs[id]?.delegate = outside.map { .outside($0) } ?? .none
        }
        if cls.features.contains(.swipeGuard) {
            navs[id]?.gestureDelegate = .controller
            emit(.call, "nav.interactivePopGestureRecognizer.delegate = nav")
        }
        forwardingNote(id)
    }

    mutating func setDelegate(_ outside: OutsideDelegate?) {
        let id = currentNavID
        guard let nav = navs[id] else { return }
        emit(.call, "nav.delegate = \(outside?.name ?? "nil")")
        if case .controller = nav.delegate, nav.cls.features.contains(.proxy) {
            navs[id]?.delegate = .controller(forwardingTo: outside)
            forwardingNote(id)
            return
        }
        if case .controller = nav.delegate, let outside {
            let lost = nav.cls.features.contains(.gates) ? "gates stop closing" : "isPushingViewController is never cleared"
            emit(.note, "note: \(outside.name) replaced \(nav.cls.name) as its own delegate; its willShow/didShow no longer run, so \(lost)")
        }
        navs[id]?.delegate = outside.map { .outside($0) } ?? .none
    }

    mutating func setGestureDelegate(_ kind: GestureDelegate) {
        let id = currentNavID
        navs[id]?.gestureDelegate = kind
        let value = switch kind {
        case .system: "_UINavigationInteractiveTransition (UIKit's own)"
        case .none: "nil"
        case .controller: "nav"
        }
        emit(.call, "nav.interactivePopGestureRecognizer.delegate = \(value)")
    }

    mutating func notify(_ notification: String) {
        let visible = visibleTop
        for name in allScreensTopFirst() {
            emit(.notify, "\(name).received(\(notification))\(name == visible ? "" : " (not visible)")", about: name)
        }
    }
}
