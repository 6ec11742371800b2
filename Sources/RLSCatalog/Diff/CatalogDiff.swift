import RLSModel
import RLSSQL

/// Computes the ordered changes between two catalogs; ``ChangePlan/init(from:to:)`` is its front door.
///
/// Each `diff…` extension looks at one kind of object and files its changes under a ``DiffPhase``;
/// the plan is the phases in order, each in the (sorted) order its changes were filed, except that
/// a function or view that an earlier change uses is created just before it (`usesFirst`).
struct CatalogDiff {
    /// A change with the object it creates, for ordering.
    private struct Filed {
        var change: Change
        var provides: SQLObject?
    }

    let current: Catalog
    let desired: Catalog
    private var phases: [DiffPhase: [Filed]] = [:]

    /// Tables in `current` that `desired` no longer has.
    let droppedTables: Set<QualifiedName>
    /// Tables in `desired` that `current` does not have yet.
    let createdTables: Set<QualifiedName>
    /// Columns that are dropped or re-typed: whatever reads them must be dropped first.
    let changedColumns: Set<ColumnReference>
    /// Views, current and desired, that are dropped and created again (or just dropped).
    var rebuiltViews: Set<QualifiedName> = []
    /// Tables by name, so that large catalogs diff in linear time.
    let currentTables: [QualifiedName: Catalog.Table]
    let desiredTables: [QualifiedName: Catalog.Table]
    /// Signatures of the desired functions.
    let desiredFunctions: Set<String>

    init(current: Catalog, desired: Catalog) {
        self.current = current
        self.desired = desired
        currentTables = Dictionary(current.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        desiredTables = Dictionary(desired.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        desiredFunctions = Set(desired.functions.map(\.signature))
        let currentNames = Set(current.tables.map(\.name))
        let desiredNames = Set(desired.tables.map(\.name))
        droppedTables = currentNames.subtracting(desiredNames)
        createdTables = desiredNames.subtracting(currentNames)
        changedColumns = CatalogDiff.columnsChanging(current: current, desired: desiredTables)
    }

    /// All changes, phase by phase.
    mutating func changes() -> [Change] {
        diffSchemasAndEnums()
        diffExtensions()
        diffAsWritten()
        rebuiltViews = viewsToRebuild()
        diffTables()
        diffViews()
        diffFunctions()
        diffGrants()
        diffAPIRoles()
        diffDefaultPrivileges()
        diffBuckets()
        diffPolicies()
        diffTriggers()
        diffLiveTables()
        let filed = DiffPhase.allCases.flatMap { phases[$0] ?? [] }
        return usesFirstMarkingCycles(filed, provides: { $0.provides.map { [$0] } ?? [] }, uses: Self.uses).map { filed, precedesAUse in
            var change = filed.change
            // A SQL function in a dependency cycle (its body reads a table whose default calls it)
            // is created before what it reads, as pg_dump does it: with its body unchecked.
            if precedesAUse, change.object == .function, change.kind != .drop {
                change.sql = "SET check_function_bodies = off;\n\(change.sql)\nRESET check_function_bodies;"
            }
            return change
        }
    }

    /// Files a change under a phase; `provides` is the function, table or view it creates (or
    /// replaces), which a change filed earlier may use.
    mutating func add(_ phase: DiffPhase, _ change: Change, provides: SQLObject? = nil) {
        phases[phase, default: []].append(Filed(change: change, provides: provides))
    }

    /// What a change needs to exist when it runs: nothing to drop or revoke something; what a
    /// function's header (and a SQL function's body) or a view's query names; what anything else calls.
    private static func uses(_ filed: Filed) -> Set<SQLObject> {
        let change = filed.change
        switch (change.kind, change.object) {
        case (.drop, _), (.revoke, _), (.disableRowSecurity, _), (.comment, _): return []
        case (_, .function): return SQLReferences.ofFunction(change.sql)
        case (_, .view): return SQLReferences.callsAndRelations(in: change.sql)
        case (_, .domain), (_, .compositeType), (_, .rangeType), (_, .aggregate), (_, .sequence): return AsWritten.uses(change.sql)
        default: return SQLReferences.calls(in: change.sql)
        }
    }

    /// True when an object that reads `dependencies` must be dropped before the tables change.
    func isAffected(by dependencies: [ColumnReference]) -> Bool {
        dependencies.contains { reference in
            droppedTables.contains(reference.relation) || rebuiltViews.contains(reference.relation)
                || changedColumns.contains(reference)
        }
    }

    /// Columns of kept tables that are dropped, re-typed or rebuilt.
    private static func columnsChanging(
        current: Catalog, desired: [QualifiedName: Catalog.Table]
    ) -> Set<ColumnReference> {
        var result: Set<ColumnReference> = []
        for table in current.tables {
            guard let wanted = desired[table.name] else { continue }
            for column in table.columns {
                let target = wanted.column(column.name)
                if target == nil || target?.type != column.type || ColumnChange.needsRebuild(column, target!) {
                    result.insert(ColumnReference(relation: table.name, column: column.name))
                }
            }
        }
        return result
    }
}
