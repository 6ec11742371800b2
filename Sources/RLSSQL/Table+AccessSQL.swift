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
        // Explicit grants (.grants) or what the plans imply; either way `.updatable(only:)` and
        // `.insertable(only:)` turn the API roles' UPDATE and INSERT into column grants.
        statements += grantStatementsSplittingColumnPrivileges().compiled(.grant)
        statements += sequenceAccessStatements
        statements += compiledPolicies(of: self, in: schema).map(CompiledStatement.init)
        return statements
    }

    /// Grants of ``RLSModel/Table/grantedPrivileges`` on the table, where INSERT and UPDATE of the
    /// API roles other than the service role go to the writable columns only, when the table limits
    /// them; each privilege `with grant option` where ``RLSModel/TableOverrides/grantOptions`` says so.
    private func grantStatementsSplittingColumnPrivileges() -> [String] {
        var tablePrivileges = grantedPrivileges
        let options = overrides.grantOptions
        var columnGrants: [String] = []
        for operation in [Operation.insert, .update] {
            guard let columns = writableColumns(operation), !columns.isEmpty, let privilege = Privilege(rawValue: operation.rawValue) else {
                continue
            }
            let roles = tablePrivileges.keys.filter { $0 != .serviceRole && tablePrivileges[$0]!.contains(privilege) }.sorted()
            for role in roles { tablePrivileges[role]!.remove(privilege) }
            for grantable in [false, true] {
                let granted = roles.filter { (options[$0]?.contains(privilege) ?? false) == grantable }
                if !granted.isEmpty {
                    columnGrants.append(
                        grantStatement(
                            [operation.rawValue], columns: columns, on: .table(qualifiedName), to: granted, withGrantOption: grantable))
                }
            }
        }
        return RLSSQL.grantStatements(tablePrivileges, on: .table(qualifiedName), withGrantOption: options) + columnGrants
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
