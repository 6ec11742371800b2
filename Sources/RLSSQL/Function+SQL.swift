import RLSModel

extension Function {
    /// `"public"."f"(integer, text)`: how grants and comments name the function.
    public var signatureSQL: String {
        "\(qualifiedName.sql)(\(definedArguments ?? arguments.map(\.type.sql).joined(separator: ", ")))"
    }

    /// `create function` (generated, or as an existing database defines it), its comment,
    /// `revoke all ... from public, anon, authenticated, service_role` and `grant execute` to
    /// exactly the declared roles (`with grant option` to those of ``RLSModel/Function/executeWithGrantOption``).
    func statements() -> [CompiledStatement] {
        var statements = [CompiledStatement(.createFunction, definition.map(definedCreateStatement) ?? createStatement)]
        if let comment {
            statements.append(CompiledStatement(.comment, "comment on function \(signatureSQL) is \(quoteLiteral(comment));"))
        }
        statements.append(
            CompiledStatement(.revoke, revokeStatement(["all"], on: .function(signature: signatureSQL), from: [.public] + Role.apiRoles)))
        let executors = Dictionary(executableBy.map { ($0, Set([Privilege.execute])) }, uniquingKeysWith: { first, _ in first })
        let options = Dictionary(executeWithGrantOption.map { ($0, Set([Privilege.execute])) }, uniquingKeysWith: { first, _ in first })
        statements += grantStatements(executors, on: .function(signature: signatureSQL), withGrantOption: options).compiled(.grant)
        return statements
    }

    /// `create function "s"."f"(...) returns ... language ... security ... set search_path = ... as $function$...$function$;`
    private var createStatement: String {
        let arguments = arguments.map { "\(quoteIdentifier($0.name)) \($0.type.sql)" }.joined(separator: ", ")
        let tag = dollarQuoteTag(for: body.text)
        let path = searchPath.isEmpty ? "''" : searchPath.quotedList
        var create = "create function \(qualifiedName.sql)(\(arguments))\n"
        create += "  returns \(resultSQL)\n"
        create += "  language \(language.rawValue)\n"
        create += "  security \(security.rawValue)\n"
        create += "  \(volatility.rawValue)\n"
        create += "  set search_path = \(path)\n"
        create += "as \(tag)\n\(body.text.trimmingNewlines())\n\(tag);"
        return create
    }

    private var resultSQL: String {
        switch result {
        case .trigger: "trigger"
        case .void: "void"
        case .type(let type): type.sql
        case .setOf(let table): "setof \(table.sql)"
        }
    }
}

/// `$function$` (or `$name$`), or `$function_2$`... when the body itself contains the tag: a
/// dollar quote no text inside it can end.
public func dollarQuoteTag(for body: String, named name: String = "function") -> String {
    var tag = "$\(name)$"
    var counter = 1
    while body.contains(tag) {
        counter += 1
        tag = "$\(name)_\(counter)$"
    }
    return tag
}

extension String {
    /// The text without leading and trailing newlines (indentation kept).
    func trimmingNewlines() -> String {
        var scalars = Substring(self)
        while scalars.first == "\n" { scalars.removeFirst() }
        while scalars.last == "\n" || scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
