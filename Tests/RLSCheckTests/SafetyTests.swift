import ElectricRide
import Foundation
import RLSCheck
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

@Suite struct SafetyTests {
    /// Real rows first (a signed-up user with a listing), so "unchanged" means more than "still empty".
    static let realData = """
        insert into auth.users (id, email, raw_user_meta_data) values ('0f0f0f0f-0000-4000-8000-00000000000f', 'carol@example.com', '{"full_name":"Carol"}');
        insert into public.brand (name) values ('Volta');
        insert into public.colour (name) values ('Teal');
        insert into public.vehicle (brand_id, model, model_year) select id, 'Spark', 2023 from public.brand;
        insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km)
          select '0f0f0f0f-0000-4000-8000-00000000000f', v.id, c.id, 12000, 30000 from public.vehicle v, public.colour c;
        insert into public.saved (profile_id, listing_id) select '0f0f0f0f-0000-4000-8000-00000000000f', id from public.listing;
        """

    @Test func checkLeavesTheDatabaseUnchanged() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(Self.realData)
        let before = try DatabaseFingerprint.read(db)
        #expect(before.rowCounts["auth.users"] == 1)
        #expect(before.rowCounts["public.listing"] == 1)
        let report = try AccessCheck.run(ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let after = try DatabaseFingerprint.read(db)
        #expect(before == after)
        #expect(!db.isInTransaction)
    }

    @Test func checkLeavesTheDatabaseUnchangedWhenItFindsMismatches() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(Self.realData + "alter table public.saved disable row level security;")
        let before = try DatabaseFingerprint.read(db)
        let report = try AccessCheck.run(ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db)
        #expect(!report.passed)
        #expect(try DatabaseFingerprint.read(db) == before)
    }

    @Test func olderAuthUIDReadingOnlyTheClaimSettingStillWorks() throws {
        let (url, db) = try ExampleDatabase.make()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            """
            create or replace function auth.uid() returns uuid language sql stable as $$
              select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid
            $$;
            """)
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let saved = report.results(for: "public.saved").filter { $0.probe.operation == .select && $0.probe.persona == .user(.bob) }
        #expect(saved.map(\.observed) == [.rows([.bob])])
    }

    @Test func aHangingPolicyIsCutOffByTheStatementTimeout() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(
            """
            create function public.slow() returns boolean language sql as $$ select pg_sleep(5) is not null $$;
            grant execute on function public.slow() to authenticated;
            create policy "slow" on public.saved as restrictive for select to authenticated using (public.slow());
            """)
        let report = try AccessCheck.run(ElectricRide.schema, on: db, options: CheckOptions(statementTimeout: .milliseconds(200)))
        let timedOut = report.mismatches.filter { if case .failed(let state, _) = $0.observed { state == .queryCanceled } else { false } }
        #expect(timedOut.contains { $0.probe.table == "public.saved" && $0.probe.operation == .select })
    }
}

@Suite struct HardenedDatabaseTests {
    /// Without PL/pgSQL for the API roles, probes take two round trips each and agree.
    @Test func sameResultsWithoutPLpgSQLForAPIRoles() throws {
        let (url, db) = try ExampleDatabase.make()
        let batched = try ExampleDatabase.check(db)
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute("revoke usage on language plpgsql from public")
        let before = db.roundTrips
        let separate = try ExampleDatabase.check(db)
        #expect(db.roundTrips - before > separate.results.count * 2)
        #expect(separate.passed, "\(MatrixReport(separate).text)")
        #expect(separate.results.map(\.observed) == batched.results.map(\.observed))
        #expect(separate.notes.contains { $0.contains("may not use PL/pgSQL (grant usage on language plpgsql to") }, "\(separate.notes)")
    }

    /// Without the right to make temporary objects (where the probe blocks' function lives), probes
    /// take two round trips each and agree, and the check leaves no function behind.
    @Test func sameResultsWithoutTemporaryObjects() throws {
        let (url, db) = try ExampleDatabase.make()
        let batched = try ExampleDatabase.check(db)
        let names = try #require(try db.query("select current_user as role, current_database() as database").first)
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(
            "revoke temporary on database \(quoteIdentifier(try names.string("database"))) "
                + "from public, \(quoteIdentifier(try names.string("role")))")
        let before = db.roundTrips
        let separate = try ExampleDatabase.check(db)
        #expect(db.roundTrips - before > separate.results.count * 2)
        #expect(separate.passed, "\(MatrixReport(separate).text)")
        #expect(separate.results.map(\.observed) == batched.results.map(\.observed))
        #expect(try admin.query("select count(*) as n from pg_proc where proname = 'rls_check_probes'").first?["n"] == "0")
        #expect(
            separate.notes.contains { $0.contains("may not create temporary objects (grant temporary on database") }, "\(separate.notes)")
        #expect(batched.notes.allSatisfy { !$0.contains("on its own") }, "\(batched.notes)")
    }

    /// A database that sends its connections only warnings (`client_min_messages`): the probe
    /// blocks still report through their notices, on both connections, and the check agrees.
    @Test func sameResultsWhereTheDatabaseSendsOnlyWarnings() throws {
        let (url, db) = try ExampleDatabase.make()
        let batched = try ExampleDatabase.check(db)
        let database = try #require(try db.query("select current_database() as database").first).string("database")
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute("alter database \(quoteIdentifier(database)) set client_min_messages = warning")
        let quiet = try Connection(url: url)
        defer { quiet.close() }
        #expect(try quiet.query("show client_min_messages").first?[0] == "warning")
        let report = try ExampleDatabase.check(quiet)
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(report.results.map(\.observed) == batched.results.map(\.observed))
        #expect(report.probesByConnection.count == 2, "\(report.probesByConnection)")
    }
}
