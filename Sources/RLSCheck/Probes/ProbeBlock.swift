import RLSDatabase
import RLSModel
import RLSSQL

/// Many probes as one `do` block that never fails. The probes travel as data (a `values` list), so
/// the block's own statements are parsed and planned once and only each probe's statement is new to
/// the server. For each probe the block grants (policies-only probes), impersonates and runs the
/// probe inside an inner block, which it always rolls back by raising ``finished`` at the end, so
/// nothing the probe did survives and no probe sees another's work; then it adds to its report
/// what happened, and at the end sends the report of every probe as one notice:
///
/// ```sql
/// do $rls_probe$
/// declare p record; stage text; result text; affected bigint; state text; message text; context text; held boolean;
///   report text := '';
/// begin
///   for p in select * from (values
///     (0, null, array['role', 'request.jwt.claims', …]::text[], array['anon', '{"role":"anon"}', …]::text[],
///      'select …', true, 'anon', 'public.note', array['SELECT']::text[], array['id']::text[]), …
///   ) as probe(number, grant_sql, setting_names, setting_values, statement, returns_rows, role_name, table_name,
///              privileges, privilege_columns) loop
///     stage := 'grant'; …
///     begin
///       if p.grant_sql is not null then execute p.grant_sql; end if;  -- policies-only probes
///       stage := 'probe';
///       perform set_config(s.name, s.value, true) from unnest(p.setting_names, p.setting_values) as s(name, value);
///       execute 'select coalesce(string_agg(o, ''+'' order by o), '''') from (' || p.statement || ') as s(o)' into result;
///       raise sqlstate 'RLS00';
///     exception when others then
///       get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
///     end;
///     if state = '42501' and p.privileges is not null then held := …has_column_privilege(p.role_name, …)…; end if;
///     report := report || concat_ws(e'\x1f', p.number, stage, state, …, message, context) || e'\x1e';
///   end loop;
///   raise notice 'rls check probes: %', report;
/// end
/// $rls_probe$
/// ```
///
/// The privileges are read after the rollback, as the connecting role, as a separate query would.
/// Errors PL/pgSQL cannot catch (a statement timeout, a cancel) leave the block as errors, with no
/// report: its probes then run again, one per block (see ``ProbeRunner``).
struct ProbeBlock {
    /// The SQLSTATE the block raises to roll back a probe that ran to its end.
    static let finished = "RLS00"
    static let marker = "rls check probes: "
    /// Separate a report's probes and a probe's fields; the server turns them into spaces in the
    /// error's own text, so no message can shift a field.
    static let probeSeparator: UInt8 = 0x1E
    static let fieldSeparator: UInt8 = 0x1F

    /// One probe of the block.
    struct Entry {
        /// The probe's position in its pipeline, repeated in its report.
        var index: Int
        /// The grant a policies-only probe needs first.
        var grant: String?
        /// The settings that make the persona, as ``settingsSQL(_:)`` writes them.
        var settings: String
        /// The probe's statement.
        var statement: String
        /// Whether the statement returns fixture owners (a SELECT probe) rather than a row count.
        var select: Bool
        /// The role whose privileges are asked after a 42501.
        var role: String
        /// The table, as `has_table_privilege` reads it.
        var table: String
        /// The privileges the statement needs, per column (nil: the whole table); nil: not asked.
        var privileges: [(privilege: String, column: String?)]?
    }

    var entries: [Entry]

    /// ``Impersonation/settings(for:claims:)`` as the block's two columns of names and values (the
    /// same for every probe of a persona, so written once per persona).
    static func settingsSQL(_ settings: [(name: String, value: String)]) -> String {
        "\(array(settings.map(\.name))), \(array(settings.map(\.value)))"
    }

