/// How a row leads to the group whose members may reach it: zero or more foreign-key hops to a
/// parent row, then the column that holds the group's key, looked up among the signed-in user's
/// memberships (with one of `roles`, or any role when empty).
///
/// `listing.dealership_id` with memberships in `dealership_member` is `hops == []`,
/// `groupColumn == "dealership_id"`; `listing_photo.listing_id → listing.id` whose listing has a
/// members plan is one hop, then `dealership_id`.
public struct MembershipPath: Sendable, Hashable, CustomStringConvertible {
    /// The steps to the row that holds the group key, empty when the table itself holds it.
    public var hops: [OwnerPath.Hop]
    /// The column, in the last table reached, that holds the group's key.
    public var groupColumn: String
    /// The memberships consulted.
    public var membership: Membership
    /// The roles that qualify; empty: any member.
    public var roles: [String]

    /// Declares a path.
    public init(hops: [OwnerPath.Hop] = [], groupColumn: String, membership: Membership, roles: [String]) {
        self.hops = hops
        self.groupColumn = groupColumn
        self.membership = membership
        self.roles = roles
    }

    /// `listing_id → public.listing.id, dealership_id ∈ public.dealership_member (admin, owner)`.
    public var description: String {
        let roleList = roles.isEmpty ? "" : " (\(roles.joined(separator: ", ")))"
        return
            (hops.map { "\($0.column) → \($0.parent).\($0.parentColumn)" }
            + ["\(groupColumn) ∈ \(membership.table)\(roleList)"]).joined(separator: ", ")
    }
}

/// A membership table as the plans read it: which column names the group, which the user, and
/// which (if any) the member's role; resolved from the table's declaration.
public struct Membership: Sendable, Hashable {
    /// The membership table, such as `public.dealership_member`.
    public var table: TableName
    /// Its column that references the group (`dealership_id`).
    public var groupColumn: String
    /// The group table that column references (`public.dealership`).
    public var group: TableName
    /// The group table's referenced key column (`id`).
    public var groupKey: String
    /// The type of the group key, which the helper function returns an array of.
    public var groupKeyType: ColumnType
    /// Its uuid column that holds the member's user id (`user_id`).
    public var userColumn: String
    /// Its column that holds the member's role (`role`), if it has one.
    public var roleColumn: String?

    /// Declares a resolved membership.
    public init(
        table: TableName, groupColumn: String, group: TableName, groupKey: String, groupKeyType: ColumnType,
        userColumn: String, roleColumn: String?
    ) {
        self.table = table
        self.groupColumn = groupColumn
        self.group = group
        self.groupKey = groupKey
        self.groupKeyType = groupKeyType
        self.userColumn = userColumn
        self.roleColumn = roleColumn
    }

    /// The schema of the generated helper functions: not exposed by the API, never `public`.
    public static let helperSchema = "private"

    /// The helper that lists the signed-in user's groups: `current_user_dealership_ids`.
    public var helperName: String { "current_user_\(groupColumn)s" }
}
