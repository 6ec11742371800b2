import Foundation
public import RLSCatalog
import RLSEmbedded
import RLSMigrations
public import RLSModel
import RLSPostgres

extension Drift {
    /// The changes from the state `migrations` produce (replayed in order on a throwaway database)
    /// to the state `desiredSQL` produces: the content of the next migration file.
    public static func migrationPlan(
        migrations: [SQLScript], desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges = .none, leavingOut undeclared: UndeclaredObjects = UndeclaredObjects(),
        memo: PlanningMemo = PlanningMemo()
    ) throws -> ChangePlan {
        let scratch = try cluster()
        let current = try ScratchDatabase.catalog(applying: migrations, in: scratch, defaultPrivileges: defaultPrivileges, memo: memo)
            .leavingOut(undeclared)
        let desired = try desiredCatalog(desiredSQL, in: scratch, defaultPrivileges: defaultPrivileges, memo: memo)
        return ChangePlan(from: current, to: desired)
    }

    /// ``migrationPlan(migrations:desiredSQL:scratch:defaultPrivileges:leavingOut:memo:)`` without
    /// default privileges, read from `replay` when it ran exactly `migrations`, in order, on a
    /// database without default grants (as `rls plan` does for most projects); replayed again
    /// otherwise. The desired catalog comes from `fresh` when given (built beside the replay), else
    /// from `cacheDirectory` when it holds it.
    public static func migrationPlan(
        migrations: [SQLScript], reusing replay: MigrationReplay, desiredSQL: String,
        scratch cluster: @autoclosure () throws -> EmbeddedCluster, cacheDirectory: String? = nil,
        leavingOut undeclared: UndeclaredObjects = UndeclaredObjects(), memo: PlanningMemo = PlanningMemo(),
        fresh: FreshDesiredState? = nil
    ) throws -> ChangePlan {
        let desired = try fresh?.catalog() ?? desiredCatalog(desiredSQL, in: try cluster(), cacheDirectory: cacheDirectory, memo: memo)
        guard replay.defaultPrivileges == .none, replay.applied + replay.pending == migrations else {
            // Only the catalog is read: rows a data migration ends with are left out, as in the replay.
            let current = try ScratchDatabase.catalog(applying: migrations, in: try cluster(), memo: memo, leavingOutFinalRows: true)
                .leavingOut(undeclared)
            return ChangePlan(from: current, to: desired)
        }
        return ChangePlan(from: replay.after.leavingOut(undeclared), to: desired)
    }

    /// The migration files of a directory, in version order, read and checked as `rls apply` reads
    /// them (``MigrationDirectory``); none when the directory does not exist yet.
    public static func migrationScripts(in directory: String) throws -> [SQLScript] {
        try MigrationDirectory(path: directory).filesIfPresent().map(SQLScript.init)
    }
}

/// The SQL for `rls diff NAME`: what takes the schema from the state the existing migrations
/// produce to the state the DSL declares, or nil when they already agree.
///
/// Computed on throwaway databases in `cluster`; no real database is touched.
///
///     if let sql = try diffMigrations(directory: "Migrations", desiredSQL: render(schema), scratch: cluster) {
///         try sql.write(toFile: "Migrations/20261122093000_add_saved.sql", atomically: true, encoding: .utf8)
///     }
public func diffMigrations(
    directory: String, desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
    defaultPrivileges: DefaultPrivileges = .none
) throws -> String? {
    try diffMigrations(
        migrations: Drift.migrationScripts(in: directory), desiredSQL: desiredSQL, scratch: try cluster(),
        defaultPrivileges: defaultPrivileges)
}

/// The SQL for `rls diff NAME` from migration scripts already read, or nil when nothing differs.
public func diffMigrations(
    migrations: [SQLScript], desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
    defaultPrivileges: DefaultPrivileges = .none
) throws -> String? {
    let plan = try Drift.migrationPlan(
        migrations: migrations, desiredSQL: desiredSQL, scratch: try cluster(),
        defaultPrivileges: defaultPrivileges)
    return plan.isEmpty ? nil : plan.sql
}
