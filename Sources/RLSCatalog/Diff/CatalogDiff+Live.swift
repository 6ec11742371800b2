import RLSSQL

extension CatalogDiff {
    /// Publication membership and replica identity of created and kept tables, both ways: a table the
    /// DSL makes live is added to `supabase_realtime`, one someone added in the dashboard is removed.
    /// (A dropped table leaves the publication with it.)
    mutating func diffLiveTables() {
        for table in desired.tables {
            let old = currentTables[table.name]
            if table.replicaIdentity != (old?.replicaIdentity ?? .default) {
                add(
                    .liveChanges,
                    Change(
                        kind: .alter, object: .replicaIdentity, name: "\(table.name)",
                        sql: "ALTER TABLE \(table.name.sql) REPLICA IDENTITY \(table.replicaIdentity.clause);"))
            }
            let wasLive = old?.isLive ?? false
            guard table.isLive != wasLive else { continue }
            let publication = quoteIdentifier(realtimePublication)
            add(
                .liveChanges,
                Change(
                    kind: table.isLive ? .create : .drop, object: .liveChanges, name: "\(table.name)",
                    sql: "ALTER PUBLICATION \(publication) \(table.isLive ? "ADD" : "DROP") TABLE \(table.name.sql);"))
        }
    }
}
