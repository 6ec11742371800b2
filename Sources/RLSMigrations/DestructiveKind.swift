import RLSPostgres

/// A kind of statement that can lose data and so needs `allowDestructive` to be applied.
public enum DestructiveKind: String, Sendable, Equatable, CaseIterable {
    /// `DROP TABLE`: the table and its rows.
    case dropTable
    /// `ALTER TABLE … DROP [COLUMN]`: the column's values.
    case dropColumn
    /// `DROP TYPE` (or `DROP DOMAIN`): fails or cascades into the columns using it.
    case dropType
    /// `DROP SCHEMA`: everything in it, with `CASCADE`.
    case dropSchema
    /// `DROP EXTENSION`: its functions and types, and with `CASCADE` the columns and functions using them.
    case dropExtension
    /// `DROP MATERIALIZED VIEW`: its stored rows, computed anew only when it is created again.
    case dropMaterializedView
    /// `TRUNCATE`: every row.
    case truncate
    /// `DELETE` with no `WHERE`: every row.
    case deleteWithoutWhere
    /// `ALTER TABLE … ALTER [COLUMN] … [SET DATA] TYPE`: may truncate or reject values.
    case alterColumnType

    /// What the statement does, in a reviewer's words: "drops a table".
    public var summary: String {
        switch self {
        case .dropTable: "drops a table and its rows"
        case .dropColumn: "drops a column and its values"
        case .dropType: "drops a type"
        case .dropSchema: "drops a schema"
        case .dropExtension: "drops an extension"
        case .dropMaterializedView: "drops a materialized view and its stored rows"
        case .truncate: "deletes every row (TRUNCATE)"
        case .deleteWithoutWhere: "deletes every row (DELETE without WHERE)"
        case .alterColumnType: "changes a column's type"
        }
    }
}
