import RLSModel

extension CatalogDiff {
    /// Roles granted to the API roles: a schema never declares these, so any the database holds is
    /// drift, typed in the SQL editor (`grant authenticated to anon`), and the plan revokes it.
    /// (Default privileges are ``diffDefaultPrivileges()``'s.)
    mutating func diffAPIRoles() {
        let current = current.environment
        let desired = desired.environment
        for membership in current.roleMemberships where !desired.roleMemberships.contains(membership) {
            add(.revoke, Change(kind: .revoke, object: .privilege, name: "role \(membership)", sql: membership.revokeSQL))
        }
        for membership in desired.roleMemberships where !current.roleMemberships.contains(membership) {
            add(.grant, Change(kind: .grant, object: .privilege, name: "role \(membership)", sql: membership.grantSQL))
        }
    }
}
