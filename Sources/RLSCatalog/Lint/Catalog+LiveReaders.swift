import RLSModel

/// What the live-table lint rules ask: who Realtime would deliver a table's changes to.
extension Catalog {
    /// The API roles (`anon`, `authenticated`) that may select rows of `table`: those holding SELECT
    /// (directly or through PUBLIC) and, when RLS is on, named by a permissive select policy.
    /// Realtime delivers a change to a subscriber only when its role may select the changed row.
    func liveReaders(of table: Table) -> Set<Role> {
        let privileges = apiPrivileges(on: table.name)
        var readers = Set(
            Role.clientRoles.filter { role in
                (privileges[role] ?? []).contains(.select) || (privileges[.public] ?? []).contains(.select)
            })
        guard table.rowSecurity else { return readers }
        let reading = policies(on: table.name).filter { $0.permissive && ($0.command == .select || $0.command == .all) }
        readers = readers.filter { role in reading.contains { $0.roles.contains(role) || $0.roles.contains(.public) } }
        return readers
    }
}
