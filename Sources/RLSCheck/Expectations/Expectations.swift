import RLSModel

/// Derives every probe's expected outcome from the schema: the access plans through
/// ``RLSModel/Schema/expectedAccess(of:role:_:)``, hand-written policies through their expectations.
enum Expectations {
    /// What `persona` should reach with `operation`, given what its role may do there
    /// (``RLSModel/Schema/expectedAccess(of:role:_:)``).
    static func access(_ rowAccess: RowAccess, for persona: Persona, _ operation: Operation) -> ExpectedAccess {
        switch rowAccess {
        case .denied: return .denied
        case .allRows, .bypassesRLS: return .everyRow
        case .ownRows, .memberRows: return .ownRows
        case .appRoleRows(let roles):
            guard case .user(let user) = persona, let role = user.appRole else { return .noRows }
            return roles.contains(role) ? .everyRow : .noRows
        case .custom(let planned, let policies):
            var level: ExpectedAccess =
                switch planned {
                case .public?, .authenticated?: .everyRow
                case .owner?, .ownerThrough?, .members?: .ownRows
                default: .noRows
                }
            let role = Role(persona.role)
            for policy in policies.sorted(by: { $0.isPermissive && !$1.isPermissive }) {
                guard let rows = policy.expectation(for: role, operation) else {
                    return .unverified("policy \"\(policy.name)\" declares no expectation; add .expects(...)")
                }
                let declared: ExpectedAccess =
                    switch rows {
                    case .everyRow: .everyRow
                    case .ownRows: .ownRows
                    case .noRows: .noRows
                    }
                level = policy.isPermissive ? max(level, declared) : min(level, declared)
            }
            return level
        }
    }

    /// The side whose rows count as `persona`'s own: its fixture side, or under a members plan the
    /// side of the group where it holds a qualifying role (nil: none, so own-row access reaches nothing).
    /// `path` is the operation's membership path (``membershipPath(_:_:_:)``), nil without a members plan.
    static func side(of persona: Persona, under path: MembershipPath?, groups: GroupRoles) -> FixtureOwner? {
        guard let path else { return persona.fixtureOwner }
        return groups.side(of: persona, under: path)
    }

    /// The membership path of `table`'s plan for `operation`, nil unless it is a members plan.
    static func membershipPath(_ schema: Schema, _ table: Table, _ operation: Operation) -> MembershipPath? {
        let plan = table.access[operation]
        guard case .members = plan else { return nil }
        return try? schema.membershipPath(of: table, plan: plan)
    }

    /// The outcome `probe` should observe under `access` (as deployed) or with the grant added (policies
    /// only); `side` is whose rows are the persona's own; `handOver`, when policies decide it, whether
    /// giving one's own row away gets through (``handOver(_:_:_:_:)``).
    static func outcome(
        _ access: ExpectedAccess, for probe: Probe, side: FixtureOwner?, handOver: PolicyExpectation.HandOver? = nil
    ) -> Expectation {
        var access = access
        if probe.layer == .policiesOnly {
            // The schema denies by grant; the policies must not let this role through either.
            access = .noRows
        }
        let me = side
        let outcome: Observation
        switch (access, probe.operation, probe.target) {
        case (.unverified(let reason), _, _):
            return .unverified(reason)
        case (.denied, _, _):
            outcome = .deniedByGrant
        case (_, .select, _):
            outcome = .rows(access == .everyRow ? Set(FixtureOwner.allCases) : access == .ownRows ? Set([me].compactMap { $0 }) : [])
        case (.everyRow, _, .handOver(let from, _)) where from == me && handOver != nil,
            (.ownRows, _, .handOver(let from, _)) where from == me && handOver != nil:
            outcome = handOver == .allowed ? .allowed : .rejectedByWithCheck
        case (.everyRow, _, _):
            outcome = .allowed
        case (.ownRows, .insert, .row(let owner)):
            outcome = owner == me ? .allowed : .rejectedByWithCheck
        case (.ownRows, _, .handOver(let from, _)):
            outcome = from == me ? .rejectedByWithCheck : .filtered
        case (.ownRows, _, .row(let owner)):
            outcome = owner == me ? .allowed : .filtered
        case (_, .insert, _):
            outcome = .rejectedByWithCheck
        default:
            outcome = .filtered
        }
        return .outcome(outcome)
    }
}
