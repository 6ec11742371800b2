extension CatalogDiff {
    /// Privileges: revoked before drops, granted once every object exists. Grants on objects that
    /// are dropped (or dropped and created again) are not revoked, and those rebuilt get theirs back.
    mutating func diffGrants() {
        let rebuilt = rebuiltFunctions
        let currentGrants = Set(current.grants.filter { !isGone($0, rebuiltFunctions: rebuilt) })
        let desiredGrants = Set(desired.grants)
        let revokes = current.grants.filter { !isGone($0, rebuiltFunctions: rebuilt) && !desiredGrants.contains($0) }
        let grants = desired.grants.filter { !currentGrants.contains($0) }
        for group in GrantGroup.grouped(revokes) {
            add(.revoke, Change(kind: .revoke, object: .privilege, name: group.displayName, sql: group.revokeSQL))
        }
        for group in GrantGroup.grouped(grants) {
            add(.grant, Change(kind: .grant, object: .privilege, name: group.displayName, sql: group.grantSQL))
        }
    }

    /// True when the plan drops the object a current grant is on, so the grant goes with it.
    private func isGone(_ grant: Catalog.Grant, rebuiltFunctions: Set<String>) -> Bool {
        switch grant.objectKind {
        case .schema:
            return grant.object.schema != "public" && !desired.schemas.contains { $0.name == grant.object.schema }
        case .table:
            if droppedTables.contains(grant.object) || rebuiltViews.contains(grant.object) { return true }
            guard let column = grant.column, let old = current.table(grant.object)?.column(column) else { return false }
            guard let new = desired.table(grant.object)?.column(column) else { return true }
            return ColumnChange.needsRebuild(old, new)
        case .sequence:
            return false
        case .function:
            let signature = "\(grant.object)(\(grant.arguments ?? ""))"
            return rebuiltFunctions.contains(signature) || !desired.functions.contains { $0.signature == signature }
        }
    }
}
