import RLSModel

/// Who belongs to which group in a check, for schemas with members plans.
///
/// alice and bob each own their side's group in every membership table, with the role every members
/// plan accepts (`owner` when the plans say `["owner", "admin"]` and `["owner"]`); one more user per
/// other role joins alice's group (`admin`, `staff`: "a member of this group"); bob is "a member of
/// another group"; carol belongs to none (the outsider).
public struct GroupRoles: Sendable {
    /// One extra signed-in user: a member of alice's group in `membership` with `role`.
    public struct Member: Sendable, Hashable {
        /// The membership table.
        public var membership: Membership
        /// The role value written into its role column.
        public var role: String
        /// The user who signs in.
        public var user: Persona.User
    }

    /// The memberships the plans read.
    public let memberships: [Membership]
    /// The role alice and bob hold in their own group, per membership (nil: no role column).
    public let fixtureRoles: [TableName: String]
    /// The extra members, one per other role.
    public let members: [Member]

    /// Works out the roles from the plans and, for an enum role column, the enum's values.
    public init(_ schema: Schema) {
        memberships = schema.memberships
        var fixtureRoles: [TableName: String] = [:]
        var members: [Member] = []
        for membership in memberships {
            guard membership.roleColumn != nil else { continue }
            let named = schema.roles(of: membership)
            let all = schema.memberRoles(of: membership)
            // The role every plan on this membership accepts, else the first named one.
            let sets = schema.plansOnRows.compactMap { table, plan -> [String]? in
                guard let path = try? schema.membershipPath(of: table, plan: plan), path.membership == membership, !path.roles.isEmpty
                else { return nil }
                return path.roles
            }
            let top = all.first { role in sets.allSatisfy { $0.contains(role) } } ?? named.first ?? all.first
            guard let top else { continue }
            fixtureRoles[membership.table] = top
            for role in all where role != top {
                let id = CheckUUID.make("3e3be000", number: members.count + 1)
                let name = memberships.count == 1 ? role : "\(membership.table.name).\(role)"
                members.append(
                    Member(
                        membership: membership, role: role,
                        user: Persona.User(
                            name: name, id: id, email: "member-\(members.count + 1)@rls-check.invalid")))
            }
        }
        self.fixtureRoles = fixtureRoles
        self.members = members
    }

    /// The personas a check probes with beyond anon, alice, bob and the service role: the extra
    /// members, then carol (the outsider), when there are memberships; none otherwise.
    public var extraPersonas: [Persona] {
        memberships.isEmpty ? [] : members.map { .user($0.user) } + [.user(.carol)]
    }

    /// The group side `persona` belongs to in `membership` and the role it holds there.
    public func membership(of persona: Persona, in membership: Membership) -> (side: FixtureOwner, role: String?)? {
        if let side = persona.fixtureOwner { return (side, fixtureRoles[membership.table]) }
        guard case .user(let user) = persona,
            let member = members.first(where: { $0.user == user && $0.membership == membership })
        else { return nil }
        return (.alice, member.role)
    }

    /// The side whose rows `persona` may reach under `path`, nil when its role does not qualify.
    public func side(of persona: Persona, under path: MembershipPath) -> FixtureOwner? {
        guard let (side, role) = membership(of: persona, in: path.membership) else { return nil }
        if path.roles.isEmpty { return side }
        return role.map(path.roles.contains) == true ? side : nil
    }
}
