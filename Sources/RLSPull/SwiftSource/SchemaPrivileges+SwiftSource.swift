import RLSModel

extension SchemaPrivileges {
    /// `SchemaUsage("app", by: [.serviceRole])`, or with roles that may create or a comment,
    /// `SchemaPrivileges("app", usage: [.authenticated], create: [Role("app_admin")], comment: "Helpers")`.
    /// Roles holding a privilege with grant option follow: `.withGrantOption(usage: [.authenticated])`.
    var swiftSource: String {
        var options: [String] = []
        if !usageWithGrantOption.isEmpty { options.append("usage: \(usageWithGrantOption.swiftSource)") }
        if !createWithGrantOption.isEmpty { options.append("create: \(createWithGrantOption.swiftSource)") }
        let grantOption = options.isEmpty ? "" : ".withGrantOption(\(options.joined(separator: ", ")))"
        guard !create.isEmpty || comment != nil else {
            return "SchemaUsage(\(SwiftLiteral.string(schema)), by: \(usage.swiftSource))" + grantOption
        }
        var arguments = [SwiftLiteral.string(schema), "usage: \(usage.swiftSource)"]
        if !create.isEmpty { arguments.append("create: \(create.swiftSource)") }
        if let comment { arguments.append("comment: \(SwiftLiteral.string(comment))") }
        return "SchemaPrivileges(\(arguments.joined(separator: ", ")))" + grantOption
    }
}

extension DefaultPrivilege {
    /// `DefaultPrivilege.revoke(.execute, on: .functions, in: "public", from: .public)`.
    var swiftSource: String {
        var arguments = privileges.map { ".\($0.rawValue)" } + ["on: .\(objects.rawValue)"]
        if let schema { arguments.append("in: \(SwiftLiteral.string(schema))") }
        let roleList = roles.sorted().map(\.swiftSource)
        arguments.append((action == .grant ? "to: " : "from: ") + roleList.joined(separator: ", "))
        if withGrantOption { arguments.append("withGrantOption: true") }
        if let forRole { arguments.append("forRole: \(forRole.swiftSource)") }
        return "DefaultPrivilege.\(action.rawValue)(\(arguments.joined(separator: ", ")))"
    }
}
