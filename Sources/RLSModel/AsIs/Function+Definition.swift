extension Function {
    /// A function kept exactly as an existing database defines it (`rls pull` writes these): its
    /// complete `create or replace function` statement, which may lack a fixed `search_path`
    /// (`rls lint` reports a SECURITY DEFINER one), and the roles that may execute it, `.public`
    /// included (Postgres's own default).
    ///
    /// ```swift
    /// Function("handle_new_user", arguments: "", definition: SQL(raw: """
    ///     CREATE OR REPLACE FUNCTION public.handle_new_user() RETURNS trigger LANGUAGE plpgsql AS $function$ ... $function$
    ///     """), executableBy: [.public, .anon, .authenticated, .serviceRole])
    /// // CREATE OR REPLACE FUNCTION public.handle_new_user() ...;
    /// // revoke all on function "public"."handle_new_user"() from public, "anon", "authenticated", "service_role";
    /// // grant execute on function "public"."handle_new_user"() to public, "anon", "authenticated", "service_role";
    /// ```
    public init(
        _ name: String, schema: String = "public", arguments: String, definition: SQL, executableBy: [Role] = [],
        comment: String? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.init(
            name, schema: schema, returns: .void, executableBy: executableBy, comment: comment,
            body: SQL(raw: ""), fileID: fileID, line: line)
        self.definition = definition
        self.definedArguments = arguments
    }
}
