extension Schema {
    /// Grant options (``Table/withGrantOption(_:sequences:)``, ``View/withGrantOption(_:)``,
    /// ``Function/withGrantOption(execute:)``) for a privilege the object does not grant the role, or
    /// for `public`: Postgres grants the option only with the privilege, and never to PUBLIC (0LP01).
    func grantOptionErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        for table in tables {
            let sequences = table.columns.filter { $0.identity != nil || $0.generation == .serial }
            let sequencePrivileges = sequences.reduce(into: [Role: Set<Privilege>]()) { held, column in
                held.merge(table.grantedSequencePrivileges(of: column)) { $0.union($1) }
            }
            errors += grantOptionErrors(
                table.overrides.grantOptions, held: table.grantedPrivileges, on: "table \(table.qualifiedName)",
                fix: ".withGrantOption([...])", table.qualifiedName, table.source)
            errors += grantOptionErrors(
                table.overrides.sequenceGrantOptions, held: sequencePrivileges, on: "the sequences of table \(table.qualifiedName)",
                fix: ".withGrantOption(sequences: [...])", table.qualifiedName, table.source)
        }
        for view in views {
            errors += grantOptionErrors(
                view.grantOptions, held: view.grantedPrivileges, on: "view \(view.qualifiedName)", fix: ".withGrantOption([...])",
                view.qualifiedName, view.source)
        }
        for function in functions {
            let options = Dictionary(
                function.executeWithGrantOption.map { ($0, Set([Privilege.execute])) }, uniquingKeysWith: { $0.union($1) })
            let held = Dictionary(function.executableBy.map { ($0, Set([Privilege.execute])) }, uniquingKeysWith: { $0.union($1) })
            errors += grantOptionErrors(
                options, held: held, on: "function \(function.qualifiedName)", fix: ".withGrantOption(execute: [...])",
                function.qualifiedName, function.source)
        }
        return errors
    }

    private func grantOptionErrors(
        _ options: [Role: Set<Privilege>], held: [Role: Set<Privilege>], on what: String, fix: String, _ name: TableName,
        _ source: DeclarationSite
    ) -> [ValidationError] {
        options.keys.sorted().compactMap { role in
            let strays = (role == .public ? options[role]! : options[role]!.subtracting(held[role] ?? [])).sorted()
            guard !strays.isEmpty else { return nil }
            let list = strays.map(\.description).joined(separator: ", ")
            let message =
                role == .public
                ? "\(what) gives public the grant option for \(list), which Postgres never gives to PUBLIC; take .public out of \(fix)"
                : "\(what) gives \(role) the grant option for \(list) without granting it \(list) (a grant option goes with the "
                    + "privilege); grant it or take the role out of \(fix)"
            return ValidationError(.invalidDeclaration, table: name, column: nil, source: source, message)
        }
    }
}
