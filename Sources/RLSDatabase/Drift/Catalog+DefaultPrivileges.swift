public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres

extension Catalog {
    /// How the database read into this catalog treats new tables in `public`: `.legacyGrantAll`
    /// when the connected role's default privileges hand them to the API roles (Supabase projects
    /// made before 2026-10-30), `.none` otherwise.
    ///
    /// A throwaway database for the desired state is made the same way, so that what a `CREATE`
    /// grants by default is part of both sides.
    public var publicTableDefaults: DefaultPrivileges {
        hasLegacyPublicDefaults ? .legacyGrantAll : .none
    }
}
