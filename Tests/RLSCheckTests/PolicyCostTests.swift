import ElectricRide
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls check --explain`'s measurements: generated rows, how each policy's plan reads its table,
/// how often auth functions run, and the findings with their fixes.
@Suite struct PolicyCostTests {
    /// Two owner-only tables the DSL describes; the database is made by hand, one well and one badly.
    static let notes = Schema {
        Table("good_note") {
            Column("id", .bigint).identity().primaryKey()
            Column("owner_id", .uuid).references(.authUsers)
            Column("title", .text)
        }.access(.owner(column: "owner_id"))
        Table("bad_note") {
            Column("id", .bigint).identity().primaryKey()
            Column("owner_id", .uuid).references(.authUsers)
            Column("title", .text)
        }.access(.owner(column: "owner_id"))
    }

    static let handMade = """
        create table public.good_note (id bigint generated always as identity primary key,
          owner_id uuid not null references auth.users, title text not null);
        create index on public.good_note (owner_id);
        alter table public.good_note enable row level security;
        create policy "mine" on public.good_note for all to authenticated
          using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
        -- The blog-post version: auth.uid() per row, and no index on owner_id.
        create table public.bad_note (id bigint generated always as identity primary key,
          owner_id uuid not null references auth.users, title text not null);
        alter table public.bad_note enable row level security;
        create policy "mine" on public.bad_note for all to authenticated
          using (owner_id = auth.uid()) with check (owner_id = auth.uid());
        grant select, insert, update, delete on public.good_note, public.bad_note to authenticated, service_role;
        """

    func entry(_ report: PolicyCostReport, _ table: String, _ operation: PolicyCostReport.Operation, _ persona: String)
        throws -> PolicyCostReport.Entry
    {
        try #require(
            report.entries.first {
                $0.table.name == table && $0.operation == operation && $0.persona.description == persona
            })
    }

    @Test func flagsPerRowAuthCallsAndSequentialScansWithTheirFix() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + Self.handMade + "\ncommit;")
        let report = try PolicyCost.run(Self.notes, on: db, rowsPerTable: 20_000, users: 200)

        let bad = try entry(report, "bad_note", .select, "alice")
        #expect(bad.callsAuthPerRow)
        #expect(bad.scansSequentially)
        #expect(bad.authCalls == "per row" && bad.access == "sequential scan")
        let good = try entry(report, "good_note", .select, "alice")
        #expect(!good.callsAuthPerRow && !good.scansSequentially)
        #expect(good.authCalls == "once (initplan)")
        #expect(good.access.hasPrefix("index "), "\(good.access)")
        #expect(good.ratio != nil)
        #expect(try entry(report, "good_note", .update, "alice").access.hasPrefix("index "))

        #expect(try entry(report, "bad_note", .select, "anon").outcome == .noGrant)
        #expect(try entry(report, "good_note", .insert, "anon").outcome == .noGrant)
        #expect(try entry(report, "good_note", .select, "service_role").outcome == .measured)
        #expect(report.flagged.allSatisfy { $0.table.name == "bad_note" })

        #expect(
            report.text.contains(
                #"SLOW  public.bad_note select as alice: sequential scan of every row to find the persona's; fix: create index on "public"."bad_note" ("owner_id");"#
            ))
        #expect(
            report.text.contains("SLOW  public.bad_note select as alice: auth functions run once per row; fix: write (select auth.uid())"))
        #expect(!report.text.contains("SLOW  public.good_note"))
    }

    @Test func generatesRowsForTheExampleAndFindsNothingSlow() throws {
        let (_, db) = try ExampleDatabase.make()
        let report = try PolicyCost.run(ElectricRide.schema, on: db, rowsPerTable: 3_000, users: 100)
        let counts = try db.query(
            """
            select (select count(*) from public.listing) as listings, (select count(*) from public.profiles) as profiles,
                   (select count(*) from public.saved) as saved, (select count(*) from auth.users) as users,
                   (select count(*) from public.listing where seller_id = 'a11ce000-0000-4000-8000-000000000001') as alices
            """
        ).rows[0]
        #expect(try counts.int("listings") == 3_000)
        #expect(try counts.int("profiles") == 100 && counts.int("users") == 100)
        #expect(try counts.int("saved") > 0)
        #expect(try counts.int("alices") == 30)
        #expect(report.entries.count == ElectricRide.schema.tables.count * 4 * 3)
        #expect(report.entries.allSatisfy { !$0.callsAuthPerRow }, "\(report.text)")
        let update = try entry(report, "listing", .update, "alice")
        #expect(update.access == "index listing_seller_id_idx" && update.authCalls == "once (initplan)", "\(report.text)")
        #expect(try entry(report, "brand_listing_count", .select, "anon").filterIsTrivial)
        #expect(try entry(report, "saved", .select, "anon").outcome == .noGrant)
        // service_role's baseline reaches the same rows, also under a members plan, whose helper
        // reads auth.uid(): the baseline runs with the persona's claims.
        let compared = report.entries.filter { $0.serviceRoleRows != nil && $0.operation != .insert }
        #expect(compared.count > 20)
        for entry in compared {
            #expect(entry.rows == entry.serviceRoleRows, "\(entry.table) \(entry.operation) \(entry.persona): \(report.text)")
        }
        let members = try entry(report, "dealership_listing", .update, "alice")
        #expect((members.rows ?? 0) > 0, "alice's dealerships have listings to update: \(report.text)")
    }

    @Test func oddNamesAndTypesItCannotInvent() throws {
        let odd = Schema {
            Table("Odd \"Note\" table") {
                Column("the id", .bigint).identity().primaryKey()
                Column("owner; id", .uuid).references(.authUsers)
                Column("Title", .text)
            }.access(.owner(column: "owner; id"))
        }
        let (_, db) = try ExampleDatabase.make(odd)
        let report = try PolicyCost.run(odd, on: db, rowsPerTable: 2_000, users: 50)
        let select = try entry(report, "Odd \"Note\" table", .select, "alice")
        #expect(select.outcome == .measured && select.authCalls == "once (initplan)", "\(report.text)")
        #expect(try db.query(#"select count(*) as n from public."Odd ""Note"" table""#).rows[0].int("n") == 2_000)

        let opaque = Schema {
            Table("gadget") {
                Column("id", .bigint).identity().primaryKey()
                Column("shape", .raw(SQL(raw: "point")))
            }.access(read: .public, write: .serviceRoleOnly)
        }
        let (_, other) = try ExampleDatabase.make(opaque)
        #expect {
            try PolicyCost.run(opaque, on: other, rowsPerTable: 10, users: 5)
        } throws: { error in
            "\(error)".contains("cannot invent values of type point for public.gadget.shape")
                && "\(error)".contains(".fixture(SQL(raw:")
        }
    }
}
