import RLSModel

extension ElectricRide {
    /// Listings (written by their seller), their photos (owned through the listing)
    /// and the listings each user saved (owned through the profile).
    @SchemaBuilder static var listings: [SchemaElement] {
        EnumType("listing_status", values: "available", "sold", comment: "Whether a listing can still be bought.")

        Table("listing") {
            Column("id", .bigint).identity().primaryKey()
            Column("seller_id", .uuid).default(.currentUserID).references("profiles", onDelete: .cascade)
            // Set when the seller lists for a dealership: its staff then manage the listing's photos too.
            Column("dealership_id", .bigint).nullable().references("dealership", onDelete: .setNull)
            Column("vehicle_id", .bigint).references("vehicle")
            Column("colour_id", .bigint).references("colour")
            Column("price", .numeric(10, 2))
            Column("odometer_km", .integer)
            Column("features", .array(.text)).default(.raw(SQL(raw: "'{}'")))
            Column("description", .text).nullable()
            Column("status", .enumeration("listing_status")).default("available")
            Column("listed_at", .timestamptz).default(.now)
            CheckConstraint("listing_price_not_negative", SQL(raw: "price >= 0"))
            Index("listed_at")
        }
        .comment("A vehicle offered for sale by a signed-in user.")
        .access(read: .authenticated, write: .owner(column: "seller_id"))
        // Price and status changes reach open welcome and detail pages without a reload, for
        // every signed-in user (who may read every listing); anon receives nothing.
        .live()
        // Browsing works with an anonymous sign-in; offering a vehicle needs a permanent account.
        .excludesAnonymousUsers(for: [.insert])

        Table("listing_photo") {
            Column("id", .bigint).identity().primaryKey()
            Column("listing_id", .bigint).references("listing", onDelete: .cascade)
            Column("storage_path", .text)
            Column("position", .smallint).default(0)
            Unique("listing_id", "position")
        }
        .comment("Photos of a listing; its seller adds and removes them.")
        // Two hops: photo → listing → seller's profile (the profile's id is the user's id).
        .access(read: .authenticated, write: .owner(through: "listing_id"))

        Table("saved") {
            Column("profile_id", .uuid).default(.currentUserID).references("profiles", onDelete: .cascade)
            Column("listing_id", .bigint).references("listing", onDelete: .cascade)
            Column("saved_at", .timestamptz).default(.now)
            PrimaryKey("profile_id", "listing_id")
        }
        .comment("Listings a user marked as favourites; private to that user.")
        .access(.owner(through: "profile_id"))
    }
}
