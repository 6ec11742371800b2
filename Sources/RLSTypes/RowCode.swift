import RLSModel
import RLSSQL

/// The Swift that a table's row type, its `Insert` and `Update`, and a view's row type share: the
/// properties, the memberwise initializer, `CodingKeys` and the column constants, for a list of
/// columns whose Swift names (``members``) are fixed once per table or view.
struct RowCode {
    let names: TypeNames
    let access: String
    /// Column name → property name, unique within the type.
    let members: [String: String]

    init(columns: [Column], names: TypeNames, access: String) {
        self.names = names
        self.access = access
        var scope = NameScope()
        var members: [String: String] = [:]
        for column in columns { members[column.name] = scope.claim(SwiftIdentifier.member(column.name)) }
        self.members = members
    }

    func swiftType(_ column: Column) -> String { column.type.swiftType(names) }

    /// `public enum Columns { public static let sellerID = "seller_id" ... }`.
    func columnConstants(_ columns: [Column], typeName: String, indent: String) -> [String] {
        let first = columns.first.flatMap { members[$0.name] } ?? "id"
        var out = ["\(indent)/// The column names, for filters and orderings: `.eq(\(typeName).Columns.\(first), value: ...)`."]
        out.append("\(indent)\(access)enum Columns {")
        for column in columns {
            out.append("\(indent)    \(access)static let \(members[column.name]!) = \(column.name.swiftStringLiteral)")
        }
        out.append("\(indent)}")
        return out
    }

    /// One documented `var` per column, of the type `type(column)`.
    func properties(_ columns: [Column], indent: String, type: (Column) -> String) -> [String] {
        columns.flatMap { column in
            SwiftText.docLines(note(column), indent: indent) + ["\(indent)\(access)var \(members[column.name]!): \(type(column))"]
        }
    }

    /// "`seller_id` uuid; default auth.uid()" and the column's comment.
    func note(_ column: Column) -> String {
        var notes = ["`\(column.name)` \(column.type.description)"]
        if column.identity != nil { notes.append("identity") }
        if let value = column.defaultValue { notes.append("default \(value.sql)") }
        if case .stored? = column.generation { notes.append("generated") }
        if column.isNullable { notes.append("nullable") }
        var text = notes.joined(separator: "; ")
        if let comment = column.comment { text += "\n\n" + comment }
        return text
    }

    func initializer(_ columns: [Column], indent: String, parameter: (Column) -> (type: String, defaultValue: String)) -> [String] {
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

    func codingKeys(_ columns: [Column], indent: String, caseIterable: Bool) -> [String] {
        var out = ["\(indent)\(access)enum CodingKeys: String, CodingKey\(caseIterable ? ", CaseIterable" : "") {"]
        for column in columns {
            let member = members[column.name]!
            out.append(
                SwiftIdentifier.bare(member) == column.name
                    ? "\(indent)    case \(member)" : "\(indent)    case \(member) = \(column.name.swiftStringLiteral)")
        }
        out.append("\(indent)}")
        return out
    }

    /// The row itself: properties (optional when nullable), the initializer and `CodingKeys`.
    func rowBody(_ columns: [Column], indent: String) -> [String] {
        var out = properties(columns, indent: indent) { swiftType($0) + ($0.isNullable ? "?" : "") }
        out.append("")
        out += initializer(columns, indent: indent) { column in
            (swiftType(column) + (column.isNullable ? "?" : ""), column.isNullable ? " = nil" : "")
        }
        out.append("")
        out += codingKeys(columns, indent: indent, caseIterable: true)
        return out
    }
}
