import ElectricRide
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The table probes run on two connections at once (`rls check --connections`), each in its own
/// transaction with its own fixture rows, and the report is the one a single connection gives.
@Suite struct ProbeLaneTests {
    /// Tables owned through `owner_id`: enough probes (1,600) that the first connection is still
    /// busy when the second has its fixture rows in.
    static let notebooks = Schema(
        elements: (1...40).map { index in
            .table(
                Table("notebook_\(index)") {
                    Column("id", .bigint).identity().primaryKey()
                    Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
                    Column("title", .text)
                }.access(.owner(column: "owner_id")))
        })

    /// The first connection's alice signs up a second late, so that the second connection's
    /// fixtures are in first (where a loaded machine keeps it slower still, the first connection
    /// gets there first, and the tests below pass without the path they are for).
    static let slowFirstAlice = """
        create function public.slow_first_alice() returns trigger language plpgsql security definer set search_path = '' as $$
        begin
          if new.id = '\(Persona.User.alice.id)' then perform pg_sleep(1); end if;
          return null;
        end $$;
        create trigger slow_first_alice after insert on auth.users for each row execute function public.slow_first_alice();
        """

    /// The first connection's alice and bob, as SQL literals.
    static let firstConnectionUsers = [Persona.User.alice.id, Persona.User.bob.id].map { "'\($0)'" }.joined(separator: ", ")

    /// A hand-made global counter: one row in `public.tally`, bumped for every row inserted into
    /// `notebook_1` where `condition` holds (an SQL condition on `new`).
    static func tally(counting condition: String) -> String {
        """
        create table public.tally (n bigint not null);
        insert into public.tally values (0);
        create function public.count_notebook() returns trigger language plpgsql security definer set search_path = '' as $$
        begin
          if \(condition) then update public.tally set n = n + 1; end if;
          return null;
        end $$;
        create trigger count_notebook after insert on public.notebook_1 for each row execute function public.count_notebook();

        """
    }

    /// Checks the notebooks on one connection and on two: with two, the first connection ran every
    /// probe, with the same results as one, and the counter is back at 0.
    static func expectTheFirstConnectionRanEverything(on db: Connection, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let one = try AccessCheck.run(notebooks, on: db, options: CheckOptions(connections: 1))
        let two = try AccessCheck.run(notebooks, on: db, options: CheckOptions(connections: 2))
        #expect(two.passed, "\(MatrixReport(two).text)", sourceLocation: sourceLocation)
        #expect(two.probesByConnection == [two.results.count, 0], sourceLocation: sourceLocation)
        for (a, b) in pairs(one, two) { #expect(a.observed == b.observed, "\(a.probe.name)", sourceLocation: sourceLocation) }
        #expect(try db.query("select n::text as n from public.tally").first?.string("n") == "0", sourceLocation: sourceLocation)
    }

    static func pairs(_ one: CheckReport, _ two: CheckReport) -> [(CheckedProbe<Probe>, CheckedProbe<Probe>)] {
        #expect(one.results.count == two.results.count)
        return Array(zip(one.results, two.results))
    }

    /// With a leaking policy, so that mismatches and their explanations are compared too: every
    /// probe of the example observes the same outcome, note and verdict on two (and three)
    /// connections as on one, and the second connection ran a share of them.
    @Test(arguments: [2, 3]) func moreConnectionsReportWhatOneReports(connections: Int) throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(#"create policy "everyone reads saved" on public.saved for select to authenticated using (true)"#)
        let one = try AccessCheck.run(ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db, options: CheckOptions(connections: 1))
        let more = try AccessCheck.run(
            ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db, options: CheckOptions(connections: connections))
        #expect(one.probesByConnection == [one.results.count])
        #expect(more.probesByConnection.count == connections)
        #expect(more.probesByConnection[1] > 0)
        #expect(more.probesByConnection.reduce(0, +) == more.results.count)
        #expect(!one.mismatches.isEmpty)
        for (a, b) in Self.pairs(one, more) {
            #expect(a.probe == b.probe)
            #expect(a.observed == b.observed, "\(a.probe.name)")
            #expect(a.note == b.note, "\(a.probe.name)")
            #expect(a.verdict == b.verdict, "\(a.probe.name)")
            #expect(a.explanation == b.explanation, "\(a.probe.name)")
        }
        #expect(one.channels == more.channels)
        #expect(one.files == more.files)
    }

    /// A trigger that writes one shared row for every insert (a hand-made global counter) would
    /// make the connections wait on each other: the second gives up at once and the first runs its
    /// probes, with the same results as one connection.
    @Test func aSharedCounterRowKeepsTheProbesOnOneConnection() throws {
        let (_, db) = try ExampleDatabase.make(Self.notebooks)
        try db.execute(Self.tally(counting: "true"))
        try Self.expectTheFirstConnectionRanEverything(on: db)
    }

    /// The same counter, but the second connection gets to it first (the first connection's alice
    /// signs up slowly): the first connection's fixtures give up waiting after 200 ms, the second
    /// connection ends, and the first inserts its fixtures again and runs every probe alone.
    @Test func aSharedRowTheSecondConnectionHoldsSendsTheFixturesInAgainAlone() throws {
        let (_, db) = try ExampleDatabase.make(Self.notebooks)
        try db.execute(Self.tally(counting: "true") + Self.slowFirstAlice)
        try Self.expectTheFirstConnectionRanEverything(on: db)
    }

    /// A scenario that writes the row the second connection's fixtures hold (they are in first: the
    /// first connection's alice signs up slowly) waits 200 ms, then runs again once the second
    /// connection has rolled back, and passes.
    @Test func aScenarioThatWaitsOnTheSecondConnectionRunsAgain() throws {
        let (_, db) = try ExampleDatabase.make(Self.notebooks)
        try db.execute(
            Self.tally(counting: "new.owner_id not in (\(Self.firstConnectionUsers))") + Self.slowFirstAlice
                + "grant select, update on public.tally to service_role;")
        let scenario = Scenario("the service role bumps the tally") {
            As(.serviceRole) { Expect(SQL(raw: "update public.tally set n = n + 1"), .rowCount(1)) }
        }
        let report = try AccessCheck.run(Self.notebooks, scenarios: [scenario], on: db, options: CheckOptions(connections: 2))
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.scenarios.count == 1)
        #expect(report.scenarios.first?.passed == true, "\(report.scenarios.flatMap(\.steps).map(\.observed))")
        #expect(try db.query("select n::text as n from public.tally").first?.string("n") == "0")
    }

