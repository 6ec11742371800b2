extension LintRule {
    /// `dynamic-sql-without-quoting` (warning): a PL/pgSQL function runs `EXECUTE` on text built by
    /// concatenation (or `format` with `%s`) without `%I`/`%L`, `quote_ident` or `quote_literal`: a
    /// value with a quote in it rewrites the statement (SQL injection, as the function's owner when
    /// it is SECURITY DEFINER).
    ///
    ///     execute format('select count(*) from %I.%I where id = $1', schema_name, table_name) using id;
    public static let dynamicSQLWithoutQuoting = LintRule(
        id: .dynamicSQLWithoutQuoting, summary: "A function builds dynamic SQL without quoting what it splices in."
    ) { catalog in
        catalog.functions.compactMap { function -> LintFinding? in
            let statements = FunctionBody(definition: function.definition).unquotedDynamicSQL
            guard !statements.isEmpty else { return nil }
            return LintFinding(
                rule: .dynamicSQLWithoutQuoting, level: function.securityDefiner ? .error : .warning, object: function.signature,
                message: "\(function.isProcedure ? "Procedure" : "Function") \(function.signature) runs dynamic SQL built without quoting "
                    + "(execute \(statements.joined(separator: "; execute "))): a value containing a quote rewrites the statement"
                    + "\(function.securityDefiner ? ", with its owner's rights" : ""). Build it with format('%I', …) for names, pass "
                    + "values with USING $1, or quote_ident/quote_literal."
            )
        }
    }
}
