import ElectricRide
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// The Electric Ride schema on a real Supabase-shaped database.
@Suite struct ExampleSchemaDatabaseTests {
    let ann = "11111111-1111-4111-8111-111111111111"
    let bob = "22222222-2222-4222-8222-222222222222"

    /// The example applied, two signed-up users, a brand with a vehicle and one listing by Ann.
    func database() throws -> Connection {
        let (_, db) = try TestDatabase.make()
        try db.apply(render(ElectricRide.schema))
        try db.signUp(ann, email: "ann@example.org", name: "Ann")
        try db.signUp(bob, email: "bob@example.org", name: "Bob")
        try db.execute(
            """
            insert into public.brand (name) values ('Tesla'), ('Polestar');
            insert into public.colour (name) values ('Red');
            insert into public.vehicle (brand_id, model, model_year) values (1, 'Model 3', 2021);
            """)
        try db.asRole("authenticated", user: ann) { db in
            try db.execute("insert into public.listing (vehicle_id, colour_id, price, odometer_km) values (1, 1, 30000, 1000)")
            try db.execute("commit")
        }
        return db
    }

    @Test func signingUpCreatesAProfile() throws {
        let db = try database()
        let row = try #require(try db.query("select full_name from public.profiles where id = $1::uuid", [ann]).first)
        #expect(try row.string("full_name") == "Ann")
        // Contact details stay in auth.users: every signed-in user reads every profile.
        let columns = try db.query(
            "select attname from pg_attribute where attrelid = 'public.profiles'::regclass and attnum > 0 and not attisdropped"
        ).rows.map { try $0.string("attname") }
        #expect(!columns.contains("email") && !columns.contains("phone"))
    }

    /// A name with quotes, a backslash and a line break reaches the profile as typed: the sign-up's
    /// metadata is written as JSON, quoted once.
    @Test func aNameWithQuotesReachesTheProfileAsTyped() throws {
        let db = try database()
        let carol = "33333333-3333-4333-8333-333333333333"
        let name = "Carol \"CJ\" O'Brien \\ the 2nd\nof Cork"
        try db.signUp(carol, email: "carol@example.org", name: name)
        let row = try #require(try db.query("select full_name from public.profiles where id = $1::uuid", [carol]).first)
        #expect(try row.string("full_name") == name)
    }

    @Test func anonReadsPerBrandCountsButNoListing() throws {
        let db = try database()
        try db.asRole("anon") { db in
            let counts = try db.query("select brand, available_listings from public.welcome_brand_counts order by brand")
            #expect(try counts.rows.map { try $0.string("brand") } == ["Polestar", "Tesla"])
            #expect(try counts.rows.map { try $0.int("available_listings") } == [0, 1])
        }
        for table in ["listing", "vehicle", "profiles", "saved", "listing_photo"] {
            let state = sqlState {
                try db.asRole("anon") { db in
                    let rows = try db.query("select * from public.\(table)").rows
                    #expect(rows.isEmpty, "anon read rows of \(table)")
                }
            }
            #expect(state == "42501", "anon reading \(table)")
        }
    }

    @Test func savedListingsArePrivate() throws {
        let db = try database()
        try db.asRole("authenticated", user: ann) { db in
            try db.execute("insert into public.saved (listing_id) values (1)")
            try db.execute("commit")
        }
        let bobSees = try db.asRole("authenticated", user: bob) { try $0.query("select * from public.saved").count }
        #expect(bobSees == 0)
        let annSees = try db.asRole("authenticated", user: ann) { try $0.query("select * from public.saved").count }
        #expect(annSees == 1)
        let forged = sqlState {
            try db.asRole("authenticated", user: bob) { db in
                try db.execute("insert into public.saved (profile_id, listing_id) values ('\(ann)', 1)")
            }
        }
        #expect(forged == "42501")  // new row violates row-level security policy
    }

    @Test func onlyTheSellerChangesAListing() throws {
        let db = try database()
        let bobUpdates = try db.asRole("authenticated", user: bob) {
            try $0.query("update public.listing set price = 1 returning id").count
        }
        #expect(bobUpdates == 0)
        let annUpdates = try db.asRole("authenticated", user: ann) {
            try $0.query("update public.listing set price = 29000 returning id").count
        }
        #expect(annUpdates == 1)
        let handOver = sqlState {
            try db.asRole("authenticated", user: ann) { db in
                try db.execute("update public.listing set seller_id = '\(bob)'")
            }
        }
        #expect(handOver == "42501")
        let photo = sqlState {
            try db.asRole("authenticated", user: bob) { db in
                try db.execute("insert into public.listing_photo (listing_id, storage_path) values (1, 'x.jpg')")
            }
        }
        #expect(photo == "42501")
        try db.asRole("authenticated", user: ann) { db in
            try db.execute("insert into public.listing_photo (listing_id, storage_path) values (1, 'x.jpg')")
        }
    }

    @Test func profilesAreCreatedOnlyByTheTriggerAndEditedByTheirOwner() throws {
        let db = try database()
        let insert = sqlState {
            try db.asRole("authenticated", user: bob) { db in
                try db.execute("insert into public.profiles (id) values (gen_random_uuid())")
            }
        }
        #expect(insert == "42501")
        let edited = try db.asRole("authenticated", user: bob) {
            try $0.query("update public.profiles set full_name = 'Mallory' returning id").rows.map { try $0.string("id") }
        }
        #expect(edited == [bob])
    }

    @Test func nobodyCallsTheSecurityDefinerFunctionsDirectly() throws {
        let db = try database()
        for role in ["anon", "authenticated", "service_role"] {
            for function in ["count_listing_changes", "count_vehicle_brand_moves"] {
                let state = sqlState {
                    try db.asRole(role) { db in _ = try db.query("select public.\(function)()") }
                }
                #expect(state == "42501", "\(role) could execute \(function)")
            }
        }
    }
}
