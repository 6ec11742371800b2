import RLSModel

extension Index {
    /// `create [unique] index "name" on "s"."t" [using m] ("c") [where ...];`, on a table or a
    /// materialized view.
    func createStatement(named name: String, on relation: QualifiedName) -> String {
        var statement = "create \(isUnique ? "unique " : "")index \(quoteIdentifier(name)) on \(relation.sql)"
        if let method { statement += " using \(method)" }
        statement += " (\(expression?.text ?? columns.quotedList))"
        if let predicate { statement += " where \(predicate.text)" }
        if isAutomatic { statement += ";  -- owner or foreign key column" } else { statement += ";" }
        return statement
    }
}
