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
        #expect(
            sql.contains(
                """
                create policy "delete_mfa" on "public"."note"
                  as restrictive
                  for delete
                  to "authenticated"
                  using (((select auth.jwt()) ->> 'aal') = 'aal2');
                """))
        #expect(
            sql.contains(
                """
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
        func actual(_ persona: String, _ operation: RLSModel.Operation, _ own: FixtureOwner) -> Observation? {
            report.results.first {
                $0.probe.persona.description == persona && $0.probe.operation == operation && $0.probe.target == .row(own)
            }?.observed
        }
        #expect(actual("alice", .delete, .alice) == .filtered)  // aal1: the restrictive policy hides the row
        #expect(actual("alice (aal2)", .delete, .alice) == .allowed)
        #expect(actual("bob", .insert, .bob) == .allowed)
        #expect(actual("bob (anonymous)", .insert, .bob) == .rejectedByWithCheck)
    }

    /// The sign-in's claims hold for every step of the block: the aal2 session deletes, the aal1 one cannot.
    @Test func scenarioClaimsLastAcrossSteps() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        let scenario = Scenario("two-factor sessions delete, others do not") {
            As(.alice) {
                Expect(SQL(raw: "insert into public.note (body) values ('mine') returning id"), .rowCount(1))
                Expect(SQL(raw: "delete from public.note where author_id = (select auth.uid())"), .rowCount(0))
            }
            As(.aliceWithMFA) {
                Expect(SQL(raw: "select (select auth.jwt()) ->> 'aal'"), .returns("aal2"))
                Expect(SQL(raw: "insert into public.note (body) values ('second') returning id"), .rowCount(1))
                Expect(SQL(raw: "select (select auth.jwt()) ->> 'aal'"), .returns("aal2"))
                Expect(SQL(raw: "delete from public.note where author_id = (select auth.uid())"), .rowCount(3))
            }
            As(.bobAnonymous) {
                Expect(SQL(raw: "insert into public.note (body) values ('anonymous')"), .rejectedByPolicy)
                Expect(SQL(raw: "select count(*) from public.note"), .returns("1"))
            }
        }
        let report = try AccessCheck.run(Self.schema, scenarios: [scenario], on: db)
        #expect(report.scenarios.first?.passed == true, "\(MatrixReport(report).text)")
    }

    @Test(arguments: ["delete_mfa", "insert_not_anonymous"])
    func droppingTheRequirementFailsTheCheck(_ policy: String) throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.schema) + "\ncommit;")
        try db.execute(#"drop policy "\#(policy)" on public.note"#)
        let report = try AccessCheck.run(Self.schema, on: db)
        let persona = policy == "delete_mfa" ? "alice" : "bob (anonymous)"
        #expect(
            report.mismatches.contains { $0.probe.persona.description == persona && $0.observed == .allowed },
            "\(MatrixReport(report).text)")
    }
}
