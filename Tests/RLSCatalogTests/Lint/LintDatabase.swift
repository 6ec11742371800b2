import RLSCatalog
import RLSDatabase
import RLSTestSupport

/// A fresh Supabase-shaped database with `sql` applied, read back as a catalog and linted.
func lint(afterApplying sql: String, _ defaultPrivileges: DefaultPrivileges = .none) throws -> LintReport {
    let (_, db) = try TestDatabase.make(defaultPrivileges)
    defer { db.close() }
    try db.transaction { try $0.execute(sql) }
    return Lint.run(try db.introspectCatalog())
}
