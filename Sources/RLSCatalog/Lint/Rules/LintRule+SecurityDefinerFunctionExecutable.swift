import RLSModel

extension LintRule {
    /// `anon-security-definer-function-executable` (warning; error when it reads tables with RLS):
    /// `anon` may call a SECURITY DEFINER function in an exposed schema, through `/rest/v1/rpc`. It
    /// runs as its owner, who bypasses RLS: whatever it reads or writes, anyone with the anon key does.
    ///
    ///     revoke execute on function "public"."all_notes"() from PUBLIC, "anon";
    public static let anonSecurityDefinerFunctionExecutable = LintRule(
        id: .anonSecurityDefinerFunctionExecutable, summary: "anon may call a SECURITY DEFINER function through the API.",
        splinter: ["0028_anon_security_definer_function_executable"]
    ) { catalog in
        definerExposure(catalog, role: .anon, rule: .anonSecurityDefinerFunctionExecutable)
    }

    /// `authenticated-security-definer-function-executable`: the same for every signed-in user
    /// (functions anon may call too are reported once, by the anon rule).
    ///
    ///     revoke execute on function "public"."all_notes"() from PUBLIC, "anon", "authenticated";
    public static let authenticatedSecurityDefinerFunctionExecutable = LintRule(
        id: .authenticatedSecurityDefinerFunctionExecutable,
        summary: "authenticated may call a SECURITY DEFINER function through the API.",
        splinter: ["0029_authenticated_security_definer_function_executable"]
    ) { catalog in
        definerExposure(catalog, role: .authenticated, rule: .authenticatedSecurityDefinerFunctionExecutable)
    }

    /// Functions `role` may call through the API. A helper in a schema other than `public` that
    /// policies call (`private.is_member_of(…)`) must stay executable by the roles those policies
    /// are for, so it is not reported; trigger functions cannot be called through the API.
    private static func definerExposure(_ catalog: Catalog, role: Role, rule: ID) -> [LintFinding] {
        let exposed = catalog.exposedSchemas
        return catalog.functions.filter { function in
            function.securityDefiner && function.result != "trigger" && exposed.contains(function.name.schema)
                && catalog.canExecute(role, function) && (role == .anon || !catalog.canExecute(.anon, function))
                && !(function.name.schema != "public" && catalog.isCalledByPolicies(function))
        }.map { function in
            let read = FunctionBody(definition: function.definition).tables(in: catalog)
            let bypassed = read.filter { catalog.table($0)?.rowSecurity == true && catalog.deniesSomeRows(to: role, of: $0) }
            let losing: [Role] = role == .anon ? [.public, .anon] : [.public, .anon, .authenticated]
            let keeping = (role == .anon ? [.authenticated, .serviceRole] : [Role.serviceRole]).filter {
                catalog.canExecute($0, function)
            }
            var fix = "revoke execute on \(function.keyword.lowercased()) \(function.sqlSignature) from \(Catalog.roleList(losing));"
            if !keeping.isEmpty {
                fix += "\ngrant execute on \(function.keyword.lowercased()) \(function.sqlSignature) to \(Catalog.roleList(keeping));"
            }
            let who = role == .anon ? "anyone with the anon key" : "every signed-in user"
            let reach =
                bypassed.isEmpty
                ? "it runs as its owner, bypassing RLS on whatever it touches"
                    + (read.isEmpty ? "" : " (today \(read.map(\.description).joined(separator: ", ")), which \(role) may read anyway)")
                : "it runs as its owner and reads \(bypassed.map(\.description).joined(separator: ", ")) past the policies: "
                    + "\(who) gets what those policies deny them"
            return LintFinding(
                rule: rule, level: bypassed.isEmpty ? .warning : .error, object: function.signature,
                message: "SECURITY DEFINER \(function.keyword.lowercased()) \(function.signature) is executable by \(role) "
                    + "(/rest/v1/rpc/\(function.name.name)): \(reach). Revoke EXECUTE from \(role) and PUBLIC"
                    + "\(keeping.isEmpty ? "" : " (the fix grants it back to \(keeping.map(\.name).joined(separator: " and ")), which hold it today)"), "
                    + "make it SECURITY INVOKER, or move it to a schema the API does not expose.",
                fix: fix
            )
        }
    }
}

extension Catalog {
    /// True when a policy's expression calls `function` by its qualified name.
    func isCalledByPolicies(_ function: Function) -> Bool {
        let call = "\(function.name.schema).\(function.name.name)("
        return policies.contains { ($0.using ?? "").contains(call) || ($0.withCheck ?? "").contains(call) }
    }
}
