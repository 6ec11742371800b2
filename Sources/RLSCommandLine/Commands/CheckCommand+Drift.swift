import RLSDatabase
import RLSPlan

extension CheckCommand {
    /// For a database given by URL, whether it differs from the compiled-in schema, said before the matrix.
    static func driftNote(_ invocation: Invocation, target: DatabaseTarget, connection: Connection) throws -> String {
        try target.withScratchCluster { scratch in
            try DatabasePlan.driftNote(
                invocation.schema, on: connection, scratch: scratch, cacheDirectory: invocation.directory + "/.rls/cache")
        }
    }
}
