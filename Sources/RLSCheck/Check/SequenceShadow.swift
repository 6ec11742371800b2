import RLSDatabase
import RLSModel
import RLSSQL

/// Puts back every sequence a check advanced. `nextval` is never rolled back: fixtures, probes,
/// scenarios, and the triggers and security-definer functions they fire (an audit log) all advance
/// sequences for good, in any schema.
///
/// The check holds no sequence lock while it runs, so the application's own `nextval` calls never
/// wait for it. Afterwards each advanced sequence is restored in its own short transaction: a
/// no-op `alter sequence` takes the lock that `nextval` waits on (for a moment, bounded by a one
/// second `lock_timeout`), and the position is set back only when it is still exactly where the
/// check left it and the last value drawn was the check's own (`currval` of its session). Values
/// another session drew in between the check's own draws cannot be told apart; restoring would hand
/// them out again, which is why the check runs in seconds and names what it leaves. A sequence another session has used since, one the connecting role does not
/// own, or one whose lock is busy is left as it is (a gap, which sequences allow anyway) and named
/// in a note of the report.
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
                "rls check could not read the sequences after the check to restore them; they may be ahead of where they were (a harmless gap)"
            ]
        }
        var notes: [String] = []
        for (name, old) in before.sorted(by: { $0.key < $1.key }) {
            guard let now = after[name], now != old, let reached = now.lastValue else { continue }
            let ours = drawnElsewhere.contains { $0[name] == reached }
            if let reason = restore(name, to: old, from: reached, drawnElsewhere: ours, on: connection) {
                notes.append("rls check left sequence \(name) at \(reached) (it was at \(old.lastValue ?? "its start")): \(reason)")
            }
        }
        return notes
    }

    /// Sets `name` back to `old` if it is still at `reached`, the last value this session (or, when
    /// `drawnElsewhere`, another connection of the check) drew; nil when restored or when the check
    /// never drew from it (another session moved it), else why not. One round trip: a `do` block in
    /// a transaction of its own, which raises an SQLSTATE of the check's own where it must not set
    /// the sequence back.
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
            declare current record;
            begin
              \(ownDraw)-- A no-op change that takes the lock nextval waits on, so the position cannot move between reading and setting it.
              alter sequence \(name) increment by \(old.incrementBy);
              select last_value::text as value, is_called into current from \(name);
              if current.value <> \(quoteLiteral(reached)) or not current.is_called then raise sqlstate 'RLS02'; end if;
              perform \(setBack);
            end
            """
        let tag = dollarQuoteTag(for: body, named: "rls_restore")
        do {
            try connection.execute("begin; set local lock_timeout = '1s';\ndo \(tag)\n\(body)\n\(tag);\ncommit")
            return nil
        } catch let error as DatabaseError {
            _ = try? connection.execute("rollback")
            switch error.sqlState {
            case SQLState.objectNotInPrerequisiteState.rawValue?: return nil
            case "RLS01"?: return "another session drew from it after the check, so setting it back could hand out a value twice"
            case "RLS02"?: return "another session used it after the check, so setting it back could hand out a value twice"
            case SQLState.insufficientPrivilege.rawValue?: return "the connecting role does not own it"
            case SQLState.lockNotAvailable.rawValue?: return "another session held its lock for over a second"
            default: return "restoring failed (\(error.sqlState ?? "no SQLSTATE")): \(error.message)"
            }
        } catch {
            return "restoring failed: \(error)"
        }
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

    private static func positions(on connection: Connection) throws -> [String: Position] {
        // last_value is null both for a sequence never used and for one we may not read; has_sequence_privilege tells them apart.
        let rows = try connection.query(
            """
            select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value,
                   start_value::text as start_value, increment_by::text as increment_by
            from pg_sequences
            where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
              and has_sequence_privilege(format('%I.%I', schemaname, sequencename), 'SELECT')
            """
        ).rows
        var result: [String: Position] = [:]
        for row in rows {
            result[try row.string("name")] = Position(
                lastValue: row["last_value"], startValue: try row.string("start_value"), incrementBy: try row.string("increment_by"))
        }
        return result
    }
}
