import RLSDatabase
import RLSSQL

/// Keeps sequences byte-for-byte unchanged by a check. `nextval` is never rolled back, but
/// `alter sequence ... restart` writes the sequence anew inside the transaction: every `nextval`
/// of the check (fixtures, probes, scenarios) then advances that new copy, which the final
/// rollback throws away. The price: the check holds each sequence's lock until it ends (bounded
/// by its `lock_timeout` when waiting, a second or so when holding). Sequences the connecting role
/// does not own, or that are at their limit, are left alone.
enum SequenceShadow {
    /// Restarts every sequence in `schemas` at its current position, inside the open transaction.
    static func apply(schemas: [String], on connection: Connection) throws {
        let restarts = try connection.query(
            """
            select format('%I.%I', schemaname, sequencename) as name, (last_value + increment_by)::text as next
            from pg_sequences
            where schemaname = any($1::text[]) and pg_has_role(sequenceowner, 'USAGE')
              and (last_value is null or last_value + increment_by between min_value and max_value)
            order by 1
            """, [schemas]
        ).rows.compactMap { row -> String? in
            guard let name = row["name"] else { return nil }
            return "alter sequence \(name) restart" + (row["next"].map { " with \($0)" } ?? "")
        }
        guard !restarts.isEmpty else { return }
        try connection.execute(restarts.joined(separator: ";\n"))
    }
}
