import RLSDocs
import RLSModel
import RLSSQL

/// One table's Swift: the row type (what a select returns), its `Insert` and `Update` shaped by
/// who may write what, the column names as constants, and the access sentences of `rls docs`.
struct TableTypes {
    let table: Table
    let schema: Schema
    let names: TypeNames
    let role: ClientRole
    let access: String

    /// The table's property names, shared by the row type, `Insert` and `Update`.
    private var members: [String: String] {
        var scope = NameScope()
        var result: [String: String] = [:]
        for column in table.columns { result[column.name] = scope.claim(SwiftIdentifier.member(column.name)) }
        return result
    }

    var lines: [String] {
        let typeName = names[table.qualifiedName]!
        let members = self.members
        let insert = WritableColumns(table, .insert, for: role, in: schema)
        let update = WritableColumns(table, .update, for: role, in: schema)
        var out = ["// MARK: - \(table.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })", ""]
        out += documentation(insert: insert, update: update)
        out.append("\(access)struct \(typeName): \(conformances(members)) {")
        out += SwiftText.docLines("`\(table.name)`: `supabase.from(\(typeName).tableName)`.", indent: "    ")
        out.append("    \(access)static let tableName = \(SwiftText.literal(table.name))")
        out += SwiftText.docLines(
            "`\(table.schema)`, the table's schema (`supabase.schema(\(typeName).schemaName)` outside `public`).", indent: "    ")
        out.append("    \(access)static let schemaName = \(SwiftText.literal(table.schema))")
        out.append("")
        out += ["    /// The column names, for filters and orderings: `.eq(\(typeName).Columns.\(firstMember(members)), value: ...)`."]
        out.append("    \(access)enum Columns {")
        for column in table.columns {
            out.append("        \(access)static let \(members[column.name]!) = \(SwiftText.literal(column.name))")
        }
        out.append("    }")
        out.append("")
        for column in table.columns {
            out += SwiftText.docLines(columnNote(column), indent: "    ")
            out.append("    \(access)var \(members[column.name]!): \(swiftType(column))\(column.isNullable ? "?" : "")")
        }
        if let key = identifiableKey(members) {
            out += ["", "    /// The primary key, `\(key.column)`.", "    \(access)var id: \(key.type) { \(key.member) }"]
        }
        out.append("")
        out += initializer(table.columns, members, indent: "    ") { column in
            (swiftType(column) + (column.isNullable ? "?" : ""), column.isNullable ? " = nil" : "")
        }
        out.append("")
        out += codingKeys(table.columns, members, indent: "    ", caseIterable: true)
        if let columns = insert.columns {
            out.append("")
            out += insertType(columns, leftOut: insert.leftOut, typeName: typeName, members)
        }
        if let columns = update.columns, !columns.isEmpty {
            out.append("")
            out += updateType(columns, leftOut: update.leftOut, typeName: typeName, members)
        }
        out.append("}")
        return out
    }

    // MARK: Pieces

    private func documentation(insert: WritableColumns, update: WritableColumns) -> [String] {
        var text: [String] = []
        if let comment = table.comment { text += [comment, ""] }
        text.append("A row of `\(table.qualifiedName)`. Who may do what (as `rls docs` says it):")
        let matrix = AccessMatrix(schema)
        for sentence in matrix.sentences(for: table) {
            text.append("- \(sentence.text)")
        }
        if insert.columns == nil { text += ["", "No `Insert`: \(role.words) cannot add rows."] }
        if update.columns == nil || update.columns?.isEmpty == true {
            text += ["", "No `Update`: \(role.words) cannot change rows."]
        }
        return SwiftText.docLines(text.joined(separator: "\n"), indent: "")
    }

    private func conformances(_ members: [String: String]) -> String {
        identifiableKey(members) == nil && !hasIDKey ? "Codable, Hashable, Sendable" : "Codable, Hashable, Sendable, Identifiable"
    }

    /// True when the single-column primary key is itself the property `id`.
    private var hasIDKey: Bool {
        guard let key = table.primaryKey?.columns, key.count == 1 else { return false }
        return members[key[0]] == "id"
    }

    /// The key to expose as `id` when the primary key is one column not already called `id`.
    private func identifiableKey(_ members: [String: String]) -> (column: String, member: String, type: String)? {
        guard let key = table.primaryKey?.columns, key.count == 1, let column = table.column(key[0]),
            let member = members[column.name], member != "id", !members.values.contains("id")
        else { return nil }
        return (column.name, member, swiftType(column))
    }

    private func firstMember(_ members: [String: String]) -> String {
        table.columns.first.flatMap { members[$0.name] } ?? "id"
    }

    private func swiftType(_ column: Column) -> String { column.type.swiftType(names) }

