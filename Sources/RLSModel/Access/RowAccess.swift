/// What one role may do with one operation on a table, as the plans and policies
/// intend it: the expectation `rls check` probes and `rls docs` describes.
public enum RowAccess: Sendable, Hashable, CustomStringConvertible {
    /// No privilege: the statement fails with "permission denied".
    case denied
    /// Every row (a `using (true)` policy, or `with check (true)` for writes).
    case allRows
    /// Only rows the signed-in user owns, reached by this path.
    case ownRows(OwnerPath)
    /// Only rows of groups the signed-in user is a member of (with a qualifying role).
    case memberRows(MembershipPath)
    /// Every row, for signed-in users whose app role is one of these; no row for the others.
    case appRoleRows([String])
    /// Every row, because the role bypasses RLS (`service_role`).
    case bypassesRLS
    /// Decided by hand-written policies; the plan's share, if any, is `planned`.
    case custom(planned: AccessPlan?, policies: [Policy])

    /// In words, for docs and matrices.
    public var description: String {
        switch self {
        case .denied: "no access"
        case .allRows: "every row"
        case .ownRows(let path): "only rows the signed-in user owns (\(path))"
        case .memberRows(let path): "only rows of groups the signed-in user belongs to (\(path))"
        case .appRoleRows(let roles): "every row, for users whose app role is \(roles.joinedWithOr)"
        case .bypassesRLS: "every row (bypasses RLS)"
        case .custom(_, let policies): "as policies \(policies.map(\.name).joined(separator: ", ")) allow"
        }
    }
}
