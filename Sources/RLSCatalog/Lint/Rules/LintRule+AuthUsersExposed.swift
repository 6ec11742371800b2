import RLSModel

extension LintRule {
    /// `auth-users-exposed` (error): a view or materialized view over `auth.users` that the API
    /// roles may read: e-mail addresses, phone numbers and metadata of every user.
    ///
    ///     revoke select on table "public"."members" from "anon", "authenticated";
    public static let authUsersExposed = LintRule(
        id: .authUsersExposed,
        summary: "A view or materialized view over auth.users is readable by anon or authenticated.",
        splinter: ["0002_auth_users_exposed"]
    ) { catalog in
        catalog.views.filter(\.readsAuthUsers).compactMap { view -> LintFinding? in
            let readers = catalog.apiRoles(holding: .select, on: view.name).map(\.name)
            guard !readers.isEmpty else { return nil }
            let grantees = catalog.apiPrivileges(on: view.name).filter { $0.value.contains(.select) }.keys.sorted(by: Role.byName)
            return LintFinding(
                rule: .authUsersExposed, level: .error, object: view.name.description,
                message:
                    "\(view.isMaterialized ? "Materialized view" : "View") \(view.name) reads auth.users and \(readers.joined(separator: ", ")) may select from it: "
                    + "the API hands out users' e-mail addresses, phones and metadata. Revoke the API roles' SELECT and copy what "
                    + "clients need into a table with policies (a profiles table filled by a trigger).",
                fix: grantees.isEmpty ? nil : "revoke select on table \(view.name.sql) from \(Catalog.roleList(grantees));"
            )
        }
    }
}
