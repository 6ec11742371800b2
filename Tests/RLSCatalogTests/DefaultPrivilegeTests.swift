import RLSCatalog
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: `DefaultPrivilege` renders the `alter default privileges` Postgres takes (as the
/// non-superuser `postgres`), validation refuses what hosted Supabase refuses, and plan shows the
/// difference and applies to nothing left.
@Suite("Default privileges declared, rendered and planned")
struct DefaultPrivilegeTests {
    static let declared = Schema {
        SchemaPrivileges("app", usage: [.authenticated], create: [Role("supabase_auth_admin")])
        DefaultPrivilege.revoke(.execute, on: .functions, from: .public)
        DefaultPrivilege.grant(.select, .insert, on: .tables, in: "app", to: .authenticated)
        DefaultPrivilege.grant(.usage, on: .sequences, in: "app", to: .serviceRole, withGrantOption: true)
        DefaultPrivilege.grant(.usage, on: .types, to: .authenticated)
        Table("note", schema: "app") {
            Column("id", .bigint).identity().primaryKey()
        }
        .access(read: .authenticated, write: .noAccess)
    }

    @Test func rendersAfterEverythingElse() throws {
        let sql = try renderValidated(Self.declared)
        let expected = """
            alter default privileges revoke execute on functions from public;
            alter default privileges in schema "app" grant select, insert on tables to "authenticated";
            alter default privileges in schema "app" grant usage on sequences to "service_role" with grant option;
            alter default privileges grant usage on types to "authenticated";
            """
        #expect(sql.hasSuffix(expected + "\n") || sql.hasSuffix(expected), "\(sql)")
        #expect(sql.contains(#"grant usage on schema "app" to "authenticated";"#), "\(sql)")
        #expect(sql.contains(#"grant create on schema "app" to "supabase_auth_admin";"#), "\(sql)")
        #expect(!sql.contains(#"on schema "app" to "authenticated", "service_role""#), "\(sql)")
    }

    @Test func planShowsTheDifferenceAndApplies() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let desired = try renderValidated(Self.declared)
        let plan = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        let lines = plan.changes.filter { $0.object == .defaultPrivileges }.map(\.summary)
        #expect(
            lines == [
                "- default privileges execute on new functions from public",
                "+ default privileges usage on new types to authenticated",
                "+ default privileges select, insert on new tables in app to authenticated",
                "+ default privileges usage on new sequences in app to service_role with grant option",
            ], "\(lines)")
        try db.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let again = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(again.isEmpty, "\(again.sql)")
        // Removing the declarations gives the defaults back.
        let plain = try renderValidated(
            Schema(elements: Self.declared.tables.map(SchemaElement.table) + [.schemaPrivileges(Self.declared.schemaPrivileges[0])]))
        let back = try Drift.plan(target: db, desiredSQL: plain, scratch: TestDatabase.cluster)
        #expect(back.sql.contains("alter default privileges grant execute on functions to public;"), "\(back.sql)")
    }

    @Test func diffWritesThemAfterTheObjectsAndTheNextDiffIsEmpty() throws {
        let desired = try renderValidated(Self.declared)
        let plain = try renderValidated(
            Schema(elements: Self.declared.tables.map(SchemaElement.table) + [.schemaPrivileges(Self.declared.schemaPrivileges[0])]))
        let first = SQLScript(
            name: "first.sql", sql: try #require(try diffMigrations(migrations: [], desiredSQL: plain, scratch: TestDatabase.cluster)))
        #expect(!first.sql.contains("alter default privileges"), "\(first.sql)")
        let next = try #require(try diffMigrations(migrations: [first], desiredSQL: desired, scratch: TestDatabase.cluster))
        let statements = next.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.isEmpty }
        #expect(statements.allSatisfy { $0.hasPrefix("alter default privileges") }, "\(next)")
        #expect(statements.count == 4, "\(next)")
        let after = try diffMigrations(
            migrations: [first, SQLScript(name: "next.sql", sql: next)], desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(after == nil, "\(after ?? "")")
    }

    @Test func globalDefaultsCompareAgainstPostgresBuiltIn() {
        let changes = Catalog.defaultPrivilegeChanges(
            from: [],
            to: [.init(schema: nil, objectKind: .function, grantee: Role("postgres"), privilege: .execute, toCreator: true)])
        #expect(changes.map(\.sql) == ["alter default privileges revoke execute on functions from public;"])
        // A creator's per-schema entry for itself changes nothing.
        #expect(
            Catalog.defaultPrivilegeChanges(
                from: [], to: [.init(schema: "public", objectKind: .table, grantee: Role("postgres"), privilege: .select, toCreator: true)]
            ).isEmpty)
        // Supabase's own roles are never compared.
        #expect(
            Catalog.defaultPrivilegeChanges(
                from: [],
                to: [.init(schema: "public", objectKind: .table, grantee: .anon, privilege: .select, role: Role("supabase_admin"))]
            ).isEmpty)
    }

    @Test func validationRefusesWhatPostgresOrHostedSupabaseRefuses() {
        let errors = Schema {
            DefaultPrivilege.grant(.execute, on: .tables, to: .anon)
            DefaultPrivilege.grant(.usage, on: .schemas, in: "app", to: .anon)
            DefaultPrivilege.grant(.select, on: .tables, in: "storage", to: .anon)
            DefaultPrivilege.grant(.select, on: .tables, in: "public", to: .anon, forRole: Role("supabase_admin"))
        }.validationErrors().map(\.message)
        #expect(errors.contains { $0.contains("tables have no execute privilege") }, "\(errors)")
        #expect(errors.contains { $0.contains("remove in: \"app\"") }, "\(errors)")
        #expect(errors.contains { $0.contains("schema storage belongs to Supabase") }, "\(errors)")
        #expect(errors.contains { $0.contains("supabase_admin is Supabase's role") }, "\(errors)")
    }

    @Test func aSchemaWhoseObjectsGrantSomethingMustSayWhoUsesIt() {
        let schema = Schema {
            Table("note", schema: "app") { Column("id", .bigint).identity().primaryKey() }
                .access(read: .authenticated, write: .noAccess)
        }
        let messages = schema.validationErrors().map(\.message)
        #expect(messages.contains { $0.contains(#"add SchemaUsage("app", by: .authenticated, .serviceRole)"#) }, "\(messages)")
    }
}
