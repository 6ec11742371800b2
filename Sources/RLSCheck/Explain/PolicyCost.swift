import RLSDatabase
import RLSModel
import RLSSQL

/// `rls check --explain`: what every table's policies cost at scale, per operation and persona.
///
/// Loads generated rows (``GeneratedRows``) into the database it is given (a throwaway one: the
/// rows stay), then for each table, operation and persona runs the operation's statement under
/// `explain (analyze, verbose, format json)` in a transaction that is rolled back, and the same
/// statement as `service_role` with the policies' filter written out by hand (auth functions
/// replaced by the persona's values): the time ratio between the two is what RLS costs.
///
/// ```swift
/// let report = try PolicyCost.run(schema, on: throwaway, rowsPerTable: 100_000)
/// print(report.text)
/// ```
public enum PolicyCost {
    /// The personas probed: no JWT, a signed-in user who owns some rows, and the service key.
    static let personas: [Persona] = [.anon, .user(.alice), .serviceRole]
    /// Statement runs per probe; the fastest counts (the first warms caches).
    static let runs = 3

    /// Loads `rowsPerTable` generated rows per table over `users` users, then measures every probe.
    public static func run(_ schema: Schema, on connection: Connection, rowsPerTable: Int = 100_000, users: Int = 1_000)
        throws -> PolicyCostReport
    {
        let rows = GeneratedRows(schema: schema, rowsPerTable: rowsPerTable, users: max(1, users))
        try rows.load(on: connection)
        var entries: [PolicyCostReport.Entry] = []
        for table in schema.tablesInDependencyOrder {
            for operation in PolicyCostReport.Operation.allCases {
                let statement = try self.statement(operation, on: table, rows: rows)
                for persona in personas {
                    entries.append(try probe(table, operation, persona, statement: statement, schema: schema, on: connection))
                }
            }
        }
        return PolicyCostReport(rowsPerTable: rowsPerTable, users: rows.users, entries: entries)
    }

    static func statement(_ operation: PolicyCostReport.Operation, on table: Table, rows: GeneratedRows) throws -> String {
        let name = table.qualifiedName.sql
        switch operation {
        case .select: return "select count(*) from \(name)"
        case .insert: return try rows.newRowStatement(table)
        case .update:
            let key = Set(table.primaryKey?.columns ?? [])
            let column = (table.columns.first { !key.contains($0.name) && $0.identity == nil } ?? table.columns[0]).name
            return "update \(name) set \(quoteIdentifier(column)) = \(quoteIdentifier(column))"
        case .delete: return "delete from \(name)"
        }
    }

    private static func probe(
        _ table: Table, _ operation: PolicyCostReport.Operation, _ persona: Persona, statement: String, schema: Schema,
        on connection: Connection
    ) throws -> PolicyCostReport.Entry {
        var entry = PolicyCostReport.Entry(table: table.qualifiedName, operation: operation, persona: persona)
        let privilege = try connection.query(
            "select has_table_privilege($1, $2, $3) as granted", [persona.role, table.qualifiedName.sql, operation.rawValue])
        guard try privilege.rows.first?.bool("granted") == true else {
            entry.outcome = .noGrant
            return entry
        }
        let measured: QueryPlan
        do {
            measured = try explain(statement, as: persona, table: table, on: connection)
        } catch let error as DatabaseError {
            entry.outcome = .failed(error.sqlState ?? "?")
            return entry
        }
        entry.plan = measured
        guard persona != .serviceRole else {
            entry.outcome = .measured
            return entry
        }
        let filter = try HandWrittenFilter.of(table, operation, for: persona, on: connection)
        entry.filterIsTrivial = filter == "true"
        let baseline = operation == .insert ? statement : "\(statement) where \(filter)"
        if let baselinePlan = try? explain(baseline, as: .serviceRole, claimsOf: persona, table: table, on: connection) {
            entry.serviceRoleMilliseconds = baselinePlan.milliseconds
            entry.serviceRoleRows = baselinePlan.rows
        }
        entry.outcome = .measured
        if let column = indexColumn(of: table, in: schema) {
            entry.fixColumn = column
            let indexed = try connection.query(
                """
                select exists (select 1 from pg_catalog.pg_index as i
                               join pg_catalog.pg_attribute as a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
                               where i.indrelid = $1::regclass and a.attname = $2) as indexed
                """, [table.qualifiedName.sql, column])
            entry.fixColumnIndexed = try indexed.rows.first?.bool("indexed") ?? false
        }
        return entry
    }

    /// The fastest of ``runs`` runs of `statement` as `persona`, each rolled back. With `claimsOf`,
    /// the JWT claims are that persona's: the baseline runs as service_role (no RLS) for alice, so
    /// a function its filter calls that reads `auth.uid()` (a members plan's helper) finds alice's
    /// rows, as the policies did.
    private static func explain(
        _ statement: String, as persona: Persona, claimsOf: Persona? = nil, table: Table, on connection: Connection
    ) throws -> QueryPlan {
        var best: QueryPlan?
        for _ in 0..<runs {
            try connection.execute("begin")
            defer { try? connection.execute("rollback") }
            try Impersonation.become(claimsOf ?? persona, on: connection, role: persona.role)
            let result = try connection.query("explain (analyze, verbose, format json) \(statement)")
            guard let json = result.rows.first?.optionalString("QUERY PLAN") else {
                throw CheckError("rls check --explain: PostgreSQL printed no plan for \(statement)")
            }
            let plan = try QueryPlan(json: json, schema: table.schema, table: table.name)
            if best.map({ plan.milliseconds < $0.milliseconds }) ?? true { best = plan }
        }
        return best!
    }

    /// The column an index would serve the owner filter from: the owner column, or the first hop's.
    private static func indexColumn(of table: Table, in schema: Schema) -> String? {
        guard let plan = schema.ownerPlan(of: table), let path = try? schema.ownerPath(of: table, plan: plan) else { return nil }
        return path.hops.first?.column ?? path.ownerColumn
    }
}
