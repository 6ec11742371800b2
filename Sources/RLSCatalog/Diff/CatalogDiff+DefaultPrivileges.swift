import RLSModel
import RLSSQL

extension CatalogDiff {
    /// `alter default privileges` for every difference between the two databases' default
    /// privileges (``Catalog/defaultPrivilegeChanges(from:to:)``), after every object is created:
    /// the objects the plan creates get exactly their declared grants either way, and default
    /// privileges concern objects created later.
    mutating func diffDefaultPrivileges() {
        for change in Catalog.defaultPrivilegeChanges(from: current.defaultPrivileges, to: desired.defaultPrivileges) {
            add(
                .alterDefaultPrivileges,
                Change(
                    kind: change.action == .grant ? .grant : .revoke, object: .defaultPrivileges, name: change.displayName, sql: change.sql)
            )
        }
    }
}

extension DefaultPrivilege {
    /// `execute on new functions from public` or `all on new tables in app to authenticated (for role app_owner)`: plan lines.
    var displayName: String {
        let list = privileges.map(\.rawValue).joined(separator: ", ")
        let scope = schema.map { " in \($0)" } ?? ""
        let preposition = action == .grant ? "to" : "from"
        let roles = roles.map(\.name).joined(separator: ", ")
        let owner = forRole.map { " (for role \($0.name))" } ?? ""
        return "\(list) on new \(objects.rawValue)\(scope) \(preposition) \(roles)\(withGrantOption ? " with grant option" : "")\(owner)"
    }
}
