import RLSModel

/// A view the role may read: its name for `supabase.from(...)` and, when the schema declares the
/// columns its query returns (`.columns(...)`), a `Codable` row type like a table's, without
/// `Insert` or `Update`.
struct ViewTypes {
    let view: View
    let names: TypeNames
    let access: String

    var lines: [String] {
        let typeName = names[view.qualifiedName]!
        var out = ["// MARK: - \(view.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })", ""]
        var doc = view.comment.map { [$0, ""] } ?? []
        doc.append("A row of the view `\(view.qualifiedName)`: `supabase.from(\(typeName).viewName)`.")
        if view.columns.isEmpty {
            doc.append("The schema does not declare the columns its query returns (`.columns(...)`), so decode its rows")
            doc.append("into a type of your own.")
        }
        out += SwiftText.docLines(doc.joined(separator: "\n"), indent: "")
        guard !view.columns.isEmpty else {
            out.append("\(access)enum \(typeName) {")
            out.append("    \(access)static let viewName = \(view.name.swiftStringLiteral)")
            out.append("    \(access)static let schemaName = \(view.schema.swiftStringLiteral)")
            out.append("}")
            return out
        }
        let code = RowCode(columns: view.columns, names: names, access: access)
        out.append("\(access)struct \(typeName): Codable, Hashable, Sendable {")
        out.append("    \(access)static let viewName = \(view.name.swiftStringLiteral)")
        out.append("    \(access)static let schemaName = \(view.schema.swiftStringLiteral)")
        out.append("")
        out += code.columnConstants(view.columns, typeName: typeName, indent: "    ")
        out.append("")
        out += code.rowBody(view.columns, indent: "    ")
        out.append("}")
        return out
    }
}
