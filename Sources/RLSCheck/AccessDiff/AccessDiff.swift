import RLSModel

/// What a change does to access: every caller × action × object whose reach differs between two
/// database states, as sentences. Unchanged access is left out.
///
/// ```swift
/// let diff = AccessDiff(before: try AccessSnapshot.probe(schema, on: current),
///                       after: try AccessSnapshot.probe(schema, on: next), schema: schema)
/// print(diff.text)   // anon gains SELECT on public.saved (every row)
/// ```
public struct AccessDiff: Sendable, Hashable {
    /// The changes, in schema order of their tables, then caller, then action.
    public var changes: [AccessChange]
    /// What could not be compared.
    public var notes: [String]
    /// What the two states are, for headings: `Migrations/ (3 files)` → `with 20261123_add_saved.sql`.
    public var before: String
    /// The state after the change.
    public var after: String

    /// Compares two snapshots; acknowledgements come from the tables of `schema`.
    public init(
        before: AccessSnapshot, after: AccessSnapshot, schema: Schema,
        describing beforeName: String = "before", _ afterName: String = "after"
    ) {
        self.before = beforeName
        self.after = afterName
        notes = Array(Set(before.notes + after.notes)).sorted()
        var changes: [AccessChange] = []
        let differing = Set(before.differing + after.differing)
        let unobserved = before.unobserved.union(after.unobserved)
        for fact in Set(before.facts.keys).union(after.facts.keys) where !differing.contains(fact.table) && !unobserved.contains(fact) {
            let old = before.facts[fact] ?? []
            let new = after.facts[fact] ?? []
            let reason = schema.table(fact.table)?.wideningReason
            let gained = new.subtracting(old)
            let lost = old.subtracting(new)
            let group = after.groups[fact] ?? before.groups[fact]
            if !gained.isEmpty {
                changes.append(AccessChange(fact: fact, direction: .gains, rows: gained, acknowledgement: reason, group: group))
            }
            if !lost.isEmpty { changes.append(AccessChange(fact: fact, direction: .loses, rows: lost, acknowledgement: nil, group: group)) }
        }
        changes += Self.columnGains(before: before, after: after, schema: schema)
        let tableOrder = after.tables + before.tables.filter { !after.tables.contains($0) }
        self.changes = changes.sorted { Self.sortKey($0, tableOrder) < Self.sortKey($1, tableOrder) }
    }

    /// Columns a caller may newly write where it could already write some of the table's columns: a
    /// column grant replaced by a table-wide one, or a table-wide grant covering added columns.
    /// (Where it could write none, the row probes report the gain.)
    static func columnGains(before: AccessSnapshot, after: AccessSnapshot, schema: Schema) -> [AccessChange] {
        after.columns.compactMap { fact, columns in
            guard let old = before.columns[fact], !old.isEmpty else { return nil }
            let gained = columns.filter { !old.contains($0) }
            guard !gained.isEmpty else { return nil }
            let reason = schema.table(fact.table)?.wideningReason
            return AccessChange(fact: fact, direction: .gains, rows: [], acknowledgement: reason, columns: gained)
        }
    }

    /// True when no caller's access changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// The gains the schema does not acknowledge: `rls plan --fail-on-widening` exits 1 when there are any.
    public var unacknowledgedWidenings: [AccessChange] { changes.filter(\.isUnacknowledgedWidening) }

    /// anon, authenticated, the other sign-ins (`authenticated (carol)`) by name, service_role.
    private static func callerRank(_ caller: String) -> String {
        switch caller {
        case Role.anon.name: "0"
        case Role.authenticated.name: "1"
        case Role.serviceRole.name: "3"
        default: "2"
        }
    }
    private static let actions = ["SELECT", "INSERT", "UPDATE", "DELETE", "receive", "send", "upload", "read", "overwrite", "delete"]

    private static func sortKey(_ change: AccessChange, _ tables: [TableName]) -> String {
        func index<T: Equatable>(_ value: T, in list: [T]) -> String {
            let position = list.firstIndex(of: value) ?? list.count
            return String(repeating: "0", count: max(0, 4 - String(position).count)) + String(position)
        }
        return [
            index(change.fact.table, in: tables), change.fact.object, callerRank(change.fact.caller),
            change.fact.caller, index(change.fact.action, in: actions), change.direction.rawValue,
            change.columns.joined(separator: ","),
        ].joined(separator: "\u{1}")
    }
}
