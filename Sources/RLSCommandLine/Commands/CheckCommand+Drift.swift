import RLSDatabase
import RLSPlan

extension CheckCommand {
    /// For a database given by URL, whether it differs from the compiled-in schema, said before the matrix.
    static func driftNote(
        _ invocation: Invocation, target: DatabaseTarget, connection: Connection, scratchURL: String?
    ) throws -> String {
        try target.withScratchCluster(scratchURL: scratchURL) { scratch in
            try DatabasePlan.driftNote(
                invocation.schema, on: connection, scratch: scratch, cacheDirectory: invocation.directory + "/.rls/cache")
        }
    }
}
