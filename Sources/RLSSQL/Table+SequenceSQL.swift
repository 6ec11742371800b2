import RLSModel

extension Table {
    /// Grants on the sequences behind identity and serial columns: identity values are drawn without
    /// a privilege check, so nobody needs one; a serial default calls `nextval`, so the roles that
    /// may insert get `usage`. ``TableOverrides/sequenceGrants`` replaces both.
    var sequenceAccessStatements: [CompiledStatement] {
        var statements: [CompiledStatement] = []
        let inserters = privileges.filter { $0.value.contains(.insert) }.map { ($0.key, Set([Privilege.usage])) }
        for column in columns where column.identity != nil || column.generation == .serial {
            let sequence = "sequence " + RLSSQL.qualifiedName(schema: schema, name: identitySequenceName(of: column))
            statements.append(CompiledStatement(.revoke, "revoke all on \(sequence) from \(Role.apiRoles.sqlList);"))
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

/// `grant select, insert on table ... to "anon";` from an explicit grant list, roles with the
/// same privileges grouped into one statement, in a fixed order.
func grantStatements(_ grants: [Role: Set<Privilege>], on object: String) -> [String] {
    var groups: [(privileges: [Privilege], roles: [Role])] = []
    for role in grants.keys.sorted() {
        let privileges = grants[role]!.sorted()
        guard !privileges.isEmpty else { continue }
        if let index = groups.firstIndex(where: { $0.privileges == privileges }) {
            groups[index].roles.append(role)
        } else {
            groups.append((privileges, [role]))
        }
    }
    return groups.map { group in
        "grant \(group.privileges.map(\.rawValue).joined(separator: ", ")) on \(object) to \(group.roles.sqlList);"
    }
}
