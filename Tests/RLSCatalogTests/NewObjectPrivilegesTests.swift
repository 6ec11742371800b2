import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// A migration from `rls diff` is computed on throwaway databases without default grants, then
/// applied to real projects, some of which grant ALL on new objects in `public` to the API roles.
/// New objects must end with the declared privileges on both.
@Suite("Privileges of new objects whatever the default privileges")
struct NewObjectPrivilegesTests {
    /// An owner-only table with an identity column, a view and a security definer function, in the
    /// shape `rls sql` renders them.
    static let additions = """
        create table public.note (
            id bigint generated always as identity primary key,
            owner_id uuid not null default auth.uid(),
            body text not null
        );
        alter table public.note enable row level security;
        revoke all on table public.note from anon, authenticated, service_role;
        grant select, insert, update, delete on table public.note to authenticated;
        revoke all on sequence public.note_id_seq from anon, authenticated, service_role;
        create policy "owner reads notes" on public.note for select to authenticated
            using ((select auth.uid()) = owner_id);

        create view public.note_bodies with (security_invoker = true) as select id, body from public.note;
        revoke all on table public.note_bodies from anon, authenticated, service_role;
        grant select on table public.note_bodies to authenticated;

        create function public.note_count() returns bigint language sql stable security definer
            set search_path = '' as $$ select count(*) from public.note $$;
        revoke all on function public.note_count() from public, anon, authenticated, service_role;
        grant execute on function public.note_count() to authenticated;
        """

    /// What anon and authenticated may do in `public`, one line per privilege, sorted.
    static func privileges(_ db: Connection) throws -> [String] {
        let tables = try db.query(
            """
            select grantee || ' ' || table_name || ' ' || privilege_type as line
            from information_schema.role_table_grants
            where table_schema = 'public' and grantee in ('anon', 'authenticated', 'PUBLIC')
            """
        ).rows.map { try $0.string("line") }
        let checks = try db.query(
            """
            select r.role || ' ' || c.what || ' ' || c.allowed::text as line
            from (values ('anon'), ('authenticated')) r(role),
            lateral (values
                ('truncate note', has_table_privilege(r.role, 'public.note', 'TRUNCATE')),
                ('insert note_bodies', has_table_privilege(r.role, 'public.note_bodies', 'INSERT')),
                ('execute note_count', has_function_privilege(r.role, 'public.note_count()', 'EXECUTE')),
                ('usage note_id_seq', has_sequence_privilege(r.role, 'public.note_id_seq', 'USAGE'))
            ) c(what, allowed)
            """
        ).rows.map { try $0.string("line") }
        return (tables + checks).sorted()
    }

    @Test func nextMigrationGivesTheSamePrivilegesOnLegacyAndStrictDatabases() throws {
        let cluster = try TestDatabase.cluster
        let initial = SQLScript(
            name: "initial.sql",
            sql: try #require(
                try diffMigrations(migrations: [], desiredSQL: MiniSupabaseSchema.sql, scratch: cluster)))
        let desiredSQL = MiniSupabaseSchema.sql + "\n" + Self.additions
        let next = try #require(try diffMigrations(migrations: [initial], desiredSQL: desiredSQL, scratch: cluster))
        var results: [DefaultPrivileges: [String]] = [:]
        for defaults in DefaultPrivileges.allCases {
            let (_, db) = try TestDatabase.make(defaults)
            defer { db.close() }
            try db.execute("BEGIN;\n" + initial.sql + "\nCOMMIT;")
            try db.execute("BEGIN;\n" + next + "\nCOMMIT;")
            let found = try Self.privileges(db)
            results[defaults] = found
            #expect(found.contains("anon truncate note false"), "\(defaults): \(found)")
            #expect(found.contains("anon execute note_count false"), "\(defaults): \(found)")
            #expect(found.contains("authenticated execute note_count true"), "\(defaults): \(found)")
            #expect(
                !found.contains { $0.hasPrefix("anon note") || $0.hasPrefix("authenticated note TRUNCATE") },
                "\(defaults): \(found)")
            // Replaying both migrations gives the DSL's state on a strict database: nothing left to
            // plan but, on the legacy one, its default privileges themselves (which differ by construction).
            let plan = try Drift.plan(
                target: db, desiredSQL: desiredSQL, scratch: cluster,
                defaultPrivileges: DefaultPrivileges.none)
            let objects = plan.changes.filter { $0.object != .defaultPrivileges }
            #expect(objects.isEmpty, "\(defaults): \(objects.map(\.sql))")
            #expect(plan.changes.isEmpty == (defaults == .none), "\(defaults): \(plan.sql)")
        }
        #expect(results[.none] == results[.legacyGrantAll])
    }

    @Test func planOnLegacyDatabaseAppliesAndReplansToEmpty() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        let desiredSQL = MiniSupabaseSchema.sql + "\n" + Self.additions
        let plan = try Drift.plan(target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(
            plan.sql.contains(
                #"revoke all on function "public"."note_count"() from public, "anon", "authenticated", "service_role";"#))
        try db.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let again = try Drift.plan(target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
        #expect(try Self.privileges(db).contains("anon truncate note false"))
    }
}
