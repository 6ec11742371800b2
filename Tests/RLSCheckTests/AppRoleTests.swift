import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `.appRole(...)`: access by the server-set `app_metadata.role` claim, proven with a claim persona.
@Suite struct AppRoleTests {
    static let schema = Schema {
        Table("report") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
            Column("reason", .text)
        }
        // Deleting with a WHERE clause needs the rows to be visible, so the deleting roles read too.
        .access(select: .appRole("moderator", "admin"), insert: .owner(column: "author_id"), delete: .appRole("admin"))
    }

    @Test func compilesToAnAppMetadataPolicy() throws {
        let sql = try renderValidated(Self.schema)
        #expect(sql.contains(#"create policy "select_app_role_admin_moderator" on "public"."report""#))
        #expect(sql.contains("using ((((select auth.jwt()) -> 'app_metadata') ->> 'role') = any (array['admin', 'moderator']))"))
        #expect(!sql.contains("user_metadata"))
    }

    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func moderatorsReadEveryReportOthersNone(_ privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let reads = report.results.filter { $0.probe.operation == .select && $0.probe.layer == .asDeployed }
        #expect(reads.first { $0.probe.persona.description == "moderator (app role)" }?.observed == .rows([.alice, .bob]))
        #expect(reads.first { $0.probe.persona.description == "alice" }?.observed == .rows([]))
        #expect(report.personas.map(\.description).contains("admin (app role)"))
    }

    /// The same rule written against user_metadata, which users edit themselves: the claim persona
    /// (whose role is in app_metadata) no longer reads, so check fails.
    @Test func aPolicyOnUserMetadataFailsTheCheck() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        try db.execute(
            #"alter policy "select_app_role_admin_moderator" on public.report using (((select auth.jwt()) -> 'user_metadata' ->> 'role') in ('admin', 'moderator'))"#
        )
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.mismatches.contains { $0.probe.persona.description == "moderator (app role)" && $0.probe.operation == .select })
    }
}
