import RLSSQL

extension LintRule {
    /// `extension-in-public` (warning): an extension installed in `public`. Its functions, types and
    /// tables then sit in the schema the API exposes, granted by default, and clutter every dump.
    ///
    ///     alter extension "pg_trgm" set schema "extensions";
    public static let extensionInPublic = LintRule(
        id: .extensionInPublic, summary: "An extension is installed in the public schema.", splinter: ["0014_extension_in_public"]
    ) { catalog in
        catalog.environment.extensions.filter { $0.schema == "public" && $0.name != "plpgsql" }.map { ext in
            LintFinding(
                rule: .extensionInPublic, level: .warning, object: ext.name,
                message: "Extension \(ext.name) is installed in public, the schema the API exposes: its objects become part of the API. "
                    + "Move it to the extensions schema (some extensions cannot move: drop and create it there).",
                fix: "alter extension \(quoteIdentifier(ext.name)) set schema \"extensions\";"
            )
        }
    }
}
