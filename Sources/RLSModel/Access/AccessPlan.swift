/// Who may perform one operation on a table's rows. Plans compose per operation
/// through ``TableAccess`` (read public, write owner-only, ...).
///
/// What each plan compiles to, for `select` on `listing`:
/// ```sql
/// -- .public
/// create policy "select_public" on "public"."listing" as permissive for select to anon, authenticated using (true);
/// -- .authenticated
/// create policy "select_authenticated" ... to authenticated using (true);
/// -- .owner(column: "seller_id")
/// create policy "select_owner" ... to authenticated using ("seller_id" = (select auth.uid()));
/// -- .serviceRoleOnly / .noAccess: no policy; grants only to service_role / to nobody
/// ```
public enum AccessPlan: Sendable, Hashable, CustomStringConvertible {
    /// Anyone, signed in or not (`anon` and `authenticated`), every row.
    case `public`
    /// Any signed-in user (`authenticated`), every row; `anon` gets nothing.
    case authenticated
    /// Only the signed-in user whose id is in `column` (a uuid); writes cannot set another id.
    case owner(column: String)
    /// Only the user who owns the parent row that `column` references (a foreign key);
    /// the parent's own owner plan decides who that is, over as many hops as needed.
    case ownerThrough(column: String)
    /// Only members of the group the row belongs to: `column` leads (directly or through parent rows
    /// that have a members plan themselves) to a group, and `membership` is the table of
    /// (group, user, role) rows; `roles` limits it to members with one of these roles (empty: any).
    case members(column: String, membership: String, roles: [String])
    /// Signed-in users whose `app_metadata.role` claim is one of `roles`: every row. `app_metadata`
    /// is set only by the server (the service key, an auth hook), so users cannot grant it to themselves.
    case appRole([String])
    /// Only the backend's `service_role` (which bypasses RLS); no policy for the API roles.
    case serviceRoleOnly
    /// Nobody through the API: no grant to any API role.
    case noAccess

    /// Same as ``ownerThrough(column:)``: `.owner(through: "profile_id")`.
    public static func owner(through column: String) -> AccessPlan { .ownerThrough(column: column) }

    /// Members of the row's group, through the membership table, with one of `roles` (empty: any role).
    ///
    /// ```swift
    /// .access(read: .members(of: "dealership_id", through: "dealership_member"),
    ///         write: .members(of: "dealership_id", through: "dealership_member", roles: ["owner", "admin"]))
    /// // using ("dealership_id" = any ((select private.current_user_dealership_ids(array['admin', 'owner']))::bigint[]))
    /// ```
    public static func members(of column: String, through membership: String, roles: [String] = []) -> AccessPlan {
        .members(column: column, membership: membership, roles: Array(Set(roles)).sorted())
    }

    /// Signed-in users whose app role (the JWT's `app_metadata.role`, set by the server) is one of `roles`.
    ///
    /// ```swift
    /// .access(read: .authenticated, write: .appRole("moderator"))
    /// // using ((((select auth.jwt()) -> 'app_metadata') ->> 'role') = any (array['moderator']))
    /// ```
    /// Never `user_metadata`: the user edits it (`supabase.auth.updateUser`), so validation refuses
    /// hand-written policies that read it (``UserMetadata``).
    public static func appRole(_ roles: String...) -> AccessPlan { .appRole(Array(Set(roles)).sorted()) }

    /// The roles that receive the operation's privilege under this plan.
    public var grantedRoles: [Role] {
        switch self {
        case .public: [.anon, .authenticated, .serviceRole]
        case .authenticated, .owner, .ownerThrough, .members, .appRole: [.authenticated, .serviceRole]
        case .serviceRoleOnly: [.serviceRole]
        case .noAccess: []
        }
    }

    /// The roles a generated policy is `TO` (service_role needs none: it bypasses RLS).
    public var policyRoles: [Role] {
        grantedRoles.filter { $0 != .serviceRole }
    }

    /// The owner column this plan names directly or through a parent, if any.
    public var ownerColumn: String? {
        switch self {
        case .owner(let column), .ownerThrough(let column): column
        default: nil
        }
    }

    /// A short stable word for policy names: `public`, `authenticated`, `owner`.
    public var slug: String {
        switch self {
        case .public: "public"
        case .authenticated: "authenticated"
        case .owner: "owner"
        case .ownerThrough(let column): "owner_through_\(column)"
        case .members(_, _, let roles): (["members"] + roles).joined(separator: "_")
        case .appRole(let roles): (["app_role"] + roles).joined(separator: "_")
        case .serviceRoleOnly: "service_role"
        case .noAccess: "no_access"
        }
    }

    /// The plan in words, for messages and docs.
    public var description: String {
        switch self {
        case .public: "anyone"
        case .authenticated: "any signed-in user"
        case .owner(let column): "only the signed-in user whose id is in \(column)"
        case .ownerThrough(let column): "only the signed-in user who owns the row \(column) references"
        case .members(let column, let membership, let roles):
            "members (\(membership)) of the row's \(column)" + (roles.isEmpty ? "" : " with role \(roles.joinedWithOr)")
        case .appRole(let roles): "signed-in users whose app role (app_metadata.role) is \(roles.joinedWithOr)"
        case .serviceRoleOnly: "only the service role"
        case .noAccess: "nobody"
        }
    }
}

extension [String] {
    /// `admin`, `admin or owner`, `admin, owner or staff`.
    public var joinedWithOr: String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
    }
}
