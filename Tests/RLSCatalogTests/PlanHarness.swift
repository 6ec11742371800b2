import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// Builds a live database from one script and a desired catalog from another, plans between them,
/// applies the plan and checks that planning again finds nothing.
enum PlanHarness {
    /// The catalog `sql` produces on a fresh Supabase-shaped database.
    static func catalog(_ sql: String) throws -> Catalog {
        try ScratchDatabase.catalog(applying: [SQLScript(name: "test script", sql: sql)], in: TestDatabase.cluster)
    }

    /// Plans from `currentSQL` to `desiredSQL`, applies the plan in one transaction and returns it
    /// after checking that a second plan is empty.
    @discardableResult
    static func applyAndReplan(
        from currentSQL: String, changedByAdmin adminSQL: String? = nil, to desiredSQL: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ChangePlan {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(currentSQL)
        if let adminSQL { try asAdmin(url, adminSQL) }
        let desired = try catalog(desiredSQL)
        let plan = ChangePlan(from: try db.introspectCatalog(), to: desired)
        do {
            try db.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        } catch {
            try? db.execute("ROLLBACK")
            Issue.record("The plan did not apply: \(error)\n\(plan.sql)", sourceLocation: sourceLocation)
            return plan
        }
        let again = ChangePlan(from: try db.introspectCatalog(), to: desired)
        #expect(
            again.isEmpty, "Planning again after applying found:\n\(again.sql)\nafter applying:\n\(plan.sql)",
            sourceLocation: sourceLocation)
        return plan
    }

    /// Runs `sql` as the cluster's superuser in the database at `url` (drift made by hand in a dashboard).
    static func asAdmin(_ url: String, _ sql: String) throws {
        let admin = try TestDatabase.admin(url)
        defer { admin.close() }
        try admin.execute(sql)
    }
}
