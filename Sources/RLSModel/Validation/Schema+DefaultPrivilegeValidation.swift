extension Schema {
    /// Mistakes in ``DefaultPrivilege`` declarations: no privilege or role, a privilege the kind of
    /// object does not have, `in:` with schemas, one of Supabase's schemas, or a role hosted
    /// Supabase does not let `postgres` act for.
    func defaultPrivilegeErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        for declared in defaultPrivileges {
            let subject = TableName(schema: declared.schema ?? "", name: "")
            func fail(_ message: String) {
                errors.append(ValidationError(.invalidDeclaration, table: subject, column: nil, source: declared.source, message))
            }
            let what = "default privileges on \(declared.objects.rawValue)"
            if declared.privileges.isEmpty { fail("\(what) name no privilege; name at least one (or .all)") }
            if declared.roles.isEmpty { fail("\(what) name no role; name at least one (.public for PUBLIC)") }
            let allowed = declared.objects.privileges + [.all]
            for privilege in declared.privileges where !allowed.contains(privilege) {
                fail(
                    "\(declared.objects.rawValue) have no \(privilege.rawValue) privilege; use one of "
                        + allowed.map(\.rawValue).joined(separator: ", "))
            }
            if declared.objects == .schemas, declared.schema != nil {
                fail("default privileges on schemas apply everywhere: remove in: \"\(declared.schema!)\" (Postgres refuses IN SCHEMA here)")
            }
            if let schema = declared.schema, SupabaseSchemas.owns(schema) {
                fail(
                    "schema \(schema) belongs to Supabase, whose services set its default privileges; declare them only for public or a schema of yours"
                )
            }
            if let owner = declared.forRole, SupabaseRoles.isSupabases(owner.name) {
                fail(
                    "\(owner.name) is Supabase's role: on hosted Supabase, postgres may not alter its default privileges; "
                        + "drop forRole (the role that runs the migrations) or name a role of yours")
            }
            if declared.action == .revoke, declared.withGrantOption {
                fail("with grant option applies to grants only; revoke the privilege itself")
            }
            errors += identifierErrors(
                [declared.schema, declared.forRole?.name].compactMap { $0 } + declared.roles.map(\.name), table: subject, column: nil,
                declared.source)
            if Set(declared.roles).count != declared.roles.count { fail("\(what) list a role twice; list each once") }
        }
        return errors
    }
}
