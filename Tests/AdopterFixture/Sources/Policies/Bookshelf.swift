import RLSModel

/// A reading list: a public catalogue of genres, and notes on books that only their writer sees.
public enum Bookshelf {
    public static let schema = Schema {
        // One row per reader, made by the sign-up trigger; readers see each other's names.
        Table("reader") {
            Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("display_name", .text).nullable()
        }
        .access(select: .authenticated, update: .owner(column: "id"))
        SignUpProfile(table: "reader", values: ["id": .userID, "display_name": .metadata("display_name")])

        // Anyone may read the genres, signed in or not; only the backend changes them.
        Table("genre") {
            Column("id", .bigint).identity().primaryKey()
            Column("title", .text).unique()
        }
        .access(read: .public, write: .serviceRoleOnly)

        // A reader's notes: only the reader who wrote one sees, changes or removes it.
        Table("book_note") {
            Column("id", .bigint).identity().primaryKey()
            Column("reader_id", .uuid).default(.currentUserID).references("reader", onDelete: .cascade)
            Column("genre_id", .bigint).references("genre").nullable()
            Column("book_title", .text)
            Column("note", .text).nullable()
        }
        .access(.owner(column: "reader_id"))
    }
}
