import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// Turns the rows of the introspection queries into a ``Catalog``, one query result at a time.
struct CatalogRows {
    var schemas: [Catalog.Schema] = []
    var enums: [Catalog.EnumType] = []
    var tables: [QualifiedName: Catalog.Table] = [:]
    var views: [Catalog.View] = []
    var functions: [Catalog.Function] = []
    var triggers: [Catalog.Trigger] = []
    var policies: [Catalog.Policy] = []
    var grants: [Catalog.Grant] = []
    var sequences: [QualifiedName] = []
    var defaultPrivileges: [Catalog.DefaultPrivilege] = []

    /// The catalog read so far, sorted.
    var catalog: Catalog {
        Catalog(
            schemas: schemas, enums: enums, tables: Array(tables.values), views: views, functions: functions,
            triggers: triggers, policies: policies, grants: grants, sequences: sequences,
            defaultPrivileges: defaultPrivileges)
    }

    mutating func readSchemasAndEnums(_ result: QueryResult) throws {
        for row in result {
            if try row.string("kind") == "schema" {
                schemas.append(Catalog.Schema(name: try row.string("schema"), comment: row["comment"]))
            } else {
                enums.append(
                    Catalog.EnumType(
                        name: try Self.name(row, "schema", "name"),
                        labels: try row.stringArray("labels"), comment: row["comment"]))
            }
        }
    }

    mutating func readRelations(_ result: QueryResult) throws {
        for row in result {
            let name = try Self.name(row, "schema", "name")
            let kind = try row.string("kind")
            if kind == "r" || kind == "p" {
                tables[name] = Catalog.Table(
                    name: name, rowSecurity: try row.bool("row_security"),
                    forceRowSecurity: try row.bool("force_row_security"),
                    comment: row["comment"])
            } else {
                views.append(
                    Catalog.View(
                        name: name, isMaterialized: kind == "m", query: trimmedQuery(try row.string("query")),
                        options: try row.stringArray("options"), comment: row["comment"], isPopulated: try row.bool("populated"),
                        dependencies: try Self.dependencies(row)))
            }
        }
    }

    mutating func readColumns(_ result: QueryResult) throws {
        for row in result {
            let table = try Self.name(row, "schema", "table_name")
            let defaultValue = row["default_value"]
            var generation = Catalog.Column.Generation.none
            switch (row["identity"] ?? "", row["generated"] ?? "") {
            case ("a", _): generation = .identityAlways
            case ("d", _): generation = .identityByDefault
            case (_, "s"): generation = .stored
            default:
                if try row.bool("owns_sequence"), defaultValue?.hasPrefix("nextval(") == true { generation = .serial }
            }
            let column = Catalog.Column(
                name: try row.string("name"), type: try row.string("type"), notNull: try row.bool("not_null"),
                default: generation == .serial ? nil : defaultValue, generation: generation, comment: row["comment"])
            tables[table]?.columns.append(column)
        }
    }

    mutating func readTableParts(_ result: QueryResult) throws {
        for row in result {
            let table = try Self.name(row, "schema", "table_name")
            let name = try row.string("name")
            let definition = try row.string("definition")
            switch try row.string("part") {
            case "constraint":
                let referenced = try row["referenced_schema"].map { _ in
                    try Self.name(row, "referenced_schema", "referenced_table")
                }
                let kind = Self.constraintKind(row["detail"])
                let constraint = Catalog.Constraint(
                    name: name, kind: kind, definition: kind == .check ? PrintedExpression.canonical(definition) : definition,
                    referencedTable: referenced)
                tables[table]?.constraints.append(constraint)
                tables[table]?.constraints.sort { $0.name < $1.name }
            case "index" where tables[table] == nil:
                // On a materialized view (read with the relations, before the table parts).
                guard let view = views.firstIndex(where: { $0.name == table }) else { continue }
                views[view].indexes.append(Catalog.Index(name: name, definition: definition))
                views[view].indexes.sort { $0.name < $1.name }
            case "index":
                tables[table]?.indexes.append(Catalog.Index(name: name, definition: definition))
                tables[table]?.indexes.sort { $0.name < $1.name }
            default:
                triggers.append(
                    Catalog.Trigger(
                        table: table, name: name, definition: definition,
                        enabled: row["detail"] != "D", dependencies: try Self.dependencies(row)))
            }
        }
    }
}
