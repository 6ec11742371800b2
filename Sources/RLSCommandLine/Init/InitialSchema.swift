import Foundation
import RLSDatabase
import RLSPull

/// Where the schema of a package made by `rls init` comes from: the starter schema, or an existing
/// database read by `rls pull` (`rls init --from-database`). ``AdopterPackage`` asks this type for the
/// schema target's files and `Migrations/`; everything else is the same.
enum InitialSchema {
    /// A sign-up profile and one owner-only table.
    case starter
    /// A database read by ``Pull`` (as the enum the package's type name), with its baseline migration
    /// stamped `date`.
    case pulled(Pull, at: Date)

    /// The files written as text, by path in the package: the starter's schema and an empty `Migrations/`.
    func files(typeName: String, packageName: String) -> [(path: String, contents: String)] {
        switch self {
        case .starter:
            [
                ("Sources/Policies/\(typeName).swift", Self.starterSource(typeName: typeName, packageName: packageName)),
                // Keeps the empty folder in git; rls reads only *.sql files from it.
                ("Migrations/.gitkeep", ""),
            ]
        case .pulled: []
        }
    }

    /// Writes what `rls pull` writes, with its own entry point, into the package folder `package`:
    /// the Swift into `Sources/Policies/`, the baseline into `Migrations/`.
    func writeGeneratedFiles(into package: URL) throws {
        guard case .pulled(let pull, let date) = self else { return }
        try pull.write(
            sources: package.appendingPathComponent("Sources/Policies").path,
            migrations: MigrationDirectory(path: package.appendingPathComponent("Migrations").path), at: date)
    }

    /// The baseline's version, to record as applied (`rls apply --mark-applied VERSION`).
    var baselineVersion: String? {
        guard case .pulled(_, let date) = self else { return nil }
        return MigrationFile.version(at: date)
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
