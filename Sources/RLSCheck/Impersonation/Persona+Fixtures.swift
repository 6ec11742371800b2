import RLSModel

extension Persona {
    /// The fixture side of a signed-in user, nil for anon and the service role.
    public var fixtureOwner: FixtureOwner? {
        guard case .user(let user) = self else { return nil }
        return user == .alice ? .alice : user == .bob ? .bob : nil
    }

    /// The four personas every check probes with, in report order.
    public static let checked: [Persona] = [.anon, .user(.alice), .user(.bob), .serviceRole]

    /// The personas a check of `schema` probes with: the four, plus, with members plans, one member of
    /// alice's group per other role and carol, who belongs to no group (before the service role).
    public static func checked(in schema: Schema) -> [Persona] {
        checked.dropLast() + GroupRoles(schema).extraPersonas + [.serviceRole]
    }
}
