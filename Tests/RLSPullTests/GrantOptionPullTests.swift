import Foundation
import RLSCatalog
import RLSDatabase
import RLSMigrations
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: privileges held WITH GRANT OPTION on tables, views (plain and materialized), sequences,
/// columns and functions are declared as the database holds them: pulled, the Swift builds and plans
/// to nothing, and the baseline replayed on a fresh database gives back the same ACLs.
@Suite("Object privileges with grant option, as pull declares them")
struct GrantOptionPullTests {
    static let production = """
        create table public.note (id bigint generated always as identity primary key, title text, body text);
        alter table public.note enable row level security;
        grant select on table public.note to authenticated with grant option;
        grant insert on table public.note to authenticated;
        grant update (title) on table public.note to authenticated with grant option;
        grant select, insert, update on table public.note to service_role;
        create table public.tag (id serial primary key, name text);
        alter table public.tag enable row level security;
        grant select, insert on table public.tag to anon;
        grant usage on sequence public.tag_id_seq to anon with grant option;
        create view public.note_titles with (security_invoker = true) as select id, title from public.note;
        grant select on public.note_titles to authenticated with grant option;
        create materialized view public.note_count as select count(*) as notes from public.note;
        grant select on public.note_count to service_role with grant option;
        create function public.add_one(n integer) returns integer language sql as $$ select n + 1 $$;
        revoke all on function public.add_one(integer) from public;
        grant execute on function public.add_one(integer) to authenticated with grant option;
        grant execute on function public.add_one(integer) to anon;
        """

    /// Every ACL entry on the relations, columns and functions of `public`, the owner's aside, with
    /// its grant option (`*`).
    static func privileges(_ db: Connection) throws -> [String] {
        let grantee = "case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end"
        let option = "case when a.is_grantable then '*' else '' end"
        return try db.query(
            """
            select c.relname || ' ' || \(grantee) || ' ' || a.privilege_type || \(option) as entry
            from pg_class c,
                 aclexplode(coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))) a
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'S') and a.grantee <> c.relowner
            union all
            select c.relname || '.' || att.attname || ' ' || \(grantee) || ' ' || a.privilege_type || \(option)
            from pg_class c join pg_attribute att on att.attrelid = c.oid, aclexplode(att.attacl) a
            where c.relnamespace = 'public'::regnamespace and att.attacl is not null
            union all
            select p.proname || ' ' || \(grantee) || ' ' || a.privilege_type || \(option)
            from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
            where p.pronamespace = 'public'::regnamespace and a.grantee <> p.proowner
            order by 1
            """
        ).rows.map { try $0.string("entry") }
    }

    @Test func planIsEmptyAfterPullAndTheBaselineGivesTheACLsBack() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.production)
        let original = try Self.privileges(db)
        #expect(original.contains("note authenticated SELECT*"), "\(original)")
        #expect(original.contains("note.title authenticated UPDATE*"), "\(original)")
        #expect(original.contains("add_one authenticated EXECUTE*"), "\(original)")

        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.notes.allSatisfy { !$0.message.contains("grant option") }, "\(pull.pulled.notes)")
        let swift = pull.sources.files.values.joined()
        for declared in [
            ".updatable(only: \"title\")", ".withGrantOption([.authenticated: [.select, .update]])",
            ".withGrantOption(sequences: [.anon: [.usage]])", ".withGrantOption([.serviceRole: [.select]])",
            ".withGrantOption([.authenticated: [.select]])", ".withGrantOption(execute: [.authenticated])",
        ] {
            #expect(swift.contains(declared), "\(declared) is not in:\n\(swift)")
        }
        try PulledProject.expectSwiftTypeChecks(pull)
        try PulledProject.expectNoDriftAfterPull(pull, on: db)

        let replayed = try PulledProject.replayedBaseline(pull)
        defer { replayed.close() }
        let copy = try Self.privileges(replayed)
        #expect(copy == original, "replayed:\n\(copy.joined(separator: "\n"))\noriginal:\n\(original.joined(separator: "\n"))")
    }

    /// Taking an option away revokes just the option; giving one grants the privilege again with it.
    @Test func theOptionAloneChanges() throws {
        let (_, db) = try TestDatabase.make(.none)
        defer { db.close() }
        try db.execute(Self.production)
        var schema = try Pull(connection: db, name: "App", origin: "a test database").pulled.schema
        let note = try #require(schema.tables.firstIndex { $0.name == "note" })
        schema.tables[note] = schema.tables[note].withGrantOption([.authenticated: [.update]], sequences: [:])
        let function = try #require(schema.functions.firstIndex { $0.name == "add_one" })
        schema.functions[function] = schema.functions[function].withGrantOption(execute: [.anon, .authenticated])
        let plan = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        let statements = plan.sql.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("--") }
        #expect(
            statements == [
                #"revoke grant option for select on table "public"."note" from "authenticated";"#,
                #"grant execute on function "public"."add_one"(n integer) to "anon" with grant option;"#,
            ], "\(plan.sql)")
        try db.execute(plan.sql)
        let held = try Self.privileges(db)
        #expect(held.contains("note authenticated SELECT") && held.contains("add_one anon EXECUTE*"), "\(held)")
        let again = try Drift.plan(target: db, desiredSQL: try renderValidated(schema), scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
    }
}
