import RLSModel

extension ElectricRide {
    /// One profile per signed-up user (Electric Ride's `patron`), filled in by a trigger on `auth.users`.
    ///
    /// Every signed-in user may read every profile (a seller's name next to a listing), so the profile
    /// holds display fields only: email and phone stay in `auth.users`, where only the user reaches them
    /// (`auth.email()`, `auth.jwt()`). Copying them here would show every user's contact details to every
    /// other signed-in user, and let a user write any address into their own row.
    @SchemaBuilder static var profiles: [SchemaElement] {
        Table("profiles") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("full_name", .text).nullable()
            Column("avatar_url", .text).nullable()
            Column("created_at", .timestamptz).default(.now)
        }
        .comment("One row per user, created by the sign-up trigger; the user may edit their own.")
        // No insert or delete plan: rows appear with the auth.users row and leave with it (cascade).
        .access(select: .authenticated, update: .owner(column: "id"))
        // A user edits their display fields; the id (who the row belongs to) and created_at stay as they are.
        .updatable(only: "full_name", "avatar_url")

        // The client-supplied metadata only fills display fields; no policy ever reads it.
        SignUpProfile(
            table: "profiles",
            values: [
                "id": .userID,
                "full_name": .metadata("full_name"),
                "avatar_url": .metadata("avatar_url"),
            ])
    }
}
