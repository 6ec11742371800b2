import RLSDatabase
import RLSModel
import RLSSQL

/// Many probes as one `do` block that never fails. The probes travel as data (`values` lists), so
/// the block's own statements are parsed and planned once and only each probe's statement is new
/// to the server. Consecutive probes that share a persona and a grant form a group: the block
/// grants once (policies-only probes) and impersonates once per group, then runs each probe of
/// the group inside an inner block, which it always rolls back by raising ``finished`` at the end,
/// so nothing a probe did survives and no probe sees another's work; at the end of the group it
/// rolls back the grant and the impersonation the same way. It adds to its report what each probe
/// did, and at the end sends the report of every probe as one notice:
///
/// ```sql
/// do $rls_probe$
/// declare g record; p record; stage text; result text; affected bigint; state text; message text; context text; held boolean;
///   reported integer; report text := '';
/// begin
///   for g in select * from (values
///     (0, 0, 7, 'grant select, insert, update, delete on table public.note to anon',
///      array['role', 'request.jwt.claims', …]::text[], array['anon', '{"role":"anon"}', …]::text[], 'anon'), …
///   ) as probe_group(number, first, last, grant_sql, setting_names, setting_values, role_name) loop
///     begin
///       stage := 'grant';
///       if g.grant_sql is not null then execute g.grant_sql; end if;
///       stage := 'group';
///       perform set_config(s.name, s.value, true) from unnest(g.setting_names, g.setting_values) as s(name, value);
///       for p in select * from (values
///         (0, 0, 'select …', 'owners', null::text[], null::text[], 16502::oid, array['SELECT']::text[], array['id']::text[]), …
///       ) as probe(group_number, number, statement, returns, setting_names, setting_values, table_oid, privileges, privilege_columns)
///       where probe.group_number = g.number loop
///         begin
///           execute 'select coalesce(string_agg(o, ''+'' order by o), '''') from (' || p.statement || ') as s(o)' into result;
///           raise sqlstate 'RLS00';
///         exception when others then
///           get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
///         end;
///         if state = '42501' and p.privileges is not null then held := …has_column_privilege(g.role_name, p.table_oid, …)…; end if;
///         report := report || concat_ws(e'\x1f', p.number, 'probe', state, …, message, context) || e'\x1e';
///       end loop;
///       raise sqlstate 'RLS00';
///     exception when others then  -- RLS00, or the grant or the impersonation failed: a record for the group
///     end;
///   end loop;
///   raise notice 'rls check probes: %', report;
/// end
/// $rls_probe$
/// ```
///
/// The privileges are read after the probe's rollback, by the table's OID: the block is still the
/// persona then, and a role may ask about a table by OID without access to the table's schema.
/// Errors PL/pgSQL cannot catch (a statement timeout, a cancel) leave the block as errors, with no
/// report: its probes then run again, one per block (see ``ProbeRunner``).
struct ProbeBlock {
    /// The SQLSTATE the block raises to roll back a probe, and a group, that ran to its end.
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
        /// The persona's role, whose privileges are asked after a 42501.
        var role: String
        /// The probe's statement.
        var statement: String
        /// What the statement's result is read as.
        var returns: Returns
        /// Settings of this probe alone, made after the group's (`realtime.topic` for a channel probe).
        var probeSettings: [(name: String, value: String)] = []
        /// The table's OID, for `has_table_privilege`.
        var table: UInt32
        /// The privileges the statement needs, per column (nil: the whole table); nil: not asked.
        var privileges: [(privilege: String, column: String?)]?

