extension LintRule {
    /// `live-table-unreadable` (warning): a table is in the `supabase_realtime` publication, but
    /// neither `anon` nor `authenticated` may select its rows, so Realtime delivers its changes to
    /// no client: the publication costs WAL decoding for nothing, or a read plan is missing.
    ///
    ///     Table("listing") { ... }.access(read: .authenticated, ...).live()
    public static let liveTableUnreadable = LintRule(
        id: .liveTableUnreadable,
        summary: "A live table (in supabase_realtime) that no API role may select: its changes reach nobody."
    ) { catalog in
        catalog.tables.filter { $0.isLive && catalog.liveReaders(of: $0).isEmpty }.map { table in
            LintFinding(
                rule: .liveTableUnreadable, level: .warning, object: table.name.description,
                message: "\(table.name) is live (in supabase_realtime), but neither anon nor authenticated may select its rows, "
                    + "so Realtime delivers its changes to no client. Give it a read plan, or stop publishing it.",
                fix: "alter publication supabase_realtime drop table \(table.name.sql);  -- or grant select and add a select policy",
                dslFix: ".access(read: .authenticated, ...) on the table, or remove .live()")
        }
    }
}
