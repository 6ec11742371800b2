import RLSCatalog
import RLSModel
import RLSSQL

/// A constraint as the DSL declares it, read from `pg_get_constraintdef`.
enum ConstraintDefinition {
    case primaryKey(PrimaryKey)
    case unique(Unique)
    case check(CheckConstraint)
    case foreignKey(ForeignKey)

    /// The DSL form of `constraint` on `table`, or nil when the DSL cannot say it
    /// (exclusion, deferrable, `NOT VALID`, `ON UPDATE`, `MATCH FULL`, `NULLS NOT DISTINCT`, ...).
    static func read(_ constraint: Catalog.Constraint, table: String) -> ConstraintDefinition? {
        let text = Substring(constraint.definition)
        let source = DeclarationSite(fileID: "rls pull", line: 0)
        switch constraint.kind {
        case .primaryKey:
            guard let columns = columnList(after: "PRIMARY KEY ", in: text) else { return nil }
            let name = constraint.name == "\(table)_pkey" ? nil : constraint.name
            return .primaryKey(PrimaryKey(columns, name: name, source: source))
        case .unique:
            guard let columns = columnList(after: "UNIQUE ", in: text) else { return nil }
            let name = constraint.name == "\(table)_\(columns.joined(separator: "_"))_key" ? nil : constraint.name
            return .unique(Unique(columns, name: name, source: source))
        case .check:
            guard text.hasPrefix("CHECK "), let (inside, rest) = SQLText.parenthesized(text.dropFirst(6)),
                rest.isEmpty
            else { return nil }
            return .check(CheckConstraint(constraint.name, SQL(raw: String(inside))))
        case .foreignKey:
            return foreignKey(constraint, table: table).map(ConstraintDefinition.foreignKey)
        case .exclusion:
            return nil
        }
    }

    /// `FOREIGN KEY (a) REFERENCES public.t(id) ON UPDATE CASCADE ON DELETE CASCADE`.
    private static func foreignKey(_ constraint: Catalog.Constraint, table: String) -> ForeignKey? {
        let text = Substring(constraint.definition)
        guard text.hasPrefix("FOREIGN KEY "),
            let (inside, rest) = SQLText.parenthesized(text.dropFirst(12)),
            let columns = SQLIdentifiers.list(inside), rest.hasPrefix(" REFERENCES "),
            let (schema, name, afterName) = SQLIdentifiers.qualified(rest.dropFirst(12)),
            let (referencedInside, tail) = SQLText.parenthesized(afterName),
            let referenced = SQLIdentifiers.list(referencedInside)
        else { return nil }
        // The server prints ON UPDATE before ON DELETE, each only when not NO ACTION.
        let actions: [String: ReferentialAction] = [
            "RESTRICT": .restrict, "CASCADE": .cascade, "SET NULL": .setNull, "SET DEFAULT": .setDefault,
        ]
        var actionsText = String(tail)
        var onUpdate = ReferentialAction.noAction
        var action = ReferentialAction.noAction
        for keyword in [" ON UPDATE ", " ON DELETE "] where actionsText.hasPrefix(keyword) {
            let words = actionsText.dropFirst(keyword.count)
            guard let (text, value) = actions.first(where: { words.hasPrefix($0.key) }) else { return nil }
            if keyword == " ON UPDATE " { onUpdate = value } else { action = value }
            actionsText = String(words.dropFirst(text.count))
        }
        guard actionsText.isEmpty else { return nil }
        let defaultName = "\(table)_\(columns.joined(separator: "_"))_fkey"
        return ForeignKey(
            columns, references: TableName(schema: schema, name: name), columns: referenced,
            onDelete: action, onUpdate: onUpdate, name: constraint.name == defaultName ? nil : constraint.name,
            fileID: "rls pull", line: 0)
    }

    private static func columnList(after keyword: String, in text: Substring) -> [String]? {
        guard text.hasPrefix(keyword), let (inside, rest) = SQLText.parenthesized(text.dropFirst(keyword.count)),
            rest.isEmpty
        else { return nil }
        return SQLIdentifiers.list(inside)
    }
}
