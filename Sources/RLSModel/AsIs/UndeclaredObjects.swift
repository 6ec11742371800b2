/// Objects of an existing database that the schema leaves alone: `rls plan` and `rls diff` neither
/// report nor drop them (another tool or team owns them, or they are not worth describing yet).
///
/// ```swift
/// public static let schema = Schema { ... }
///     .leavingOut(schemas: ["analytics"], tables: ["public.audit_log"], functions: ["public.legacy_report"])
/// ```
public struct UndeclaredObjects: Sendable, Hashable {
    /// Whole schemas, by name: everything in them.
    public var schemas: Set<String> = []
    /// Tables (and views), `schema.name` (`public` when no schema is given), with their policies,
    /// triggers, indexes, grants and sequences.
    public var tables: Set<QualifiedName> = []
    /// Functions by `schema.name`, every overload, with their grants.
    public var functions: Set<QualifiedName> = []

    /// Nothing left out.
    public init() {}

    /// True when nothing is left out.
    public var isEmpty: Bool { schemas.isEmpty && tables.isEmpty && functions.isEmpty }

    /// Whether the table or view `schema.name` is left out.
    public func leavesOut(table schema: String, _ name: String) -> Bool {
        schemas.contains(schema) || tables.contains(QualifiedName(schema: schema, name: name))
    }

    /// Whether the function `schema.name` is left out.
    public func leavesOut(function schema: String, _ name: String) -> Bool {
        schemas.contains(schema) || functions.contains(QualifiedName(schema: schema, name: name))
    }
}

extension Schema {
    /// Leaves the named schemas, tables (or views) and functions of the database out of `rls plan`
    /// and `rls diff`: they are neither reported as drift nor dropped.
    public func leavingOut(schemas: [String] = [], tables: [TableName] = [], functions: [QualifiedName] = []) -> Schema {
        var copy = self
        copy.undeclared.schemas.formUnion(schemas)
        copy.undeclared.tables.formUnion(tables)
        copy.undeclared.functions.formUnion(functions)
        return copy
    }
}
