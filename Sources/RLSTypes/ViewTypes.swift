import RLSModel

/// A view the role may read. The DSL declares a view's query, not its columns, so the file holds
/// its name for `supabase.from(...)` and says so; the app declares the row it selects.
struct ViewTypes {
    let view: View
    let names: TypeNames
    let access: String

    var lines: [String] {
        let typeName = names[view.qualifiedName]!
        var out = ["// MARK: - \(view.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })", ""]
        var doc = view.comment.map { [$0, ""] } ?? []
        doc.append("The view `\(view.qualifiedName)`: `supabase.from(\(typeName).viewName)`. Its columns come from its")
        doc.append("query, which the DSL does not describe column by column, so decode its rows into a type of your own.")
        out += SwiftText.docLines(doc.joined(separator: "\n"), indent: "")
        out.append("\(access)enum \(typeName) {")
        out.append("    \(access)static let viewName = \(SwiftText.literal(view.name))")
        out.append("    \(access)static let schemaName = \(SwiftText.literal(view.schema))")
        out.append("}")
        return out
    }
}
