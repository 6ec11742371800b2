import ElectricRide
import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The welcome page's per-brand counts, kept by per-change triggers, always equal a recount:
/// after inserts, updates, deletes, moves between brands and truncation, written by signed-in
/// users through RLS, by `service_role` and by the non-superuser `postgres`.
@Suite struct WelcomePageCountTests {
    let ann = "11111111-1111-4111-8111-111111111111"
    let bob = "22222222-2222-4222-8222-222222222222"

    /// Three brands, four vehicles (two of Tesla), two users; no listing yet.
    func database(_ setUp: (Connection) throws -> Void) throws -> Connection {
        let (_, db) = try TestDatabase.make()
        try setUp(db)
        try db.signUp(ann, email: "ann@example.org", name: "Ann")
        try db.signUp(bob, email: "bob@example.org", name: "Bob")
        try db.execute(
            """
            insert into public.brand (name) values ('Tesla'), ('Polestar'), ('Kia');
            insert into public.colour (name) values ('Red');
            insert into public.vehicle (brand_id, model, model_year) values
              (1, 'Model 3', 2021), (1, 'Model Y', 2022), (2, 'Polestar 2', 2023), (3, 'EV6', 2022);
            """)
        return db
    }

    /// What the welcome page shows, per brand id, and what a full recount gives.
    func counts(_ db: Connection) throws -> (shown: [Int: Int], recount: [Int: Int]) {
        let shown = try db.query("select brand_id, available_listings from public.welcome_brand_counts").rows
        let recount = try db.query(
            """
            select b.id as brand_id, count(l.id) filter (where l.status = 'available') as available_listings
            from public.brand as b
            left join public.vehicle as v on v.brand_id = b.id
            left join public.listing as l on l.vehicle_id = v.id
            group by b.id
            """
        ).rows
        func byBrand(_ rows: [Row]) throws -> [Int: Int] {
            Dictionary(uniqueKeysWithValues: try rows.map { (try $0.int("brand_id"), try $0.int("available_listings")) })
        }
        return (try byBrand(shown), try byBrand(recount))
    }

    func expectExact(_ db: Connection, after step: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let (shown, recount) = try counts(db)
        #expect(shown == recount, "after \(step)", sourceLocation: sourceLocation)
    }

    /// Runs `sql` as a signed-in user through RLS and commits it.
    func asUser(_ db: Connection, _ user: String, _ sql: String) throws {
        try db.asRole("authenticated", user: user) { db in
            try db.execute(sql)
            try db.execute("commit")
        }
    }

    @Test func countsStayExactThroughTheAPIRoles() throws {
        let db = try database { try $0.apply(render(ElectricRide.schema)) }
        try asUser(
            db, ann,
            """
            insert into public.listing (vehicle_id, colour_id, price, odometer_km, status) values
              (1, 1, 30000, 1000, 'available'), (2, 1, 41000, 500, 'available'), (3, 1, 28000, 9000, 'sold'),
              (3, 1, 27000, 9500, 'available'), (4, 1, 35000, 100, 'available')
            """)
        try expectExact(db, after: "a multi-row insert by ann")
        #expect(try counts(db).shown == [1: 2, 2: 1, 3: 1])
        try asUser(db, bob, "insert into public.listing (vehicle_id, colour_id, price, odometer_km) values (4, 1, 1, 1)")
        try expectExact(db, after: "a single insert by bob")

        try asUser(db, ann, "update public.listing set price = price - 500")
        try expectExact(db, after: "a price change")
        try asUser(db, ann, "update public.listing set status = 'sold' where vehicle_id = 1")
        try expectExact(db, after: "marking a listing sold")
        try asUser(db, ann, "update public.listing set vehicle_id = 3 where vehicle_id = 2")
        try expectExact(db, after: "moving a listing to another brand's vehicle")
        try asUser(db, ann, "update public.listing set vehicle_id = 1, status = 'available' where status = 'sold'")
        try expectExact(db, after: "moving sold listings back and relisting them in one statement")
        try asUser(db, bob, "update public.listing set status = 'sold'")  // RLS: only bob's own listing changes
        try expectExact(db, after: "bob's update, which RLS limits to his listing")
        try asUser(db, bob, "delete from public.listing")
        try expectExact(db, after: "bob's delete, which RLS limits to his listing")
        try asUser(db, ann, "delete from public.listing where vehicle_id = 3")
        try expectExact(db, after: "ann's delete")
        #expect(try counts(db).shown.values.reduce(0, +) == 3)

        try db.asRole("service_role") { db in
            try db.execute("update public.vehicle set brand_id = 3 where id = 1")
            try db.execute("commit")
        }
        try expectExact(db, after: "service_role moving a vehicle with its listings to another brand")
        try db.asRole("service_role") { db in
            try db.execute("update public.vehicle set brand_id = case brand_id when 3 then 2 else 3 end where id in (1, 4)")
            try db.execute("update public.vehicle set range_km = 500")
            try db.execute("commit")
        }
        try expectExact(db, after: "two vehicles swapping brands in one statement, then an unrelated vehicle update")
    }

