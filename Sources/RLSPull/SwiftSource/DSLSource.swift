import RLSModel

extension AccessPlan {
    /// `.owner(column: "user_id")`.
    var swiftSource: String {
        switch self {
        case .public: ".public"
        case .authenticated: ".authenticated"
        case .owner(let column): ".owner(column: \(SwiftLiteral.string(column)))"
        case .ownerThrough(let column): ".owner(through: \(SwiftLiteral.string(column)))"
        case .serviceRoleOnly: ".serviceRoleOnly"
        case .noAccess: ".noAccess"
        case .members(let column, let membership, let roles):
            ".members(of: \(SwiftLiteral.string(column)), through: \(SwiftLiteral.string(membership)), roles: [\(roles.map { SwiftLiteral.string($0) }.joined(separator: ", "))])"
        case .appRole(let roles): ".appRole([\(roles.map { SwiftLiteral.string($0) }.joined(separator: ", "))])"
        }
    }
}

extension ColumnType {
    /// `.varchar(40)`, `.array(.text)`, `.raw(SQL(raw: "inet"))`.
    var swiftSource: String {
        switch self {
        case .uuid: ".uuid"
        case .text: ".text"
        case .varchar(let length): length.map { ".varchar(\($0))" } ?? ".varchar"
        case .smallint: ".smallint"
        case .integer: ".integer"
        case .bigint: ".bigint"
        case .numeric(let precision?, let scale?): ".numeric(\(precision), \(scale))"
        case .numeric(let precision?, nil): ".numeric(\(precision))"
        case .numeric: ".numeric"
        case .real: ".real"
        case .doublePrecision: ".doublePrecision"
        case .boolean: ".boolean"
        case .date: ".date"
        case .timestamptz: ".timestamptz"
        case .timestamp: ".timestamp"
        case .jsonb: ".jsonb"
        case .bytea: ".bytea"
        case .array(let element): ".array(\(element.swiftSource))"
        case .enumeration(let name): ".enumeration(\(name.swiftSource))"
        case .raw(let sql): ".raw(\(sql.swiftSource()))"
        }
    }
}

extension ColumnDefault {
    /// `.now`, `"available"`, `0`, `.raw(SQL(raw: "..."))`.
    var swiftSource: String {
        switch self {
        case .string(let value): SwiftLiteral.string(value)
        case .integer(let value): String(value)
        // A number as it is; other text (only a hand-made value holds any) as a literal, never as code.
        case .decimal(let value) where Double(value) != nil && value.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }):
            value
        case .decimal(let value): ".decimal(\(SwiftLiteral.string(value)))"
        case .boolean(let value): value ? "true" : "false"
        case .now: ".now"
        case .randomUUID: ".randomUUID"
        case .currentUserID: ".currentUserID"
        case .raw(let sql): ".raw(\(sql.swiftSource()))"
        }
    }
}

extension SQL {
    /// `SQL(raw: "...")`.
    func swiftSource(indent: String = "") -> String { "SQL(raw: \(SwiftLiteral.text(text, indent: indent)))" }
}

extension QualifiedName {
    /// `"note"` in `public`, `"app.note"` elsewhere (names with a dot: `TableName(schema:name:)`).
    var swiftSource: String {
        if schema.contains(".") || name.contains(".") {
            return "TableName(schema: \(SwiftLiteral.string(schema)), name: \(SwiftLiteral.string(name)))"
        }
        return SwiftLiteral.string(schema == "public" ? name : "\(schema).\(name)")
    }
}

extension Role {
    /// `.anon`, `.public`, `Role("editor")`.
    var swiftSource: String {
        switch self {
        case .anon: ".anon"
        case .authenticated: ".authenticated"
        case .serviceRole: ".serviceRole"
        case .public: ".public"
        default: "Role(\(SwiftLiteral.string(name)))"
        }
    }
}

extension Array where Element == Role {
    /// `[.anon, .authenticated]`.
    var swiftSource: String { "[" + sorted().map(\.swiftSource).joined(separator: ", ") + "]" }
}

extension Dictionary where Key == Role, Value == Set<Privilege> {
    /// `[.anon: [.select], .authenticated: Privilege.allTable]`, roles in canonical order.
    var swiftSource: String {
        guard !isEmpty else { return "[:]" }
        let entries = keys.sorted().map { role -> String in
            let privileges = self[role]!.sorted()
            let list: String
            if privileges == Privilege.allTable {
                list = "Privilege.allTable"
            } else if Set(privileges) == Set(Privilege.allSequence) {
                list = "Privilege.allSequence"
            } else {
                list = "[" + privileges.map { ".\($0.rawValue)" }.joined(separator: ", ") + "]"
            }
            return "\(role.swiftSource): \(list)"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }
}

extension Array where Element == String {
    /// `"a", "b"`.
    var swiftArguments: String { map { SwiftLiteral.string($0) }.joined(separator: ", ") }
}

extension StoragePlan {
    /// `.ownerFolder`, `.rowFolder(of: "listing", .owner(column: "seller_id"))`.
    var swiftSource: String {
        switch self {
        case .public: ".public"
        case .authenticated: ".authenticated"
        case .ownerFolder: ".ownerFolder"
        case .rowFolder(let table, let plans): ".rowFolder(of: \(table.swiftSource)" + plans.map { ", " + $0.swiftSource }.joined() + ")"
        case .serviceRoleOnly: ".serviceRoleOnly"
        case .noAccess: ".noAccess"
        }
    }
}

extension Bucket {
    /// `Bucket("avatars", public: true, fileSizeLimit: 1048576)`, its `.access(...)` when it has plans,
    /// and `.policiesWrittenByHand()` when its policies are.
    func swiftSource(indent: String) -> String {
        var arguments = [SwiftLiteral.string(id)]
        if isPublic { arguments.append("public: true") }
        if let fileSizeLimit { arguments.append("fileSizeLimit: \(fileSizeLimit)") }
        if let types = allowedMimeTypes {
            arguments.append("allowedMimeTypes: [" + types.map { SwiftLiteral.string($0) }.joined(separator: ", ") + "]")
        }
        var source = "Bucket(" + arguments.joined(separator: ", ") + ")"
        let plans = Operation.allCases.map { access[$0] }
        if Set(plans).count == 1, plans[0] != .noAccess {
            source += "\n\(indent)    .access(\(plans[0].swiftSource))"
        } else if plans.contains(where: { $0 != .noAccess }) {
            source +=
                "\n\(indent)    .access(" + zip(Operation.allCases, plans).map { "\($0): \($1.swiftSource)" }.joined(separator: ", ") + ")"
        }
        if hasPoliciesWrittenByHand { source += "\n\(indent)    .policiesWrittenByHand()" }
        return source
    }
}
