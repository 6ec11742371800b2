import RLSModel

extension Table {
    /// Grants on the sequences behind identity and serial columns: exactly
    /// ``RLSModel/Table/grantedSequencePrivileges(of:)``, after revoking what the API roles may hold.
    var sequenceAccessStatements: [CompiledStatement] {
        var statements: [CompiledStatement] = []
        for column in columns where column.identity != nil || column.generation == .serial {
            let sequence = PrivilegeObject.sequence(QualifiedName(schema: schema, name: identitySequenceName(of: column)))
            statements.append(CompiledStatement(.revoke, revokeStatement(["all"], on: sequence, from: Role.apiRoles)))
            let granted = grantedSequencePrivileges(of: column)
            statements += grantStatements(granted, on: sequence, withGrantOption: overrides.sequenceGrantOptions).compiled(.grant)
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
