import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// One probe as one `do` block that never fails: it grants (policies-only probes), impersonates and
/// runs the probe inside an inner block, which it always rolls back by raising ``finished`` at the
/// end, so nothing the probe did survives; then it reports, as a notice, what happened:
///
/// ```sql
/// do $rls_probe$
/// declare stage text := 'grant'; result text; affected bigint; state text; message text; context text;
/// begin
///   begin
///     execute 'grant select on table public.note to "anon"';  -- policies-only probes
///     stage := 'probe';
///     execute 'select set_config(''role'', ''anon'', true), …';
///     execute 'select coalesce(string_agg(o, ''+'' order by o), '''') from (…) as s(o)' into result;
///     raise sqlstate 'RLS00';
///   exception when others then
///     get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
///   end;
///   raise notice 'rls check probe: %', json_build_object('index', 0, 'stage', stage, 'state', state, …,
///     'held', case when state = '42501' then has_table_privilege('anon', 'public.note', 'SELECT') end);
/// end
/// $rls_probe$
/// ```
///
/// The privileges are read after the rollback, as the connecting role, as a separate query would.
/// Errors PL/pgSQL cannot catch (a statement timeout, a cancel) leave the block as errors.
struct ProbeBlock {
    /// The SQLSTATE the block raises to roll back a probe that ran to its end.
    static let finished = "RLS00"
    static let marker = "rls check probe: "

    /// The probe's position in its pipeline, repeated in its report.
    var index: Int
    /// The grant a policies-only probe needs first.
    var grant: String?
    /// The statement that becomes the persona.
    var impersonation: String?
    /// The probe's statement.
    var statement: String
    /// Whether the statement returns fixture owners (a SELECT probe) rather than a row count.
    var select: Bool
    /// The condition that the persona holds the privileges the statement needs; nil: not asked.
    var privileges: String?

    var text: String {
        var body: [String] = []
        if let grant { body.append("execute \(quoteLiteral(grant));") }
        body.append("stage := 'probe';")
        if let impersonation { body.append("execute \(quoteLiteral(impersonation));") }
        if select {
            body.append(
                "execute \(quoteLiteral("select coalesce(string_agg(o, '+' order by o), '') from (\(statement)) as s(o)")) into result;")
        } else {
            body.append("execute \(quoteLiteral(statement));")
            body.append("get diagnostics affected = row_count;")
            body.append("result := affected::text;")
        }
        body.append("raise sqlstate '\(Self.finished)';")
        let report = """
            json_build_object('index', \(index), 'stage', stage, 'state', state, 'message', message, 'context', context, \
            'result', result, 'held', case when state = '\(SQLState.insufficientPrivilege)' then \(privileges ?? "null::boolean") end)
            """
        let text = body.joined(separator: "\n    ")
        var tag = "$rls_probe$"
        while text.contains(tag) { tag = "$rls_probe_\(tag.count)$" }
        return """
            do \(tag)
            declare stage text := 'grant'; result text; affected bigint; state text; message text; context text;
            begin
              begin
                \(text)
              exception when others then
                get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
              end;
              raise notice '\(Self.marker)%', \(report);
            end
            \(tag)
            """
    }

    /// What one block reported.
    struct Report {
        var index: Int
        /// `grant` when the grant failed, else `probe`.
        var stage: String
        /// ``ProbeBlock/finished`` when the probe ran to its end, else the error's SQLSTATE.
        var state: String
        var message: String
        var context: String
        /// The owners a SELECT returned (`alice+bob`) or the rows a write affected.
        var result: String
        /// Whether the persona held the statement's privileges (asked for 42501 only).
        var held: Bool

        /// The reports among `notices`, in order.
        static func read(_ notices: [DatabaseNotice]) throws -> [Report] {
            try notices.compactMap { notice in
                guard notice.message.hasPrefix(marker) else { return nil }
                let json = Data(notice.message.dropFirst(marker.count).utf8)
                guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any], let index = object["index"] as? Int
                else {
                    throw CheckError("a probe's report could not be read: \(notice.message)")
                }
                return Report(
                    index: index, stage: object["stage"] as? String ?? "", state: object["state"] as? String ?? "",
                    message: object["message"] as? String ?? "", context: object["context"] as? String ?? "",
                    result: object["result"] as? String ?? "", held: object["held"] as? Bool ?? false)
            }
        }
    }
}
