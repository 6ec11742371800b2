import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Outcomes are told apart by SQLSTATE and the catalog's privileges, never by message words.
@Suite struct ClassificationTests {
    /// Notes owned by their author; a trigger refuses every insert with 42501 although the grant is there.
    static let notes = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
            Column("body", .text)
        }
        .access(.owner(column: "author_id"))
        Function(
            "refuse_notes", returns: .trigger,
            body: SQL(
                raw: """
                    begin
                      if current_user = 'authenticated' then
                        raise exception 'notes are closed today' using errcode = '42501';
                      end if;
                      return new;
                    end;
                    """))
        Trigger("note_refuse", on: "note", .before, [.insert], execute: "public.refuse_notes")
    }

    @Test func triggerRaising42501IsNotBlamedOnAMissingGrant() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.notes) + "\ncommit;")
        let report = try AccessCheck.run(Self.notes, on: db)
        let own = report.results.first {
            $0.probe.persona == .user(.alice) && $0.probe.operation == .insert && $0.probe.target == .row(.alice)
                && $0.probe.layer == .asDeployed
        }
        #expect(own?.actual == .error(sqlState: "42501", message: "notes are closed today"))
        #expect(own?.verdict == .mismatch)
        let text = MatrixReport(report).text
        #expect(text.contains("raised inside a function although the privilege is held; server: 42501 notes are closed today"), "\(text)")
        // The other user's row is refused by the same trigger, which fires before WITH CHECK: not "no grant" either.
        #expect(
            !report.results.contains { $0.probe.persona == .user(.alice) && $0.probe.operation == .insert && $0.actual == .deniedByGrant })
    }

    /// Issue 32: a project that shuts anon out of `public` (its own USAGE and PUBLIC's) refuses anon's
    /// writes with 42501 "permission denied for schema public": a privilege refusal, never a WITH CHECK one.
    @Test func aSchemaUsageRefusalIsNotAWithCheckRejection() throws {
        let (_, db) = try TestDatabase.make()
        let schema = Schema {
            Table("guestbook") {
                Column("id", .bigint).identity().primaryKey()
                Column("body", .text)
            }
            .access(read: .public, write: .public)
        }
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        try db.execute("revoke usage on schema public from public, anon")
        let report = try AccessCheck.run(schema, on: db)
        let inserts = report.results.filter { $0.probe.persona == .anon && $0.probe.operation == .insert }
        #expect(!inserts.isEmpty)
        #expect(inserts.allSatisfy { $0.actual == .deniedByGrant }, "\(inserts.map(\.actual))")
        #expect(inserts.allSatisfy { $0.note?.contains("permission denied for schema public") == true }, "\(inserts.map(\.note))")
        #expect(!MatrixReport(report).text.contains("rejected (WITH CHECK) (server: 42501 permission denied for schema"))
    }

    /// Every mismatch shows the server's own words, whatever the outcome.
    @Test func everyMismatchShowsTheServersMessage() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Teams.schema()) + "\ncommit;")
        try db.execute("revoke select on public.court from authenticated")
        let report = try AccessCheck.run(Teams.schema(), on: db)
        let reads = report.mismatches.filter { $0.probe.table == "public.court" && $0.probe.operation == .select }
        #expect(!reads.isEmpty)
        #expect(reads.allSatisfy { $0.actual == .deniedByGrant && $0.note?.hasPrefix("server: 42501 ") == true })
        #expect(MatrixReport(report).text.contains("(server: 42501 permission denied for table court)"))
    }

    /// A column grant is a grant: an UPDATE of that column is judged by the policies, not as "no grant".
    @Test func columnGrantCountsAsTheGrant() throws {
        let (_, db) = try TestDatabase.make()
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
            }
            .access(.owner(column: "author_id"))
        }
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        try db.execute("revoke update on public.note from authenticated; grant update (author_id) on public.note to authenticated")
        let report = try AccessCheck.run(schema, on: db)
        let handOver = report.results.first { $0.probe.persona == .user(.alice) && $0.probe.target == .handOver(from: .alice, to: .bob) }
        #expect(handOver?.actual == .rejectedByCheck)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    /// Scenarios: a third user, `.fails(sqlstate:)`, and permission denied versus a policy's refusal.
    @Test func scenarioOutcomesBySQLState() throws {
        let (_, db) = try TestDatabase.make()
        let schema = Teams.schema()
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let scenarios = [
            Scenario("carol is a stranger to every organisation") {
                As(.carol) {
                    Expect(SQL(raw: "select count(*) from public.court"), .returns("0"))
                    Expect(SQL(raw: "insert into public.court (org_id, name) select id, 'x' from public.organisation"), .rowCount(0))
                    Expect(SQL(raw: "insert into public.court (org_id, name) values (1, 'x')"), .rejectedByPolicy)
                    Expect(SQL(raw: "insert into public.court (org_id, name) values (1, 'x')"), .fails(sqlstate: "42501"))
                    Expect(SQL(raw: "select 1 / 0"), .fails(sqlstate: "22012"))
                }
                As(.anon) {
                    Expect(SQL(raw: "select * from public.court"), .permissionDenied)
                }
            },
            Scenario("a wrong expectation fails") {
                As(.anon) {
                    Expect(SQL(raw: "select * from public.court"), .rejectedByPolicy)
                }
            },
        ]
        let report = try AccessCheck.run(schema, scenarios: scenarios, on: db)
        #expect(report.scenarios[0].passed, "\(MatrixReport(report).text)")
        #expect(!report.scenarios[1].passed)
        #expect(MatrixReport(report).text.contains("got permission denied (server: 42501 permission denied for table court)"))
    }

    /// A scenario step that succeeds takes one round trip (its savepoint, the persona and the
    /// statement together), one that fails is classified as before, and a step of two statements is
    /// still refused by the server rather than run as two.
    @Test func scenarioStepsTakeOneRoundTripEach() throws {
        let (_, db) = try TestDatabase.make()
        let schema = Teams.schema()
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let steps = Scenario("five reads") {
            As(.carol) {
                for _ in 0..<5 { Expect(SQL(raw: "select count(*) from public.court"), .returns("0")) }
            }
        }
        let failing = Scenario("a refusal and two statements") {
            As(.anon) {
                Expect(SQL(raw: "select * from public.court"), .permissionDenied)
                Expect(SQL(raw: "select 1; select 2"), .fails(sqlstate: "42601"))
                Expect(SQL(raw: "select 3"), .returns("3"))
            }
        }
        func roundTrips(_ scenarios: [Scenario]) throws -> (Int, CheckReport) {
            let start = db.roundTrips
            // One connection: how the table probes split between two would move the count.
            let report = try AccessCheck.run(schema, scenarios: scenarios, on: db, options: CheckOptions(connections: 1))
            return (db.roundTrips - start, report)
        }
        let (withoutScenarios, _) = try roundTrips([])
        let (withReads, reads) = try roundTrips([steps])
        #expect(reads.scenarios.first?.passed == true, "\(MatrixReport(reads).text)")
        // The scenario's savepoint, one round trip per read, the final rollback.
        #expect(withReads - withoutScenarios == 1 + 5 + 1)
        let (_, refused) = try roundTrips([failing])
        #expect(refused.scenarios.first?.passed == true, "\(MatrixReport(refused).text)")
    }
}