    /// "`seller_id` uuid; default auth.uid(); the user's id" and the column's comment.
    private func columnNote(_ column: Column) -> String {
        var notes = ["`\(column.name)` \(column.type.description)"]
        if column.identity != nil { notes.append("identity") }
        if let value = column.defaultValue { notes.append("default \(value.sql)") }
        if case .stored? = column.generation { notes.append("generated") }
        if column.isNullable { notes.append("nullable") }
        var text = notes.joined(separator: "; ")
        if let comment = column.comment { text += "\n\n" + comment }
        return text
    }

    private func insertType(
        _ columns: [Column], leftOut: [(column: String, reason: String)], typeName: String, _ members: [String: String]
    ) -> [String] {
        var doc = ["A new row as \(role.words) may add it: `supabase.from(\(typeName).tableName).insert(value)`."]
        doc.append("A property left nil is not sent, so the column takes its default.")
        if !leftOut.isEmpty { doc += ["", "Not here:"] + leftOut.map { "- `\($0.column)`: \($0.reason)" } }
        var out = SwiftText.docLines(doc.joined(separator: "\n"), indent: "    ")
        out.append("    \(access)struct Insert: Encodable, Hashable, Sendable {")
        for column in columns {
            out += SwiftText.docLines(columnNote(column), indent: "        ")
            out.append("        \(access)var \(members[column.name]!): \(swiftType(column))\(column.isOptionalOnInsert ? "?" : "")")
        }
        out.append("")
        out += initializer(columns, members, indent: "        ") { column in
            column.isOptionalOnInsert ? (swiftType(column) + "?", " = nil") : (swiftType(column), "")
        }
        out.append("")
        out += codingKeys(columns, members, indent: "        ", caseIterable: false)
        out.append("    }")
        return out
    }

    private func updateType(
        _ columns: [Column], leftOut: [(column: String, reason: String)], typeName: String, _ members: [String: String]
    ) -> [String] {
        var doc = ["A change to rows as \(role.words) may make it: `supabase.from(\(typeName).tableName).update(value).eq(...)`."]
        doc.append("Only the properties that are set are sent; `.some(nil)` sets a nullable column to null.")
        if !leftOut.isEmpty {
            doc += ["", "Not here, so code that changes them does not compile:"] + leftOut.map { "- `\($0.column)`: \($0.reason)" }
        }
        var out = SwiftText.docLines(doc.joined(separator: "\n"), indent: "    ")
        out.append("    \(access)struct Update: Encodable, Hashable, Sendable {")
        for column in columns {
            out += SwiftText.docLines(columnNote(column), indent: "        ")
            out.append("        \(access)var \(members[column.name]!): \(swiftType(column))\(column.isNullable ? "??" : "?")")
        }
        out.append("")
        out += initializer(columns, members, indent: "        ") { column in
            (swiftType(column) + (column.isNullable ? "??" : "?"), " = nil")
        }
        out.append("")
        out += codingKeys(columns, members, indent: "        ", caseIterable: false)
        out.append("")
        out.append("        \(access)func encode(to encoder: any Encoder) throws {")
        out.append("            var container = encoder.container(keyedBy: CodingKeys.self)")
        for column in columns {
            let member = members[column.name]!
            out.append("            try container.encodeIfPresent(\(member), forKey: .\(member))")
        }
        out.append("        }")
        out.append("    }")
        return out
    }

    private func initializer(
        _ columns: [Column], _ members: [String: String], indent: String, parameter: (Column) -> (type: String, defaultValue: String)
    ) -> [String] {
        let parameters = columns.map { column in
            let (type, defaultValue) = parameter(column)
            return "\(SwiftIdentifier.parameter(members[column.name]!).declaration): \(type)\(defaultValue)"
        }
        var out = ["\(indent)\(access)init(\(parameters.joined(separator: ", "))) {"]
        if parameters.count > 1 && out[0].count > 140 {
            out = ["\(indent)\(access)init("] + parameters.map { "\(indent)    \($0)," } + ["\(indent)) {"]
            out[out.count - 2].removeLast()
        }
        for column in columns {
            let member = members[column.name]!
            out.append("\(indent)    self.\(member) = \(SwiftIdentifier.parameter(member).value)")
        }
        out.append("\(indent)}")
        return out
    }

    private func codingKeys(_ columns: [Column], _ members: [String: String], indent: String, caseIterable: Bool) -> [String] {
        var out = ["\(indent)\(access)enum CodingKeys: String, CodingKey\(caseIterable ? ", CaseIterable" : "") {"]
        for column in columns {
            let member = members[column.name]!
            out.append(
                SwiftIdentifier.bare(member) == column.name
                    ? "\(indent)    case \(member)" : "\(indent)    case \(member) = \(SwiftText.literal(column.name))")
        }
        out.append("\(indent)}")
        return out
    }
}
