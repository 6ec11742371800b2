import RLSDatabase
import RLSModel
import RLSSQL

/// Many probes as one call of a PL/pgSQL function that never fails. ``createFunction`` makes the
/// function once per connection, as a temporary function inside the check's transaction, so its
/// rollback removes it and nothing of it outlives the check; it is compiled, and its own statements
/// planned, once per connection. Each block is then one call (``statement``) whose probes travel as
/// array parameters, so only each probe's statement is new to the server. Consecutive probes that
/// share a persona and a grant form a group: the function grants once (policies-only probes) and
/// impersonates once per group, then runs each probe of the group inside an inner block, which it
/// always rolls back by raising ``finished`` at the end, so nothing a probe did survives and no probe
/// sees another's work; at the end of the group it rolls back the grant and the impersonation the
/// same way. It adds to its report what each probe did, and at the end sends the report of every
/// probe as one notice:
///
/// ```sql
/// create function pg_temp.rls_check_probes(group_first integer[], group_last integer[], group_grant text[], …)
/// returns void language plpgsql as $rls_probe$
/// declare …
/// begin
///   for g in 1 .. coalesce(array_length(group_first, 1), 0) loop
///     begin
///       stage := '\(Stage.grant.rawValue)';
///       if group_grant[g] is not null then execute group_grant[g]; end if;
///       stage := '\(Stage.group.rawValue)';
///       for s in group_settings_from[g] .. group_settings_to[g] loop setting := set_config(setting_name[s], setting_value[s], true); end loop;
///       for p in group_first[g] .. group_last[g] loop
///         begin
///           … execute probe_statement[p] …
///           raise sqlstate 'RLS00';
///         exception when others then
///           get stacked diagnostics state = returned_sqlstate;  -- and, unless RLS00, the message and context
///         end;
///         report := report || concat_ws(e'\x1f', probe_number[p], 'probe', state, …, message, context) || e'\x1e';
///       end loop;
///       raise sqlstate 'RLS00';
///     exception when others then  -- RLS00, or the grant or the impersonation failed: a record for the group
///     end;
///   end loop;
///   raise notice 'rls check probes: %', report;
/// end
/// $rls_probe$;
///
/// select pg_temp.rls_check_probes($1::integer[], $2::integer[], $3::text[], …);
/// ```
///
/// After a 42501 the client asks which privilege the persona lacked, once for all of a pipeline's
/// probes, by the table's OID (``missingPrivileges(_:on:)``): privileges do not change while probes
/// run, as every grant a block makes is rolled back with its group. Errors PL/pgSQL cannot catch (a
/// statement timeout, a cancel) leave the call as errors, with no report: its probes then run
/// again, one per call (see ``ProbeRunner``).
struct ProbeBlock {
    /// The SQLSTATE the block raises to roll back a probe, and a group, that ran to its end.
    static let finished = SQLState(rawValue: "RLS00")
    static let marker = "rls check probes: "
    /// Separate a report's probes and a probe's fields; the server turns them into spaces in the
    /// error's own text, so no message can shift a field.
    static let probeSeparator: UInt8 = 0x1E
    static let fieldSeparator: UInt8 = 0x1F
    /// The temporary function each block calls.
    static let function = "pg_temp.rls_check_probes"

    /// The settings that make a persona, as ``Impersonation/settings(for:claims:)`` lists them.
    typealias Settings = [(name: String, value: String)]

    /// One probe of the block.
    struct Entry {
        /// The probe's position in its pipeline, repeated in its report.
        var index: Int
        /// The grant a policies-only probe needs first.
        var grant: String?
        /// The settings that make the persona.
        var settings: Settings
        /// The persona's role, whose privileges are asked after a 42501.
        var role: String
        /// The probe's statement.
        var statement: String
        /// What the statement's result is read as.
        var returns: Returns
        /// Settings of this probe alone, made after the group's (`realtime.topic` for a channel probe).
        var probeSettings: Settings = []
        /// The table's OID, for `has_table_privilege`.
        var table: UInt32
        /// The privileges the statement needs, per column (nil: the whole table), asked after a 42501; nil: not asked.
        var privileges: [(privilege: String, column: String?)]?

