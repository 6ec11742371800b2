import RLSModel

extension View {
    /// `create view ... with (security_invoker = true) as ...;`, its comment, and
    /// grants: `revoke all` from the API roles, `grant select` to the declared readers and service_role.
    func statements() -> [CompiledStatement] {
        var create = "create view \(qualifiedName.sql)"
        if isSecurityInvoker { create += "\n  with (security_invoker = true)" }
        var query = query.text.trimmingNewlines()
        if query.hasSuffix(";") { query.removeLast() }
        create += "\nas\n\(query);"
        var statements = [CompiledStatement(.createView, create)]
        if let comment { statements.append(CompiledStatement(.comment, "comment on view \(qualifiedName.sql) is \(quoteLiteral(comment));")) }
        statements.append(CompiledStatement(.revoke, "revoke all on table \(qualifiedName.sql) from \(Role.apiRoles.sqlList);"))
        if let grants { return statements + grantStatements(grants, on: "table \(qualifiedName.sql)").compiled(.grant) }
        let readers = Set(readableBy + [.serviceRole])
        statements.append(CompiledStatement(.grant, "grant select on table \(qualifiedName.sql) to \(Array(readers).sqlList);"))
        return statements
    }
}
