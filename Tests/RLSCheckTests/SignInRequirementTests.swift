import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `.requiresMFA(for:)` and `.excludesAnonymousUsers(for:)`: restrictive policies, proven with
/// alice (aal2) and bob (anonymous) besides the usual aal1 sign-ins.
@Suite struct SignInRequirementTests {
    static let schema = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
            Column("body", .text)
        }
        .access(read: .authenticated, write: .owner(column: "author_id"))
        .requiresMFA(for: [.delete])
        .excludesAnonymousUsers(for: [.insert])
    }

    @Test func compilesToRestrictivePolicies() throws {
        let sql = try renderValidated(Self.schema)
        #expect(sql.contains("""
            create policy "delete_mfa" on "public"."note"
              as restrictive
              for delete
              to "authenticated"
              using (((select auth.jwt()) ->> 'aal') = 'aal2');
            """))
        #expect(sql.contains("""
            create policy "insert_not_anonymous" on "public"."note"
              as restrictive
              for insert
              to "authenticated"
              with check (coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false) = false);
            """))
    }

    @Test(arguments: [DefaultPrivileges.none, .legacyGrantAll])
    func passesAndTellsTheSignInsApart(_ privileges: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(privileges)
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let report = try AccessCheck.run(Self.schema, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        // Each on their own row.
        func actual(_ persona: String, _ operation: RLSModel.Operation, _ own: FixtureOwner) -> ProbeOutcome? {
            report.results.first {
                $0.probe.persona.description == persona && $0.probe.operation == operation && $0.probe.target == .row(own)
            }?.actual
        }
        #expect(actual("alice", .delete, .alice) == .filtered)  // aal1: the restrictive policy hides the row
        #expect(actual("alice (aal2)", .delete, .alice) == .allowed)
        #expect(actual("bob", .insert, .bob) == .allowed)
        #expect(actual("bob (anonymous)", .insert, .bob) == .rejectedByCheck)
    }

    @Test(arguments: ["delete_mfa", "insert_not_anonymous"])
    func droppingTheRequirementFailsTheCheck(_ policy: String) throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        try db.execute(#"drop policy "\#(policy)" on public.note"#)
        let report = try AccessCheck.run(Self.schema, on: db)
        let persona = policy == "delete_mfa" ? "alice" : "bob (anonymous)"
        #expect(report.mismatches.contains { $0.probe.persona.description == persona && $0.actual == .allowed }, "\(MatrixReport(report).text)")
    }
}
