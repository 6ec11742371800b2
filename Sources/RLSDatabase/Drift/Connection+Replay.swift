import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension Connection {
    /// Runs `scripts` on a throwaway database as `rls apply` would run them as migration files: the
    /// same statements, refusals and ``TransactionModel`` (enum values committed first, batches where
    /// a new type needs them), without history or lock. The DSL's rendering goes through here too.
    ///
    /// Throws ``DriftError`` naming the script and line of a refused or failing statement.
    func replay(_ scripts: [SQLScript]) throws {
        let statements = scripts.map { SQLStatement.split($0.sql) }
        for (script, list) in zip(scripts, statements) {
            if let refused = list.first(where: { $0.refusal != nil }), let refusal = refused.refusal {
                throw DriftError(
                    script: script.name,
                    message: "\(script.name.escapedForDisplay):\(refused.line): `\(refused.text.firstLineForDisplay)` "
                        + refusal.explanation)
            }
        }
        for batch in TransactionModel.batches(statements) {
            for (steps, enumValues) in [(batch.enumValues, true), (batch.main, false)] where !steps.isEmpty {
                try execute("BEGIN; SET LOCAL standard_conforming_strings = on")
                let texts = steps.map { step in
                    let statement = statements[step.file][step.statement]
                    return PipelineStatement(enumValues ? statement.repeatableEnumValueText : statement.text)
                }
                let outcome = try pipeline(texts)
                guard let failure = outcome.failure else {
                    try execute("COMMIT")
                    continue
                }
                try? execute("ROLLBACK")
                let step = steps[failure.index]
                let statement = statements[step.file][step.statement]
                let name = scripts[step.file].name
                let line = failure.error.position.map { statement.line(atCharacter: $0) } ?? statement.line
                throw DriftError(
                    script: name,
                    message: "\(name.escapedForDisplay) failed on a throwaway database at line \(line): \(failure.error.message)"
                        + (failure.error.sqlState.map { " (SQLSTATE \($0))" } ?? "")
                        + (failure.error.hint.map { " (hint: \($0))" } ?? ""),
                    underlying: failure.error)
            }
        }
    }
}
