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

    /// Label "refused by trigger": a 42501 raised by the table's trigger, the privileges held, names
    /// the trigger's function (from the error's context and the catalog's triggers), never "no grant".
    @Test func triggerRaising42501IsNotBlamedOnAMissingGrant() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Self.notes) + "\ncommit;")
        let report = try AccessCheck.run(Self.notes, on: db)
        let own = report.results.first {
            $0.probe.persona == .user(.alice) && $0.probe.operation == .insert && $0.probe.target == .row(.alice)
                && $0.probe.layer == .asDeployed
        }
        #expect(own?.observed == .refused(.trigger("refuse_notes")))
        #expect(own?.verdict == .mismatch)
        let text = MatrixReport(report).text
        #expect(text.contains("got refused by trigger refuse_notes (server: 42501 notes are closed today)"), "\(text)")
        #expect(JSONReport(report).text.contains(#""refused_by": "trigger""#))
        // The other user's row is refused by the same trigger, which fires before WITH CHECK: not "no grant" either.
        #expect(
            !report.results.contains {
                $0.probe.persona == .user(.alice) && $0.probe.operation == .insert && $0.observed.refusal?.isMissingPrivilege == true
            })
    }

    /// Issue 32: a project that shuts anon out of `public` (its own USAGE and PUBLIC's) refuses anon's
    /// writes with 42501 "permission denied for schema public": label "denied (no usage on schema public)",
    /// never a WITH CHECK one.
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
        #expect(inserts.allSatisfy { $0.observed == .refused(.schemaUsage("public")) }, "\(inserts.map(\.observed))")
        #expect(inserts.allSatisfy { $0.verdict == .mismatch })
        #expect(
            MatrixReport(report).text.contains("got denied (no usage on schema public) (server: 42501 permission denied for schema public)")
        )
        #expect(inserts.allSatisfy { $0.note?.contains("permission denied for schema public") == true }, "\(inserts.map(\.note))")
        #expect(!MatrixReport(report).text.contains("rejected (WITH CHECK) (server: 42501 permission denied for schema"))
    }

    /// Labels "filtered (RLS)" and "rejected (WITH CHECK)": alice's update of bob's note reaches no
    /// row and raises nothing (the policy's `using` hid it); her insert of a note for bob raises 42501
    /// "new row violates row-level security policy" with every privilege held (the policy's WITH CHECK).
    /// With the insert policy's check loosened, both show as mismatches in those words.
    @Test func rowFilterAndWithCheckAreLabelledByWhatRefused() throws {
        let (_, db) = try TestDatabase.make()
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID).references(.authUsers)
            }
            .access(.owner(column: "author_id"))
        }
        try db.execute("begin;\n" + renderValidated(schema) + "\ncommit;")
        let report = try AccessCheck.run(schema, on: db)
        func observed(_ operation: RLSModel.Operation, _ owner: FixtureOwner) -> Observation? {
            report.results.first {
                $0.probe.persona == .user(.alice) && $0.probe.operation == operation && $0.probe.target == .row(owner)
                    && $0.probe.layer == .asDeployed
            }?.observed
        }
        #expect(observed(.update, .bob) == .refused(.rowFilter))
        #expect(observed(.delete, .bob) == .refused(.rowFilter))
        #expect(observed(.insert, .bob) == .refused(.withCheck))
        #expect(Observation.refused(.rowFilter).description == "filtered (RLS)")
        #expect(Observation.refused(.withCheck).description == "rejected (WITH CHECK)")
        #expect(report.passed, "\(MatrixReport(report).text)")

        // The policies swapped: the insert policy lets every row in, the update policy refuses every row.
        try db.execute(
            """
            alter policy "insert_owner" on public.note with check (true);
            alter policy "update_owner" on public.note using (false);
            """)
        let broken = try AccessCheck.run(schema, on: db)
        let text = MatrixReport(broken).text
        #expect(text.contains("other's row: expected rejected (WITH CHECK), got allowed"), "\(text)")
        #expect(text.contains("own row: expected allowed, got filtered (RLS)"), "\(text)")
    }

    /// Every mismatch shows the server's own words, whatever the outcome. Label "denied (no SELECT
    /// grant)": 42501 where has_table_privilege says the role lacks the privilege.
    @Test func everyMismatchShowsTheServersMessage() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + renderValidated(Teams.schema()) + "\ncommit;")
        try db.execute("revoke select on public.court from authenticated")
        let report = try AccessCheck.run(Teams.schema(), on: db)
        let reads = report.mismatches.filter { $0.probe.table == "public.court" && $0.probe.operation == .select }
        #expect(!reads.isEmpty)
        #expect(reads.allSatisfy { $0.observed == .refused(.tablePrivilege("SELECT")) && $0.note?.hasPrefix("server: 42501 ") == true })
        #expect(MatrixReport(report).text.contains("got denied (no SELECT grant) (server: 42501 permission denied for table court)"))
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
        #expect(handOver?.observed == .rejectedByWithCheck)
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
        #expect(MatrixReport(report).text.contains("got denied (no grant) (server: 42501 permission denied for table court)"))
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
