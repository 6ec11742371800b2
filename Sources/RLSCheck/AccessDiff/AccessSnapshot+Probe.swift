import RLSDatabase
import RLSModel

extension AccessSnapshot {
    /// Runs `rls check`'s probes (as deployed: grants and policies together) on `connection` and
    /// reads who can do what. Tables of `schema` the database lacks have no access. A table that
    /// lacks columns the schema declares (the side before a migration that adds them) is probed
    /// without them, when nothing else of the table needs them (a key, a plan); otherwise it is left
    /// out of the comparison with a note (its fixture rows could not be written), as are tables
    /// that reference it.
    ///
    /// Views are read by each persona (``ViewProbes/readScenario(for:)``) in the same check; on a
    /// database without the schema's tables, no one reads them.
    ///
    /// Like `rls check`, everything runs in one transaction that is rolled back.
    public static func probe(_ schema: Schema, on connection: Connection, statementTimeout: Duration = .seconds(10)) throws
        -> AccessSnapshot
    {
        let comparable = try comparableTables(of: schema, on: connection)
        var subset = schema
        subset.tables = comparable.tables
        subset.views = []
        subset.signUpProfiles = schema.signUpProfiles.filter { profile in
            subset.tables.contains { $0.qualifiedName == profile.table }
        }
        // What hangs on a left-out table goes with it: its triggers, buckets whose folders name its rows.
        let declared = Set(schema.tables.map(\.qualifiedName))
        let kept = Set(subset.tables.map(\.qualifiedName))
        subset.triggers = schema.triggers.filter { !declared.contains($0.table) || kept.contains($0.table) }
        subset.buckets = schema.buckets.filter { bucket in
            Operation.allCases.allSatisfy { operation in
                guard case .rowFolder(let table, _) = bucket.access[operation] else { return true }
                return kept.contains(table)
            }
        }
        var snapshot = AccessSnapshot()
        if !subset.tables.isEmpty {
            let options = CheckOptions(statementTimeout: statementTimeout, probesPoliciesOnly: false)
            let report = try AccessCheck.run(subset, scenarios: schema.views.map(ViewProbes.readScenario), on: connection, options: options)
            snapshot = AccessSnapshot(report)
            snapshot.readViews(schema.views, report.scenarios)
            snapshot.nameGroups(of: subset)
        }
        try snapshot.readWritableColumns(of: schema, on: connection)
        snapshot.tables = schema.tables.map(\.qualifiedName)
        snapshot.notes += comparable.differing.map {
            "\($0) was not compared: its columns differ from the schema's on one side, so the probes' rows could not be written there"
        }
        snapshot.differing = comparable.differing
        return snapshot
    }

    /// The schema's tables the database holds with every declared column, or without columns nothing
    /// else of the schema needs (those columns left out), in schema order; and those it holds with
    /// other columns (plus the tables that reference those, whose rows need theirs).
    static func comparableTables(of schema: Schema, on connection: Connection) throws -> (tables: [Table], differing: [TableName]) {
        let rows = try connection.query(
            """
            select n.nspname as schema, c.relname as name, a.attname as column
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
            """, [Array(Set(schema.tables.map(\.schema))).sorted()]
        ).rows
        var columns: [TableName: Set<String>] = [:]
        for row in rows {
            columns[TableName(schema: try row.string("schema"), name: try row.string("name")), default: []]
                .insert(try row.string("column"))
        }
        var present: Set<TableName> = []
        var differing: [TableName] = []
        var missing: [TableName: Set<String>] = [:]
        for table in schema.tables {
            guard let existing = columns[table.qualifiedName] else { continue }
            present.insert(table.qualifiedName)
            let lacking = Set(table.columns.map(\.name)).subtracting(existing)
            if !lacking.isEmpty { missing[table.qualifiedName] = lacking }
        }
        // Columns are left out only where the schema still validates without them: a key, an index,
        // a plan or a membership that names one keeps its table out of the comparison.
        var trimmed = schema
        while !missing.isEmpty {
            trimmed.tables = schema.tables.map { table in
                var table = table
                if let lacking = missing[table.qualifiedName] { table.columns.removeAll { lacking.contains($0.name) } }
                return table
            }
            let errors = trimmed.validationErrors()
            guard !errors.isEmpty else { break }
            var named = Set(errors.compactMap(\.table)).intersection(missing.keys)
            if named.isEmpty { named = Set(missing.keys) }  // not pinned on a trimmed table: trim none
            for table in schema.tables.map(\.qualifiedName) where named.contains(table) {
                missing[table] = nil
                present.remove(table)
                differing.append(table)
            }
        }
        // A table whose parent is left out (or missing) cannot get its fixture rows either.
        let declared = Set(schema.tables.map(\.qualifiedName))
        var changed = true
        while changed {
            changed = false
            for table in schema.tables where present.contains(table.qualifiedName) {
                if table.foreignKeys.contains(where: {
                    declared.contains($0.referencedTable) && $0.referencedTable != table.qualifiedName
                        && !present.contains($0.referencedTable)
                }) {
                    present.remove(table.qualifiedName)
                    if columns[table.qualifiedName] != nil { differing.append(table.qualifiedName) }
                    changed = true
                }
            }
        }
        return (trimmed.tables.filter { present.contains($0.qualifiedName) }, differing)
    }
}
