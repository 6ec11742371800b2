/// A table, its columns and constraints, and who may do what with its rows.
///
/// ```swift
/// Table("saved") {
///     Column("profile_id", .uuid).references("profiles", onDelete: .cascade)
///     Column("listing_id", .bigint).references("listing", onDelete: .cascade)
///     Column("saved_at", .timestamptz).default(.now)
///     PrimaryKey("profile_id", "listing_id")
/// }
/// .access(.owner(through: "profile_id"))
/// ```
/// compiles to `create table "public"."saved" (...)`, its indexes, `enable row level security`,
/// explicit grants and revokes, and one policy per operation (see ``AccessPlan``).
public struct Table: Sendable, Hashable {
    /// The schema the table lives in (`public` unless given).
    public var schema: String
    /// The table's name.
    public var name: String
    /// The columns, in declaration order.
    public var columns: [Column]
    /// The primary key, from ``PrimaryKey`` or a column's `.primaryKey()`.
    public var primaryKey: PrimaryKey?
    /// Unique constraints, from ``Unique`` and columns' `.unique()`.
    public var uniques: [Unique]
    /// Check constraints.
    public var checks: [CheckConstraint]
    /// Foreign keys, from ``ForeignKey`` and columns' `.references(...)`.
    public var foreignKeys: [ForeignKey]
    /// Declared indexes (automatic ones: ``Schema/indexes(of:)``).
    public var indexes: [Index]
    /// A `comment on table`.
    public var comment: String?
    /// The access plan per operation; ``TableAccess/noAccess`` unless `.access(...)` was applied.
    public var access: TableAccess
    /// Hand-written policies.
    public var policies: [Policy]
    /// Where the table was declared.
    public var source: DeclarationSite
    /// Whether Realtime pushes the table's changes (``live(oldRows:withoutPrimaryKey:fileID:line:)``).
    public var live: LiveChanges?
    /// Private Realtime channels per row (``channel(_:receive:send:features:fileID:line:)``).
    public var channels: [Channel] = []
    /// Why a widening of this table's access is expected (``expectsWidening(_:)``); nil when none is.
    public var wideningReason: String?

    /// The only columns the app's users may set on INSERT, nil for all (``insertable(only:fileID:line:)``).
    public var insertableColumns: [String]?
    /// The only columns the app's users may change with UPDATE, nil for all (``updatable(only:fileID:line:)``).
    public var updatableColumns: [String]?

    /// Operations that need a two-factor sign-in (`aal2`), from ``requiresMFA(for:)``.
    public var mfaOperations: [Operation] = []
    /// Operations refused to anonymous sign-ins (`is_anonymous`), from ``excludesAnonymousUsers(for:)``.
    public var anonymousExcludedOperations: [Operation] = []

    /// Where `.updatable(only:)` or `.insertable(only:)` was written.
    public var columnPrivilegesSource: DeclarationSite?

    /// What the table does differently from its plans (RLS off, exact grants, no automatic index).
    public var overrides = TableOverrides()

    /// Primary keys declared after the first, reported by validation.
    var extraPrimaryKeys: [PrimaryKey] = []

    /// Declares a table in `schema` (default `public`).
    public init(
        _ name: String, schema: String = "public", fileID: String = #fileID, line: Int = #line,
        @TableBuilder _ content: () -> [TableElement]
    ) {
        self.schema = schema
        self.name = name
        self.columns = []
        self.uniques = []
        self.checks = []
        self.foreignKeys = []
        self.indexes = []
        self.policies = []
        self.access = .noAccess
        self.source = DeclarationSite(fileID: fileID, line: line)
        for element in content() { add(element) }
    }

    /// The schema-qualified name.
    public var qualifiedName: TableName { TableName(schema: schema, name: name) }

    /// The column called `name`, if declared.
    public func column(_ name: String) -> Column? { columns.first { $0.name == name } }

    /// The same plan for select, insert, update and delete.
    public func access(_ plan: AccessPlan, fileID: String = #fileID, line: Int = #line) -> Table {
        access(select: plan, insert: plan, update: plan, delete: plan, fileID: fileID, line: line)
    }

    /// One plan for reading, another for insert, update and delete.
    public func access(read: AccessPlan, write: AccessPlan, fileID: String = #fileID, line: Int = #line) -> Table {
        access(select: read, insert: write, update: write, delete: write, fileID: fileID, line: line)
    }

    /// A plan per operation; operations left out get ``AccessPlan/noAccess``.
    public func access(
        select: AccessPlan = .noAccess, insert: AccessPlan = .noAccess, update: AccessPlan = .noAccess,
        delete: AccessPlan = .noAccess, fileID: String = #fileID, line: Int = #line
    ) -> Table {
        var copy = self
        copy.access = TableAccess(
            select: select, insert: insert, update: update, delete: delete,
            source: DeclarationSite(fileID: fileID, line: line))
        return copy
    }

    /// Adds `comment on table`.
    public func comment(_ text: String) -> Table {
        var copy = self
        copy.comment = text
        return copy
    }

    private mutating func add(_ element: TableElement) {
        switch element {
        case .column(let column):
            columns.append(column)
            if let key = column.inlinePrimaryKey { add(.primaryKey(key)) }
            if let unique = column.inlineUnique { uniques.append(unique) }
            if let reference = column.inlineReference {
                foreignKeys.append(reference)
            }
        case .primaryKey(let key):
            if primaryKey == nil { primaryKey = key } else { extraPrimaryKeys.append(key) }
        case .unique(let unique): uniques.append(unique)
        case .check(let check): checks.append(check)
        case .foreignKey(let key): foreignKeys.append(key)
        case .index(let index): indexes.append(index)
        case .policy(let policy): policies.append(policy)
        }
    }
}
