import RLSModel

extension Index {
    /// `Index("a", "b", unique: true, name: "n", using: "gin", where: SQL(raw: ...))`, or
    /// `Index(expression: SQL(raw: ...), ...)`: on a table or a materialized view.
    func swiftSource(indent: String) -> String {
        var line = expression.map { "Index(expression: \($0.swiftSource())" } ?? "Index(\(columns.swiftArguments)"
        if isUnique { line += ", unique: true" }
        if let name { line += ", name: \(SwiftLiteral.string(name))" }
        if let method { line += ", using: \(SwiftLiteral.string(method))" }
        if let predicate { line += ", where: \(predicate.swiftSource(indent: indent))" }
        return line + ")"
    }
}
