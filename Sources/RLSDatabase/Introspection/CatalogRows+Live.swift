import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension CatalogRows {
    /// Marks the tables of ``IntrospectionQuery/liveTables`` live and sets their replica identity.
    mutating func readLiveTables(_ result: QueryResult) throws {
        for row in result {
            let name = try Self.name(row, "schema", "name")
            guard tables[name] != nil else { continue }
            tables[name]!.isLive = try row.bool("live")
            tables[name]!.replicaIdentity = Catalog.ReplicaIdentity(rawValue: try row.string("replica_identity")) ?? .default
        }
    }
}
