/// Who may perform one operation on the files of a storage bucket (rows of `storage.objects` whose
/// `bucket_id` is the bucket's id). Plans compose per operation through ``BucketAccess``, like
/// table plans. A file's first folder (`name` up to the first `/`) is what the folder plans test.
///
/// What each plan compiles to, for `insert` into the `avatars` bucket (`update` gets the condition
/// as `using` and `with check`, `select` and `delete` as `using`):
/// ```sql
/// -- .public
/// create policy "bucket_avatars_insert" on "storage"."objects" ... to "anon", "authenticated"
///   with check ("bucket_id" = 'avatars');
/// -- .authenticated
/// ... to "authenticated" with check ("bucket_id" = 'avatars');
/// -- .ownerFolder: avatars/<user id>/face.png
/// ... to "authenticated" with check ("bucket_id" = 'avatars'
///     and (storage.foldername("name"))[1] = ((select auth.uid()))::text);
/// -- .rowFolder(of: "listing", .owner(column: "seller_id")): listing-photos/<listing id>/front.jpg
/// ... to "authenticated" with check ("bucket_id" = 'listing-photos' and exists (
///       select 1 from "public"."listing" as "listing"
///       where "listing"."id"::text = (storage.foldername("objects"."name"))[1]
///         and ("seller_id" = (select auth.uid()))));
/// -- .serviceRoleOnly / .noAccess: no policy (the backend's service key bypasses RLS)
/// ```
public enum StoragePlan: Sendable, Hashable, CustomStringConvertible {
    /// Anyone, signed in or not (`anon` and `authenticated`), every file of the bucket.
    case `public`
    /// Any signed-in user, every file of the bucket.
    case authenticated
    /// A signed-in user, only in the folder named after their user id: `<user id>/...`.
    case ownerFolder
    /// A signed-in user, only in folders named after the primary key of a row of `table` that one
    /// of `plans` lets them reach (`<listing id>/...` for the listing's seller or its dealership's staff).
    case rowFolder(table: TableName, plans: [AccessPlan])
    /// Only the backend's `service_role` (which bypasses RLS): no policy for the API roles.
    case serviceRoleOnly
    /// Nobody through the API (the backend's service key still bypasses RLS): no policy.
    case noAccess

    /// Folders named after rows of `table` (in `public` unless qualified) that one of `plans`
    /// lets the user reach: the table's own plans, usually its write plan.
    ///
    /// ```swift
    /// Bucket("listing-photos").access(
    ///     read: .authenticated,
    ///     write: .rowFolder(of: "listing", .owner(column: "seller_id"),
    ///                       .members(of: "dealership_id", through: "dealership_member")))
    /// ```
    public static func rowFolder(of table: String, _ plans: AccessPlan...) -> StoragePlan {
        .rowFolder(table: TableName(stringLiteral: table), plans: plans)
    }

    /// The roles a generated policy is `TO`; empty for plans without a policy.
    public var policyRoles: [Role] {
        switch self {
        case .public: [.anon, .authenticated]
        case .authenticated, .ownerFolder: [.authenticated]
        case .rowFolder(_, let plans): Array(Set(plans.flatMap(\.policyRoles))).sorted()
        case .serviceRoleOnly, .noAccess: []
        }
    }

    /// A short stable word: `public`, `owner_folder`, `row_folder_listing`.
    public var slug: String {
        switch self {
        case .public: "public"
        case .authenticated: "authenticated"
        case .ownerFolder: "owner_folder"
        case .rowFolder(let table, _): "row_folder_\(table.name)"
        case .serviceRoleOnly: "service_role"
        case .noAccess: "no_access"
        }
    }

    /// The plan in words, for messages and docs.
    public var description: String {
        switch self {
        case .public: "anyone"
        case .authenticated: "any signed-in user"
        case .ownerFolder: "a signed-in user, in the folder named after their user id"
        case .rowFolder(let table, let plans):
            "a signed-in user, in the folder named after the id of a \(table.name) row they reach as "
                + plans.map(\.description).joinedWithOr
        case .serviceRoleOnly: "only the service role"
        case .noAccess: "nobody"
        }
    }
}
