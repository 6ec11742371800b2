import RLSDocs
import RLSModel

/// One table's Swift: the row type (what a select returns), its `Insert` and `Update` shaped by
/// who may write what, the column names as constants, and the access sentences of `rls docs`.
struct TableTypes {
    let table: Table
    let schema: Schema
    let names: TypeNames
    let role: ClientRole
    let access: String

    var lines: [String] {
        let typeName = names[table.qualifiedName]!
        let code = RowCode(columns: table.columns, names: names, access: access)
        let insert = WritableColumns(table, .insert, for: role, in: schema)
        let update = WritableColumns(table, .update, for: role, in: schema)
        var out = ["// MARK: - \(table.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })", ""]
        out += documentation(insert: insert, update: update)
        let key = identifiableKey(code)
        let identifiable = key != nil || isKeyCalledID(code)
        out.append("\(access)struct \(typeName): Codable, Hashable, Sendable\(identifiable ? ", Identifiable" : "") {")
        out += SwiftText.docLines("`\(table.name)`: `supabase.from(\(typeName).tableName)`.", indent: "    ")
        out.append("    \(access)static let tableName = \(table.name.swiftStringLiteral)")
        out += SwiftText.docLines(
            "`\(table.schema)`, the table's schema (`supabase.schema(\(typeName).schemaName)` outside `public`).", indent: "    ")
        out.append("    \(access)static let schemaName = \(table.schema.swiftStringLiteral)")
        out.append("")
        out += code.columnConstants(table.columns, typeName: typeName, indent: "    ")
        out.append("")
        out += code.rowBody(table.columns, indent: "    ")
        if let key {
            out += ["", "    /// The primary key, `\(key.column)`.", "    \(access)var id: \(key.type) { \(key.member) }"]
        }
        if let columns = insert.columns {
            out.append("")
            out += insertType(columns, leftOut: insert.leftOut, typeName: typeName, code)
        }
        if let columns = update.columns, !columns.isEmpty {
            out.append("")
            out += updateType(columns, leftOut: update.leftOut, typeName: typeName, code)
        }
        out.append("}")
        return out
    }

    private func documentation(insert: WritableColumns, update: WritableColumns) -> [String] {
        var text: [String] = []
        if let comment = table.comment { text += [comment, ""] }
        text.append("A row of `\(table.qualifiedName)`. Who may do what (as `rls docs` says it):")
        for sentence in AccessMatrix(schema).sentences(for: table) {
            text.append("- \(sentence.text)")
        }
        if insert.columns == nil { text += ["", "No `Insert`: \(role.words) cannot add rows."] }
        if update.columns == nil || update.columns?.isEmpty == true {
            text += ["", "No `Update`: \(role.words) cannot change rows."]
        }
        return SwiftText.docLines(text.joined(separator: "\n"), indent: "")
    }

    /// True when the single-column primary key is itself the property `id`.
    private func isKeyCalledID(_ code: RowCode) -> Bool {
        guard let key = table.primaryKey?.columns, key.count == 1 else { return false }
        return code.members[key[0]] == "id"
    }

    /// The key to expose as `id` when the primary key is one column and no property is called `id`.
    private func identifiableKey(_ code: RowCode) -> (column: String, member: String, type: String)? {
        guard let key = table.primaryKey?.columns, key.count == 1, let column = table.column(key[0]),
            let member = code.members[column.name], !code.members.values.contains("id")
        else { return nil }
        return (column.name, member, code.swiftType(column))
    }

    private func insertType(
        _ columns: [Column], leftOut: [(column: String, reason: String)], typeName: String, _ code: RowCode
    ) -> [String] {
        var doc = ["A new row as \(role.words) may add it: `supabase.from(\(typeName).tableName).insert(value)`."]
        doc.append("A property left nil is not sent, so the column takes its default.")
        if !leftOut.isEmpty { doc += ["", "Not here:"] + leftOut.map { "- `\($0.column)`: \($0.reason)" } }
        var out = SwiftText.docLines(doc.joined(separator: "\n"), indent: "    ")
        out.append("    \(access)struct Insert: Encodable, Hashable, Sendable {")
        out += code.properties(columns, indent: "        ") { code.swiftType($0) + ($0.isOptionalOnInsert ? "?" : "") }
        out.append("")
        out += code.initializer(columns, indent: "        ") { column in
            column.isOptionalOnInsert ? (code.swiftType(column) + "?", " = nil") : (code.swiftType(column), "")
        }
        out.append("")
        out += code.codingKeys(columns, indent: "        ", caseIterable: false)
        out.append("    }")
        return out
    }

    private func updateType(
        _ columns: [Column], leftOut: [(column: String, reason: String)], typeName: String, _ code: RowCode
    ) -> [String] {
        var doc = ["A change to rows as \(role.words) may make it: `supabase.from(\(typeName).tableName).update(value).eq(...)`."]
        doc.append("Only the properties that are set are sent; `.some(nil)` sets a nullable column to null.")
        if !leftOut.isEmpty {
            doc += ["", "Not here, so code that changes them does not compile:"] + leftOut.map { "- `\($0.column)`: \($0.reason)" }
        }
        let optional = { (column: Column) in code.swiftType(column) + (column.isNullable ? "??" : "?") }
        var out = SwiftText.docLines(doc.joined(separator: "\n"), indent: "    ")
        out.append("    \(access)struct Update: Encodable, Hashable, Sendable {")
        out += code.properties(columns, indent: "        ", type: optional)
        out.append("")
        out += code.initializer(columns, indent: "        ") { (optional($0), " = nil") }
        out.append("")
        out += code.codingKeys(columns, indent: "        ", caseIterable: false)
        out.append("")
        out.append("        \(access)func encode(to encoder: any Encoder) throws {")
        out.append("            var container = encoder.container(keyedBy: CodingKeys.self)")
        for column in columns {
            let member = code.members[column.name]!
            out.append("            try container.encodeIfPresent(\(member), forKey: .\(member))")
        }
        out.append("        }")
        out.append("    }")
        return out
    }
}
