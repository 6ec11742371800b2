import Foundation
import RLSCatalog
import RLSDatabase
import RLSPlan

/// What `rls plan` found, printable as text for people or JSON for machines.
struct PlanReport {
    let database: String
    let plan: DatabasePlan

    var status: MigrationStatus { plan.status }
    var drift: ChangePlan { plan.drift }
    var afterPending: ChangePlan? { plan.afterPending }
    var collisions: [Change] { plan.collisions }
    var hasChanges: Bool { plan.hasChanges }

    func printText(to console: Console) {
        if status.pending.isEmpty {
            console.output("Migrations: none pending (\(status.applied.count) applied).")
        } else {
            console.output("Migrations: \(status.pending.count) pending")
            for file in status.pending {
                console.output("  + \(file.displayName) (\(file.statements.count) statements)")
            }
            for statement in status.destructiveStatements {
                console.output("    destructive: \(statement)")
            }
            printCollisions(to: console)
            if let afterPending, !afterPending.isEmpty {
                console.output(
                    "  After these files, the database would still differ from the schema in \(afterPending.changes.count) way(s):")
                printChanges(afterPending, to: console)
                console.output("  Fix the pending files, or the schema, before `rls apply`.")
            }
        }
        for edited in status.edited {
            console.output(
                "  ! \(edited.fileName.escapedForDisplay) was edited after it was applied; `rls apply` refuses until it is restored.")
        }
        for file in status.outOfOrder {
            console.output(
                "  note: \(file.displayName) is older than the newest applied migration; `rls apply` refuses it unless --include-all.")
        }
        for unknown in status.unknown {
            console.output("  ? \(unknown.displayName) is recorded as applied but has no file here (deleted or renamed?).")
        }
        console.output()
        if drift.isEmpty {
            console.output(
                "Drift: none; the database matches the schema\(status.pending.isEmpty ? "" : " once the pending migrations are applied").")
        } else {
            console.output("Drift: \(drift.changes.count) difference(s) between the database and the schema")
            printChanges(drift, to: console)
        }
        console.output()
        console.output("Plan: \(status.pending.count) migration(s) to apply; drift \(drift.summary).")
        if !drift.isEmpty {
            console.output(
                "Schema changes go into a migration with `rls diff NAME`; changes made by hand in the database are undone by the SQL above."
            )
        } else if !collisions.isEmpty {
            console.output("Record or fix the files that collide (above) before `rls apply`.")
        } else if !status.pending.isEmpty {
            console.output("Run `rls apply` to apply them.")
        }
    }

    private func printChanges(_ plan: ChangePlan, to console: Console) {
        for change in plan.changes {
            console.output("  \(change.summary.escapedForDisplay)")
            for line in change.sql.linesEscapedForDisplay.split(separator: "\n", omittingEmptySubsequences: false) {
                console.output("      \(line)")
            }
        }
    }

    func json() throws -> String {
        let document = Document(
            database: database,
            pendingMigrations: status.pending.map {
                .init(version: $0.version, name: $0.name, file: $0.fileName, statements: $0.statements.count)
            },
            editedMigrations: status.edited.map(\.fileName),
            drift: drift.changes,
            afterPendingMigrations: afterPending?.changes ?? [],
            collisions: collisions,
            summary: .init(pendingMigrations: status.pending.count, drift: drift.changes.count, hasChanges: hasChanges)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    private struct Document: Encodable {
        struct Pending: Encodable {
            let version, name, file: String
            let statements: Int
        }
        struct Summary: Encodable {
            let pendingMigrations, drift: Int
            let hasChanges: Bool
        }
        let database: String
        let pendingMigrations: [Pending]
        let editedMigrations: [String]
        let drift: [Change]
        let afterPendingMigrations: [Change]
        let collisions: [Change]
        let summary: Summary
    }
}
