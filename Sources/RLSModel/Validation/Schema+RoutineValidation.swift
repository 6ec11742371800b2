extension Schema {
    /// Mistakes in functions, triggers and sign-up profile declarations.
    func validateRoutines() -> [ValidationError] {
        var errors: [ValidationError] = []
        var functionNames: [String: DeclarationSite] = [:]
        var declaredFunctions = Set(signUpProfiles.map(\.functionName))
        for function in functions {
            let signature = "\(function.qualifiedName)(\(function.arguments.map(\.type.description).joined(separator: ",")))"
            if let first = functionNames[signature] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: function.qualifiedName, column: nil, source: function.source,
                        "function \(signature) is declared twice (first at \(first)); rename or remove one"))
            }
            functionNames[signature] = function.source
            declaredFunctions.insert(function.qualifiedName)
            errors += identifierErrors(
                [function.schema, function.name] + function.arguments.map(\.name),
                table: function.qualifiedName, column: nil, function.source)
            if case .setOf(let table) = function.result, !knows(table), !views.contains(where: { $0.qualifiedName == table }) {
                errors.append(
                    ValidationError(
                        .unknownReference, table: function.qualifiedName, column: nil, source: function.source,
                        "function \(function.qualifiedName) returns setof \(table), which the schema does not declare"))
            }
        }
        var triggerNames: [String: DeclarationSite] = [:]
        for trigger in triggers {
            let key = "\(trigger.table).\(trigger.name)"
            if let first = triggerNames[key] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: trigger.table, column: nil, source: trigger.source,
                        "trigger \(trigger.name) is declared twice on \(trigger.table) (first at \(first)); rename one"))
            }
            triggerNames[key] = trigger.source
            errors += identifierErrors([trigger.name], table: trigger.table, column: nil, trigger.source)
            if !knows(trigger.table) && !views.contains(where: { $0.qualifiedName == trigger.table }) {
                errors.append(
                    ValidationError(
                        .unknownReference, table: trigger.table, column: nil, source: trigger.source,
                        "trigger \(trigger.name) is on \(trigger.table), which the schema does not declare"))
            }
            if !declaredFunctions.contains(trigger.function) {
                errors.append(
                    ValidationError(
                        .unknownReference, table: trigger.table, column: nil, source: trigger.source,
                        "trigger \(trigger.name) executes \(trigger.function), which the schema does not declare; add a Function(..., returns: .trigger)"
                    ))
            }
            if trigger.events.isEmpty {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: trigger.table, column: nil, source: trigger.source,
                        "trigger \(trigger.name) fires on no event; list at least one, e.g. [.insert]"))
            }
            errors += transitionTableErrors(trigger)
        }
        for profile in signUpProfiles {
            errors += identifierErrors([profile.triggerName, profile.functionName.name], table: profile.table, column: nil, profile.source)
            guard let table = table(profile.table) else {
                errors.append(
                    ValidationError(
                        .unknownReference, table: profile.table, column: nil, source: profile.source,
                        "the sign-up profile fills \(profile.table), which the schema does not declare; declare the table"))
                continue
            }
            for assignment in profile.assignments where table.column(assignment.column) == nil {
                errors.append(
                    ValidationError(
                        .unknownColumn, table: profile.table, column: assignment.column, source: profile.source,
                        "the sign-up profile fills column \(assignment.column), which \(profile.table) does not declare"))
            }
        }
        return errors
    }
}
