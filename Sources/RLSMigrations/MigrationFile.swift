import RLSPostgres

/// One migration: a file `Migrations/<14-digit UTC timestamp>_<name>.sql`, the same naming the
/// Supabase CLI uses, so both tools read the same folder and agree on versions.
///
/// ```swift
/// let file = try MigrationFile(fileName: "20261122153000_add_saved.sql", path: "Migrations/20261122153000_add_saved.sql",
///                              contents: "create table saved (id bigint primary key);")
/// file.version    // "20261122153000"
/// file.name       // "add_saved"
/// file.checksum   // SHA-256 of the file's bytes, hex
/// ```
public struct MigrationFile: Sendable, Equatable {
    /// The 14-digit UTC timestamp the file name starts with; migrations apply in this order.
    public let version: String
    /// The part of the file name between the timestamp and `.sql`.
    public let name: String
    /// The file name, such as `20261122153000_add_saved.sql`.
    public let fileName: String
    /// Where the file was read from (or will be written).
    public let path: String
    /// The file's text, without a leading byte-order mark (see ``MigrationText``).
    public let contents: String
    /// Lowercase hex SHA-256 of the file's UTF-8 bytes; an applied file whose checksum changes
    /// was edited after it ran.
    public let checksum: String
    /// The file's statements, each with its line in the file; split on first use (`rls plan` with
    /// nothing pending never needs them), then kept.
    public var statements: [SQLStatement] { split.statements }
    private let split: SplitOnce

    /// A migration from its file name and text; throws ``MigrationError/badFileName(_:directory:)``
    /// unless the name is `YYYYMMDDHHMMSS_name.sql`, and ``MigrationError/notText(_:byteOffset:reason:)``
    /// for a NUL or a byte-order mark after the start.
    public init(fileName: String, path: String, contents: String) throws {
        // Not NSString.deletingLastPathComponent: Foundation on Linux traps on a path without "/".
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let (version, name) = try Self.parse(fileName: fileName, directory: directory)
        self.version = version
        self.name = name
        self.fileName = fileName
        self.path = path
        let text = try MigrationText.decode(contents, path: path)
        self.contents = text
        self.checksum = SHA256.hexDigest(of: text.utf8)
        self.split = SplitOnce(text)
    }

    /// The file name with control characters escaped, for printing (see `String.escapedForDisplay`).
    public var displayName: String { fileName.escapedForDisplay }

    /// Every statement that can lose data, with its line.
    public var destructiveStatements: [DestructiveStatement] {
        statements.flatMap { statement in
            statement.destructiveKinds.map {
                DestructiveStatement(fileName: fileName, line: statement.line, statement: statement.text, kind: $0)
            }
        }
    }

    /// Splits `20261122153000_add_saved.sql` into version and name.
    static func parse(fileName: String, directory: String) throws -> (version: String, name: String) {
        let scalars = Array(fileName.unicodeScalars)
        guard fileName.hasSuffix(".sql"), scalars.count > 19,
            scalars.prefix(14).allSatisfy({ ("0"..."9").contains($0) }), scalars[14] == "_"
        else {
            throw MigrationError.badFileName(fileName, directory: directory)
        }
        let name = String(String.UnicodeScalarView(scalars[15..<(scalars.count - 4)]))
        return (String(String.UnicodeScalarView(scalars[0..<14])), name)
    }
}
