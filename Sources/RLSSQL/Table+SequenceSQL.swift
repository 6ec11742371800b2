import RLSModel

extension Table {
    /// Grants on the sequences behind identity and serial columns: identity values are drawn without
    /// a privilege check, so nobody needs one; a serial default calls `nextval`, so the roles that
    /// may insert get `usage`. ``TableOverrides/sequenceGrants`` replaces both.
    var sequenceAccessStatements: [CompiledStatement] {
        var statements: [CompiledStatement] = []
        let inserters = privileges.filter { $0.value.contains(.insert) }.map { ($0.key, Set([Privilege.usage])) }
        for column in columns where column.identity != nil || column.generation == .serial {
            let sequence = PrivilegeObject.sequence(QualifiedName(schema: schema, name: identitySequenceName(of: column)))
            statements.append(CompiledStatement(.revoke, revokeStatement(["all"], on: sequence, from: Role.apiRoles)))
            if let grants = overrides.sequenceGrants {
                statements += grantStatements(grants, on: sequence).compiled(.grant)
            } else if column.generation == .serial {
                statements += grantStatements(Dictionary(uniqueKeysWithValues: inserters), on: sequence).compiled(.grant)
            }
        }
        return statements
    }
}

extension ColumnType {
    /// `serial`, `bigserial` or `smallserial` for an integer type.
    var serialSQL: String {
        switch self {
        case .bigint: "bigserial"
        case .smallint: "smallserial"
        default: "serial"
        }
    }
}
