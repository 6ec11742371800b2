import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSTestSupport
import Testing

/// Issue 33 (and 31): a baseline never revokes the owner's own privileges. Supabase's default
/// privileges name `postgres` itself (`grant all on tables to postgres, anon, ...`), and
/// `revoke execute on functions from public` leaves only the owner's entry; both are the owner's
/// implicit privileges, not grants to take back.
@Suite("The owner's own privileges survive pull and replay")
struct OwnerPrivilegeTests {
    /// Default privileges as a hosted project has them, and a schema created under them.
    static let schema = """
        alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
        alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
        alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
        alter default privileges revoke execute on functions from public;
        create function public.token(n int) returns text language sql as $$ select repeat('x', n) $$;
        create table public.note (id bigint generated always as identity primary key, body text, token text default 'x');
        alter table public.note enable row level security;
        revoke all on table public.note from anon;
        create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
        """

    /// Every ACL entry of the public schema's tables, sequences and functions, the owner's included.
    private func entries(_ db: Connection) throws -> [String] {
        try db.query(
            """
            select kind || ' ' || name || ' ' || grantee || ' ' || privilege as entry from (
              select 'table' as kind, c.relname::text as name, pg_get_userbyid(a.grantee)::text as grantee, a.privilege_type as privilege
              from pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
              where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'S')
              union all
              select 'function', p.proname::text, case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end, a.privilege_type
              from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
              where p.pronamespace = 'public'::regnamespace
            ) e order by 1
            """
        ).rows.map { try $0.string("entry") }
    }

    @Test func baselineKeepsTheOwnersPrivileges() throws {
        let (_, original) = try TestDatabase.make(.none)
        defer { original.close() }
        try original.execute(Self.schema)
        let pull = try Pull(connection: original, name: "App", origin: "a test database")
        #expect(!pull.baselineSQL.contains("from \"postgres\""), "\(pull.baselineSQL)")
        #expect(try entries(original).contains("table note postgres SELECT"))

        // Replayed on a fresh database whose default privileges are the project's, as a new
        // environment made from the same migrations would be.
        let (_, replayed) = try TestDatabase.make(.none)
        defer { replayed.close() }
        try replayed.execute(
            Self.schema.split(separator: "\n").filter { $0.hasPrefix("alter default privileges") }.joined(separator: "\n"))
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        #expect(try entries(replayed) == entries(original))
        #expect(try replayed.query("select has_function_privilege('postgres', 'public.touch()', 'execute') as ok").rows[0].bool("ok"))
    }

    @Test func newObjectsGetNoGrantFromTheCreatorsOwnDefault() {
        let catalog = Catalog(defaultPrivileges: [
            .init(schema: nil, objectKind: .function, grantee: Role("postgres"), privilege: .execute, toCreator: true),
            .init(schema: "public", objectKind: .table, grantee: Role("postgres"), privilege: .select, toCreator: true),
            .init(schema: "public", objectKind: .table, grantee: .anon, privilege: .select),
        ])
        let name = QualifiedName(schema: "public", name: "note")
        #expect(catalog.initialGrants(for: .table, object: name).map(\.grantee) == [.anon])
        // The creator's global entry still replaces the built-in EXECUTE for PUBLIC.
        #expect(catalog.initialGrants(for: .function, object: name, arguments: "").isEmpty)
    }
}
