import RLSDatabase
import RLSSQL

extension CheckCommand {
    /// For a database given by URL, whether it differs from the compiled-in schema, said before the
    /// matrix: a check proves the schema's plans against the database as it is, so a reader must know
    /// when that database is not what the schema declares. Read-only, like `rls plan`.
    static func driftNote(_ invocation: Invocation, target: DatabaseTarget, connection: Connection) throws -> String {
        let desiredSQL = try renderValidated(invocation.schema)
        let drift = try target.withScratchCluster { scratch in
            try Drift.plan(
                target: connection, desiredSQL: desiredSQL, scratch: try scratch.cluster(),
                cacheDirectory: invocation.directory + "/.rls/cache")
        }
        guard !drift.isEmpty else { return "the database matches the schema (no drift)" }
        let shown = drift.changes.prefix(5).map(\.summary).joined(separator: "; ")
        let more = drift.changes.count > 5 ? "; and \(drift.changes.count - 5) more" : ""
        return "the database DIFFERS from the schema in \(drift.changes.count) "
            + "\(drift.changes.count == 1 ? "place" : "places") (\(shown)\(more)); "
            + "the matrix below is the database as it is; `rls plan` shows the differences with their SQL"
    }
}
