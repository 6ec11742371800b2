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

/// Like ``lint(afterApplying:_:)``, with `adminSQL` run first as the cluster's superuser (extensions,
/// foreign tables, a storage schema: what a hosted project has and `postgres` may not create).
func lint(asAdmin adminSQL: String, then sql: String = "", _ defaultPrivileges: DefaultPrivileges = .none) throws -> LintReport {
    let (url, db) = try TestDatabase.make(defaultPrivileges)
    defer { db.close() }
    let admin = try TestDatabase.admin(url)
    try admin.execute(adminSQL)
    admin.close()
    if !sql.isEmpty { try db.transaction { try $0.execute(sql) } }
    return Lint.run(try db.introspectCatalog())
}
