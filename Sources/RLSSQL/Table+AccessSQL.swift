import RLSModel

extension Table {
    /// The access section: enable RLS, revoke everything from the API roles, grant
    /// exactly what the plans and policies need, and create the policies.
    ///
    /// Revoking first makes the result the same whether the database grants new
    /// tables to the API roles by default (older Supabase projects) or not.
    func accessStatements(in schema: Schema) -> [CompiledStatement] {
        var statements: [CompiledStatement] = []
        if overrides.rowLevelSecurity {
            statements.append(CompiledStatement(.enableRowLevelSecurity, "alter table \(qualifiedName.sql) enable row level security;"))
        }
        statements.append(CompiledStatement(.revoke, revokeStatement(["all"], on: .table(qualifiedName), from: Role.apiRoles)))
        if let grants = overrides.grants {
            statements += grantStatements(grants, on: .table(qualifiedName)).compiled(.grant)
        } else {
            var tablePrivileges = privileges
            var columnGrants: [String] = []
            for operation in [Operation.insert, .update] {
                guard let columns = writableColumns(operation), !columns.isEmpty else { continue }
                let roles = tablePrivileges.keys.filter { $0 != .serviceRole && tablePrivileges[$0]!.contains(operation) }.sorted()
                for role in roles { tablePrivileges[role]!.remove(operation) }
                if !roles.isEmpty {
                    columnGrants.append(grantStatement([operation.rawValue], columns: columns, on: .table(qualifiedName), to: roles))
                }
            }
            statements += (grantStatements(tablePrivileges, on: .table(qualifiedName)) + columnGrants).compiled(.grant)
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