        /// Whether `other` runs in the same group: the same grant and the same persona.
        func sharesGroup(with other: Entry) -> Bool {
            grant == other.grant && settings == other.settings && role == other.role
        }
    }

    /// How a probe's statement reports what it did.
    enum Returns: String {
        /// Fixture owners, one per row (`alice`, `bob`), joined as `alice+bob`: a SELECT probe.
        case owners
        /// The rows the statement wrote.
        case rowCount = "count"
        /// The one value the statement returns (`select count(*) …`).
        case value
    }

    var entries: [Entry]

    /// ``Impersonation/settings(for:claims:)`` as the block's two columns of names and values (the
    /// same for every probe of a persona, so written once per persona).
    static func settingsSQL(_ settings: [(name: String, value: String)]) -> String {
        "\(array(settings.map(\.name))), \(array(settings.map(\.value)))"
    }

    var text: String {
        var groups = ""
        var probes = ""
        var group = -1
        for (position, entry) in entries.enumerated() {
            if position == 0 || !entries[position - 1].sharesGroup(with: entry) {
                group += 1
                let last = entries[position...].prefix { $0.sharesGroup(with: entry) }.last!.index
                if !groups.isEmpty { groups += ",\n    " }
                groups += "(\(group), \(entry.index), \(last), \(entry.grant.map(quoteLiteral) ?? "null"), \(entry.settings), "
                groups += "\(quoteLiteral(entry.role)))"
            }
            if !probes.isEmpty { probes += ",\n        " }
            probes += "(\(group), \(entry.index), \(quoteLiteral(entry.statement)), '\(entry.returns.rawValue)', "
            probes += entry.probeSettings.isEmpty ? "null::text[], null::text[], " : "\(Self.settingsSQL(entry.probeSettings)), "
            probes += "\(entry.table)::oid, "
            if let required = entry.privileges {
                probes += "\(Self.array(required.map(\.privilege))), \(Self.array(required.map(\.column))))"
            } else {
                probes += "null::text[], null::text[])"
            }
        }
        var tag = "$rls_probe$"
        // Searching only text that holds a dollar sign: most probes hold none.
        if probes.utf8.contains(UInt8(ascii: "$")) || groups.utf8.contains(UInt8(ascii: "$")) {
            while probes.contains(tag) || groups.contains(tag) { tag = "$rls_probe_\(tag.count)$" }
        }
        return """
            do \(tag)
            declare g record; p record; stage text; result text; affected bigint; state text; message text; context text; held boolean;
              reported integer; report text := '';
            begin
              for g in select * from (values
                \(groups)
              ) as probe_group(number, first, last, grant_sql, setting_names, setting_values, role_name) loop
                reported := g.first - 1;
                begin
                  stage := 'grant';
                  if g.grant_sql is not null then execute g.grant_sql; end if;
                  stage := 'group';
                  perform set_config(s.name, s.value, true) from unnest(g.setting_names, g.setting_values) as s(name, value);
                  for p in select * from (values
                    \(probes)
                  ) as probe(group_number, number, statement, returns, setting_names, setting_values, table_oid, privileges,
                             privilege_columns)
                  where probe.group_number = g.number loop
                    result := null; state := null; message := null; context := null; held := null;
                    begin
                      if p.setting_names is not null then
                        perform set_config(s.name, s.value, true) from unnest(p.setting_names, p.setting_values) as s(name, value);
                      end if;
                      if p.returns = '\(Returns.owners.rawValue)' then
                        execute 'select coalesce(string_agg(o, ''+'' order by o), '''') from (' || p.statement || ') as s(o)' into result;
                      elsif p.returns = '\(Returns.value.rawValue)' then
                        execute p.statement into result;
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
                      held := \(Self.held(role: "g.role_name", table: "p.table_oid", privileges: "p.privileges", columns: "p.privilege_columns"));
                    end if;
                    report := report || \(Self.record(number: "p.number", stage: "'probe'", held: "coalesce(held, false)", result: "coalesce(result, '')"));
                    reported := p.number;
                  end loop;
                  raise sqlstate '\(Self.finished)';
                exception when others then
                  get stacked diagnostics state = returned_sqlstate, message = message_text, context = pg_exception_context;
                  if state <> '\(Self.finished)' then
                    -- The grant or the impersonation failed: one record for the group's probes not reported yet.
                    report := report || \(Self.record(number: "reported + 1", stage: "stage", held: "false", result: "g.last"));
                  end if;
                end;
              end loop;
              raise notice '\(Self.marker)%', report;
            end
            \(tag)
            """
    }

    /// One record of the report, each argument an SQL expression: a probe's, or a failed group's
    /// (its first probe not reported yet, `grant` or `group`, and its last probe in the result field).
    private static func record(number: String, stage: String, held: String, result: String) -> String {
        "concat_ws(e'\\x1f', \(number), \(stage), coalesce(state, ''), \(held), \(result), "
            + "translate(coalesce(message, ''), e'\\x1e\\x1f', '  '), translate(coalesce(context, ''), e'\\x1e\\x1f', '  ')) || e'\\x1e'"
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
        /// `grant` when the group's grant failed, `group` when its impersonation did, else `probe`.
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
        /// `f`), result, the error's message, its context. A group whose grant or impersonation
        /// failed sends one record (stage `grant` or `group`) for its probes from the index to the
        /// one in the result field; each of them gets that report.
        static func read(_ notices: [DatabaseNotice]) throws -> [Report] {
            var reports: [Report] = []
            for notice in notices where notice.message.hasPrefix(marker) {
                // Split by bytes: both separators are ASCII, and Character-wise splitting is slow on long text.
                for record in notice.message.utf8.dropFirst(marker.utf8.count).split(separator: probeSeparator) {
                    let fields = record.split(separator: fieldSeparator, omittingEmptySubsequences: false).map { String(Substring($0)) }
                    guard fields.count == 7, let index = Int(fields[0]) else {
                        throw CheckError("a probe's report could not be read: \(String(Substring(record)))")
                    }
                    var report = Report(
                        index: index, stage: fields[1], state: fields[2], message: fields[5], context: fields[6], result: fields[4],
                        held: fields[3] == "t")
                    guard report.stage != "probe" else {
                        reports.append(report)
                        continue
                    }
                    guard let last = Int(report.result) else {
                        throw CheckError("a probe group's report could not be read: \(String(Substring(record)))")
                    }
                    report.result = ""
                    for probe in stride(from: index, through: last, by: 1) {
                        report.index = probe
                        reports.append(report)
                    }
                }
            }
            return reports
        }
    }
}
