import RLSDatabase
import RLSModel
import RLSSQL

/// Puts back every sequence a check advanced, and only what provably nobody else needs. `nextval`
/// is never rolled back: fixtures, probes, scenarios, and the triggers and security-definer functions
/// they fire (an audit log) all advance sequences for good, in any schema.
///
/// The check holds no sequence lock while it runs, so the application's own `nextval` calls never
/// wait for it. Afterwards each advanced sequence is restored in its own short transaction: a
/// no-op `alter sequence ... owner to` its own owner takes the lock that `nextval` waits on without
/// writing the catalog (for a moment, bounded by a one
/// second `lock_timeout`), which also waits out every transaction still holding values drawn from
/// it. The position is set back only when it is still exactly where the check left it, the last
/// value drawn was the check's own (`currval` of its session), and no committed row of a column the
/// sequence feeds (identity, serial, a `nextval` default) holds a value between where it was and
/// where the check left it: such a value was drawn by another session during the check (between the
/// check's own draws, or by an autonomous transaction such as dblink that the check's writes fired),
/// and setting the sequence back would hand it out again. Any other sequence is left ahead (a gap,
/// which sequences allow anyway) and named in a note of the report, with why.
struct SequenceShadow {
    struct Position: Equatable {
        var lastValue: String?
        var startValue: String
        var incrementBy: String
    }

    /// Each readable sequence outside the system schemas, by quoted qualified name.
    private(set) var before: [String: Position]

    /// Records where every sequence stands; call it outside the check's transaction.
    static func record(on connection: Connection) throws -> SequenceShadow {
        SequenceShadow(before: try positions(on: connection))
    }

    /// Restores the sequences the check advanced; returns a note for each it could not restore.
    /// `drawnElsewhere`: the last values the check's other connections drew (``lastDrawn(on:)``).
    func restore(on connection: Connection, drawnElsewhere: [[String: String]] = []) -> [String] {
        guard let after = try? Self.positions(on: connection) else {
            return [
                "rls check could not read the sequences after the check, so it set none back: those it drew from are left ahead of where they were (the values it drew are skipped, never handed out twice)"
            ]
        }
        var notes: [String] = []
        for (name, old) in before.sorted(by: { $0.key < $1.key }) {
            guard let now = after[name], now != old, let reached = now.lastValue else { continue }
            let ours = drawnElsewhere.contains { $0[name] == reached }
            if let reason = restore(name, to: old, from: reached, drawnElsewhere: ours, on: connection) {
                notes.append(
                    "rls check left sequence \(name.escapedForDisplay) at \(reached), ahead of where it was (\(old.lastValue ?? "not yet used")): \(reason)"
                )
            }
        }
        return notes
    }

    /// Sets `name` back to `old` if it is still at `reached`, the last value this session (or, when
    /// `drawnElsewhere`, another connection of the check) drew, and no committed row holds a value it
    /// drew since `old`; nil when restored or when the check never drew from it (another session
    /// moved it), else why not. One round trip: a `do` block in a transaction of its own, which raises
    /// an SQLSTATE of the check's own where it must not set the sequence back.
    private func restore(
        _ name: String, to old: Position, from reached: String, drawnElsewhere: Bool, on connection: Connection
    ) -> String? {
        let sequence = quoteLiteral(name) + "::regclass"
        // currval is this session's own last value: undefined (55000) when only other sessions used the
        // sequence, and behind `reached` when another session drew after the check's last value.
        let ownDraw =
            drawnElsewhere ? "" : "if currval(\(sequence))::text <> \(quoteLiteral(reached)) then raise sqlstate 'RLS01'; end if;\n"
        let setBack =
            old.lastValue.map { "setval(\(sequence), \(quoteLiteral($0))::bigint, true)" }
            ?? "setval(\(sequence), \(quoteLiteral(old.startValue))::bigint, false)"
        let body = """
            declare current record; fed record; taken boolean;
            begin
              \(ownDraw)-- A no-op change that takes the lock nextval waits on, so the position cannot move between reading and setting it,
              -- and that waits out every transaction still holding a value drawn from it: what others drew is committed or gone.
              -- Its own owner again: the lock and the ownership check, without writing the catalog.
              execute format('alter sequence %s owner to %I', \(quoteLiteral(name)),
                             (select pg_get_userbyid(c.relowner) from pg_catalog.pg_class c where c.oid = \(sequence)));
              select last_value::text as value, is_called into current from \(name);
              if current.value <> \(quoteLiteral(reached)) or not current.is_called then raise sqlstate 'RLS02'; end if;
              for fed in \(Self.fedColumns(sequence)) loop
                if not has_column_privilege(fed.rel, fed.att, 'SELECT') then
                  raise sqlstate 'RLS04' using message = fed.tbl || '.' || fed.col;
                end if;
                execute format(\(quoteLiteral(Self.drawnSince(old, reached: reached))), fed.tbl, fed.col) into taken;
                if taken then raise sqlstate 'RLS03' using message = fed.tbl || '.' || fed.col; end if;
              end loop;
              perform \(setBack);
            end
            """
        let tag = dollarQuoteTag(for: body, named: "rls_restore")
        do {
            try connection.execute(
                "begin; set local lock_timeout = '1s'; set local statement_timeout = '5s';\ndo \(tag)\n\(body)\n\(tag);\ncommit")
            return nil
        } catch let error as DatabaseError {
            _ = try? connection.execute("rollback")
            let column = error.message.escapedForDisplay
            switch error.state {
            case .objectNotInPrerequisiteState?: return nil
            case SQLState(rawValue: "RLS01")?:
                return "values were drawn by others after the check's last draw, so setting it back could hand them out twice"
            case SQLState(rawValue: "RLS02")?:
                return "values were drawn by others after the check, so setting it back could hand them out twice"
            case SQLState(rawValue: "RLS03")?:
                return
                    "values were drawn by others during the check (committed rows of \(column) hold them), so setting it back would hand them out twice"
            case SQLState(rawValue: "RLS04")?:
                return
                    "the connecting role may not read \(column), which the sequence feeds, to make sure no one else drew values during the check"
            case .insufficientPrivilege?: return "the connecting role does not own it"
            case .lockNotAvailable?: return "another session held its lock for over a second"
            default: return "restoring failed (\(error.sqlState ?? "no SQLSTATE")): \(error.message.escapedForDisplay)"
            }
        } catch {
            return "restoring failed: \(error)"
        }
    }