    /// A database that allows one connection (a connection limit, a small pooler): the second is
    /// refused, and the first runs every probe with the same report.
    @Test func aRefusedSecondConnectionCostsNothing() throws {
        let (url, db) = try ExampleDatabase.make(Self.notebooks)
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        let name = try db.query("select current_database() as name").first!.string("name")
        try admin.execute("alter database \(quoteIdentifier(name)) connection limit 1")
        let report = try AccessCheck.run(Self.notebooks, on: db, options: CheckOptions(connections: 2))
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.probesByConnection == [report.results.count, 0])
        #expect(report.results.count == 1_600)
    }

    /// The second connection draws from sequences too (an audit log's ids): the check still puts
    /// every sequence back and names none. Only the second connection's users are audited, so that
    /// it is certain to draw last.
    @Test func sequencesTheSecondConnectionDrewFromArePutBack() throws {
        let (_, db) = try ExampleDatabase.make(Self.notebooks)
        try db.execute(Self.auditOfTheSecondConnection)
        let before = try db.query("select last_value::text as value, is_called::text as called from public.audit_id_seq").first
        let report = try AccessCheck.run(Self.notebooks, on: db, options: CheckOptions(connections: 2))
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.notes.allSatisfy { !$0.contains("sequence") }, "\(report.notes)")
        let after = try db.query("select last_value::text as value, is_called::text as called from public.audit_id_seq").first
        #expect(try after?.string("value") == before?.string("value"))
        #expect(try after?.string("called") == before?.string("called"))
    }

    /// The same when the check fails: the first connection's fixtures are refused (a second late,
    /// after the second connection's are in and audited), and the check throws, yet it still puts
    /// back the sequence only the second connection drew from.
    @Test func sequencesTheSecondConnectionDrewFromArePutBackWhenTheCheckFails() throws {
        let (_, db) = try ExampleDatabase.make(Self.notebooks)
        try db.execute(
            Self.auditOfTheSecondConnection + """
                create function public.refuse_first_alice() returns trigger language plpgsql security definer set search_path = '' as $$
                begin
                  if new.id = '\(Persona.User.alice.id)' then perform pg_sleep(1); raise exception 'no alice here'; end if;
                  return null;
                end $$;
                create trigger refuse_first_alice after insert on auth.users for each row execute function public.refuse_first_alice();
                """)
        let before = try db.query("select last_value::text as value, is_called::text as called from public.audit_id_seq").first
        #expect(throws: (any Error).self) { try AccessCheck.run(Self.notebooks, on: db, options: CheckOptions(connections: 2)) }
        let after = try db.query("select last_value::text as value, is_called::text as called from public.audit_id_seq").first
        #expect(try after?.string("value") == before?.string("value"))
        #expect(try after?.string("called") == before?.string("called"))
    }

    /// An audit log of the second connection's inserts into the notebooks: its users only (its alice
    /// and bob have their own ids), so that it alone draws from `audit_id_seq`.
    static var auditOfTheSecondConnection: String {
        var audit = """
            create table public.audit (id bigserial primary key, happened text not null);
            create function public.audit() returns trigger language plpgsql security definer set search_path = '' as $$
            begin
              if new.owner_id not in (\(Self.firstConnectionUsers)) then
                insert into public.audit (happened) values (tg_op || ' ' || tg_table_name);
              end if;
              return null;
            end $$;

            """
        for index in 1...40 {
            audit += "create trigger audit after insert on public.notebook_\(index) for each row execute function public.audit();\n"
        }
        return audit
    }
}
