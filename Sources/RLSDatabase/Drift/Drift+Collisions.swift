public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension Drift {
    /// What the `pending` files create that `target` already holds: `rls apply` would fail on each
    /// (42P07 and friends), typically because the database already holds the file (a baseline).
    ///
    /// Read-only on `target`; the files are replayed on a throwaway database after `applied`, and the
    /// objects they create are matched by kind and name against what `target` holds.
    ///
    ///     let clashes = try Drift.collisions(target: db, applied: [], pending: [baseline], scratch: cluster)
    ///     // [+ table public.todos, + policy public.todos.Individuals can create todos., ...]
    public static func collisions(
        target: Connection, applied: [SQLScript], pending: [SQLScript],
        scratch cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges? = nil
    ) throws -> [Change] {
        guard !pending.isEmpty else { return [] }
        return collisions(
            try MigrationReplay(
                target: target, applied: applied, pending: pending, scratch: try cluster(), defaultPrivileges: defaultPrivileges))
    }

    /// What the pending files of `replay` create that its target already holds.
    public static func collisions(_ replay: MigrationReplay) -> [Change] {
        guard !replay.pending.isEmpty else { return [] }
        let existing = Set(ChangePlan(from: Catalog(), to: replay.target).changes.filter { $0.kind == .create }.map(\.objectKey))
        return ChangePlan(from: replay.before, to: replay.after).changes.filter { $0.kind == .create && existing.contains($0.objectKey) }
    }
}

extension Change {
    /// `table public.todos`: the object a change is about, by kind and name.
    fileprivate var objectKey: String { "\(object.rawValue) \(name)" }
}

extension Change {
    /// `create table public.note`: the kind of change and the object it is about, without its SQL.
    var subject: String { "\(kind.rawValue) \(object.rawValue) \(name)" }
}
