import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension Connection {
    /// Runs `scripts` on a throwaway database as `rls apply` would run them as migration files: the
    /// same statements, refusals and ``TransactionModel`` (enum values committed first, batches where
    /// a new type needs them), without history or lock. The DSL's rendering goes through here too.
    ///
    /// With `leavingOutFinalRows`, for a caller that only reads the catalog afterwards and runs
    /// nothing more: the `INSERT … VALUES` statements of literals that end the scripts (a seed file
    /// of 50 MB) are not sent when every table they fill can only store a row (no trigger, rule or
    /// function of the project's own runs on an insert; not in `storage`, whose bucket rows the
    /// catalog reads). Nothing runs after them that could see their rows, and they change nothing
    /// else, so the catalog is the same. What is lost is only their own failure (a duplicate key, a
    /// bad value): `rls apply --dry-run` runs them on the target.
    ///
    /// With `committingEvery`, for a build whose failure only sends its caller to another build that
    /// runs in one transaction (a half of a large schema, ``DesiredBuild``): a batch's statements are
    /// committed that many at a time. The server then rebuilds what a statement changes of the
    /// tables it created only when they are next used, not at every statement of the transaction
    /// that created them (7-8% of the server's time building 500 tables). Only for statements whose
    /// effect does not end with their transaction (``DesiredStatement/outlivesItsTransaction``: no
    /// `set local`).
    ///
    /// Throws ``DriftError`` naming the script and line of a refused or failing statement.
    func replay(_ scripts: [SQLScript], leavingOutFinalRows: Bool = false, committingEvery: Int? = nil) throws {
        let statements = scripts.map(\.statements)
        for (script, list) in zip(scripts, statements) {
            if let refused = list.first(where: { $0.refusal != nil }), let refusal = refused.refusal {
                throw DriftError(
                    script: script.name,
                    message: "\(script.name.escapedForDisplay):\(refused.line): `\(refused.text.firstLineForDisplay)` "
                        + refusal.explanation)
            }
        }
        let batches = TransactionModel.batches(statements)
        for (number, batch) in batches.enumerated() {
            for (steps, enumValues) in [(batch.enumValues, true), (batch.main, false)] where !steps.isEmpty {
                try execute(Self.begin)
                let final =
                    leavingOutFinalRows && !enumValues && number == batches.count - 1
                    ? steps.reversed().prefix { statements[$0.file][$0.statement].literalRowsTable != nil }.count : 0
                let group = committingEvery.map { max($0, 1) } ?? steps.count
                for start in stride(from: steps.startIndex, to: steps.endIndex - final, by: group) {
                    if start > steps.startIndex { try execute("COMMIT; " + Self.begin) }
                    try run(
                        steps[start..<min(start + group, steps.endIndex - final)], of: scripts, statements, enumValues: enumValues,
                        first: true)
                }
                let rows = steps.suffix(final)
                let tables = Set(rows.compactMap { statements[$0.file][$0.statement].literalRowsTable })
                if !rows.isEmpty, try !tables.allSatisfy(onlyTakesRows) {
                    try run(rows, of: scripts, statements, enumValues: enumValues)
                }
                try execute("COMMIT")
            }
        }
    }

    /// How a replay's transaction starts: strings read as the SQL standard says, whatever the
    /// database's default (the scanner that split the statements reads them so).
    private static let begin = "BEGIN; SET LOCAL standard_conforming_strings = on"

    /// About how much SQL one message of ``run(_:of:_:enumValues:first:)``'s fast path holds.
    private static let messageBytes = 1 << 20

    /// Whether `text` names `standard_conforming_strings` or `backslash_quote` (in any case): a
    /// statement that may change how the server reads the strings of the statements after it. Looks
    /// at the bytes around each `_` only (every statement is asked, 10,000 of them at 1,000 tables).
    private static func changesHowStringsAreRead(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            func holds(_ word: StaticString, at start: Int) -> Bool {
                guard start >= 0, start + word.utf8CodeUnitCount <= bytes.count else { return false }
                for offset in 0..<word.utf8CodeUnitCount {
                    let byte = bytes[start + offset]
                    let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    if folded != word.utf8Start[offset] { return false }
                }
                return true
            }
            for index in bytes.indices where bytes[index] == UInt8(ascii: "_") {
                if holds("_conforming_strings", at: index) || holds("backslash_quote", at: index - 9) { return true }
            }
            return false
        }
    }

    /// Runs `steps` in the open transaction; on a failure rolls it back and throws ``DriftError``.
    ///
    /// When they are the `first` of the transaction, they go as a few messages of many statements
    /// each (the simple protocol): the server runs a large script's statements with less work around
    /// each than a pipeline of one extended-protocol statement each (a portal made and dropped for
    /// each, and the locks of the whole transaction handed over every time). A failure there says
    /// nothing of which statement failed, so the transaction starts again and the steps run as a
    /// pipeline, which names it. The server reads every statement of a message before it runs the
    /// first, so steps that change how strings are read (`standard_conforming_strings`,
    /// `backslash_quote`) always run as a pipeline, where each is read after the one before ran.
    private func run(
        _ steps: ArraySlice<TransactionModel.Step>, of scripts: [SQLScript], _ statements: [[SQLStatement]], enumValues: Bool,
        first: Bool = false
    ) throws {
        guard !steps.isEmpty else { return }
        let texts = steps.map { step in
            let statement = statements[step.file][step.statement]
            return enumValues ? statement.repeatableEnumValueText : statement.text
        }
        if first, !texts.contains(where: Self.changesHowStringsAreRead) {
            do {
                var message = ""
                for text in texts {
                    message += text + ";\n"
                    if message.utf8.count >= Self.messageBytes {
                        try execute(message)
                        message = ""
                    }
                }
                if !message.isEmpty { try execute(message) }
                return
            } catch let error as DatabaseError where error.kind != .connectionLost {
                try execute("ROLLBACK; " + Self.begin)
            }
        }
        let outcome = try pipeline(texts.map { PipelineStatement($0) })
        guard let failure = outcome.failure else { return }
        try? execute("ROLLBACK")
        let step = steps[steps.startIndex + failure.index]
        let statement = statements[step.file][step.statement]
        let name = scripts[step.file].name
        let line = failure.error.position.map { statement.line(atCharacter: $0) } ?? statement.line
        if let missing = MissingExtension(statement.text, failure.error) {
            let major = try? query("select current_setting('server_version_num')::int / 10000 as major").rows.first?.int("major")
            throw DriftError(
                script: name, message: missing.message(script: name, line: line, major: major ?? 15), underlying: failure.error)
        }
        throw DriftError(
            script: name,
            message: "\(name.escapedForDisplay) failed on a throwaway database at line \(line): \(failure.error.message)"
                + (failure.error.sqlState.map { " (SQLSTATE \($0))" } ?? "")
                + (failure.error.hint.map { " (hint: \($0))" } ?? ""),
            underlying: failure.error)
    }

    /// Whether the table `name` (folded name parts, resolved as an `INSERT` resolves it) exists as a
    /// plain table outside `storage` on which a row can only be stored: no trigger, rule or forced
    /// row level security, no column of a domain type, and no default, constraint or index that
    /// calls a function of the project's own.
    private func onlyTakesRows(_ name: [String]) throws -> Bool {
        let result = try query(
            """
            select count(*) as plain from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.oid = to_regclass(concat_ws('.', quote_ident($1::text), quote_ident($2::text)))
              and c.relkind = 'r' and n.nspname <> 'storage' and not c.relforcerowsecurity
              and not exists (select from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal)
              and not exists (select from pg_rewrite r where r.ev_class = c.oid)
              and not exists (
                select from pg_attribute a join pg_type ty on ty.oid = a.atttypid
                where a.attrelid = c.oid and a.attnum > 0 and ty.typtype = 'd')
              and not exists (
                select from pg_depend d join pg_proc p on p.oid = d.refobjid
                where d.refclassid = 'pg_proc'::regclass and p.pronamespace <> 'pg_catalog'::regnamespace
                  and ((d.classid = 'pg_attrdef'::regclass and d.objid in (select oid from pg_attrdef where adrelid = c.oid))
                    or (d.classid = 'pg_constraint'::regclass and d.objid in (select oid from pg_constraint where conrelid = c.oid))
                    or (d.classid = 'pg_class'::regclass and d.objid in (select indexrelid from pg_index where indrelid = c.oid))))
            """,
            Array((name.map { $0 as SQLParameter? } + [nil, nil]).prefix(2)))
        return try result.rows.first?.int("plain") == 1
    }
}
