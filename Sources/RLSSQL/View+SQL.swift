import RLSModel

extension View {
    /// `create view ... with (security_invoker = true) as ...;` (or `create materialized view ...
    /// as ... [with no data];`), its comment, grants (`revoke all` from the API roles, then
    /// ``RLSModel/View/grantedPrivileges``, `with grant option` where ``RLSModel/View/grantOptions``
    /// says so), and a materialized view's indexes.
    func statements() -> [CompiledStatement] {
        var create = "create \(isMaterialized ? "materialized " : "")view \(qualifiedName.sql)"
        if isSecurityInvoker, !isMaterialized { create += "\n  with (security_invoker = true)" }
        var query = query.text.trimmingNewlines()
        if query.hasSuffix(";") { query.removeLast() }
        create += "\nas\n\(query)"
        if isMaterialized, !isPopulated { create += "\nwith no data" }
        var statements = [CompiledStatement(.createView, create + ";")]
        if let comment {
            let keyword = isMaterialized ? "materialized view" : "view"
            statements.append(CompiledStatement(.comment, "comment on \(keyword) \(qualifiedName.sql) is \(quoteLiteral(comment));"))
        }
        statements.append(CompiledStatement(.revoke, revokeStatement(["all"], on: .table(qualifiedName), from: Role.apiRoles)))
        statements += grantStatements(grantedPrivileges, on: .table(qualifiedName), withGrantOption: grantOptions).compiled(.grant)
        return statements + indexes.map { CompiledStatement(.createIndex, $0.createStatement(named: name(of: $0), on: qualifiedName)) }
    }
}