    var text: String {
        var data = ""
        for entry in entries {
            if !data.isEmpty { data += ",\n    " }
            data += "(\(entry.index), \(entry.grant.map(quoteLiteral) ?? "null"), \(entry.settings), \(quoteLiteral(entry.statement)), "
            data += "\(entry.select), \(quoteLiteral(entry.role)), \(quoteLiteral(entry.table)), "
            if let required = entry.privileges {
                data += "\(Self.array(required.map(\.privilege))), \(Self.array(required.map(\.column))))"
            } else {
                data += "null::text[], null::text[])"
            }
        }
        var tag = "$rls_probe$"
        // Searching only text that holds a dollar sign: most probes hold none.
        if data.utf8.contains(UInt8(ascii: "$")) {
            while data.contains(tag) { tag = "$rls_probe_\(tag.count)$" }
        }
        return """
            do \(tag)
            declare p record; stage text; result text; affected bigint; state text; message text; context text; held boolean;
              report text := '';
            begin
              for p in select * from (values
                \(data)
              ) as probe(number, grant_sql, setting_names, setting_values, statement, returns_rows, role_name, table_name,
                         privileges, privilege_columns) loop
                stage := 'grant'; result := null; state := null; message := null; context := null; held := null;
                begin
                  if p.grant_sql is not null then execute p.grant_sql; end if;
                  stage := 'probe';
                  perform set_config(s.name, s.value, true) from unnest(p.setting_names, p.setting_values) as s(name, value);
                  if p.returns_rows then
                    execute 'select coalesce(string_agg(o, ''+'' order by o), '''') from (' || p.statement || ') as s(o)' into result;
                  else
                    execute p.statement;
                    get diagnostics affected = row_count;
                    result := affected::text;
                  end if;
                  raise sqlstate '\(Self.finished)';
                exception when others then
                  get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
                end;
                if state = '\(SQLState.insufficientPrivilege)' and p.privileges is not null then
                  held := \(Self.held(role: "p.role_name", table: "p.table_name", privileges: "p.privileges", columns: "p.privilege_columns"));
                end if;
                report := report || concat_ws(e'\\x1f', p.number, stage, coalesce(state, ''), coalesce(held, false), coalesce(result, ''),
                  translate(coalesce(message, ''), e'\\x1e\\x1f', '  '), translate(coalesce(context, ''), e'\\x1e\\x1f', '  ')) || e'\\x1e';
              end loop;
              raise notice '\(Self.marker)%', report;
            end
            \(tag)
            """
    }

    /// The condition that `role` holds every privilege on `table`: `privileges[i]` on the whole table
    /// where `columns[i]` is null, else on that column. Each argument is an SQL expression (a probe
    /// block's fields, or literals for a probe run on its own), so both ask the server the same question.
    static func held(role: String, table: String, privileges: String, columns: String) -> String {
        """
        coalesce((select bool_and(case when c is null then has_table_privilege(\(role), \(table), v)
                                  else has_column_privilege(\(role), \(table), c, v) end)
                  from unnest(\(privileges), \(columns)) as x(v, c)), true)
        """
    }

    /// `array['a', null]::text[]`.
    static func array(_ items: [String?]) -> String {
        "array[\(items.map { $0.map(quoteLiteral) ?? "null" }.joined(separator: ", "))]::text[]"
    }

    /// What one probe reported.
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

        /// The reports among `notices`, in order: each block's notice holds one record per probe
        /// (ended by U+001E), of seven fields (separated by U+001F): index, stage, state, held (`t`,
        /// `f`), result, the error's message, its context.
        static func read(_ notices: [DatabaseNotice]) throws -> [Report] {
            var reports: [Report] = []
            for notice in notices where notice.message.hasPrefix(marker) {
                // Split by bytes: both separators are ASCII, and Character-wise splitting is slow on long text.
                for record in notice.message.utf8.dropFirst(marker.utf8.count).split(separator: probeSeparator) {
                    let fields = record.split(separator: fieldSeparator, omittingEmptySubsequences: false).map { String(Substring($0)) }
                    guard fields.count == 7, let index = Int(fields[0]) else {
                        throw CheckError("a probe's report could not be read: \(String(Substring(record)))")
                    }
                    reports.append(
                        Report(
                            index: index, stage: fields[1], state: fields[2], message: fields[5], context: fields[6], result: fields[4],
                            held: fields[3] == "t"))
                }
            }
            return reports
        }
    }
}
