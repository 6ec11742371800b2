import RLSPostgres

/// What new tables, sequences and functions in `public` grant the API roles by default.
///
/// Supabase stopped granting them for all projects on 2026-10-30, so ``none`` is the default:
/// a new table is invisible to `anon` and `authenticated` until the schema grants access.
public enum DefaultPrivileges: String, Sendable, Equatable, CaseIterable {
    /// No default grants: `anon`, `authenticated` and `service_role` get nothing on new objects.
    case none
    /// The older Supabase behaviour, where RLS was the only barrier:
    ///
    /// ```sql
    /// alter default privileges for role postgres in schema public
    ///     grant all on tables to anon, authenticated, service_role;
    /// -- and the same for sequences and functions
    /// ```
    case legacyGrantAll
}
