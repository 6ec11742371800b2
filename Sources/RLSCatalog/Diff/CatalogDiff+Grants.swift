extension Catalog.Grant {
    /// The same privilege with the grant option the other way round.
    fileprivate var otherGrantOption: Catalog.Grant {
        var other = self
        other.grantable.toggle()
        return other
    }
}

extension CatalogDiff {
    /// Privileges: revoked before drops, granted once every object exists. Grants on objects that
    /// are dropped (or dropped and created again) are not revoked, and those rebuilt get theirs back.
    /// New objects first lose everything PUBLIC and the API roles may have received by default
    /// (``newObjectRevokes(rebuiltFunctions:)``), then get exactly the declared grants.
    mutating func diffGrants() {
        let rebuilt = rebuiltFunctions
        let kept = current.grants.filter { !isGone($0, rebuiltFunctions: rebuilt) }
        // The absolute revokes leave the API roles nothing on new objects (schemas aside), whatever the defaults.
        let implicit = implicitGrants(rebuiltFunctions: rebuilt).filter {
            $0.objectKind == .schema || !Self.apiRoles.contains($0.grantee.name)
        }
        for change in newObjectRevokes(rebuiltFunctions: rebuilt) { add(.grant, change) }
        let currentGrants = Set(kept + implicit)
        let procedures = Set((current.functions + desired.functions).filter(\.isProcedure).map(\.signature))
        let desiredGrants = Set(desired.grants)
        // A privilege kept while its grant option goes loses just the option; one that gains the
        // option is granted again with it, without a revoke first.
        let changesOption = Set(kept.filter { !desiredGrants.contains($0) && desiredGrants.contains($0.otherGrantOption) })
        let losesOption = changesOption.filter(\.grantable).sorted()
        for group in GrantGroup.grouped(losesOption, procedures: procedures) {
            add(
                .revoke,
                Change(kind: .revoke, object: .privilege, name: "grant option for \(group.displayName)", sql: group.revokeGrantOptionSQL))
        }
        let keptWithoutOption = Set(losesOption.map(\.otherGrantOption))
        // What a CREATE grants by default can only be revoked once the object exists.
        for (phase, grants) in [(DiffPhase.revoke, kept.filter { !changesOption.contains($0) }), (DiffPhase.grant, implicit)] {
            for group in GrantGroup.grouped(Set(grants).filter { !desiredGrants.contains($0) }.sorted(), procedures: procedures) {
                add(phase, Change(kind: .revoke, object: .privilege, name: group.displayName, sql: group.revokeSQL))
            }
        }
        let granted = desired.grants.filter { !currentGrants.contains($0) && !keptWithoutOption.contains($0) }
        for group in GrantGroup.grouped(granted, procedures: procedures) {
            add(.grant, Change(kind: .grant, object: .privilege, name: group.displayName, sql: group.grantSQL))
        }
    }

    /// Grants that the plan's `CREATE` statements bring with them (default privileges), so they are
    /// revoked when the desired state lacks them and not granted twice.
    private func implicitGrants(rebuiltFunctions: Set<String>) -> [Catalog.Grant] {
        var result: [Catalog.Grant] = []
        let currentSchemas = Set(current.schemas.map(\.name))
        for schema in desired.schemas where !currentSchemas.contains(schema.name) {
            result += current.initialGrants(for: .schema, object: QualifiedName(schema: schema.name, name: ""))
        }
        for table in createdTables.sorted() {
            result += current.initialGrants(for: .table, object: table)
        }
        let currentViews = Set(current.views.map(\.name))
        for view in desired.views where !currentViews.contains(view.name) || rebuiltViews.contains(view.name) {
            result += current.initialGrants(for: .table, object: view.name)
        }
        for sequence in Set(desired.sequences).subtracting(current.sequences).sorted() {
            result += current.initialGrants(for: .sequence, object: sequence)
        }
        let currentFunctions = Set(current.functions.map(\.signature))
        for function in desired.functions
        where !currentFunctions.contains(function.signature) || rebuiltFunctions.contains(function.signature) {
            result += current.initialGrants(for: .function, object: function.name, arguments: function.identityArguments)
        }
        return result
    }

    /// True when the plan drops the object a current grant is on, so the grant goes with it.
    private func isGone(_ grant: Catalog.Grant, rebuiltFunctions: Set<String>) -> Bool {
        switch grant.objectKind {
        case .schema:
            return grant.object.schema != "public" && !desired.schemas.contains { $0.name == grant.object.schema }
        case .table:
            if droppedTables.contains(grant.object) || rebuiltViews.contains(grant.object) { return true }
            guard let column = grant.column, let old = currentTables[grant.object]?.column(column) else { return false }
            guard let new = desiredTables[grant.object]?.column(column) else { return true }
            return ColumnChange.needsRebuild(old, new)
        case .sequence, .type:
            return false
        case .function:
            let signature = "\(grant.object)(\(grant.arguments ?? ""))"
            return rebuiltFunctions.contains(signature) || !desiredFunctions.contains(signature)
        }
    }
}
