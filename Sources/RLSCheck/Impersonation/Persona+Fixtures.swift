import RLSModel

extension Persona {
    /// The fixture side of a signed-in user, nil for anon and the service role.
    public var fixtureOwner: FixtureOwner? {
        guard case .user(let user) = self else { return nil }
        return user.id == Persona.User.alice.id ? .alice : user.id == Persona.User.bob.id ? .bob : nil
    }

    /// The four personas every check probes with, in report order.
    public static let checked: [Persona] = [.anon, .user(.alice), .user(.bob), .serviceRole]

    /// The personas a check of `schema` probes with: the four, plus, with members plans, one member of
    /// alice's group per other role and carol, who belongs to no group (before the service role).
    public static func checked(in schema: Schema) -> [Persona] {
        checked(in: schema, groups: GroupRoles(schema))
    }

    /// ``checked(in:)`` with the schema's groups already worked out.
    static func checked(in schema: Schema, groups: GroupRoles) -> [Persona] {
        checked.dropLast() + groups.extraPersonas + signInPersonas(schema) + [.serviceRole]
    }

    /// The personas that probe a channel or a bucket whose plans are `plans`: anon, alice, bob and
    /// the service role always; the group members and carol where a members plan decides, the
    /// app-role users where an app-role plan does (as table probes). Channels and buckets have no
    /// sign-in requirements, so neither alice with two-factor nor the anonymous sign-in.
    static func checked(in schema: Schema, groups: GroupRoles, deciding plans: [AccessPlan]) -> [Persona] {
        let members = plans.contains { if case .members = $0 { true } else { false } }
        let appRoles = plans.contains { if case .appRole = $0 { true } else { false } }
        return checked(in: schema, groups: groups).filter { persona in
            guard case .user(let user) = persona else { return true }
            if user.appRole != nil { return appRoles }
            if user.aal != "aal1" || user.isAnonymous { return false }
            return persona.fixtureOwner != nil || members
        }
    }

    /// alice with two-factor when a table needs it, and an anonymous sign-in when a table excludes them.
    static func signInPersonas(_ schema: Schema) -> [Persona] {
        (schema.tables.contains { !$0.mfaOperations.isEmpty } ? [.user(.aliceWithMFA)] : [])
            + (schema.tables.contains { !$0.anonymousExcludedOperations.isEmpty } ? [.user(.bobAnonymous)] : [])
            + schema.appRoles.enumerated().map { .user(.withAppRole($1, number: $0 + 1)) }
    }

    /// Whether this persona's sign-in meets `requirement` (service_role bypasses RLS and needs none).
    public func meets(_ requirement: SignInRequirement) -> Bool {
        switch (self, requirement) {
        case (.serviceRole, _): true
        case (.anon, .twoFactor): false
        case (.anon, .notAnonymous): true
        case (.user(let user), .twoFactor): user.aal == "aal2"
        case (.user(let user), .notAnonymous): !user.isAnonymous
        }
    }
}

extension Schema {
    /// Every app role an `.appRole(...)` plan names, sorted.
    var appRoles: [String] {
        Set(
            tables.flatMap { table in
                Operation.allCases.flatMap { operation -> [String] in
                    if case .appRole(let roles) = table.access[operation] { return roles }
                    return []
                }
            }
        ).sorted()
    }
}
