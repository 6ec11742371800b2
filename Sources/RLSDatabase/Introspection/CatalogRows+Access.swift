import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres

extension CatalogRows {
    mutating func readPolicies(_ result: QueryResult) throws {
        for row in result {
            policies.append(
                Catalog.Policy(
                    table: try Self.name(row, "schema", "table_name"), name: try row.string("name"),
                    command: Self.policyCommand(row["command"]), roles: try row.stringArray("roles").map(Role.init),
                    permissive: try row.bool("permissive"), using: row["using_expression"].map(PrintedExpression.canonical),
                    withCheck: row["check_expression"].map(PrintedExpression.canonical), comment: row["comment"],
                    dependencies: try Self.dependencies(row)))
        }
    }

    mutating func readFunctions(_ result: QueryResult) throws {
        for row in result {
            functions.append(
                Catalog.Function(
                    name: try Self.name(row, "schema", "name"), identityArguments: try row.string("arguments"),
                    result: try row.string("result"), isProcedure: row["kind"] == "p",
                    securityDefiner: try row.bool("security_definer"), searchPath: row["search_path"],
                    definition: trimmedQuery(try row.string("definition")), comment: row["comment"]))
        }
    }

    mutating func readGrants(_ result: QueryResult) throws {
        for row in result {
            let objectKind = try row.string("object_kind")
            if objectKind == "SEQUENCE*" {
                sequences.append(try Self.name(row, "schema", "name"))
                continue
            }
            if objectKind == "DEFAULT" || objectKind == "DEFAULT OWN" {
                if var entry = try Self.defaultPrivilege(row) {
                    entry.toCreator = objectKind == "DEFAULT OWN"
                    defaultPrivileges.append(entry)
                }
                continue
            }
            guard let kind = Catalog.Grant.ObjectKind(rawValue: objectKind) else { continue }
            grants.append(
                Catalog.Grant(
                    objectKind: kind, object: try Self.name(row, "schema", "name"), arguments: row["arguments"],
                    column: row["column_name"], grantee: Role(try row.string("grantee")),
                    privilege: try Self.privilege(row), grantable: try row.bool("grantable")))
        }
    }

    /// The row's `privilege` column, typed: every privilege Postgres grants on the objects read
    /// (up to PostgreSQL 17's `MAINTAIN`) is a ``Privilege``; another one, from a newer server, is
    /// named rather than dropped.
    static func privilege(_ row: Row) throws -> Privilege {
        let name = try row.string("privilege")
        guard let privilege = Privilege(catalogName: name) else {
            throw DatabaseError(kind: .unexpectedResult, message: "The catalog lists a privilege rls does not know: \(name).")
        }
        return privilege
    }

    /// A `DEFAULT` row: schema ('' for global), object type code in `name`, role in `arguments`.
    static func defaultPrivilege(_ row: Row) throws -> Catalog.DefaultPrivilege? {
        let kinds: [String: Catalog.Grant.ObjectKind] = ["r": .table, "S": .sequence, "f": .function, "T": .type, "n": .schema]
        guard let kind = kinds[try row.string("name")] else { return nil }
        let schema = try row.string("schema")
        return Catalog.DefaultPrivilege(
            schema: schema.isEmpty ? nil : schema, objectKind: kind,
            grantee: Role(try row.string("grantee")), privilege: try Self.privilege(row),
            grantable: try row.bool("grantable"), role: row["arguments"].map(Role.init), alterable: row["column_name"] != "outside")
    }

    static func name(_ row: Row, _ schema: String, _ name: String) throws -> QualifiedName {
        QualifiedName(schema: try row.string(schema), name: try row.string(name))
    }

    /// Parses the `schema<US>relation<US>column` elements of a `dependencies` column.
    static func dependencies(_ row: Row) throws -> [ColumnReference] {
        try (row.optionalStringArray("dependencies") ?? []).compactMap { element in
            let parts = element.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { return nil }
            return ColumnReference(
                relation: QualifiedName(schema: parts[0], name: parts[1]),
                column: parts[2].isEmpty ? nil : parts[2])
        }
    }

    static func constraintKind(_ code: String?) -> Catalog.Constraint.Kind {
        switch code {
        case "p": .primaryKey
        case "u": .unique
        case "f": .foreignKey
        case "x": .exclusion
        default: .check
        }
    }

    static func policyCommand(_ code: String?) -> Catalog.Policy.Command {
        switch code {
        case "r": .select
        case "a": .insert
        case "w": .update
        case "d": .delete
        default: .all
        }
    }
}

/// A definition without the trailing semicolon and whitespace the server's printers add.
func trimmedQuery(_ text: String) -> String {
    var result = Substring(text)
    while let last = result.last, last == ";" || last.isWhitespace { result.removeLast() }
    while let first = result.first, first.isWhitespace { result.removeFirst() }
    return String(result)
}
