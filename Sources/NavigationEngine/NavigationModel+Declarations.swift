/// `screen`, `use`, `delegate`, `gesture-delegate` and `notify`: the traits
/// and controllers of behaviour.md section 6, the gesture delegates of
/// section 5, the notifications of section 8.
extension NavigationModel {
    mutating func declare(_ className: String, _ list: [ScreenTrait]) {
        let cls = names.intern(className)
        var t = traits[cls] ?? ScreenTraits()
        for trait in list {
            switch trait {
            case .gate: t.gate = true
            case .customBack(let text):
                t.customBack = true
                t.customBackAlert = text
            case .confirm(let text): t.confirm = text
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
        let outside: OutsideDelegate? =
            switch nav.delegate {
            case .none: nil
            case .outside(let d): d
            case .controller(let forward): forward
            }
        nav.cls = cls
        navs[id] = nav
        emit(.controllerLoaded(cls))
        if cls.isOwnDelegate {
            if cls.features.contains(.proxy) {
                navs[id]?.delegate = .controller(forwardingTo: outside)
                emit(.delegateAssigned(.proxy(forwardingTo: outside?.name)))
            } else {
                navs[id]?.delegate = .controller(forwardingTo: nil)
                emit(.delegateAssigned(.controller))
                if let outside {
                    emit(Note.delegateOverwritten(controller: cls.name, delegate: outside.name))
                }
            }
        } else if case .controller = nav.delegate {
            navs[id]?.delegate = outside.map { .outside($0) } ?? .none
        }
        if cls.features.contains(.swipeGuard) {
            navs[id]?.gestureDelegate = .controller
            emit(.gestureDelegateAssigned(.controller))
        }
        forwardingNote(id)
    }

    mutating func setDelegate(_ outside: OutsideDelegate?) {
        let id = currentNavID
        guard let nav = navs[id] else { return }
        emit(.delegateAssigned(.outside(outside?.name)))
        if case .controller = nav.delegate, nav.cls.features.contains(.proxy) {
            navs[id]?.delegate = .controller(forwardingTo: outside)
            forwardingNote(id)
            return
        }
        if case .controller = nav.delegate, let outside {
            emit(
                Note.delegateReplacedController(
                    delegate: outside.name, controller: nav.cls.name, gates: nav.cls.features.contains(.gates)))
        }
        navs[id]?.delegate = outside.map { .outside($0) } ?? .none
    }

    mutating func setGestureDelegate(_ kind: GestureDelegate) {
        let id = currentNavID
        navs[id]?.gestureDelegate = kind
        emit(.gestureDelegateAssigned(kind))
    }

    mutating func notify(_ notification: String) {
        let visible = visibleTop
        for name in allScreensTopFirst() {
            emit(.notification(name, name: notification, visible: name == visible))
        }
    }
}
