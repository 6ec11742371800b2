import RLSModel

extension Function {
    /// A function kept as an existing database defines it: its statement as written, its comment,
    /// then EXECUTE revoked from PUBLIC and the API roles and granted to exactly `executableBy`.
    func definedStatements(_ definition: SQL) -> [String] {
        var create = definition.text.trimmingNewlines()
        if !create.hasSuffix(";") { create += ";" }
        var statements = [create]
        if let comment { statements.append("comment on function \(signatureSQL) is \(quoteLiteral(comment));") }
        statements.append("revoke all on function \(signatureSQL) from public, \(Role.apiRoles.sqlList);")
        if !executableBy.isEmpty {
            statements.append("grant execute on function \(signatureSQL) to \(executableBy.sqlList);")
        }
        return statements
    }
}
