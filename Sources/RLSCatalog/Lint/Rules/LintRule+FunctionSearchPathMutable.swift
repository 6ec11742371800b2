extension LintRule {
    /// `function-search-path-mutable` (warning): a function running as its caller has no fixed
    /// `search_path`, so what its names mean depends on the session (a trigger function runs in
    /// every writer's session). SECURITY DEFINER functions are `security-definer-search-path`.
    ///
    ///     alter function "public"."touch"() set search_path = '';
    public static let functionSearchPathMutable = LintRule(
        id: .functionSearchPathMutable,
        summary: "A function (running as its caller) has no fixed search_path.", splinter: ["0011_function_search_path_mutable"]
    ) { catalog in
        catalog.functions.filter { !$0.securityDefiner && $0.searchPath == nil }.map { function in
            let fix = function.searchPathFix(in: catalog)
            return LintFinding(
                rule: .functionSearchPathMutable, level: .warning, object: function.signature,
                message:
                    "\(function.isProcedure ? "Procedure" : "Function") \(function.signature) has no fixed search_path: the names in it resolve through "
                    + "the caller's path, which a session can change." + fix.note,
                fix: fix.sql,
                dslFix: "Function(…) compiles with set search_path = '' already: write schema-qualified names in its body"
            )
        }
    }
}
