extension LintRule {
    /// `security-definer-search-path` (error): a SECURITY DEFINER function runs with its owner's
    /// rights but resolves names through the caller's `search_path`, so a caller who can create an
    /// object earlier on that path (a table or function of the same name) runs code as the owner.
    ///
    ///     alter function "public"."handle_new_user"() set search_path = '';
    public static let securityDefinerSearchPath = LintRule(
        id: .securityDefinerSearchPath,
        summary: "A SECURITY DEFINER function has no fixed search_path.", splinter: ["0011_function_search_path_mutable"]
    ) { catalog in
        catalog.functions.filter { $0.securityDefiner && $0.searchPath == nil }.map { function in
            let fix = function.searchPathFix(in: catalog)
            return LintFinding(
                rule: .securityDefinerSearchPath, level: .error, object: function.signature,
                message: "SECURITY DEFINER \(function.keyword.lowercased()) \(function.signature) has no fixed search_path: it runs as its "
                    + "owner but finds tables and functions through the caller's path." + fix.note,
                fix: fix.sql,
                dslFix: "Function(…) compiles with set search_path = '' already: write schema-qualified names in its body"
            )
        }
    }
}
