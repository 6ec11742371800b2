import Foundation
public import RLSCatalog
public import RLSDatabase
import RLSSQL

/// The rows of tables a project's functions read (a one-row configuration table, plans, roles),
/// carried into the baseline by `rls pull --data TABLE`: the schema alone would replay without them.
///
/// ```sql
/// -- Rows of public.app_config (rls pull --data), as the database held them.
/// insert into "public"."app_config" ("id", "key", "value") overriding system value values
///   ('1', 'signups_open', 'true');
/// select pg_catalog.setval(pg_catalog.pg_get_serial_sequence('"public"."app_config"', 'id'), 1, true);
/// ```
///
/// Values are quoted by the server (`quote_nullable`), so every type round-trips as its text form;
/// rows are ordered by that text, so the same rows give the same bytes.
public struct ReferenceData: Sendable {
    /// The statements, one block per table, in the order the tables were named.
    public var sql: String
    /// How many rows each table gave, by qualified name.
    public var rowCounts: [(table: String, rows: Int)]

    /// Reads the rows of `tables` (`schema.table` or a table of `public`) from `connection`, in one
    /// read-only transaction. Throws ``PullError`` naming a table the catalog does not hold.
    public init(tables: [String], in catalog: Catalog, connection: Connection) throws {
        var blocks: [String] = []
        var counts: [(String, Int)] = []
        let resolved = try tables.map { try Self.table(named: $0, in: catalog) }
        let ownTransaction = !connection.isInTransaction
        if ownTransaction { try connection.execute("begin transaction isolation level repeatable read read only") }
        defer { if ownTransaction { try? connection.execute("rollback") } }
        for table in resolved {
            let columns = table.columns.filter { $0.generation != .stored }
            let values = columns.map { "pg_catalog.quote_nullable(t.\(quoteIdentifier($0.name)))" }.joined(separator: " || ', ' || ")
            let rows = try connection.query("select '(' || \(values) || ')' as row from \(table.name.sql) t order by 1")
                .rows.map { try $0.string("row") }
            counts.append((table.name.description, rows.count))
            guard !rows.isEmpty else { continue }
            let overriding = columns.contains { $0.generation == .identityAlways } ? " overriding system value" : ""
            var block = ["-- Rows of \(table.name.description.escapedForDisplay) (rls pull --data), as the database held them."]
            block.append(
                "insert into \(table.name.sql) (\(columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")))\(overriding) values\n  "
                    + rows.joined(separator: ",\n  ") + ";")
            // Identity and serial columns go on from the largest value given, as they would have.
            for column in columns where [.identityAlways, .identityByDefault, .serial].contains(column.generation) {
                let name = quoteIdentifier(column.name)
                block.append(
                    "select pg_catalog.setval(pg_catalog.pg_get_serial_sequence(\(quoteLiteral(table.name.sql)), \(quoteLiteral(column.name))), "
                        + "coalesce((select max(\(name)) from \(table.name.sql)), 1), (select max(\(name)) from \(table.name.sql)) is not null);"
                )
            }
            blocks.append(block.joined(separator: "\n"))
        }
        sql = blocks.joined(separator: "\n\n")
        rowCounts = counts
    }

    /// The catalog's table for `name`; `public` when no schema is given.
    static func table(named name: String, in catalog: Catalog) throws -> Catalog.Table {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        let qualified = parts.count == 2 ? QualifiedName(schema: parts[0], name: parts[1]) : QualifiedName(schema: "public", name: name)
        guard let table = catalog.table(qualified) else {
            throw PullError.unknownDataTable(name)
        }
        return table
    }

    /// Tables a function's body names, in catalog order: rows it may need (configuration, plans,
    /// roles) that the schema alone would not bring; `rls pull` suggests them for `--data`. Names
    /// are read as the dependency order reads them (``SQLReferences``), unqualified ones in the
    /// function's own `search_path`.
    public static func candidates(in catalog: Catalog) -> [String] {
        var named: Set<String> = []
        for function in catalog.functions {
            let searchPath = (function.searchPath ?? "public").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty }
            for case .relation(let name) in SQLReferences.callsAndRelations(in: function.definition, searchPath: searchPath) {
                named.insert("\(name.schema).\(name.name)")
            }
        }
        return catalog.tables.map(\.name.description).filter(named.contains)
    }
}
