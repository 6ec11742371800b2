import RLSCatalog
import RLSDatabase
import RLSModel

/// What the live database says about the probed tables: RLS switches, policies and privileges, taken
/// from the catalog RLSDatabase introspects (check reads pg_catalog no other way), to name the grant
/// or policy behind each mismatch.
struct PolicyCatalog: Sendable {
    var rlsEnabled: [TableName: Bool] = [:]
    var policies: [LivePolicy] = []
    /// Privileges held per table and API role: on the whole table, granted to the role, to PUBLIC or
    /// to a role it is a member of (what `has_table_privilege` answers).
    var privileges: [TableName: [String: Set<Operation>]] = [:]

    static func read(tables: [TableName], on connection: Connection) throws -> PolicyCatalog {
        try PolicyCatalog(connection.introspectCatalog(), tables: Set(tables))
    }

    init(_ catalog: Catalog, tables: Set<TableName>) {
        for table in catalog.tables where tables.contains(table.name) {
            rlsEnabled[table.name] = table.rowSecurity
            for role in Role.apiRoles {
                let reach = catalog.reach(of: role)
                let held = catalog.grants.filter {
                    $0.objectKind == .table && $0.object == table.name && $0.column == nil && reach.contains($0.grantee)
                }.compactMap(\.privilege.operation)
                privileges[table.name, default: [:]][role.name] = Set(held)
            }
        }
        policies = catalog.policies.filter { tables.contains($0.table) }
            .sorted { ($0.table.schema, $0.table.name, $0.name) < ($1.table.schema, $1.table.name, $1.name) }
            .map {
                LivePolicy(
                    table: $0.table, name: $0.name, isPermissive: $0.permissive, roles: $0.roles.map(\.name),
                    command: $0.command.rawValue, using: $0.using, withCheck: $0.withCheck)
            }
    }
}
