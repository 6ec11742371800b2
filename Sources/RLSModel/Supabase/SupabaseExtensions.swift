/// The extensions every Supabase database already has: the one list every layer reads. A schema
/// never declares them, rendering never creates them, and plan and diff never create or drop them.
///
/// A new project has `plpgsql`, `uuid-ossp`, `pgcrypto` and `pg_stat_statements` (in `extensions`),
/// `pg_graphql` (in `graphql`) and `supabase_vault` (in `vault`); projects made earlier also have
/// `pgjwt` and `pgsodium` (supabase/postgres, `migrations/db/init-scripts` and `migrations/db/migrations`).
public enum SupabaseExtensions {
    /// Preinstalled extensions, by name.
    public static let preinstalled: Set<String> = [
        "plpgsql", "uuid-ossp", "pgcrypto", "pg_stat_statements", "pg_graphql", "supabase_vault", "pgjwt", "pgsodium",
    ]

    /// Whether every Supabase database already has extension `name`.
    public static func isPreinstalled(_ name: String) -> Bool {
        preinstalled.contains(name)
    }
}
