import Foundation
import RLSModel
import RLSSQL

/// What `rls check --explain` found: per table, operation and persona, how the policy's plan
/// reads the table, how often auth functions run, and the time against `service_role` running
/// the same filter by hand; with the fix for each sequential scan and per-row auth call.
public struct PolicyCostReport: Sendable {
    /// The operations probed, named as `has_table_privilege` and `pg_policies.cmd` name them.
    public enum Operation: String, Sendable, CaseIterable {
        case select = "SELECT"
        case insert = "INSERT"
        case update = "UPDATE"
        case delete = "DELETE"
    }

    /// What happened to one probe.
    public enum Outcome: Sendable, Equatable {
        /// The role has no privilege: the API answers 42501 before any policy runs.
        case noGrant
        /// The statement failed (a WITH CHECK violation, say) with this SQLSTATE.
        case failed(String)
        /// Planned and timed.
        case measured
    }

    /// One table, operation and persona.
    public struct Entry: Sendable {
        public var table: TableName
        public var operation: Operation
        public var persona: Persona
        public var outcome: Outcome = .measured
        var plan: QueryPlan?
        /// Milliseconds of the same statement as `service_role` with the policies' filter by hand.
        public var serviceRoleMilliseconds: Double?
        /// The rows the persona's statement reached, and the rows service_role's reached by hand:
        /// equal when the baseline is the same work.
        public var rows: Int? { plan?.rows }
        public var serviceRoleRows: Int?
        /// Whether the policies let every row through (a sequential scan is then the right plan).
        public var filterIsTrivial = false
        /// The column an index should cover, for the fix.
        var fixColumn: String?
        /// Whether an index already starts with that column.
        var fixColumnIndexed = false

        /// `index listing_seller_id_idx`, `sequential scan`, or `-`.
        public var access: String {
            switch plan?.access {
            case .index(let name)?: "index \(name)"
            case .sequentialScan?: "sequential scan"
            case .notRead?, nil: "-"
            }
        }

        /// `once (initplan)`, `per row`, or `-`.
        public var authCalls: String {
            guard let plan else { return "-" }
            if plan.authPerRow { return "per row" }
            return plan.authOnce ? "once (initplan)" : "-"
        }

        /// Whether service_role's baseline reached other rows than the persona's statement (nothing
        /// to compare: a filter the hand-written version cannot repeat). Inserts reach no rows.
        public var baselineReachedOtherRows: Bool {
            guard operation != .insert, let rows, let serviceRoleRows else { return false }
            return rows != serviceRoleRows
        }

        /// The statement's time over service_role's hand-written equivalent; nil when that reached other rows.
        public var ratio: Double? {
            guard let plan, let baseline = serviceRoleMilliseconds, baseline > 0, !baselineReachedOtherRows else { return nil }
            return plan.milliseconds / baseline
        }

        /// Whether the policy reads the whole table to find a persona's rows, and that is worth fixing:
        /// no index serves the owner column, or the same filter by hand runs markedly faster.
        public var scansSequentially: Bool {
            guard persona != .serviceRole, !filterIsTrivial, plan?.access == .sequentialScan else { return false }
            return !fixColumnIndexed || (ratio ?? 0) > 1.5
        }

        /// Whether an auth function runs once per row.
        public var callsAuthPerRow: Bool { plan?.authPerRow ?? false }
    }

    /// Generated rows per table.
    public var rowsPerTable: Int
    /// Users the rows belong to.
    public var users: Int
    /// Every probe, table by table.
    public var entries: [Entry]

    /// Probes with a sequential scan or a per-row auth call.
    public var flagged: [Entry] { entries.filter { $0.scansSequentially || $0.callsAuthPerRow } }

    /// The table the command prints, then one line per finding with its fix.
    public var text: String {
        var lines = [
            "Policy cost on \(rowsPerTable) generated rows per table (\(users) users; alice is one of them):",
            "",
        ]
        let header = ["table", "operation", "persona", "plan", "auth calls", "time", "service_role, same rows", "ratio"]
        var rows: [[String]] = []
        for entry in entries {
            var time = "-"
            var baseline = "-"
            var ratio = "-"
            switch entry.outcome {
            case .noGrant: time = "no grant"
            case .failed(let state): time = "error \(state)"
            case .measured:
                time = entry.plan.map { String(format: "%.2f ms", $0.milliseconds) } ?? "-"
                baseline = entry.serviceRoleMilliseconds.map { String(format: "%.2f ms", $0) } ?? "-"
                if entry.baselineReachedOtherRows, let rows = entry.rows, let other = entry.serviceRoleRows {
                    baseline += " (\(other) rows, not \(rows))"
                }
                ratio = entry.ratio.map { String(format: "%.2fx", $0) } ?? "-"
            }
            rows.append([
                entry.table.description, entry.operation.rawValue.lowercased(), entry.persona.description,
                entry.access, entry.authCalls, time, baseline, ratio,
            ])
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        lines.append(line(header))
        lines += rows.map(line)
        lines.append("")
        let findings = flagged
        if findings.isEmpty {
            lines.append("No sequential scans for a persona's rows and no per-row auth calls.")
        }
        for entry in findings {
            let subject = "\(entry.table) \(entry.operation.rawValue.lowercased()) as \(entry.persona)"
            if entry.scansSequentially {
                let fix =
                    switch (entry.fixColumn, entry.fixColumnIndexed) {
                    case (let column?, false): "create index on \(entry.table.sql) (\(quoteIdentifier(column)));"
                    case (let column?, true):
                        "an index on \(column) exists, yet the policy's plan reads every row (PostgreSQL runs a policy's "
                            + "exists (...) per row, as a subplan, instead of joining); write the condition as \(column) = any "
                            + "(array(select ... where ... = (select auth.uid()))), which runs once (an initplan) and uses the index"
                    case (nil, _): "an index on the columns the policy compares with the user"
                    }
                lines.append("SLOW  \(subject): sequential scan of every row to find the persona's; fix: \(fix)")
            }
            if entry.callsAuthPerRow {
                lines.append(
                    "SLOW  \(subject): auth functions run once per row; fix: write (select auth.uid()) "
                        + "instead of auth.uid() in the policy so it runs once per statement (an initplan)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
