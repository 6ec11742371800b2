import RLSSQL

extension LintRule {
    /// `extension-versions-outdated` (warning): an installed extension is older than the version the
    /// server ships, so its fixes (security ones included) are not in effect.
    ///
    ///     alter extension "pg_graphql" update;
    public static let extensionVersionsOutdated = LintRule(
        id: .extensionVersionsOutdated, summary: "An extension is older than the version the server ships.",
        splinter: ["0022_extension_versions_outdated"]
    ) { catalog in
        catalog.environment.extensions.compactMap { ext -> LintFinding? in
            guard let latest = ext.defaultVersion, latest != ext.version else { return nil }
            return LintFinding(
                rule: .extensionVersionsOutdated, level: .warning, object: ext.name,
                message: "Extension \(ext.name) is at version \(ext.version); the server ships \(latest). Update it.",
                fix: "alter extension \(quoteIdentifier(ext.name)) update;"
            )
        }
    }
}