    @Test func countsStayExactForBulkWritesByPostgres() throws {
        let db = try database { try $0.apply(render(ElectricRide.schema)) }
        try db.execute(
            """
            insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km, status)
            select case when g % 2 = 0 then '\(ann)'::uuid else '\(bob)'::uuid end, 1 + g % 4, 1, g, g,
                   case when g % 5 = 0 then 'sold' else 'available' end::public.listing_status
            from generate_series(1, 2000) as g
            """)
        try expectExact(db, after: "a 2,000-row insert")
        try db.execute("update public.listing set status = 'sold' where id % 3 = 0")
        try expectExact(db, after: "a bulk status update")
        try db.execute("update public.listing set vehicle_id = 1 + (vehicle_id % 4) where id % 7 = 0")
        try expectExact(db, after: "a bulk move between brands")
        try db.execute("delete from public.listing where id % 2 = 0")
        try expectExact(db, after: "a bulk delete")
        try db.execute("insert into public.brand (name) values ('Rivian'); delete from public.brand where name = 'Rivian'")
        try expectExact(db, after: "adding and removing a brand")
        try db.transaction { db in
            try db.execute("update public.listing set status = 'available'")
            try db.execute("update public.vehicle set brand_id = 2 where id = 2")
        }
        try expectExact(db, after: "a relisting and a move in one transaction")
        try db.execute("truncate public.listing cascade")
        try expectExact(db, after: "truncating listing")
        #expect(try counts(db).shown.values.allSatisfy { $0 == 0 })
    }

    /// A database built by the repository's migrations, with listings counted by the old recount
    /// trigger, keeps exact counts across the upgrade and after it.
    @Test func theMigrationKeepsExistingCountsExact() throws {
        let directory = MigrationDirectory(
            path: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Migrations").path)
        let files = try directory.files()
        let upgrade = try #require(files.firstIndex { $0.name == "welcome_counts_per_change" })
        let db = try database { db in
            for file in files[..<upgrade] { try db.apply(file.contents) }
        }
        try asUser(db, ann, "insert into public.listing (vehicle_id, colour_id, price, odometer_km) values (1, 1, 1, 1), (3, 1, 2, 2)")
        try expectExact(db, after: "listings counted by the recount trigger")
        for file in files[upgrade...] { try db.apply(file.contents) }
        try expectExact(db, after: "the upgrade")
        try asUser(db, ann, "update public.listing set vehicle_id = 4 where vehicle_id = 1")
        try asUser(db, ann, "delete from public.listing where vehicle_id = 3")
        try expectExact(db, after: "writes after the upgrade")
        #expect(try counts(db).shown == [1: 0, 2: 0, 3: 1])
    }

    /// While a vehicle's move to another brand is uncommitted, writes to its listings wait for it
    /// (here: give up after a lock timeout) instead of counting against the brand it is leaving.
    @Test func writesToAMovingVehiclesListingsWaitForTheMove() throws {
        let (url, db) = try TestDatabase.make()
        try db.apply(render(ElectricRide.schema))
        try db.signUp(ann, email: "ann@example.org", name: "Ann")
        try db.execute(
            """
            insert into public.brand (name) values ('Tesla'), ('Polestar');
            insert into public.colour (name) values ('Red');
            insert into public.vehicle (brand_id, model, model_year) values (1, 'Model 3', 2021);
            insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km)
            values ('\(ann)', 1, 1, 1, 1), ('\(ann)', 1, 1, 2, 2);
            """)
        let other = try Connection(url: url)
        defer { other.close() }
        try db.execute("begin; update public.vehicle set brand_id = 2 where id = 1")
        for write in [
            "delete from public.listing where price = 1",
            "update public.listing set status = 'sold' where price = 2",
            "insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km) values ('\(ann)', 1, 1, 3, 3)",
        ] {
            let state = sqlState { try other.execute("set lock_timeout = '200ms'; \(write)") }
            #expect(state == "55P03", "\(write) did not wait for the move")
        }
        try db.execute("commit")
        try other.execute("delete from public.listing where price = 1")
        try other.execute("insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km) values ('\(ann)', 1, 1, 3, 3)")
        try expectExact(db, after: "the move, then the writes that waited for it")
        #expect(try counts(db).shown == [1: 0, 2: 2])
    }
}
