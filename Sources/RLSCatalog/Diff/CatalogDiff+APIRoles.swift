extension CatalogDiff {
    /// Roles granted to the API roles and default privileges handing them new objects: a schema
    /// never declares these, so any the database holds (beyond Supabase's own defaults) is drift,
    /// typed in the SQL editor (`grant authenticated to anon`), and the plan revokes it.
    mutating func diffAPIRoles() {
        let current = current.environment
        let desired = desired.environment
        for membership in current.roleMemberships where !desired.roleMemberships.contains(membership) {
            add(.revoke, Change(kind: .revoke, object: .privilege, name: "role \(membership)", sql: membership.revokeSQL))
        }
        for membership in desired.roleMemberships where !current.roleMemberships.contains(membership) {
            add(.grant, Change(kind: .grant, object: .privilege, name: "role \(membership)", sql: membership.grantSQL))
        }
        for entry in current.apiDefaultPrivileges where !desired.apiDefaultPrivileges.contains(entry) {
            add(.revoke, Change(kind: .revoke, object: .privilege, name: entry.displayName, sql: entry.revokeSQL))
        }
        for entry in desired.apiDefaultPrivileges where !current.apiDefaultPrivileges.contains(entry) {
            add(.grant, Change(kind: .grant, object: .privilege, name: entry.displayName, sql: entry.grantSQL))
        }
    }
}
