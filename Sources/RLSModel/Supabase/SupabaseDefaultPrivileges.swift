/// The default privileges a Supabase project starts with, as declarations: what `rls pull` leaves
/// out and the embedded cluster sets up.
public enum SupabaseDefaultPrivileges {
    /// Projects made before 2026-10-30 hand every privilege on new tables, sequences and functions
    /// in `public` to the API roles (supabase/postgres
    /// `migrations/db/init-scripts/00000000000000-initial-schema.sql`, for `postgres` and
    /// `supabase_admin`); projects made since hand them nothing.
    ///
    /// ```sql
    /// alter default privileges in schema "public" grant all on tables to "anon", "authenticated", "service_role";
    /// ```
    public static let legacyPublic: [DefaultPrivilege] = [DefaultPrivilege.Objects.tables, .sequences, .functions].map {
        DefaultPrivilege(.grant, [.all], on: $0, in: SupabaseSchemas.public, roles: Role.apiRoles, fileID: "Supabase", line: 0)
    }
}
