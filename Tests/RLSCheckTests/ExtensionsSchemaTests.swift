import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: every Supabase project has an `extensions` schema with `uuid-ossp` and `pgcrypto`, and
/// apps call them from column defaults. The embedded, test and throwaway databases have it too, so a
/// schema that uses them plans, applies and checks.
@Suite("The extensions schema, as every Supabase project has it")
struct ExtensionsSchemaTests {
    static let schema = Schema {
        Table("api_key") {
            Column("id", .uuid).default(.raw(SQL(raw: "extensions.uuid_generate_v4()"))).primaryKey()
            Column("user_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("secret", .text).default(.raw(SQL(raw: "encode(extensions.gen_random_bytes(16), 'hex')")))
        }
        .access(.owner(column: "user_id"))
    }

    @Test func extensionsHoldUUIDAndCrypto() throws {
        let (_, db) = try TestDatabase.make()
        let rows = try db.query(
            "select e.extname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'extensions' order by 1")
        #expect(try rows.map { try $0.string("extname") } == ["pgcrypto", "uuid-ossp"])
        // Unqualified, as the dashboard's SQL editor runs them: postgres's search_path has extensions.
        #expect(try db.query("select length(gen_random_bytes(4)) as n").rows[0].int("n") == 4)
        try db.execute("begin; set local role anon; select extensions.uuid_generate_v4(); rollback;")
    }

    @Test func aSchemaCallingThemPlansAppliesAndChecks() throws {
        let (_, db) = try TestDatabase.make()
        let sql = try renderValidated(Self.schema)
        let pending = try Drift.plan(target: db, desiredSQL: sql, scratch: TestDatabase.cluster)
        #expect(pending.changes.contains { $0.summary.contains("api_key") })
        try db.execute("begin;\n" + sql + "\ncommit;")
        let after = try Drift.plan(target: db, desiredSQL: sql, scratch: TestDatabase.cluster)
        #expect(after.isEmpty, "\(after.sql)")
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}
