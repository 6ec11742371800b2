import RLSCatalog
import RLSDatabase
import RLSMigrations
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: extensions are objects of the schema. The DSL declares `Extension("unaccent", schema:
/// "app")`; pull writes the declaration for every extension beyond Supabase's own; plan and diff
/// create a declared extension and drop (destructively) one no longer declared.
@Suite("Extensions, declared, pulled and diffed")
struct ExtensionTests {
    static let production = """
        create schema app;
        create extension unaccent with schema app;
        create function app.f(t text) returns text language sql as $$ select app.unaccent(t) $$;
        """

    private func extensions(on db: Connection) throws -> [String] {
        try db.query(
            "select e.extname || '@' || n.nspname as e from pg_extension e join pg_namespace n on n.oid = e.extnamespace order by 1"
        ).rows.map { try $0.string("e") }
    }

    @Test func pullDeclaresItAndPlansToNothing() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.schema.extensions.map(\.name) == ["unaccent"])
        #expect(pull.sources.files.values.contains { $0.contains(#"Extension("unaccent", schema: "app")"#) })
        // The functions unaccent brings are its own, not the project's.
        #expect(!pull.pulled.schema.functions.contains { $0.name == "unaccent" })

        try PulledProject.expectNoDriftAfterPull(pull, on: db)

        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        #expect(pull.baselineSQL.contains("unaccent"), "\(pull.baselineSQL)")
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        #expect(try extensions(on: replayed) == extensions(on: db))
        #expect(ChangePlan(from: try replayed.introspectCatalog(), to: pull.catalog).isEmpty)
    }

    @Test func declaredExtensionRendersAppliesAndDropsDestructively() throws {
        let table = Table("handle") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .raw(SQL(raw: "extensions.citext")))
        }
        .access(read: .public, write: .serviceRoleOnly)
        let schema = Schema {
            Extension("citext")
            table
        }
        let sql = try renderValidated(schema)
        #expect(sql.contains(#"create extension if not exists "citext" with schema "extensions";"#), "\(sql)")
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("begin;\n" + sql + "\ncommit;")
        #expect(try extensions(on: db).contains("citext@extensions"))
        let drift = try Drift.plan(target: db, desiredSQL: sql, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "\(drift.sql)")

        // Declared but missing from the database: created.
        let (_, bare) = try TestDatabase.make()
        defer { bare.close() }
        let create = try Drift.plan(target: bare, desiredSQL: sql, scratch: TestDatabase.cluster)
        #expect(create.changes.contains { $0.object == .extension && $0.kind == .create && $0.name == "citext" }, "\(create.sql)")

        // No longer declared: a destructive drop, which `rls apply` refuses without --allow-destructive.
        let plain = try renderValidated(Schema { Table("other") { Column("id", .bigint).identity().primaryKey() } })
        let drop = try Drift.plan(target: db, desiredSQL: plain, scratch: TestDatabase.cluster)
        let dropExtension = drop.changes.first { $0.object == .extension }
        #expect(dropExtension?.kind == .drop)
        #expect(dropExtension?.isDestructive == true)
        #expect(SQLStatement.split(dropExtension?.sql ?? "").flatMap(\.destructiveKinds) == [.dropExtension])
    }

    @Test func anExtensionTheLocalServerLacksIsNamedWithTheWayOut() throws {
        let sql = try renderValidated(Schema { Extension("vector") })
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        do {
            _ = try Drift.plan(target: db, desiredSQL: sql, scratch: TestDatabase.cluster)
            Issue.record("a schema declaring vector built on a server without it")
        } catch let error as DriftError {
            #expect(error.message.contains("extension vector is not installed in the local PostgreSQL"), "\(error.message)")
            #expect(error.message.contains("postgresql-15-pgvector"), "\(error.message)")
        }
    }

    @Test func supabasesOwnExtensionsAreNeitherDeclaredNorDiffed() throws {
        let errors = Schema { Extension("pgcrypto") }.validationErrors()
        #expect(errors.contains { $0.message.contains("already has extension pgcrypto") })
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let pull = try Pull(connection: db, name: "App", origin: "a test database")
        #expect(pull.pulled.schema.extensions.isEmpty)
    }
}
