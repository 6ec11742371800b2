import RLSModel

/// Who is asking, as the access pages name the columns of their matrix.
///
/// Each maps to a persona `rls check` impersonates: ``anyone`` is `anon` (no JWT),
/// ``signedInUser`` is a signed-in user acting on rows another user owns (bob on alice's rows),
/// ``rowOwner`` is the signed-in user acting on their own rows (alice on alice's rows), and
/// ``serviceRole`` is the backend's `service_role` key.
public enum Caller: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Anyone, signed in or not: Supabase's `anon` role.
    case anyone
    /// A signed-in user, on rows that are not theirs: `authenticated`.
    case signedInUser
    /// The signed-in user who owns the row: `authenticated` with `auth.uid()` equal to the owner.
    case rowOwner
    /// The backend's service key: `service_role`, which bypasses row-level security.
    case serviceRole

    /// The heading a reader sees: `anyone`, `signed-in user`, `the row's owner`, `service role`.
    public var description: String {
        switch self {
        case .anyone: "anyone"
        case .signedInUser: "signed-in user"
        case .rowOwner: "the row's owner"
        case .serviceRole: "service role"
        }
    }

    /// The database role the caller's requests run as.
    public var role: Role {
        switch self {
        case .anyone: .anon
        case .signedInUser, .rowOwner: .authenticated
        case .serviceRole: .serviceRole
        }
    }

    /// Orders as the matrix shows the columns: anyone, signed-in user, the row's owner, service role.
    public static func < (lhs: Caller, rhs: Caller) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
