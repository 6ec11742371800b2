import RLSModel

extension Function {
    /// `Function("f", arguments: "uuid", definition: SQL(raw: #"""..."""#), executableBy: [...])`, then
    /// `.withGrantOption(execute: [...])` for the roles that hold EXECUTE with grant option.
    func swiftSource(indent: String) -> String {
        var line = "Function(\(SwiftLiteral.string(name))"
        if schema != "public" { line += ", schema: \(SwiftLiteral.string(schema))" }
        line += ", arguments: \(SwiftLiteral.string(definedArguments ?? ""))"
        line += ",\n\(indent)         definition: \((definition ?? body).swiftSource(indent: indent))"
        line += ",\n\(indent)         executableBy: \(executableBy.swiftSource)"
        if let comment { line += ", comment: \(SwiftLiteral.text(comment, indent: indent))" }
        line += ")"
        if !executeWithGrantOption.isEmpty { line += "\n\(indent).withGrantOption(execute: \(executeWithGrantOption.swiftSource))" }
        return line
    }
}

extension View {
    /// `View("v", securityInvoker: false, query: SQL(raw: ...))` and its grants (and grant options); a materialized
    /// view `.materialized()` with its `.indexes(...)`.
    func swiftSource(indent: String) -> String {
        var line = "View(\(SwiftLiteral.string(name))"
        if schema != "public" { line += ", schema: \(SwiftLiteral.string(schema))" }
        if !isSecurityInvoker, !isMaterialized { line += ", securityInvoker: false" }
        if !readableBy.isEmpty { line += ", readableBy: \(readableBy.swiftSource)" }
        if let comment { line += ", comment: \(SwiftLiteral.text(comment, indent: indent))" }
        line += ",\n\(indent)     query: \(query.swiftSource(indent: indent)))"
        if isMaterialized { line += "\n\(indent).materialized(\(isPopulated ? "" : "withData: false"))" }
        if !indexes.isEmpty {
            let inner = indent + "    "
            line += "\n\(indent).indexes(\n" + indexes.map { inner + $0.swiftSource(indent: inner) }.joined(separator: ",\n") + ")"
        }
        if let grants { line += "\n\(indent).grants(\(grants.swiftSource))" }
        if !grantOptions.isEmpty { line += "\n\(indent).withGrantOption(\(grantOptions.swiftSource))" }
        return line
    }
}

extension Trigger {
    /// `Trigger("t", on: "note", .before, [.update], execute: "public.touch")`.
    var swiftSource: String {
        let events = self.events.map { event -> String in
            switch event {
            case .insert: ".insert"
            case .update(let columns) where columns.isEmpty: ".update"
            case .update(let columns): ".update(of: [\(columns.swiftArguments)])"
            case .delete: ".delete"
            case .truncate: ".truncate"
            }
        }
        let timing =
            switch self.timing {
            case .before: ".before"
            case .after: ".after"
            case .insteadOf: ".insteadOf"
            }
        var line =
            "Trigger(\(SwiftLiteral.string(name)), on: \(table == .authUsers ? ".authUsers" : table.swiftSource), \(timing), [\(events.joined(separator: ", "))]"
        if level == .statement { line += ", level: .statement" }
        if let condition { line += ", when: \(condition.swiftSource())" }
        if let transitionTables {
            let names = [("old", transitionTables.old), ("new", transitionTables.new)].compactMap { label, name in
                name.map { "\(label): \(SwiftLiteral.string($0))" }
            }
            line += ", referencing: .init(\(names.joined(separator: ", ")))"
        }
        return line + ", execute: \(SwiftLiteral.string("\(function.schema).\(function.name)")))"
    }
}

extension EnumType {
    /// `EnumType("mood", values: "happy", "sad")`.
    var swiftSource: String {
        var line = "EnumType(\(SwiftLiteral.string(name))"
        if schema != "public" { line += ", schema: \(SwiftLiteral.string(schema))" }
        if !values.isEmpty { line += ", values: \(values.swiftArguments)" }
        if let comment { line += ", comment: \(SwiftLiteral.text(comment, indent: ""))" }
        return line + ")"
    }
}
