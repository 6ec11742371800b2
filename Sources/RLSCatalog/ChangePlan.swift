/// The ordered changes that take a database from one ``Catalog`` to another.
///
/// The order is one that applies: dependent triggers, policies and views are dropped before the
/// columns they read, referenced tables are created before the tables that point at them, and
/// policies are created after the functions and columns they use.
///
///     let plan = ChangePlan(from: live, to: desired)
///     if !plan.isEmpty { print(plan.sql) }
public struct ChangePlan: Equatable, Sendable, Codable {
    /// The changes, in the order they must run.
    public var changes: [Change]

    /// Wraps an already ordered list of changes.
    public init(changes: [Change]) {
        self.changes = changes
    }

    /// Computes the changes that turn `current` into `desired`.
    public init(from current: Catalog, to desired: Catalog) {
        var diff = CatalogDiff(current: current, desired: desired)
        self.changes = diff.changes()
    }

    /// True when the two catalogs hold the same things.
    public var isEmpty: Bool { changes.isEmpty }

    /// True when any change can lose data (see ``Change/isDestructive``).
    public var isDestructive: Bool { changes.contains(where: \.isDestructive) }

    /// All statements, one change per paragraph, ready for a migration file.
    public var sql: String {
        changes.map(\.sql).joined(separator: "\n\n") + (changes.isEmpty ? "" : "\n")
    }

    /// A one-line count: `3 to create, 1 to change, 2 to drop` (and `, 1 to revoke or disable` when there are such).
    public var summary: String {
        let creates = changes.filter { $0.kind.symbol == "+" }.count
        let alters = changes.filter { $0.kind.symbol == "~" }.count
        let drops = changes.filter { $0.kind == .drop }.count
        let removals = changes.filter { $0.kind.symbol == "-" && $0.kind != .drop }.count
        let counts = "\(creates) to create, \(alters) to change, \(drops) to drop"
        // Revoking a grant or disabling RLS is not dropping an object; said apart so a reviewer
        // does not read "2 to drop" in a first migration that only revokes defaults.
        return removals == 0 ? counts : counts + ", \(removals) to revoke or disable"
    }
}
