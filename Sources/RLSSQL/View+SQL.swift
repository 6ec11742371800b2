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
        if let comment {
            statements.append(CompiledStatement(.comment, "comment on view \(qualifiedName.sql) is \(quoteLiteral(comment));"))
        }
        statements.append(CompiledStatement(.revoke, revokeStatement(["all"], on: .table(qualifiedName), from: Role.apiRoles)))
        if let grants { return statements + grantStatements(grants, on: .table(qualifiedName)).compiled(.grant) }
        let readers = Set(readableBy + [.serviceRole])
        statements.append(CompiledStatement(.grant, grantStatement(["select"], on: .table(qualifiedName), to: readers.sorted())))
        return statements
    }
}
