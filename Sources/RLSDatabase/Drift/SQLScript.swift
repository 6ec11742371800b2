import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// A named piece of SQL to run on a throwaway database: a migration file, or the DSL's rendering.
///
/// The name appears in errors: `Migrations/20261122093000_init.sql failed: …`.
public struct SQLScript: Sendable, Equatable {
    /// Where the SQL came from, for messages (a file path or `the DSL's schema`).
    public var name: String
    /// The SQL text, any number of statements.
    public var sql: String {
        didSet { (file, given) = (nil, nil) }
    }
    /// The migration file the SQL was read from: it splits its text once, however many replays
    /// and reports ask for the statements of a large file.
    private var file: MigrationFile?
    /// The statements of `sql`, split already by whoever made the script.
    private var given: [SQLStatement]?

    /// Creates a script.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }

    /// A script whose statements are split already: `statements` are the statements of `sql`, in
    /// order (lines may count from a larger script they were cut from).
    init(name: String, sql: String, statements: [SQLStatement]) {
        self.init(name: name, sql: sql)
        given = statements
    }

    /// A migration file, named by its path.
    public init(_ file: MigrationFile) {
        self.init(name: file.path, sql: file.contents)
        self.file = file
    }

    /// The script's statements (``SQLStatement/split(_:)``).
    var statements: [SQLStatement] { file?.statements ?? given ?? SQLStatement.split(sql) }

    /// Equal names and texts: where a script was read from does not matter.
    public static func == (lhs: SQLScript, rhs: SQLScript) -> Bool { lhs.name == rhs.name && lhs.sql == rhs.sql }
}
