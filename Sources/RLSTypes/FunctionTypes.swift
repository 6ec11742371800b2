import RLSModel

/// A function the role may call through the API (`supabase.rpc`): its name, its parameters as an
/// `Encodable` struct and its result type.
struct FunctionTypes {
    let function: Function
    let names: TypeNames
    let access: String

    var lines: [String] {
        let typeName = names[function.qualifiedName]!
        var scope = NameScope()
        let members = function.arguments.map { scope.claim(SwiftIdentifier.member($0.name)) }
        var out = ["// MARK: - \(function.qualifiedName.description.filter { SwiftText.isPrintable($0.unicodeScalars.first!) })()", ""]
        var doc = function.comment.map { [$0, ""] } ?? []
        let signature = function.arguments.map { "\($0.name) \($0.type.description)" }.joined(separator: ", ")
        doc.append("The function `\(function.qualifiedName)(\(signature))`, called with")
        doc.append("`supabase.rpc(\(typeName).functionName, params: \(typeName).Parameters(...))`.")
        out += SwiftText.docLines(doc.joined(separator: "\n"), indent: "")
        out.append("\(access)enum \(typeName) {")
        out.append("    \(access)static let functionName = \(function.name.swiftStringLiteral)")
        out.append("    \(access)static let schemaName = \(function.schema.swiftStringLiteral)")
        if let result = resultType {
            out += ["", "    /// What the function returns.", "    \(access)typealias Result = \(result)"]
        }
        out += ["", "    /// The arguments, by name.", "    \(access)struct Parameters: Encodable, Hashable, Sendable {"]
        for (argument, member) in zip(function.arguments, members) {
            out.append("        \(access)var \(member): \(argument.type.swiftType(names))")
        }
        if !members.isEmpty { out.append("") }
        let parameters = zip(function.arguments, members).map {
            "\(SwiftIdentifier.parameter($1).declaration): \($0.type.swiftType(names))"
        }
        out.append("        \(access)init(\(parameters.joined(separator: ", "))) {")
        for member in members { out.append("            self.\(member) = \(SwiftIdentifier.parameter(member).value)") }
        out.append("        }")
        if !members.isEmpty {
            out += ["", "        \(access)enum CodingKeys: String, CodingKey {"]
            for (argument, member) in zip(function.arguments, members) {
                out.append(
                    SwiftIdentifier.bare(member) == argument.name
                        ? "            case \(member)" : "            case \(member) = \(argument.name.swiftStringLiteral)")
            }
            out.append("        }")
        }
        out += ["    }", "}"]
        return out
    }

    private var resultType: String? {
        switch function.result {
        case .trigger, .void: nil
        case .type(let type): type.swiftType(names)
        case .setOf(let table): names[table].map { "[\($0)]" }
        }
    }
}
