/// The schemas Supabase's services or Postgres own: the one list every layer reads. A schema declares
/// no table, view, type or function in them (the services create and migrate their own objects);
/// rendering never creates them; the database layer never manages objects in them, except triggers
/// on `auth.users` and policies on `storage.objects`.
public enum SupabaseSchemas {
    /// Owned schemas, by exact name.
    public static let owned = [
        "auth", "storage", "realtime", "_realtime", "extensions", "vault", "pgsodium", "pgsodium_masks",
        "information_schema", "net", "cron", "pgbouncer", "pgtle", "_analytics",
    ]

    /// Owned schemas, by name prefix.
    public static let ownedPrefixes = ["pg_", "supabase_", "graphql"]

    /// The owned prefixes as `LIKE` patterns (`pg\_%`), for catalog queries.
    public static let ownedLikePatterns = ownedPrefixes.map { $0.replacingUnderscores() + "%" }

    /// The schema every Supabase database has that Supabase does not own: where tables go by default.
    public static let `public` = "public"

    /// Whether Supabase or Postgres owns `schema`.
    public static func owns(_ schema: String) -> Bool {
        owned.contains(schema) || ownedPrefixes.contains { schema.hasPrefix($0) }
    }

    /// Whether every Supabase database already has `schema` (`public` or an owned one): rendering
    /// writes no `create schema` for it.
    public static func preexists(_ schema: String) -> Bool {
        schema == Self.public || owns(schema)
    }
}

extension String {
    /// `_` escaped for `LIKE`, where it matches any one character.
    fileprivate func replacingUnderscores() -> String {
        split(separator: "_", omittingEmptySubsequences: false).joined(separator: "\\_")
    }
}
