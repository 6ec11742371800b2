import RLSCatalog
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Objects a schema leaves out (`.leavingOut(...)`) are neither drift nor dropped, and only those.
@Suite("Undeclared objects")
struct UndeclaredObjectsTests {
    static let schema = Schema {
        Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("body", .text)
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
    }

    static let others = """
        create schema analytics;
        create table analytics.event (id bigint generated always as identity primary key, name text);
        grant usage on schema analytics to service_role;
        grant select on analytics.event to service_role;
        create table public.audit_log (id bigserial primary key, entry text);
        alter table public.audit_log enable row level security;
        create policy "service reads" on public.audit_log for select to authenticated using (false);
        grant select on public.audit_log to authenticated;
        create function public.legacy_report(days integer) returns bigint language sql as $$ select 1::bigint $$;
        create function public.legacy_report() returns bigint language sql as $$ select 2::bigint $$;
        """

    @Test func leftOutObjectsAreNotDriftButOthersStillAre() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let desiredSQL = render(Self.schema)
        try db.execute(desiredSQL)
        try db.execute(Self.others)

        let full = try Drift.plan(target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(full.changes.contains { $0.name.contains("audit_log") })
        #expect(full.changes.contains { $0.name.contains("analytics") })
        #expect(full.changes.contains { $0.name.contains("legacy_report") })

        let leftOut = Self.schema.leavingOut(schemas: ["analytics"], tables: ["audit_log"], functions: ["public.legacy_report"])
        let plan = try Drift.plan(
            target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster,
            leavingOut: leftOut.undeclared)
        #expect(plan.isEmpty, "\(plan.sql)")

        // Only what is named: a table that is not named is still drift.
        try db.execute("create table public.scratchpad (id int)")
        let again = try Drift.plan(
            target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster,
            leavingOut: leftOut.undeclared)
        #expect(again.changes.map(\.summary).allSatisfy { $0.contains("scratchpad") }, "\(again.sql)")
        #expect(!again.isEmpty)
    }
}
