extension Persona.User {
    /// The same user as the probes' second connection inserts and signs in as: `lane` in the id's
    /// second group (`a11ce000-0001-4000-…`) and the email's local part (`alice+1@…`), so that the
    /// two connections' uncommitted rows in `auth.users`, and every row a trigger derives from them,
    /// never share a key. Lane 0 is the user itself.
    func onLane(_ lane: Int) -> Persona.User {
        guard lane != 0 else { return self }
        let id = CheckUUID.onLane(id, lane)
        let email = email.isEmpty ? email : email.replacingOccurrences(of: "@", with: "+\(lane)@")
        return Persona.User(name: "\(name) \(lane + 1)", id: id, email: email, aal: aal, isAnonymous: isAnonymous, appRole: appRole)
    }
}

extension Persona {
    /// The persona as the probes' second connection impersonates it (see ``Persona/User/onLane(_:)``).
    func onLane(_ lane: Int) -> Persona {
        guard case .user(let user) = self else { return self }
        return .user(user.onLane(lane))
    }
}
