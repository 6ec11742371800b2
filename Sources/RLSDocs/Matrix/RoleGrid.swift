import RLSModel

/// A table's "By role" grid, for tables a members plan decides: what a member of the row's group
/// may do in each role the membership knows (`owner`, `admin`, `staff`), and what an outsider (a
/// signed-in user who is no member of it) may do, per operation.
///
/// ```swift
/// AccessMatrix(ElectricRide.schema).roleGrid(for: dealershipListing)
/// // staff: see ✓ add ✓ change ✓ remove ⊘; outsider: see ✓ add ⊘ change ⊘ remove ⊘
/// ```
public struct RoleGrid: Sendable, Hashable {
    /// One row of the grid: a role (or `outsider`) and its outcome per operation, in ``Operation`` order.
    public struct Row: Sendable, Hashable {
        /// The role's value in the membership table, or `outsider`.
        public var role: String
        /// The outcome of each operation, in `Operation.allCases` order.
        public var outcomes: [Outcome]
    }

    /// The group, in words: `dealership`.
    public var group: String
    /// Whose members the grid speaks of: `the row's dealership`, `the dealership` (the table is the group).
    public var whose: String
    /// The roles, in the membership's order, then the outsider.
    public var rows: [Row]

    /// The row name for a signed-in user who is no member of the group.
    public static let outsider = "outsider"

    /// The grid's legend: which symbols it uses and what they mean here.
    public var legend: String {
        let used = Set(rows.flatMap(\.outcomes).map(\.symbol))
        let meanings: [(String, String)] = [
            ("✓", "allowed (where membership decides, only for their own \(group))"),
            ("⊘", "blocked by row-level security"),
            ("✗", "refused: no privilege"),
            ("◐", "decided by hand-written policies"),
        ]
        let parts = meanings.filter { used.contains($0.0) }.map { "\($0.0) \($0.1)" }
        return parts.joined(separator: " · ") + "; \(Self.outsider): a signed-in user who is no member of the \(group)."
    }
}

extension AccessMatrix {
    /// The "By role" grid of `table`, nil unless a members plan decides one of its operations.
    public func roleGrid(for table: Table) -> RoleGrid? {
        guard let path = membershipPath(of: table) else { return nil }
        let roles = path.membership.roleColumn == nil ? ["member"] : schema.memberRoles(of: path.membership)
        let rows = (roles + [RoleGrid.outsider]).map { role in
            RoleGrid.Row(role: role, outcomes: Operation.allCases.map { outcome(of: table, role: role, $0) })
        }
        return RoleGrid(group: path.membership.group.name.replacingOccurrences(of: "_", with: " "), whose: path.whose(table), rows: rows)
    }

    /// What a member holding `role` (or the outsider) may do: a members plan lets the roles it names
    /// through on their group's rows; any other plan treats them as any signed-in user.
    private func outcome(of table: Table, role: String, _ operation: Operation) -> Outcome {
        let plan = table.access[operation]
        guard case .members = plan, let path = try? schema.membershipPath(of: table, plan: plan),
            case .memberRows = schema.expectedAccess(of: table, role: .authenticated, operation)
        else { return outcome(of: table, .signedInUser, operation) }
        guard role != RoleGrid.outsider else { return .blocked }
        return path.roles.isEmpty || path.roles.contains(role) ? .allowed : .blocked
    }
}
