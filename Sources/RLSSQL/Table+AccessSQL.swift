import RLSModel

extension Table {
    /// The access section: enable RLS, revoke everything from the API roles, grant
    /// exactly what the plans and policies need, and create the policies.
    ///
    /// Revoking first makes the result the same whether the database grants new
    /// tables to the API roles by default (older Supabase projects) or not.
    func accessStatements(in schema: Schema) -> [CompiledStatement] {
        var statements: [CompiledStatement] = []
        if overrides.rowLevelSecurity { statements.append(CompiledStatement(.enableRowLevelSecurity, "alter table \(qualifiedName.sql) enable row level security;")) }
        statements.append(CompiledStatement(.revoke, "revoke all on table \(qualifiedName.sql) from \(Role.apiRoles.sqlList);"))
        if let grants = overrides.grants {
            statements += grantStatements(grants, on: "table \(qualifiedName.sql)").compiled(.grant)
        } else {
            var tablePrivileges = privileges
            var columnGrants: [String] = []
            for operation in [Operation.insert, .update] {
                guard let columns = writableColumns(operation), !columns.isEmpty else { continue }
                let roles = tablePrivileges.keys.filter { $0 != .serviceRole && tablePrivileges[$0]!.contains(operation) }.sorted()
                for role in roles { tablePrivileges[role]!.remove(operation) }
                if !roles.isEmpty {
                    columnGrants.append("grant \(operation.rawValue) (\(columns.map(quoteIdentifier).joined(separator: ", "))) "
                        + "on table \(qualifiedName.sql) to \(roles.sqlList);")
                }
            }
            statements += (grantStatements(tablePrivileges, on: "table \(qualifiedName.sql)") + columnGrants).compiled(.grant)
        }
        statements += sequenceAccessStatements
        statements += compiledPolicies(of: self, in: schema).map(CompiledStatement.init)
        return statements
    }

    /// `-- Access to public.listing: select: any signed-in user; insert, update, delete: ...`
    var accessSummary: String {
        var groups: [(AccessPlan, [Operation])] = []
        for operation in Operation.allCases {
            if let index = groups.firstIndex(where: { $0.0 == access[operation] }) {
                groups[index].1.append(operation)
            } else {
                groups.append((access[operation], [operation]))
            }
        }
        return groups.map { "\($0.1.map(\.rawValue).joined(separator: ", ")): \($0.0)" }.joined(separator: "; ")
    }
}

/// `grant select, insert on table ... to "authenticated";`, roles with the same
/// privileges grouped into one statement, in a fixed order.
func grantStatements(_ privileges: [Role: Set<Operation>], on object: String) -> [String] {
    var groups: [(operations: [Operation], roles: [Role])] = []
    for role in privileges.keys.sorted() {
        let operations = privileges[role]!.sorted()
        guard !operations.isEmpty else { continue }
        if let index = groups.firstIndex(where: { $0.operations == operations }) {
            groups[index].roles.append(role)
        } else {
            groups.append((operations, [role]))
        }
    }
    return groups.map { group in
        "grant \(group.operations.map(\.rawValue).joined(separator: ", ")) on \(object) to \(group.roles.sqlList);"
    }
}
