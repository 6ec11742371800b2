import RLSModel

extension LintRule {
    /// `live-table-open`: a live table whose every change goes to everyone who subscribes. Error when
    /// RLS is off and an API role may select (every change, every row, to every subscriber of that
    /// role); warning when RLS is on but `anon` may read (anyone holding the public key, signed in or not).
    ///
    ///     alter table "public"."listing" enable row level security;
    public static let liveTableOpen = LintRule(
        id: .liveTableOpen,
        summary: "A live table with RLS off, or readable by anon: its changes go to every subscriber."
    ) { catalog in
        catalog.tables.filter(\.isLive).compactMap { table in
            let readers = catalog.liveReaders(of: table)
            if !table.rowSecurity && !readers.isEmpty {
                return LintFinding(
                    rule: .liveTableOpen, level: .error, object: table.name.description,
                    message: "\(table.name) is live with RLS off: Realtime pushes every change of every row to every "
                        + "subscriber acting as \(readers.sorted(by: Role.byName).map(\.name).joined(separator: " or ")). Enable RLS with read policies.",
                    fix: "alter table \(table.name.sql) enable row level security;",
                    dslFix: "declare the table with .access(read: ...) (which enables RLS)")
            }
            guard table.rowSecurity, readers.contains(.anon) else { return nil }
            return LintFinding(
                rule: .liveTableOpen, level: .warning, object: table.name.description,
                message: "\(table.name) is live and anon may read it: every change anon may select goes to anyone holding "
                    + "the public API key, signed in or not. Intended for public data; otherwise read as .authenticated.",
                dslFix: ".access(read: .authenticated, ...) instead of .public")
        }
    }
}
