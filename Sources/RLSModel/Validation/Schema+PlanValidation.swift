extension Schema {
    /// Mistakes in a table's access plans and hand-written policies.
    func planErrors(_ table: Table) -> [ValidationError] {
        var errors: [ValidationError] = []
        for operation in Operation.allCases where table.access[operation].ownerColumn != nil {
            do {
                _ = try ownerPath(of: table, plan: table.access[operation])
            } catch {
                if !errors.contains(error) { errors.append(error) }
            }
        }
        for operation in Operation.allCases {
            guard case .members = table.access[operation] else { continue }
            do {
                let path = try membershipPath(of: table, plan: table.access[operation])
                for error in identifierErrors(
                    [path.membership.helperName], table: path.membership.table, column: nil, table.access.source ?? table.source)
                where !errors.contains(error) {
                    errors.append(error)
                }
            } catch {
                if !errors.contains(error) { errors.append(error) }
            }
        }
        for operation in [Operation.insert, .update] {
            for name in table.writableColumns(operation) ?? [] where table.column(name) == nil {
                errors.append(
                    ValidationError(
                        .unknownColumn, table: table.qualifiedName, column: name, source: table.columnPrivilegesSource ?? table.source,
                        "\(operation == .insert ? "insertable" : "updatable")(only:) names column \(name), which \(table.qualifiedName) does not declare; fix the name"
                    ))
            }
        }
        var names: [String: DeclarationSite] = [:]
        for operation in Operation.allCases {
            if let name = table.planPolicyName(operation) {
                names[name] = table.access.source ?? table.source
                errors += identifierErrors([name], table: table.qualifiedName, column: nil, table.access.source ?? table.source)
            }
        }
        for policy in table.policies {
            if let first = names[policy.name] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: table.qualifiedName, column: nil, source: policy.source,
                        "policy \"\(policy.name)\" is declared twice on \(table.qualifiedName) (first at \(first)); rename one"))
            }
            names[policy.name] = policy.source
            errors += identifierErrors([policy.name], table: table.qualifiedName, column: nil, policy.source)
            if policy.roles.isEmpty {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: table.qualifiedName, column: nil, source: policy.source,
                        "policy \"\(policy.name)\" names no role; list the roles it concerns, e.g. to: [.authenticated]"))
            }
            if policy.command == .insert && policy.using != nil {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: table.qualifiedName, column: nil, source: policy.source,
                        "insert policy \"\(policy.name)\" has a using condition; inserts only take withCheck"))
            }
            if (policy.command == .select || policy.command == .delete) && policy.withCheck != nil {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: table.qualifiedName, column: nil, source: policy.source,
                        "\(policy.command.rawValue) policy \"\(policy.name)\" has a withCheck condition; only insert, update and all take one"
                    ))
            }
            if policy.readsUserMetadata, policy.userMetadataAcknowledgement == nil {
                errors.append(
                    ValidationError(
                        .userMetadata, table: table.qualifiedName, column: nil, source: policy.source,
                        "policy \"\(policy.name)\" \(UserMetadata.reason): \(UserMetadata.fix); \(UserMetadata.acknowledgement)"))
            }
            if policy.using == nil && policy.withCheck == nil && policy.withoutConditionAcknowledgement == nil {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: table.qualifiedName, column: nil, source: policy.source,
                        "policy \"\(policy.name)\" has neither using nor withCheck; write the condition explicitly, e.g. SQL(raw: \"true\") (to keep a production policy as it is for now, .withoutCondition(acknowledged: \"why\"))"
                    ))
            }
        }
        return errors
    }
}
