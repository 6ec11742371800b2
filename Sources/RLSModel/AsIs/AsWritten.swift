/// A database object the DSL has no construct for, declared by the SQL that creates it, as written:
/// a domain, a composite or range type, an aggregate, a standalone sequence. `rls pull` writes one
/// for each such object it finds, so the schema (and the baseline) creates it again.
///
/// ```swift
/// AsWritten(.domain, "app.email", sql: "CREATE DOMAIN app.email AS text CONSTRAINT email_check CHECK ((VALUE ~~ '%@%'::text));")
/// // CREATE DOMAIN app.email AS text CONSTRAINT email_check CHECK ((VALUE ~~ '%@%'::text));
/// ```
///
/// Types and sequences are created before the tables (a column may use them), aggregates after the
/// functions they call. Plan and diff compare the object by the definition the database gives back,
/// so write it the way `rls pull` prints it (schema-qualified, as Postgres normalises it) or the plan
/// shows it changed. A changed one is dropped and created again, which fails while something uses it.
public struct AsWritten: Sendable, Hashable {
    /// The kinds of object written out as SQL.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// `CREATE DOMAIN`.
        case domain
        /// `CREATE TYPE ... AS (...)`.
        case compositeType = "composite type"
        /// `CREATE TYPE ... AS RANGE (...)`.
        case rangeType = "range type"
        /// `CREATE AGGREGATE`.
        case aggregate
        /// `CREATE SEQUENCE`, one no column owns.
        case sequence

        /// The kind as `DROP` and `COMMENT ON` name it: `DOMAIN`, `TYPE`, `AGGREGATE`, `SEQUENCE`.
        public var keyword: String {
            switch self {
            case .domain: "DOMAIN"
            case .compositeType, .rangeType: "TYPE"
            case .aggregate: "AGGREGATE"
            case .sequence: "SEQUENCE"
            }
        }

        /// True for the kinds created before tables (a column's type or default uses them).
        public var precedesTables: Bool { self != .aggregate }
    }

    /// What kind of object it is.
    public var kind: Kind
    /// The object's schema and name.
    public var name: QualifiedName
    /// An aggregate's argument types, as `pg_get_function_identity_arguments` prints them
    /// (`integer`); nil for other kinds.
    public var arguments: String?
    /// The statements that create it (and comment on it), as written.
    public var sql: String
    /// Where it was declared.
    public var source: DeclarationSite

    /// Declares the object `name` of kind `kind` (an aggregate with its argument types), created by `sql`.
    public init(
        _ kind: Kind, _ name: QualifiedName, arguments: String? = nil, sql: String, fileID: String = #fileID, line: Int = #line
    ) {
        self.kind = kind
        self.name = name
        self.arguments = arguments
        self.sql = sql
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}

extension AsWritten {
    /// The object as plans name it: `app.email`, an aggregate with its arguments `app.total(integer)`.
    public var identity: String { "\(name)\(arguments.map { "(\($0))" } ?? "")" }
}
