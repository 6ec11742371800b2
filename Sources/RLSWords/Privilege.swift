/// A privilege one role holds on an object: on a table, view or sequence, for grant lists written
/// out explicitly (`Table.grants(_:)`, such as the legacy "everything to the API roles" of older
/// projects, limited to ``onTablesAndSequences``); on a schema or function, as the catalog reads it.
///
/// ```swift
/// Privilege(catalogName: "SELECT")   // .select
/// Privilege.execute.catalogName      // "EXECUTE"
/// ```
public enum Privilege: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible, Codable {
    /// `select`
    case select
    /// `insert`
    case insert
    /// `update`
    case update
    /// `delete`
    case delete
    /// `truncate`
    case truncate
    /// `references`
    case references
    /// `trigger`
    case trigger
    /// `usage` (sequences: `nextval`, `currval`; schemas: reaching their objects; types)
    case usage
    /// `create` (schemas: creating objects in them)
    case create
    /// `execute` (functions and procedures)
    case execute
    /// `maintain` (tables, PostgreSQL 17: `vacuum`, `analyze`, `refresh materialized view`), which
    /// `grant all` hands out there
    case maintain

    /// Every table privilege: what `grant all on table` gives.
    public static let allTable: [Privilege] = [.select, .insert, .update, .delete, .truncate, .references, .trigger]
    /// Every sequence privilege: what `grant all on sequence` gives.
    public static let allSequence: [Privilege] = [.usage, .select, .update]
    /// What a table's, view's or sequence's grant list in the DSL may hold: ``allTable`` and `usage`.
    public static let onTablesAndSequences: Set<Privilege> = Set(allTable + allSequence)

    /// The privilege the catalog spells `name` (`SELECT`, as `aclexplode` and `information_schema`
    /// write it); nil for one this type does not know (a parameter's `SET`, a database's `CONNECT`).
    public init?(catalogName name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// The row operation this privilege allows, if it is one of the four.
    public var operation: Operation? { Operation(rawValue: rawValue) }

    /// The SQL keyword, lower case.
    public var description: String { rawValue }

    /// The keyword as the catalog spells it (`information_schema`, `aclexplode`): `SELECT`.
    public var catalogName: String { rawValue.uppercased() }

    /// Orders as declared, Postgres's order in a grant: select, insert, update, delete, truncate,
    /// references, trigger, usage, create, execute, maintain.
    public static func < (lhs: Privilege, rhs: Privilege) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
