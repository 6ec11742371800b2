import RLSModel

extension View {
    /// `create view ... with (security_invoker = true) as ...;`, its comment, and
    /// grants: `revoke all` from the API roles, `grant select` to the declared readers and service_role.
    func statements() -> [String] {
        var create = "create view \(qualifiedName.sql)"
        if isSecurityInvoker { create += "\n  with (security_invoker = true)" }
        var query = query.text.trimmingNewlines()
        if query.hasSuffix(";") { query.removeLast() }
        create += "\nas\n\(query);"
        var statements = [create]
        if let comment { statements.append("comment on view \(qualifiedName.sql) is \(quoteLiteral(comment));") }
        statements.append("revoke all on table \(qualifiedName.sql) from \(Role.apiRoles.sqlList);")
        if let grants { return statements + grantStatements(grants, on: "table \(qualifiedName.sql)") }
        let readers = Set(readableBy + [.serviceRole])
        statements.append("grant select on table \(qualifiedName.sql) to \(Array(readers).sqlList);")
        return statements
    }
}
