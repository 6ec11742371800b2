import RLSDatabase
import RLSModel
import RLSSQL

extension ProbeStatements {
    /// The privileges a probe's statement needs, as `(privilege, columns)`: columns where the
    /// statement names them (a column grant is enough there), none for the whole table.
    func requiredPrivileges(for probe: Probe) -> [(privilege: String, columns: [String])] {
        let table = self.table(probe.table)!
        let keys = fixtures.row(probe.table, .alice)?.keyColumns ?? []
        switch (probe.operation, probe.target) {
        case (.select, _):
            return [("SELECT", keys)]
        case (.insert, .row(let owner)), (.insert, .handOver(_, let owner)), (.insert, .column(_, let owner)):
            return [("INSERT", insertedColumns(probe.table, owner))]
        case (.update, _):
            return [("UPDATE", [updatedColumn(of: table, for: probe.target)]), ("SELECT", keys)]
        case (.delete, _):
            return [("DELETE", []), ("SELECT", keys)]
        case (_, .fixtureRows):
            return []
        }
    }

    /// The first privilege the probe's role lacks of those its statement needs, per the catalog
    /// (`has_schema_privilege`, `has_table_privilege`, `has_column_privilege`): what tells "no grant"
    /// from a policy. Nil where it holds them all.
    func missingPrivilege(by probe: Probe, on connection: Connection) throws -> Refusal? {
        try ProbeBlock.missingPrivilege(role: probe.persona.role, table: probe.table, checks: privilegeChecks(for: probe), on: connection)
    }

    /// ``requiredPrivileges(for:)`` one check per row, as a probe block asks them: a column, or nil for
    /// the whole table.
    func privilegeChecks(for probe: Probe) -> [(privilege: String, column: String?)] {
        requiredPrivileges(for: probe).flatMap { required in
            required.columns.isEmpty ? [(required.privilege, nil)] : required.columns.map { (required.privilege, $0) }
        }
    }
}
