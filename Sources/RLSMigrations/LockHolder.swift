import RLSPostgres

/// Another session's lock on a table (or view, index, sequence) of this database, read after a
/// statement of ours gave up waiting for a lock (SQLSTATE `55P03`), to say who held it.
///
/// Read from `pg_locks` and `pg_stat_activity` in a statement of its own after the failure: the
/// wait is over by then, so `pg_blocking_pids` has nothing left to name, and what is read is who
/// holds (or is queued for) a lock on the relations concerned. A holder that has just finished is
/// not listed.
public struct LockHolder: Sendable, Equatable {
    /// The relation, schema-qualified: `public.memo` (not quoted; escaped when shown).
    public var relation: String
    /// The lock mode as `pg_locks` names it: `AccessExclusiveLock`.
    public var mode: String
    /// False for a session queued for the lock ahead of ours.
    public var granted: Bool
    /// The holder's backend process id, for `pg_terminate_backend`.
    public var pid: Int
    /// `application_name` of the holder's connection (empty when it set none).
    public var applicationName: String
    /// The role the holder connected as.
    public var user: String
    /// `active`, `idle in transaction`, … as `pg_stat_activity` says.
    public var state: String?
    /// How long the holder's transaction has been open, in whole seconds.
    public var transactionSeconds: Int?

    /// `public.memo (AccessExclusiveLock) held by pid 4242 (application psql, user postgres, idle in transaction, for 12s)`,
    /// every piece of database text escaped for a terminal.
    public var description: String {
        var about = [
            "application \(applicationName.isEmpty ? "not set" : applicationName.escapedForDisplay)", "user \(user.escapedForDisplay)",
        ]
        if let state { about.append(state.escapedForDisplay) }
        if let transactionSeconds { about.append("transaction open for \(transactionSeconds)s") }
        return "\(relation.escapedForDisplay) (\(mode)) \(granted ? "held" : "queued for") by pid \(pid) (\(about.joined(separator: ", ")))"
    }
}

extension Connection {
    /// Other sessions' locks on relations of this database (system catalogs left out), holders first.
    ///
    /// - Parameters:
    ///   - exclusiveOnly: only `ACCESS EXCLUSIVE` locks, the only mode that blocks a read.
    ///   - statement: when given, only relations whose name the statement mentions (what a
    ///     migration statement waited for).
    public func lockHolders(exclusiveOnly: Bool, mentionedIn statement: String? = nil) throws -> [LockHolder] {
        let rows = try query(
            """
            select n.nspname || '.' || c.relname as relation, c.relname, l.mode, l.granted, l.pid,
                   coalesce(a.application_name, '') as application_name, coalesce(a.usename::text, '') as user_name, a.state,
                   floor(extract(epoch from now() - a.xact_start))::bigint as seconds
            from pg_catalog.pg_locks l
            join pg_catalog.pg_class c on c.oid = l.relation
            join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            left join pg_catalog.pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'relation' and l.pid <> pg_catalog.pg_backend_pid()
              and l.database = (select oid from pg_catalog.pg_database where datname = pg_catalog.current_database())
              and c.relnamespace <> 'pg_catalog'::regnamespace
              and (not $1::boolean or l.mode = 'AccessExclusiveLock')
            order by l.granted desc, n.nspname, c.relname, l.pid
            """, [exclusiveOnly])
        let lowered = statement?.lowercased()
        return try rows.compactMap { row -> LockHolder? in
            if let lowered, !mentions(try row.string("relname").lowercased(), in: lowered) { return nil }
            return LockHolder(
                relation: try row.string("relation"), mode: try row.string("mode"), granted: try row.bool("granted"),
                pid: try row.int("pid"), applicationName: try row.string("application_name"), user: try row.string("user_name"),
                state: row.optionalString("state"), transactionSeconds: row.optionalString("seconds").flatMap { Int($0) })
        }
    }
}

/// `name` occurs in `text` as a whole name: not inside a longer one (`memo` in `memory`).
private func mentions(_ name: String, in text: String) -> Bool {
    let isNamePart = { (character: Character) in character.isLetter || character.isNumber || character == "_" || character == "$" }
    var rest = text[...]
    while let found = rest.firstRange(of: name) {
        let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
        let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
        if !(before.map(isNamePart) ?? false), !(after.map(isNamePart) ?? false) { return true }
        rest = text[found.upperBound...]
    }
    return false
}