        /// Whether `other` runs in the same group: the same grant and the same persona.
        func sharesGroup(with other: Entry) -> Bool {
            grant == other.grant && role == other.role
                && settings.elementsEqual(other.settings) { $0.name == $1.name && $0.value == $1.value }
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

    /// The call of ``function`` that runs ``entries``: positions in the arrays count from 1, and a
    /// group's or probe's settings and a probe's privileges are ranges of the shared arrays.
    var statement: PipelineStatement {
        var groupFirst: [Int?] = []
        var groupLast: [Int?] = []
        var groupSettingsFrom: [Int?] = []
        var groupSettingsTo: [Int?] = []
        var groupGrant: [String?] = []
        var groupRole: [String?] = []
        var settingName: [String?] = []
        var settingValue: [String?] = []
        var probeNumber: [Int?] = []
        var probeStatement: [String?] = []
        var probeReturns: [String?] = []
        var probeSettingsFrom: [Int?] = []
        var probeSettingsTo: [Int?] = []
        /// Appends `settings` to the shared arrays and returns their range, nil when there are none.
        func add(_ settings: Settings) -> (from: Int?, to: Int?) {
            guard !settings.isEmpty else { return (nil, nil) }
            settingName += settings.map(\.name)
            settingValue += settings.map(\.value)
            return (settingName.count - settings.count + 1, settingName.count)
        }
        for (position, entry) in entries.enumerated() {
            if position == 0 || !entries[position - 1].sharesGroup(with: entry) {
                let count = entries[position...].prefix { $0.sharesGroup(with: entry) }.count
                groupFirst.append(position + 1)
                groupLast.append(position + count)
                groupGrant.append(entry.grant)
                groupRole.append(entry.role)
                let range = add(entry.settings)
                groupSettingsFrom.append(range.from ?? 1)
                groupSettingsTo.append(range.to ?? 0)
            }
            probeNumber.append(entry.index)
            probeStatement.append(entry.statement)
            probeReturns.append(entry.returns.rawValue)
            let range = add(entry.probeSettings)
            probeSettingsFrom.append(range.from)
            probeSettingsTo.append(range.to)
        }
        let parameters: [SQLParameter?] = [
            SQLArray(groupFirst), SQLArray(groupLast), SQLArray(groupGrant), SQLArray(groupRole), SQLArray(groupSettingsFrom),
            SQLArray(groupSettingsTo), SQLArray(settingName), SQLArray(settingValue), SQLArray(probeNumber), SQLArray(probeStatement),
            SQLArray(probeReturns), SQLArray(probeSettingsFrom), SQLArray(probeSettingsTo),
        ]
        let casts = Self.parameters.enumerated().map { "$\($0.offset + 1)::\($0.element.type)" }
        return PipelineStatement("select \(Self.function)(\(casts.joined(separator: ", ")))", parameters)
    }

    /// The function's parameters, in order: the arrays ``statement`` sends.
    private static let parameters: [(name: String, type: String)] = [
        ("group_first", "integer[]"), ("group_last", "integer[]"), ("group_grant", "text[]"), ("group_role", "text[]"),
        ("group_settings_from", "integer[]"), ("group_settings_to", "integer[]"), ("setting_name", "text[]"),
        ("setting_value", "text[]"), ("probe_number", "integer[]"), ("probe_statement", "text[]"), ("probe_returns", "text[]"),
        ("probe_settings_from", "integer[]"), ("probe_settings_to", "integer[]"),
    ]

    /// Makes ``function`` for this connection: run once, inside the check's transaction and before
    /// the probes' savepoint, so that rolling back a probe never removes it.
    static var createFunction: String {
        """
        create function \(function)(\(parameters.map { "\($0.name) \($0.type)" }.joined(separator: ", ")))
        returns void language plpgsql as $rls_probe$
        declare g integer; p integer; s integer; stage text; result text; fixture_owner text; affected bigint; state text; message text;
          context text; reported integer; report text := ''; setting text;
        begin
          for g in 1 .. coalesce(array_length(group_first, 1), 0) loop
            reported := group_first[g] - 1;
            begin
              stage := '\(Stage.grant.rawValue)';
              if group_grant[g] is not null then execute group_grant[g]; end if;
              stage := '\(Stage.group.rawValue)';
              for s in group_settings_from[g] .. group_settings_to[g] loop
                setting := set_config(setting_name[s], setting_value[s], true);
              end loop;
              for p in group_first[g] .. group_last[g] loop
                result := null; state := null; message := null; context := null;
                begin
                  if probe_settings_from[p] is not null then
                    for s in probe_settings_from[p] .. probe_settings_to[p] loop
                      setting := set_config(setting_name[s], setting_value[s], true);
                    end loop;
                  end if;
                  if probe_returns[p] = '\(Returns.owners.rawValue)' then
                    result := '';
                    for fixture_owner in execute probe_statement[p] loop
                      if fixture_owner is not null then
                        result := case when result = '' then fixture_owner else result || '+' || fixture_owner end;
                      end if;
                    end loop;
                  elsif probe_returns[p] = '\(Returns.value.rawValue)' then
                    execute probe_statement[p] into result;
                  else
                    execute probe_statement[p];
                    get diagnostics affected = row_count;
                    result := affected::text;
                  end if;
                  raise sqlstate '\(Self.finished.rawValue)';
                \(Self.caught())
                end;
                report := report || \(Self.record(number: "probe_number[p]", stage: "'\(Stage.probe.rawValue)'", result: "coalesce(result, '')"));
                reported := p;
              end loop;
              raise sqlstate '\(Self.finished.rawValue)';
            -- Past RLS00: the grant or the impersonation failed; one record for the group's probes not reported yet.
            \(Self.caught(then: "report := report || \(Self.record(number: "probe_number[reported + 1]", stage: "stage", result: "probe_number[group_last[g]]"));"))
            end;
          end loop;
          raise notice '\(Self.marker)%', report;
        end
        $rls_probe$
        """
    }

    /// The handler of a block that always raises: it keeps the SQLSTATE, and past ``finished`` (an
    /// error) the message and context, then runs `then`.
    private static func caught(then: String = "") -> String {
        "exception when others then get stacked diagnostics state = returned_sqlstate; "
            + "if state <> '\(finished.rawValue)' then get stacked diagnostics message = message_text, context = pg_exception_context; \(then) end if;"
    }

    /// One record of the report, each argument an SQL expression: a probe's, or a failed group's
    /// (its first probe not reported yet, `grant` or `group`, and its last probe in the result field).
    private static func record(number: String, stage: String, result: String) -> String {
        "concat_ws(e'\\x1f', \(number), \(stage), coalesce(state, ''), \(result), "
            + "translate(coalesce(message, ''), e'\\x1e\\x1f', '  '), translate(coalesce(context, ''), e'\\x1e\\x1f', '  ')"
            + ") || e'\\x1e'"
    }

    /// The first privilege `role` lacks of those a probe's statement needs on `table`, as text, or
    /// null when it holds them all: `schema` where it may not use the table's schema (a project that
    /// revokes `USAGE` on `public` from anon refuses with 42501 "permission denied for schema"),
    /// `table SELECT` where it lacks a privilege on the whole table (`columns[i]` null, or no column
    /// of the table has it), `column UPDATE credits` where it lacks it on a column while holding it
    /// on others. Each argument is an SQL expression: `privileges[i]` is asked on the whole table
    /// where `columns[i]` is null, else on that column. An unknown answer counts as held.
    static func missing(role: String, table: String, privileges: String, columns: String) -> String {
        """
        (select case when not coalesce(has_schema_privilege(\(role), (select c.relnamespace from pg_catalog.pg_class c where c.oid = (\(table))::regclass), 'USAGE'), true) then 'schema'
          else (select case when x.c is null or not coalesce(has_any_column_privilege(\(role), \(table), x.v), false) then 'table ' || x.v else 'column ' || x.v || ' ' || x.c end
                from unnest(\(privileges), \(columns)) with ordinality as x(v, c, n)
                where not coalesce(case when x.c is null then has_table_privilege(\(role), \(table), x.v) else has_column_privilege(\(role), \(table), x.c, x.v) end, true)
                order by x.n limit 1) end)
        """
    }

    /// ``missing(role:table:privileges:columns:)`` asked on its own, as a ``Refusal``: nil where
    /// `role` holds every privilege of `checks` (nil column: the whole table).
    static func missingPrivilege(
        role: String, table: TableName, checks: [(privilege: String, column: String?)], on connection: Connection
    ) throws -> Refusal? {
        let missing = Self.missing(
            role: quoteLiteral(role), table: quoteLiteral(table.sql), privileges: array(checks.map(\.privilege)),
            columns: array(checks.map(\.column)))
        let row = try connection.query("select \(missing) as missing").first
        return Refusal(missing: row?["missing"] ?? "", schema: table.schema)
    }

    /// What ``missingPrivileges(_:on:)`` asks for one refused probe: its key, its role, its table's
    /// OID and the privileges its statement needs (per column, nil for the whole table).
    typealias PrivilegeQuestion = (key: Int, role: String, table: UInt32, checks: [(privilege: String, column: String?)])

    /// ``missing(role:table:privileges:columns:)`` for many probes in one statement: for each
    /// question, the first privilege the role lacks, keyed by its key; absent where it holds them all.
    static func missingPrivileges(_ asked: [PrivilegeQuestion], on connection: Connection) throws -> [Int: String] {
        guard !asked.isEmpty else { return [:] }
        var from: [Int?] = []
        var to: [Int?] = []
        var privileges: [String?] = []
        var columns: [String?] = []
        for one in asked {
            from.append(privileges.count + 1)
            privileges += one.checks.map(\.privilege)
            columns += one.checks.map(\.column)
            to.append(privileges.count)
        }
        let missing = Self.missing(
            role: "asked.role", table: "asked.tbl", privileges: "($5::text[])[asked.f:asked.t]", columns: "($6::text[])[asked.f:asked.t]")
        let rows = try connection.query(
            """
            select asked.n::text as key, \(missing) as missing
            from unnest($1::integer[], $2::text[], $3::oid[], $4::integer[], $7::integer[]) as asked(n, role, tbl, f, t)
            """,
            [
                SQLArray(asked.map { Optional($0.key) }), SQLArray(asked.map { Optional($0.role) }),
                SQLArray(asked.map { Optional(String($0.table)) }), SQLArray(from), SQLArray(privileges), SQLArray(columns), SQLArray(to),
            ]
        ).rows
        var found: [Int: String] = [:]
        for row in rows {
            if let key = row["key"].flatMap(Int.init), let value = row["missing"], !value.isEmpty { found[key] = value }
        }
        return found
    }

    /// `array['a', null]::text[]`.
    static func array(_ items: [String?]) -> String {
        "array[\(items.map { $0.map(quoteLiteral) ?? "null" }.joined(separator: ", "))]::text[]"
    }

    /// Where in a block a report comes from.
    enum Stage: String {
        /// The group's grant failed (a policies-only probe): its probes did not run.
        case grant
        /// The group's impersonation failed: its probes did not run.
        case group
        /// The probe ran.
        case probe
    }

    /// What one probe reported.
    struct Report {
        var index: Int
        /// The grant or the impersonation failed, or the probe ran.
        var stage: Stage
        /// ``ProbeBlock/finished`` when the probe ran to its end, else the error's SQLSTATE.
        var state: SQLState
        var message: String
        /// The error's context (PG_DIAG_CONTEXT), its innermost frame first: more lines than the
        /// function's own mean a function raised it (see ``ProbeRunner/wrapperFrames``).
        var context: String
        /// The owners a SELECT returned (`alice+bob`) or the rows a write affected.
        var result: String
        /// The first privilege the persona lacked, asked after a 42501 by ``ProbeRunner``
        /// (``ProbeBlock/missingPrivileges(_:on:)``): empty where it held them all or they were not asked.
        var missing = ""

        /// How many lines the error's context has (0 for none).
        var frames: Int { context.isEmpty ? 0 : context.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count }

        /// The reports among `notices`, in order: each block's notice holds one record per probe
        /// (ended by U+001E), of six fields (separated by U+001F): index, stage, state, result, the
        /// error's message, its context. A group whose grant or impersonation
        /// failed sends one record (stage `grant` or `group`) for its probes from the index to the
        /// one in the result field; each of them gets that report.
        static func read(_ notices: [DatabaseNotice]) throws -> [Report] {
            var reports: [Report] = []
            for notice in notices where notice.message.hasPrefix(marker) {
                var message = notice.message
                // Byte by byte on the contiguous text: both separators are ASCII, and splitting
                // Characters or UTF-8 views of a long notice was a tenth of the check's own time.
                try message.withUTF8 { bytes in
                    var fields: [String] = []
                    fields.reserveCapacity(6)
                    var start = marker.utf8.count
                    for position in start...bytes.count {
                        let byte = position < bytes.count ? bytes[position] : probeSeparator
                        guard byte == fieldSeparator || byte == probeSeparator else { continue }
                        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
                        start = position + 1
                        guard byte == probeSeparator else { continue }
                        defer { fields.removeAll(keepingCapacity: true) }
                        if fields == [""] { continue }  // after the last record
                        try add(fields, to: &reports)
                    }
                }
            }
            return reports
        }

        /// One record's six fields as reports: one, or one per probe of a failed group.
        private static func add(_ fields: [String], to reports: inout [Report]) throws {
            guard fields.count == 6, let index = Int(fields[0]) else {
                throw CheckError("a probe's report could not be read: \(fields.joined(separator: " | "))")
            }
            guard let stage = Stage(rawValue: fields[1]) else {
                throw CheckError("a probe's report could not be read: \(fields.joined(separator: " | "))")
            }
            var report = Report(
                index: index, stage: stage, state: SQLState(rawValue: fields[2]), message: fields[4], context: fields[5], result: fields[3])
            guard report.stage != .probe else {
                reports.append(report)
                return
            }
            guard let last = Int(report.result) else {
                throw CheckError("a probe group's report could not be read: \(fields.joined(separator: " | "))")
            }
            report.result = ""
            for probe in stride(from: index, through: last, by: 1) {
                report.index = probe
                reports.append(report)
            }
        }
    }
}
