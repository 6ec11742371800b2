/// Where the schema of a package made by `rls init` comes from.
///
/// Today there is the starter schema. `rls init --from-database URL` (the brownfield issue) adds a
/// case here that writes the Swift read from an existing database; ``AdopterPackage`` asks this type
/// only for the schema file's text, so nothing else changes.
enum InitialSchema {
    /// A sign-up profile and one owner-only table.
    case starter

    /// The text of `Sources/Policies/<TypeName>.swift`.
    func swiftSource(typeName: String, packageName: String) -> String {
        switch self {
        case .starter: Self.starterSource(typeName: typeName, packageName: packageName)
        }
    }

    private static func starterSource(typeName: String, packageName: String) -> String {
        """
        import RLSModel

        /// The tables of \(packageName)'s Supabase database and who may do what with their rows.
        /// `swift run rls sql` prints the SQL it compiles to; rls's Docs/DSL.md shows every construct.
        public enum \(typeName) {
            public static let schema = Schema {
                // One profile per user, created by a trigger when someone signs up. Signed-in users may
                // read profiles; only its owner may change one.
                Table("profiles") {
                    Column("id", .uuid).primaryKey().references(.authUsers, onDelete: .cascade)
                    Column("display_name", .text).nullable()
                    Column("created_at", .timestamptz).default(.now)
                }
                .access(select: .authenticated, update: .owner(column: "id"))
                SignUpProfile(table: "profiles", values: ["id": .userID, "display_name": .metadata("display_name")])

                // Private notes: only the signed-in user who wrote one sees, changes or removes it.
                Table("notes") {
                    Column("id", .bigint).identity().primaryKey()
                    Column("owner_id", .uuid).default(.currentUserID).references("profiles", onDelete: .cascade)
                    Column("body", .text)
                    Column("created_at", .timestamptz).default(.now)
                }
                .access(.owner(column: "owner_id"))
            }
        }

        """
    }
}
