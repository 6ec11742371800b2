import ElectricRide
import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The example's generated types against a real database under row-level security: values built
/// with `Insert` and `Update`, encoded by `PostgresJSON.encoder()` in a compiled program, are written
/// as alice through `json_populate_record` (PostgREST's way); the rows alice may read, rendered by
/// `json_agg` as PostgREST renders them, decode into the row types, in three session time zones.
@Suite("rls types: Electric Ride's types round trip through PostgreSQL under RLS")
struct ElectricRideRoundTripTests {
    static let main = #"""
        import Foundation

        let arguments = CommandLine.arguments
        let encoder = PostgresJSON.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

        switch arguments[1] {
        case "listing":
            let listedAt = PostgresJSON.date(from: "2026-11-27T09:30:00.123456+00:00")!
            print(try json(Listing.Insert(
                vehicleID: Int64(arguments[2])!, colourID: Int64(arguments[3])!, price: Decimal(string: "15000.50")!, odometerKm: 1200,
                features: ["heat pump", "tow \"bar\""], description: "Fährt gut \\ 🚗", listedAt: listedAt)))
        case "listing-update":
            print(try json(Listing.Update(price: Decimal(string: "14250.25")!, description: .some(nil))))
        case "saved":
            print(try json(Saved.Insert(listingID: Int64(arguments[2])!)))
        case "profile":
            print(try json(Profiles.Update(fullName: "Alice Ångström", avatarURL: .some(nil))))
        case "decode":
            struct Rows: Decodable {
                let listing: [Listing]
                let profiles: [Profiles]
                let saved: [Saved]
                let vehicle: [Vehicle]
                let brand: [Brand]
                let dealershipMember: [DealershipMember]
                let welcomeBrandCounts: [WelcomeBrandCounts]
                enum CodingKeys: String, CodingKey {
                    case listing, profiles, saved, vehicle, brand
                    case dealershipMember = "dealership_member"
                    case welcomeBrandCounts = "welcome_brand_counts"
                }
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
            let rows = try PostgresJSON.decoder().decode(Rows.self, from: data)
            func text(_ date: Date) -> String { PostgresJSON.text(from: date) }
            for row in rows.listing {
                print("listing id=\(row.id) seller=\(row.sellerID.uuidString.lowercased()) price=\(row.price) features=\(row.features.joined(separator: "|"))"
                    + " description=\(row.description ?? "null") status=\(row.status.rawValue) listedAt=\(text(row.listedAt))")
            }
            for row in rows.profiles {
                print("profiles id=\(row.id.uuidString.lowercased()) fullName=\(row.fullName ?? "null") avatarURL=\(row.avatarURL ?? "null") createdAt=\(text(row.createdAt))")
            }
            for row in rows.saved {
                print("saved profile=\(row.profileID.uuidString.lowercased()) listing=\(row.listingID) savedAt=\(text(row.savedAt))")
            }
            for row in rows.vehicle {
                print("vehicle id=\(row.id) model=\(row.model) year=\(row.modelYear) battery=\(row.batteryKwh.map { "\($0)" } ?? "null") range=\(row.rangeKm.map { "\($0)" } ?? "null")")
            }
            for row in rows.brand { print("brand id=\(row.id) name=\(row.name)") }
            for row in rows.dealershipMember { print("dealership_member role=\(row.role.rawValue) joinedAt=\(text(row.joinedAt))") }
            for row in rows.welcomeBrandCounts {
                print("welcome_brand_counts brand=\(row.brandID) \(row.brand) available=\(row.availableListings)")
            }
        default:
            fatalError("unknown command \(arguments[1])")
        }
        """#

    @Test("Insert and Update written as alice, rows read as alice, in UTC, +05:30 and -03:30")
    func roundTrip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let program = try SwiftProgram(
            ["Database.swift": try TypesSnapshot.file(ElectricRide.schema), "main.swift": Self.main], in: folder)

        let (_, db) = try TestDatabase.make()
        try db.transaction { try $0.execute(render(ElectricRide.schema)) }
        let (alice, bob) = (SignedInUser.alice, SignedInUser.bob)
        try db.execute(
            AuthUsers.signUpSQL([
                AuthUsers.SignUp(id: alice.id, email: alice.email, fullName: "Alice"),
                AuthUsers.SignUp(id: bob.id, email: bob.email, fullName: "Bob"),
            ]))
        try db.execute(
            """
            insert into public.brand (name) values ('Polestar');
            insert into public.colour (name) values ('Midnight');
            insert into public.vehicle (brand_id, model, model_year, battery_kwh) values (1, 'Polestar 2', 2024, 78.5);
            insert into public.dealership (name) values ('Volt Motors');
            insert into public.dealership_member (dealership_id, user_id, role) values (1, '\(alice.id)', 'owner');
            """)

        // Writes, as alice, of what the program encoded: the listing takes alice as its seller by default.
        #expect(try alice.insert(try program("listing", "1", "1"), into: "public.listing", db) == 1)
        let listingID = try db.query("select id from public.listing where seller_id = $1::uuid", [alice.id]).first!.string("id")
        #expect(try alice.insert(try program("saved", listingID), into: "public.saved", db) == 1)
        #expect(try alice.update(try program("profile"), table: "public.profiles", where: "id = '\(alice.id)'", db) == 1)
        #expect(try alice.update(try program("listing-update"), table: "public.listing", where: "id = \(listingID)", db) == 1)
        // Bob's own listing and saved row, which alice must not see.
        #expect(try bob.insert(try program("listing", "1", "1"), into: "public.listing", db) == 1)
        let bobListing = try db.query("select id from public.listing where seller_id = $1::uuid", [bob.id]).first!.string("id")
        #expect(try bob.insert(try program("saved", bobListing), into: "public.saved", db) == 1)

        let stored = try #require(
            try db.query(
                """
                select price::text, description, features::text, to_char(listed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as listed
                from public.listing where id = \(listingID)
                """
            ).first)
        #expect(try stored.string("price") == "14250.25")
        #expect(stored["description"] == nil)
        #expect(try stored.string("features") == #"{"heat pump","tow \"bar\""}"#)
        #expect(try stored.string("listed") == "2026-11-27 09:30:00.123456")

        // What alice reads, formatted by PostgreSQL itself in the program's words.
        let utc = "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"+00:00\"'"
        let expected = try alice.run(db) { db in
            try db.query(
                """
                select line from (
                  select 1 as part, id::text as key, format('listing id=%s seller=%s price=%s features=%s description=%s status=%s listedAt=%s',
                    id, seller_id, trim_scale(price), array_to_string(features, '|'), coalesce(description, 'null'), status,
                    to_char(listed_at at time zone 'UTC', \(utc))) as line from public.listing
                  union all
                  select 2, id::text, format('profiles id=%s fullName=%s avatarURL=%s createdAt=%s', id, coalesce(full_name, 'null'),
                    coalesce(avatar_url, 'null'), to_char(created_at at time zone 'UTC', \(utc))) from public.profiles
                  union all
                  select 3, listing_id::text, format('saved profile=%s listing=%s savedAt=%s', profile_id, listing_id,
                    to_char(saved_at at time zone 'UTC', \(utc))) from public.saved
                  union all
                  select 4, id::text, format('vehicle id=%s model=%s year=%s battery=%s range=%s', id, model, model_year,
                    trim_scale(battery_kwh), coalesce(range_km::text, 'null')) from public.vehicle
                  union all
                  select 5, id::text, format('brand id=%s name=%s', id, name) from public.brand
                  union all
                  select 6, user_id::text, format('dealership_member role=%s joinedAt=%s', role, to_char(joined_at at time zone 'UTC', \(utc)))
                  from public.dealership_member
                  union all
                  select 7, brand_id::text, format('welcome_brand_counts brand=%s %s available=%s', brand_id, brand, available_listings)
                  from public.welcome_brand_counts
                ) as lines order by part, key
                """
            ).rows.map { try $0.string("line") }
        }
        // Alice's own listing, and bob's (every signed-in user reads listings); her saved row only.
        #expect(expected.filter { $0.hasPrefix("listing ") }.count == 2)
        #expect(expected.filter { $0.hasPrefix("saved ") } == [expected.first { $0.hasPrefix("saved profile=\(alice.id)") }!])
        #expect(expected.contains { $0.contains("fullName=Alice Ångström avatarURL=null") })
        // The view's declared columns are what its query returns: both listings are available.
        #expect(expected.contains("welcome_brand_counts brand=1 Polestar available=2"))

        for timeZone in ["UTC", "Asia/Kolkata", "America/St_Johns"] {
            var rows: [String] = []
            for (table, order) in [
                ("listing", "id"), ("profiles", "id"), ("saved", "listing_id"), ("vehicle", "id"), ("brand", "id"),
                ("dealership_member", "user_id"), ("welcome_brand_counts", "brand_id"),
            ] {
                rows.append("\"\(table)\": " + (try alice.rows(of: "public.\(table)", orderBy: order, timeZone: timeZone, db)))
            }
            let json = "{" + rows.joined(separator: ",\n") + "}"
            if timeZone == "Asia/Kolkata" { #expect(json.contains("+05:30\"")) }
            if timeZone == "America/St_Johns" { #expect(json.contains("-03:30\"")) }
            let file = try folder.write("rows.json", json)
            let decoded = try program("decode", file).split(separator: "\n").map(String.init)
            #expect(decoded == expected, "time zone \(timeZone)")
        }
    }
}
