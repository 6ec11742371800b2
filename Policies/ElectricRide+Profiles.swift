import RLSModel

extension ElectricRide {
    /// One profile per signed-up user (Electric Ride's `patron`), filled in by a trigger on `auth.users`.
    @SchemaBuilder static var profiles: [SchemaElement] {
        Table("profiles") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("email", .text).nullable()
            Column("full_name", .text).nullable()
            Column("avatar_url", .text).nullable()
            Column("phone", .text).nullable().comment("Optional: sign-in providers may not share it.")
            Column("created_at", .timestamptz).default(.now)
        }
        .comment("One row per user, created by the sign-up trigger; the user may edit their own.")
        // No insert or delete plan: rows appear with the auth.users row and leave with it (cascade).
        .access(select: .authenticated, update: .owner(column: "id"))

        // The client-supplied metadata only fills display fields; no policy ever reads it.
        SignUpProfile(table: "profiles", values: [
            "id": .userID,
            "email": .email,
            "full_name": .metadata("full_name"),
            "avatar_url": .metadata("avatar_url"),
        ])
    }
}
