import RLSDatabase
import RLSModel
import RLSSQL

/// Fills every table of a schema with generated rows, set-based (`insert ... select ... from
/// generate_series`), for `rls check --explain`.
///
/// Each value is an SQL expression of the row number `g`, so a foreign key points at parent row
/// `1 + (g - 1) % parentRows` by computing that row's own value. Users are `auth.users` rows
/// numbered 1..users, user 1 being the check's alice; an owner column of row `g` holds user
/// `1 + (g - 1) % users`, so alice owns `rows / users` rows of every owner-only table.
struct GeneratedRows {
    let schema: Schema
    /// Rows per table (tables keyed by a user get one row per user).
    let rowsPerTable: Int
    /// Users in `auth.users`.
    let users: Int

    /// Inserts the users, then every table's rows, parents first, then analyzes.
    func load(on connection: Connection) throws {
        try connection.execute(
            """
            insert into auth.users (id, email)
            select \(userID("g")), 'user' || g || '@rls-explain.invalid' from generate_series(1, \(users)) as g
            on conflict do nothing;
            """)
        for table in schema.tablesInDependencyOrder {
            try connection.execute(try insertStatement(table))
            for column in table.columns where column.identity != nil {
                try connection.query(
                    "select setval(pg_get_serial_sequence($1, $2), greatest(\(rows(table)), 1))",
                    [table.qualifiedName.sql, column.name])
            }
        }
        try connection.execute("analyze")
    }

    /// `insert into t (...) select ... from generate_series(1, rows)`, skipping rows that collide.
    func insertStatement(_ table: Table) throws -> String {
        try insert(table, rows: "1, \(rows(table))")
    }

    /// One more row of `table`, owned by alice where the table has an owner, for the insert probe.
    func newRowStatement(_ table: Table) throws -> String {
        // The first row number past the table that maps to user 1 (alice), so its parents are alice's.
        let row = (rows(table) / users + 1) * users + 1
        return try insert(table, rows: "\(row), \(row)", identityByDefault: true)
    }

    private func insert(_ table: Table, rows range: String, identityByDefault: Bool = false) throws -> String {
        var columns: [String] = []
        var values: [String] = []
        for column in table.columns {
            if identityByDefault, column.identity != nil { continue }
            guard let value = try value(table, column.name, row: "g", depth: 0) else { continue }
            columns.append(quoteIdentifier(column.name))
            values.append(value)
        }
        let overriding = !identityByDefault && table.columns.contains { $0.identity != nil } ? " overriding system value" : ""
        return "insert into \(table.qualifiedName.sql) (\(columns.joined(separator: ", ")))\(overriding)\n"
            + "select \(values.joined(separator: ", ")) from generate_series(\(range)) as g on conflict do nothing"
    }

    /// Rows `table` gets: one per user when its primary key is a user's id, else `rowsPerTable`.
    func rows(_ table: Table) -> Int {
        guard let key = table.primaryKey?.columns, !key.isEmpty else { return rowsPerTable }
        let userKeyed = key.allSatisfy { column in
            table.foreignKeys.contains { $0.columns == [column] && $0.referencedTable == .authUsers }
        }
        return userKeyed ? users : rowsPerTable
    }

    /// `('a11ce000-0000-4000-8000-' || lpad(to_hex(1 + (g - 1) % users), 12, '0'))::uuid`: user 1 is alice.
    func userID(_ row: String) -> String {
        "('a11ce000-0000-4000-8000-' || lpad(to_hex(1 + ((\(row)) - 1) % \(users)), 12, '0'))::uuid"
    }

    /// The SQL value of `column` in row `row` of `table`, or nil to leave it to its default.
    private func value(_ table: Table, _ name: String, row: String, depth: Int) throws -> String? {
        guard depth < 16, let column = table.column(name) else {
            throw CheckError("rls check --explain cannot generate \(table.qualifiedName).\(name): its references form a cycle")
        }
        if let fixture = column.fixtureValue { return "(\(fixture.text))" }
        if let key = table.foreignKeys.first(where: { $0.columns.contains(name) }),
            let index = key.columns.firstIndex(of: name)
        {
            let parentColumn = key.referencedColumns[index]
            if key.referencedTable == .authUsers {
                return parentColumn == "email" ? "'user' || (1 + ((\(row)) - 1) % \(users)) || '@rls-explain.invalid'" : userID(row)
            }
            guard key.referencedTable != table.qualifiedName, let parent = schema.table(key.referencedTable) else {
                if column.isNullable { return nil }
                throw CheckError(
                    "rls check --explain cannot generate \(table.qualifiedName).\(name): it references "
                        + "\(key.referencedTable), which has no generated rows; make it nullable")
            }
            let parentRow = "(1 + ((\(row)) - 1) % \(rows(parent)))"
            return try value(parent, parentColumn, row: parentRow, depth: depth + 1)
        }
        if column.type == .uuid, ownerColumn(of: table) == name { return userID(row) }
        if column.identity != nil { return "(\(row))::\(column.type.sql)" }
        let isKey = (table.primaryKey?.columns.contains(name) ?? false) || table.uniques.contains { $0.columns.contains(name) }
        if !isKey, column.defaultValue != nil || column.isNullable { return nil }
        guard let value = generated(column, table: table, row: row) else {
            throw CheckError(
                "rls check --explain cannot invent values of type \(column.type.sql) for \(table.qualifiedName).\(name); "
                    + "give the column .fixture(SQL(raw: \"...\")), an SQL expression of its value")
        }
        return value
    }

    private func ownerColumn(of table: Table) -> String? {
        guard let plan = schema.ownerPlan(of: table), let path = try? schema.ownerPath(of: table, plan: plan),
            path.hops.isEmpty
        else { return nil }
        return path.ownerColumn
    }

    private func generated(_ column: Column, table: Table, row: String) -> String? {
        let tag = quoteLiteral("\(table.name).\(column.name) ")
        switch column.type {
        case .uuid: return "md5(\(tag) || (\(row)))::uuid"
        case .text, .varchar: return "(\(tag) || (\(row)))"
        case .smallint: return "((\(row)) % 32000)::smallint"
        case .integer, .bigint: return "(\(row))::\(column.type.sql)"
        case .numeric, .real, .doublePrecision: return "((\(row)) % 100000)::\(column.type.sql)"
        case .boolean: return "((\(row)) % 2 = 0)"
        case .date: return "(current_date - ((\(row)) % 3650)::integer)"
        case .timestamptz, .timestamp: return "(now() - (\(row)) * interval '1 second')::\(column.type.sql)"
        case .jsonb: return "'{}'::jsonb"
        case .bytea: return "decode('00', 'hex')"
        case .array: return "'{}'"
        case .enumeration(let name): return "(enum_range(null::\(name.sql)))[1]"
        case .raw: return nil
        }
    }
}
