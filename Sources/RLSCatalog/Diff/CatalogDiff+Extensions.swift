import RLSModel
import RLSSQL

extension CatalogDiff {
    /// Extensions beyond Supabase's own (``RLSModel/SupabaseExtensions``), by name: one the schema
    /// declares and the database lacks is created (after the schemas), one moved to another schema
    /// is moved, and one the database has that the schema no longer declares is dropped, last but
    /// for the schemas and marked destructive: without `CASCADE` it fails while a column or function
    /// uses it, and `rls apply` asks for `--allow-destructive`.
    mutating func diffExtensions() {
        let existing = Dictionary(
            current.environment.extensions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Dictionary(
            desired.environment.extensions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for declared in desired.environment.extensions where !SupabaseExtensions.isPreinstalled(declared.name) {
            let name = quoteIdentifier(declared.name)
            let schema = quoteIdentifier(declared.schema)
            guard let installed = existing[declared.name] else {
                add(
                    .createExtension,
                    Change(
                        kind: .create, object: .extension, name: declared.name,
                        sql: "CREATE EXTENSION IF NOT EXISTS \(name) WITH SCHEMA \(schema);"))
                continue
            }
            if installed.schema != declared.schema {
                add(
                    .createExtension,
                    Change(kind: .alter, object: .extension, name: declared.name, sql: "ALTER EXTENSION \(name) SET SCHEMA \(schema);"))
            }
        }
        for installed in current.environment.extensions
        where wanted[installed.name] == nil && !SupabaseExtensions.isPreinstalled(installed.name) {
            add(
                .dropExtension,
                Change(
                    kind: .drop, object: .extension, name: installed.name, isDestructive: true,
                    sql: "DROP EXTENSION \(quoteIdentifier(installed.name));"))
        }
    }
}
