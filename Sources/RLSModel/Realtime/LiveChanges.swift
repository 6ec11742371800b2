/// A table whose row changes Supabase Realtime pushes to subscribers (`postgres_changes`).
///
/// ```swift
/// Table("listing") { ... }.live()                // alter publication supabase_realtime add table "public"."listing";
/// Table("listing") { ... }.live(oldRows: true)   // ... and alter table "public"."listing" replica identity full;
/// ```
/// Realtime delivers a change only to subscribers whose role and claims may `select` the row under
/// its policies, so the table's read plan decides who receives what.
public struct LiveChanges: Sendable, Hashable {
    /// Updates and deletes carry the whole old row (`replica identity full`), not just its key.
    public var includesOldRows: Bool
    /// Why the table is live without a primary key on purpose (a production table pulled as it
    /// is); nil: validation refuses a live table without one unless it includes old rows.
    public var withoutPrimaryKey: String?
    /// Where `.live(...)` was written.
    public var source: DeclarationSite

    /// Declares live changes.
    public init(includesOldRows: Bool = false, withoutPrimaryKey: String? = nil, source: DeclarationSite) {
        self.includesOldRows = includesOldRows
        self.withoutPrimaryKey = withoutPrimaryKey
        self.source = source
    }
}

extension Table {
    /// Pushes this table's inserts, updates and deletes live to every subscriber who may read the
    /// changed row; with `oldRows`, updates and deletes also carry the row as it was.
    /// `withoutPrimaryKey` acknowledges, with its reason, a table that has no primary key (as a
    /// production table may: its updates and deletes then fail with 55000), which validation
    /// otherwise refuses; `rls pull` writes it. No SQL changes.
    ///
    /// ```sql
    /// alter publication supabase_realtime add table "public"."listing";
    /// alter table "public"."listing" replica identity full;   -- oldRows: true
    /// ```
    public func live(
        oldRows: Bool = false, withoutPrimaryKey acknowledgement: String? = nil, fileID: String = #fileID, line: Int = #line
    ) -> Table {
        var copy = self
        copy.live = LiveChanges(
            includesOldRows: oldRows, withoutPrimaryKey: acknowledgement, source: DeclarationSite(fileID: fileID, line: line))
        return copy
    }
}
