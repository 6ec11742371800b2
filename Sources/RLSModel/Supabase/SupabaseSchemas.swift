/// The schemas Supabase's services or Postgres own: the one list every layer reads. A schema declares
/// no table in them (the services create and migrate their own tables); the database layer never
/// manages objects in them, except triggers on `auth.users` and policies on `storage.objects`.
public enum SupabaseSchemas {
    /// Owned schemas, by exact name.
    public static let owned = [
        "auth", "storage", "realtime", "_realtime", "extensions", "vault", "pgsodium", "pgsodium_masks",
        "information_schema", "net", "cron", "pgbouncer", "pgtle", "_analytics",
    ]

    /// Owned schemas, by name prefix.
    public static let ownedPrefixes = ["pg_", "supabase_", "graphql"]

    /// Whether Supabase or Postgres owns `schema`.
    public static func owns(_ schema: String) -> Bool {
        owned.contains(schema) || ownedPrefixes.contains { schema.hasPrefix($0) }
    }
}
