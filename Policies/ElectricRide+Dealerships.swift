import RLSModel

extension ElectricRide {
    /// Dealerships sell through their team. A member's role says what they may do:
    /// - staff list vehicles for the dealership and edit them;
    /// - admins also remove listings and edit the dealership's details;
    /// - owners also decide who works there (and in which role).
    ///
    /// The plans read `dealership_member` through a generated SECURITY DEFINER helper in the
    /// `private` schema (which the API does not expose), so no policy selects from a table whose
    /// policies select back (42P17), and each statement looks the user's dealerships up once.
    @SchemaBuilder static var dealerships: [SchemaElement] {
        EnumType(
            "dealership_role", values: "owner", "admin", "staff",
            comment: "What a member of a dealership may do: owners manage the team, admins the listings, staff list vehicles.")

        Table("dealership") {
            Column("id", .bigint).identity().primaryKey()
            Column("name", .text)
            Column("created_at", .timestamptz).default(.now)
        }
        .comment("A business that sells vehicles through its team; the backend creates it when a dealer signs up.")
        .access(
            select: .authenticated, insert: .serviceRoleOnly,
            update: .members(of: "id", through: "dealership_member", roles: ["owner", "admin"]), delete: .serviceRoleOnly
        )
        // The team's private channel (topic `dealership:<id>`): owners and admins broadcast to the whole
        // team (a price change, the showroom closing early), every member hears it live.
        .channel(
            "dealership", receive: .members(of: "id", through: "dealership_member"),
            send: .members(of: "id", through: "dealership_member", roles: ["owner", "admin"]), features: [.broadcast])

        Table("dealership_member") {
            Column("dealership_id", .bigint).references("dealership", onDelete: .cascade)
            Column("user_id", .uuid).references("profiles", onDelete: .cascade)
            Column("role", .enumeration("dealership_role")).default("staff")
            Column("joined_at", .timestamptz).default(.now)
            PrimaryKey("dealership_id", "user_id")
        }
        .comment("Who works for which dealership, in which role; only the dealership's owners change it.")
        .access(
            read: .members(of: "dealership_id", through: "dealership_member"),
            write: .members(of: "dealership_id", through: "dealership_member", roles: ["owner"])
        )
        // Who may act for the dealership is worth a second factor: a stolen password alone cannot change the team.
        .requiresMFA(for: [.insert, .update, .delete])

        Table("dealership_listing") {
            Column("id", .bigint).identity().primaryKey()
            Column("dealership_id", .bigint).references("dealership", onDelete: .cascade)
            Column("vehicle_id", .bigint).references("vehicle")
            Column("colour_id", .bigint).references("colour")
            Column("price", .numeric(10, 2))
            Column("odometer_km", .integer)
            Column("status", .enumeration("listing_status")).default("available")
            Column("listed_at", .timestamptz).default(.now)
            CheckConstraint("dealership_listing_price_not_negative", SQL(raw: "price >= 0"))
        }
        .comment("A vehicle a dealership offers: any signed-in buyer reads it, its team lists and edits it, owners and admins remove it.")
        .access(
            select: .authenticated,
            insert: .members(of: "dealership_id", through: "dealership_member"),
            update: .members(of: "dealership_id", through: "dealership_member"),
            delete: .members(of: "dealership_id", through: "dealership_member", roles: ["owner", "admin"]))
    }
}
