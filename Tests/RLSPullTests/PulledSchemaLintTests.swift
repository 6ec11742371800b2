import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// A pulled schema describes production as it is, unsafe parts included, and `rls lint` of that
/// Swift reports each of them through its existing rules.
@Suite("Lint of a pulled schema")
struct PulledSchemaLintTests {
    @Test func unsafeProductionShowsUpAsLintFindings() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(BrownfieldDatabases.dashboard)
        let schema = try Pull(connection: db, name: "Dashboard", origin: "test").pulled.schema
        let catalog = try Drift.desiredCatalog(
            try renderValidated(schema), in: TestDatabase.cluster,
            defaultPrivileges: .legacyGrantAll)
        let findings = Lint.run(catalog).findings.map { "\($0.rule) \($0.object)" }
        #expect(findings.contains { $0.hasPrefix("table-without-rls") && $0.contains("countries") }, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("security-definer-search-path") && $0.contains("handle_new_user") }, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("auth-function-per-row") && $0.contains("todos") }, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("view-without-security-invoker") && $0.contains("todo_counts") }, "\(findings)")
        #expect(findings.contains { $0.hasPrefix("policy-without-role") && $0.contains("profiles") }, "\(findings)")
    }

    @Test func publicPolicyRoleGrantsTheAPIRolesNotPublic() throws {
        let schema = Schema {
            Table("post") {
                Column("id", .bigint).identity().primaryKey()
                Column("published", .boolean)
                Policy("anyone reads published", for: .select, to: [.public], using: SQL(raw: "published"))
            }
        }
        let sql = try renderValidated(schema)
        #expect(sql.contains("to public\n  using (published);"))
        #expect(sql.contains(#"grant select on table "public"."post" to "anon", "authenticated", "service_role";"#))
        #expect(!sql.contains(#""public";"#))
        let table = schema.tables[0]
        #expect(schema.expectedAccess(of: table, role: .anon, .select) != .denied)
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(sql)
        let policy = try db.introspectCatalog().policies.first { $0.name == "anyone reads published" }
        #expect(policy?.roles == [.public])
    }
}