    /// The columns `sequence` (an SQL expression of type `regclass`) feeds: identity and serial
    /// columns that own it and columns whose default calls `nextval` of it, as a query of `rel`
    /// (the table's OID), `att` (the column's number), `tbl` and `col` (both quoted).
    private static func fedColumns(_ sequence: String) -> String {
        """
        (select distinct c.oid as rel, a.attnum as att, format('%I.%I', n.nspname, c.relname) as tbl, quote_ident(a.attname) as col
                 from pg_depend d
                 left join pg_attrdef ad on d.classid = 'pg_attrdef'::regclass and ad.oid = d.objid
                 join pg_attribute a
                   on (ad.oid is not null and d.refobjid = \(sequence) and a.attrelid = ad.adrelid and a.attnum = ad.adnum)
                   or (d.classid = 'pg_class'::regclass and d.objid = \(sequence) and d.deptype in ('a', 'i')
                       and a.attrelid = d.refobjid and a.attnum = d.refobjsubid)
                 join pg_class c on c.oid = a.attrelid
                 join pg_namespace n on n.oid = c.relnamespace
                 where d.refclassid = 'pg_class'::regclass and (d.refobjid = \(sequence) or d.objid = \(sequence))
                   and not a.attisdropped and c.relkind in ('r', 'p'))
        """
    }

    /// A `format` template (`%1$s` the table, `%2$s` the column) of the query whether a committed row
    /// holds a value the sequence gave out since `old`, up to `reached`, in the sequence's direction.
    private static func drawnSince(_ old: Position, reached: String) -> String {
        let ascending = !old.incrementBy.hasPrefix("-")
        let (after, upTo) = ascending ? (">", "<=") : ("<", ">=")
        // Never used: the first value it gives out is its start.
        let from = old.lastValue.map { "%2$s \(after) \($0)::bigint" } ?? "%2$s \(after)= \(old.startValue)::bigint"
        return "select exists (select from %1$s where \(from) and %2$s \(upTo) \(reached)::bigint)"
    }

    /// The last value this session drew from each sequence that moved since ``record(on:)``, read by
    /// one `do` block (currval fails for a sequence the session never used); empty when it cannot run.
    func lastDrawn(on connection: Connection) -> [String: String] {
        guard let after = try? Self.positions(on: connection) else { return [:] }
        let moved = after.filter { before[$0.key] != $0.value }.keys.sorted()
        guard !moved.isEmpty else { return [:] }
        connection.clearNotices()
        let marker = "rls check sequences: "
        let names = "array[\(moved.map(quoteLiteral).joined(separator: ", "))]::text[]"
        let tag = dollarQuoteTag(for: names, named: "rls_sequences")
        guard
            (try? connection.execute(
                """
                do \(tag)
                declare name text; drawn text := '';
                begin
                  foreach name in array \(names) loop
                    begin
                      drawn := drawn || name || e'\\x1f' || currval(name::regclass)::text || e'\\x1e';
                    exception when object_not_in_prerequisite_state then
                    end;
                  end loop;
                  raise notice '\(marker)%', drawn;
                end
                \(tag)
                """)) != nil,
            let notice = connection.notices.first(where: { $0.message.hasPrefix(marker) })
        else { return [:] }
        var drawn: [String: String] = [:]
        for record in notice.message.dropFirst(marker.count).split(separator: "\u{1E}") {
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            if fields.count == 2 { drawn[String(fields[0])] = String(fields[1]) }
        }
        return drawn
    }

    /// The sequences that moved since ``record(on:)``, by name, waiting at most `seconds` for the answer.
    func moved(on connection: Connection, answeringWithin seconds: Double) throws -> [(name: String, before: String?, now: String)] {
        let after = try Self.positions(on: connection, answeringWithin: seconds)
        return after.sorted { $0.key < $1.key }.compactMap { name, now in
            guard let old = before[name], now != old, let reached = now.lastValue else { return nil }
            return (name, old.lastValue, reached)
        }
    }

    private static func positions(on connection: Connection, answeringWithin seconds: Double? = nil) throws -> [String: Position] {
        // last_value is null both for a sequence never used and for one we may not read; has_sequence_privilege tells them apart.
        let sql = """
            select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value,
                   start_value::text as start_value, increment_by::text as increment_by
            from pg_sequences
            where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
              and has_sequence_privilege(format('%I.%I', schemaname, sequencename), 'SELECT')
            """
        let rows: [Row]
        if let seconds {
            guard let result = try connection.executeReturningLast(sql, answeringWithin: seconds) else {
                throw CheckError("no answer within \(Int(seconds)) s")
            }
            rows = result.rows
        } else {
            rows = try connection.query(sql).rows
        }
        var result: [String: Position] = [:]
        for row in rows {
            result[try row.string("name")] = Position(
                lastValue: row["last_value"], startValue: try row.string("start_value"), incrementBy: try row.string("increment_by"))
        }
        return result
    }
}
