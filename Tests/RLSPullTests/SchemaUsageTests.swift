import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: who may use a schema is read, pulled, declared and diffed exactly: a project that shuts
/// anon out of `public`, lets Supabase Auth's role into it, or keeps a helper schema only the
/// backend uses round-trips without drift, and the DSL grants nothing the database does not hold.
@Suite("Schema usage, as the database holds it")
struct SchemaUsageTests {
    static let production = """
        revoke usage on schema public from public, anon;
        grant usage on schema public to supabase_auth_admin;
        create schema app;
        grant usage on schema app to service_role;
        create function app.generate_token(n int) returns text language sql as $$ select repeat('x', n) $$;
        grant execute on function app.generate_token(int) to authenticated;
        create table public.note (id bigint generated always as identity primary key, body text);
        alter table public.note enable row level security;
        grant select on public.note to authenticated;
        """

    private func usage(_ schema: String, on db: Connection) throws -> [String] {
        try db.query(
            """
            select r from unnest(array['public', 'anon', 'authenticated', 'service_role', 'supabase_auth_admin']) r
            where case when r = 'public' then exists (
                    select 1 from pg_namespace n, aclexplode(n.nspacl) a where n.nspname = $1 and a.grantee = 0 and a.privilege_type = 'USAGE')
                  else has_schema_privilege(r, $1, 'USAGE') end
            order by 1
            """, [schema]
        ).rows.map { try $0.string("r") }
    }

    @Test func pullDeclaresItAndPlansToNothing() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.schema.schemaPrivileges.map(\.schema) == ["app", "public"])
        #expect(pull.pulled.schema.schemaPrivileges.first { $0.schema == "app" }?.usage == [.serviceRole])
        #expect(
            pull.pulled.schema.schemaPrivileges.first { $0.schema == "public" }?.usage == [
                .authenticated, .serviceRole, Role("supabase_auth_admin"),
            ])
        #expect(pull.sources.files.values.contains { $0.contains(#"SchemaUsage("app", by: [.serviceRole])"#) })

        try PulledProject.expectNoDriftAfterPull(pull, on: db)

        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        #expect(try usage("public", on: replayed) == usage("public", on: db))
        #expect(try usage("app", on: replayed) == ["service_role"])
        #expect(ChangePlan(from: try replayed.introspectCatalog(), to: pull.catalog).isEmpty)
    }

    @Test func declaredUsageRendersAndApplies() throws {
        let schema = Schema {
            SchemaUsage("public", by: .authenticated, .serviceRole)
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            }
            .access(.owner(column: "owner_id"))
        }
        let sql = try renderValidated(schema)
        #expect(sql.contains(#"revoke usage on schema "public" from public, "anon";"#), "\(sql)")
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + sql + "\ncommit;")
        #expect(try usage("public", on: db) == ["authenticated", "service_role"])
        let drift = try Drift.plan(target: db, desiredSQL: sql, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "\(drift.sql)")

        // Without the declaration, public keeps Supabase's usage: the plan gives it back.
        let plain = try renderValidated(Schema(elements: schema.tables.map(SchemaElement.table)))
        let back = try Drift.plan(target: db, desiredSQL: plain, scratch: TestDatabase.cluster)
        #expect(back.sql.contains(#"grant usage on schema "public" to "anon""#) || back.sql.contains(#"to public"#), "\(back.sql)")
    }

    @Test func supabasesSchemasCannotBeDeclared() {
        let errors = Schema { SchemaUsage("storage", by: .anon) }.validationErrors()
        #expect(errors.contains { $0.message.contains("belongs to Supabase") })
    }
}
