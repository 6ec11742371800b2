import RLSModel
import RLSSQL

/// The SQL of every probe, written with the fixture rows' keys as literals so that each probe is a
/// single statement: no parameters, no RETURNING (which would bring SELECT policies into a write).
struct ProbeStatements {
    let schema: Schema
    let fixtures: Fixtures
    /// A fresh row per table and side, for INSERT probes (each probe is rolled back, so they can share).
    private var newRows: [TableName: [FixtureOwner: [(column: String, sql: String)]]] = [:]
    /// The schema's tables by name, and their hand-over columns, found once: every probe asks.
    private var tables: [TableName: Table] = [:]
    private var handOverColumns: [TableName: String] = [:]

    init(schema: Schema, fixtures: Fixtures, values: inout FixtureValues) throws {
        self.schema = schema
        self.fixtures = fixtures
        for table in schema.tables {
            tables[table.qualifiedName] = table
            handOverColumns[table.qualifiedName] = Self.handOverColumn(of: table, in: schema)
            for owner in FixtureOwner.allCases {
                newRows[table.qualifiedName, default: [:]][owner] = try values.values(for: table, owner: owner, fixtures: fixtures)
            }
        }
    }

    /// The declared table a probe reads or writes.
    func table(_ name: TableName) -> Table? { tables[name] }

    /// The column a hand-over probe rewrites: the first step of the owner path.
    /// For a group table's members plan: the column that leads to the group (none for the group itself).
    func handOverColumn(of table: Table) -> String? {
        handOverColumns[table.qualifiedName]
    }

    private static func handOverColumn(of table: Table, in schema: Schema) -> String? {
        if let plan = schema.ownerPlan(of: table), let path = try? schema.ownerPath(of: table, plan: plan) {
            return path.hops.first?.column ?? path.ownerColumn
        }
        guard let plan = schema.membersPlan(of: table), let path = try? schema.membershipPath(of: table, plan: plan),
            path.membership.group != table.qualifiedName
        else { return nil }
        return path.hops.first?.column ?? path.groupColumn
    }

    /// The statement a probe runs as its persona.
    func sql(for probe: Probe) -> String {
        let table = self.table(probe.table)!
        let name = table.qualifiedName.sql
        let alice = fixtures.row(probe.table, .alice)!
        let bob = fixtures.row(probe.table, .bob)!
        switch (probe.operation, probe.target) {
        case (.select, _) where alice.predicate == bob.predicate:
            // One row stands for both sides (a one-row table keyed by `true`): seeing it is seeing both.
            return "select side from \(name) cross join (values ('alice'), ('bob')) as sides (side) where \(alice.predicate)"
        case (.select, _):
            return "select case when \(alice.predicate) then 'alice' else 'bob' end from \(name) "
                + "where (\(alice.predicate)) or (\(bob.predicate))"
        case (.insert, .row(let owner)), (.insert, .handOver(_, let owner)):
            let given = newRows[probe.table]?[owner] ?? []
            guard !given.isEmpty else { return "insert into \(name) default values" }
            let overriding = given.contains { table.column($0.column)?.identity == .always } ? " overriding system value" : ""
            return "insert into \(name) (\(given.map { quoteIdentifier($0.column) }.joined(separator: ", ")))\(overriding) "
                + "values (\(given.map(\.sql).joined(separator: ", ")))"
        case (.update, .handOver(let from, let to)):
            let column = updatedColumn(of: table, for: probe.target)
            let row = fixtures.row(probe.table, from)!
            return
                "update \(name) set \(quoteIdentifier(column)) = \(fixtures.row(probe.table, to)!.literal(column)) where \(row.predicate)"
        case (.update, .row(let owner)):
            let column = updatedColumn(of: table, for: probe.target)
            let row = fixtures.row(probe.table, owner)!
            // A table of only `generated always` columns: such a column takes nothing but its default.
            let value = table.column(column)?.identity == .always ? "default" : row.literal(column)
            return "update \(name) set \(quoteIdentifier(column)) = \(value) where \(row.predicate)"
        case (.update, .column(let column, let owner)):
            let row = fixtures.row(probe.table, owner)!
            return "update \(name) set \(quoteIdentifier(column)) = \(row.literal(column)) where \(row.predicate)"
        case (.delete, .row(let owner)), (.delete, .handOver(let owner, _)), (_, .column(_, let owner)):
            return "delete from \(name) where \(fixtures.row(probe.table, owner)!.predicate)"
        case (_, .fixtureRows):
            return "select 1 where false"
        }
    }

    /// For a policies-only probe, the grant that removes the privilege barrier: every table
    /// privilege, so that one grant serves all of a table's policies-only probes for a persona,
    /// and USAGE on the table's schema where the role lacks it (`schemaUsable` false), without
    /// which the table's grant would change nothing. The extra privileges change nothing a probe's
    /// statement does: UPDATE and DELETE need SELECT for their WHERE anyway (as PostgREST's filters
    /// do), and an INSERT without RETURNING or ON CONFLICT applies no SELECT policy.
    func grant(for probe: Probe, schemaUsable: Bool) -> String? {
        guard probe.layer == .policiesOnly else { return nil }
        let role = quoteIdentifier(probe.persona.role)
        let table = "grant select, insert, update, delete on table \(probe.table.sql) to \(role)"
        return schemaUsable ? table : "grant usage on schema \(quoteIdentifier(probe.table.schema)) to \(role); \(table)"
    }

    /// The column UPDATE probes set: the hand-over column, else the first one they may rewrite.
    /// With `.updatable(only:)`, the row probes set an updatable column (the hand-over column when it
    /// is one); the hand-over probe still sets the owner column, which the grant must then refuse.
    func updatedColumn(of table: Table, for target: ProbeTarget? = nil) -> String {
        let preferred = handOverColumn(of: table) ?? updateColumn(of: table)
        if case .handOver? = target { return preferred }
        if case .column(let column, _)? = target { return column }
        guard let allowed = table.updatableColumns, !allowed.isEmpty, !allowed.contains(preferred) else { return preferred }
        return allowed[0]
    }

    /// Whether the probe writes a column its role may not write (outside `.insertable(only:)` or
    /// `.updatable(only:)`): then the grant refuses it, whatever the policies say.
    func writesUnwritableColumn(_ probe: Probe) -> Bool {
        guard probe.persona != .serviceRole, probe.layer == .asDeployed, let table = self.table(probe.table),
            let allowed = table.writableColumns(probe.operation)
        else { return false }
        switch (probe.operation, probe.target) {
        case (.insert, .row(let owner)): return !insertedColumns(probe.table, owner).allSatisfy(allowed.contains)
        case (.update, _): return !allowed.contains(updatedColumn(of: table, for: probe.target))
        default: return false
        }
    }

    /// The columns an INSERT probe on `owner`'s side writes.
    func insertedColumns(_ table: TableName, _ owner: FixtureOwner) -> [String] {
        (newRows[table]?[owner] ?? []).map(\.column)
    }

    /// A column an UPDATE probe may rewrite to its own value: not `generated always`.
    private func updateColumn(of table: Table) -> String {
        (table.columns.first { $0.identity != .always } ?? table.columns[0]).name
    }
}
