import RLSModel

extension View {
    /// `create view ... with (security_invoker = true) as ...;` (or `create materialized view ...
    /// as ... [with no data];`), its comment, grants (`revoke all` from the API roles, `grant select`
    /// to the declared readers and service_role), and a materialized view's indexes.
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
        if let grants {
            statements += grantStatements(grants, on: .table(qualifiedName)).compiled(.grant)
        } else {
            let readers = Set(readableBy + [.serviceRole])
            statements.append(CompiledStatement(.grant, grantStatement(["select"], on: .table(qualifiedName), to: readers.sorted())))
        }
        return statements + indexes.map { CompiledStatement(.createIndex, $0.createStatement(named: name(of: $0), on: qualifiedName)) }
    }
}
