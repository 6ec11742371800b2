import ElectricRide
import Foundation
import RLSCheck
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

/// `rls check` on a live database: sequences it advances (directly, or through a security-definer
/// audit trigger in another schema) are put back, and it never holds a lock that makes the
/// application's own `nextval` wait for the whole check.
@Suite struct SequenceRestoreTests {
    /// An audit log filled by a security-definer trigger, in a schema the DSL does not know.
    static let auditLog = """
        create schema audit;
        create table audit.log (id bigserial primary key, tbl text not null);
        create function audit.record() returns trigger language plpgsql security definer set search_path = '' as $$
        begin
          insert into audit.log (tbl) values (tg_table_name);
          return new;
        end $$;
        create trigger listing_audit after insert on public.listing for each row execute function audit.record();
        insert into public.brand (name) values ('Volta');
        """

    @Test func sequencesAdvancedThroughTriggersAreRestored() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(Self.auditLog)
        let before = try DatabaseFingerprint.read(db)
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(!report.notes.contains { $0.contains("sequence") }, "\(report.notes)")
        // Each restore commits its own transaction and rolls back nothing after it (which the server would warn of, in its log too).
        #expect(!db.notices.contains { $0.sqlState == "25P01" }, "\(db.notices.map(\.message))")
        let after = try DatabaseFingerprint.read(db)
        #expect(after.sequences == before.sequences)
        #expect(after == before)
        // The check did go through the trigger: a listing insert after it gets the next audit id, not a later one.
        try db.execute("insert into audit.log (tbl) values ('probe')")
        #expect(try db.query("select max(id)::int as id from audit.log").first?.int("id") == 1)
    }

    /// An audit log whose name holds the dollar quotes the check's own `do` blocks would use: the
    /// check still puts its sequence back.
    @Test func aSequenceNamedLikeTheChecksQuotesIsPutBack() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(Self.auditLog.replacingOccurrences(of: "audit.log", with: #"audit."log$rls_restore$_$rls_sequences$""#))
        let sequence = #"audit."log$rls_restore$_$rls_sequences$_id_seq""#
        let before = try db.query("select last_value::text as value, is_called::text as called from \(sequence)").first
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        #expect(!report.notes.contains { $0.contains("sequence") }, "\(report.notes)")
        let after = try db.query("select last_value::text as value, is_called::text as called from \(sequence)").first
        #expect(try after?.string("value") == before?.string("value"))
        #expect(try after?.string("called") == before?.string("called"))
    }

    /// The same audit log made by another role (`supabase_admin`), which only lets the connecting
    /// role read its sequence: the check cannot set it back, names it and why, and still passes.
    @Test func aSequenceAnotherRoleOwnsIsNamed() throws {
        let (url, db) = try ExampleDatabase.make()
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(Self.auditLog + "grant usage on schema audit to postgres; grant select on sequence audit.log_id_seq to postgres;")
        let before = try admin.query("select last_value::text as value from audit.log_id_seq").first?.string("value")
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let notes = report.notes.filter { $0.contains("sequence") }
        #expect(notes.contains { $0.contains("audit.log_id_seq") && $0.contains("the connecting role does not own it") }, "\(report.notes)")
        #expect(notes.count == 1, "only the sequence the check could not set back is named: \(notes)")
        #expect(try admin.query("select last_value::text as value from audit.log_id_seq").first?.string("value") != before)
    }

    @Test func anotherSessionsNextvalNeverWaitsAndABusySequenceIsNamed() throws {
        let (url, db) = try ExampleDatabase.make()
        try db.execute(Self.auditLog)
        // Another session is mid-transaction after nextval: it holds the lock any sequence restart or
        // alter must wait for. A check that took such a lock while running would fail on its lock_timeout.
        let other = try Connection(url: url)
        defer { other.close() }
        try other.execute("begin; select nextval('public.brand_id_seq'); select nextval('audit.log_id_seq')")
        let report = try ExampleDatabase.check(db)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let notes = report.notes.filter { $0.contains("sequence") }
        #expect(notes.contains { $0.contains("audit.log_id_seq") && $0.contains("held its lock") }, "\(report.notes)")
        #expect(notes.count == 1, "only the sequence the check advanced and could not lock is named: \(notes)")
        try other.execute("commit")
    }

    /// Another session draws from the audit log's sequence while the check runs and commits its rows
    /// (an autonomous transaction through dblink in the same trigger, so the check's own draws come
    /// before and after it): the check must not set the sequence back below those rows, and says so.
    @Test func valuesOthersCommittedDuringTheCheckAreNeverHandedOutAgain() throws {
        let (url, db) = try ExampleDatabase.make()
        try db.execute(Self.auditLog)
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        // dblink connects as the superuser, so only the superuser's security-definer function calls it.
        try admin.execute(
            """
            create extension dblink schema audit;
            create function audit.autonomous(tbl text) returns void language sql security definer set search_path = '' as $$
              select audit.dblink_exec(\(quoteLiteral(try TestDatabase.adminURL(url))),
                                       format('insert into audit.log (tbl) values (%L)', 'autonomous ' || tbl))
            $$;
            grant execute on function audit.autonomous(text) to postgres;
            create or replace function audit.record() returns trigger language plpgsql security definer set search_path = '' as $$
            begin
              insert into audit.log (tbl) values (tg_table_name);
              perform audit.autonomous(tg_table_name);
              insert into audit.log (tbl) values (tg_table_name);
              return new;
            end $$;
            alter function audit.record() owner to postgres;
            """)
        // The autonomous transaction is the point here, so the check is told to fire the dblink
        // trigger it would otherwise refuse (see SideEffectTriggerTests).
        let report = try AccessCheck.run(
            ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db, options: CheckOptions(allowsSideEffects: true))
        #expect(report.passed, "\(MatrixReport(report).text)")
        let committed = try db.query("select count(*)::int as rows, max(id)::text as max from audit.log").first
        #expect(try committed?.int("rows") ?? 0 > 0, "the trigger committed rows through dblink during the check")
        let position = try db.query("select last_value::text as value from audit.log_id_seq").first?.string("value")
        #expect(Int(position ?? "") ?? 0 >= Int(try committed?.string("max") ?? "") ?? .max, "the sequence is not below committed rows")
        // The next inserts get values no committed row holds, as many as the committed rows' highest id.
        #expect(throws: Never.self) {
            try db.execute("insert into audit.log (tbl) select 'after the check' from generate_series(1, (select max(id) from audit.log))")
        }
        let notes = report.notes.filter { $0.contains("audit.log_id_seq") }
        #expect(
            notes.contains { $0.contains("ahead of where it was") && $0.contains("drawn by others during the check") },
            "\(report.notes)")
        #expect(!report.notes.contains { $0.contains("harmless") }, "\(report.notes)")
    }
}
