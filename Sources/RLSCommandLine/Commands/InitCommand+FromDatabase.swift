import Foundation
import RLSDatabase
import RLSPull

extension InitCommand {
    /// `rls init DIR --from-database [URL]`: reads the database (URL, else `--database-url`, `DATABASE_URL`
    /// or the folder's `rls dev` cluster; never a throwaway one, which holds nothing to adopt) with
    /// `rls pull`'s entry point, as the enum `typeName`.
    static func pulledSchema(_ invocation: Invocation, url: String?, typeName: String) throws -> (InitialSchema, Pull) {
        let hasDatabase =
            url != nil || invocation.namesDatabase
            || invocation.environment["DATABASE_URL"] != nil || DevCluster.status(in: invocation.directory).url != nil
        guard hasDatabase else {
            throw UsageError(
                """
                --from-database needs the database to read: \(invocation.program) init DIR --from-database URL \
                (postgres://user:password@host:5432/postgres), or set DATABASE_URL
                """)
        }
        let pull = try invocation.withDatabase(databaseURL: url) { target, connection in
            try Pull(connection: connection, name: typeName, origin: target.description)
        }
        return (.pulled(pull, at: Date()), pull)
    }
}
