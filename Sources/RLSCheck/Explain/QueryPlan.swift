import Foundation

/// What `explain (analyze, verbose, format json)` says about one statement, reduced to what a
/// policy's cost depends on: how the table is read, and how often auth functions run.
struct QueryPlan: Sendable {
    /// How the probed table is read: `index NAME`, `sequential scan`, or `not read`.
    enum Access: Sendable, Equatable {
        case index(String)
        case sequentialScan
        case notRead
    }

    /// How the probed table is read.
    var access: Access = .notRead
    /// Whether an auth function (`auth.uid()`, `auth.jwt()`, ...) runs once per statement (an initplan).
    var authOnce = false
    /// Whether an auth function runs inside a per-row condition.
    var authPerRow = false
    /// Milliseconds: planning plus execution.
    var milliseconds: Double = 0
    /// The rows the statement returned, or for a write the rows it reached (what the node under
    /// the write passed up): what the service_role baseline must also reach to be comparable.
    var rows = 0

    /// How an auth function shows in a plan: called, or inlined (Supabase's are SQL functions that
    /// read the request's JWT settings, and the planner inlines them).
    private static let authCalls = ["auth.uid()", "auth.jwt()", "auth.role()", "auth.email()", "'request.jwt."]
    private static let conditionKeys = [
        "Filter", "Index Cond", "Recheck Cond", "Join Filter", "Hash Cond", "Merge Cond", "One-Time Filter",
    ]

    /// Reads the JSON `explain` prints; `schema` and `table` name the probed table.
    init(json: String, schema: String, table: String) throws {
        guard let top = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            let root = top.first, let plan = root["Plan"] as? [String: Any]
        else { throw CheckError("rls check --explain could not read the plan PostgreSQL printed") }
        milliseconds = ((root["Planning Time"] as? Double) ?? 0) + ((root["Execution Time"] as? Double) ?? 0)
        rows = Self.rows(of: plan)
        visit(plan, schema: schema, table: table, inInitPlan: false)
    }

    /// Actual rows of `node` over all its loops; for a ModifyTable, of the node it writes from.
    private static func rows(of node: [String: Any]) -> Int {
        if node["Node Type"] as? String == "ModifyTable" {
            let source = (node["Plans"] as? [[String: Any]] ?? []).first { ($0["Parent Relationship"] as? String) != "InitPlan" }
            return source.map(rows(of:)) ?? 0
        }
        let perLoop = (node["Actual Rows"] as? Double) ?? Double(node["Actual Rows"] as? Int ?? 0)
        let loops = (node["Actual Loops"] as? Double) ?? Double(node["Actual Loops"] as? Int ?? 1)
        return Int((perLoop * loops).rounded())
    }

    private mutating func visit(_ node: [String: Any], schema: String, table: String, inInitPlan: Bool) {
        let initPlan = inInitPlan || (node["Parent Relationship"] as? String) == "InitPlan"
        let type = node["Node Type"] as? String ?? ""
        if node["Relation Name"] as? String == table, (node["Schema"] as? String).map({ $0 == schema }) ?? true, !initPlan {
            if type == "Seq Scan", access == .notRead { access = .sequentialScan }
            if let index = node["Index Name"] as? String { access = .index(index) }
            if type == "Bitmap Heap Scan", let child = (node["Plans"] as? [[String: Any]])?.first,
                let index = child["Index Name"] as? String
            {
                access = .index(index)
            }
        }
        let conditions = Self.conditionKeys.compactMap { node[$0] as? String }
        let output = (node["Output"] as? [String])?.joined(separator: " ") ?? ""
        if initPlan {
            if Self.authCalls.contains(where: { output.contains($0) || conditions.joined().contains($0) }) { authOnce = true }
        } else if conditions.contains(where: { condition in Self.authCalls.contains { condition.contains($0) } }) {
            authPerRow = true
        }
        for child in node["Plans"] as? [[String: Any]] ?? [] {
            visit(child, schema: schema, table: table, inInitPlan: initPlan)
        }
    }
}
