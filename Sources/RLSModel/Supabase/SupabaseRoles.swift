/// The roles Supabase's services own, which a project's `postgres` role may not act for on hosted
/// Supabase (supabase/postgres `migrations/db/init-scripts/00000000000000-initial-schema.sql`).
public enum SupabaseRoles {
    /// Supabase's roles that do not start with `supabase_`.
    public static let named: Set<String> = [
        "authenticator", "dashboard_user", "pgbouncer", "pgsodium_keyholder", "pgsodium_keyiduser", "pgsodium_keymaker",
    ]

    /// Whether `role` is one of Supabase's own (`supabase_admin`, `supabase_auth_admin`, ...).
    public static func isSupabases(_ role: String) -> Bool {
        role.hasPrefix("supabase_") || named.contains(role)
    }
}
