import RLSCatalog
import RLSModel

extension CatalogReader {
    /// The `alter default privileges` that take a new Supabase project's defaults to the database's
    /// (``Catalog/defaultPrivilegeChanges(from:to:)``): none for a project that never changed them.
    ///
    /// Supabase's own roles (`supabase_admin`, ...) are left out: hosted Supabase does not let
    /// `postgres` alter their defaults, so any they hold beyond Supabase's start is noted, NOT in the
    /// baseline, instead of written as SQL that would fail there.
    mutating func defaultPrivileges() -> [DefaultPrivilege] {
        let supabases = catalog.defaultPrivileges.filter { $0.isSupabases && $0.schema != nil && !Self.isSupabaseStart($0) }
        let outside = catalog.defaultPrivileges.filter { !$0.isSupabases && !$0.alterable && !$0.toCreator }
        let outsideGroups = Dictionary(grouping: outside) { "\($0.role?.name ?? "") \($0.schema ?? "")" }
        for (_, entries) in outsideGroups.sorted(by: { $0.key < $1.key }) {
            let first = entries[0]
            let role = first.role?.name ?? ""
            notes.append(
                PullNote(
                    "default privileges for role \(role)\(first.schema.map { " in schema \($0)" } ?? "")",
                    "the connected role is not a member of \(role), so no migration it runs may alter these; "
                        + "NOT in the baseline, not expressible (grant \(role) to the role that runs migrations, then pull again)"))
        }
        let grouped = Dictionary(grouping: supabases) {
            "\($0.role?.name ?? "") \($0.schema ?? "") \(DefaultPrivilege.Objects($0.objectKind).rawValue)"
        }
        for (_, entries) in grouped.sorted(by: { $0.key < $1.key }) {
            let first = entries[0]
            let role = first.role?.name ?? ""
            let grants = Dictionary(grouping: entries, by: \.grantee.name).sorted { $0.key < $1.key }
                .map { grantee, held in "\(held.map { $0.privilege.rawValue }.sorted().joined(separator: ", ")) to \(grantee)" }
            notes.append(
                PullNote(
                    "default privileges for role \(role) in schema \(first.schema ?? "")",
                    "new \(DefaultPrivilege.Objects(first.objectKind).rawValue) \(role) creates get \(grants.joined(separator: "; ")); "
                        + "\(role) is Supabase's role, whose default privileges postgres may not alter on hosted Supabase: "
                        + "NOT in the baseline, not expressible (run it as a superuser where you can, for example locally)"))
        }
        return Catalog.defaultPrivilegeChanges(from: catalog.newProjectDefaultPrivileges, to: catalog.defaultPrivileges)
    }

    /// True for an entry Supabase itself creates: `supabase_admin`'s `grant all` on new tables,
    /// sequences and functions in `public` to `postgres` and the API roles (supabase/postgres
    /// `migrations/db/init-scripts/00000000000000-initial-schema.sql`), or its entry for itself.
    private static func isSupabaseStart(_ entry: Catalog.DefaultPrivilege) -> Bool {
        entry.toCreator
            || entry.role == Role("supabase_admin") && entry.schema == SupabaseSchemas.public && entry.objectKind != .type
                && entry.objectKind != .schema && (Role.apiRoles + [Role("postgres")]).contains(entry.grantee)
    }
}
