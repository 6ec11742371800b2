import RLSModel

// The one writer of `alter default privileges`: rendering, the change plan and the embedded
// cluster's Supabase shape all write through `DefaultPrivilege.sql`.

extension DefaultPrivilege {
    /// `alter default privileges [for role "r"] [in schema "s"] grant|revoke ... on <objects> to|from ...;`
    ///
    /// ```swift
    /// DefaultPrivilege.revoke(.execute, on: .functions, in: "public", from: .public).sql
    /// // alter default privileges in schema "public" revoke execute on functions from public;
    /// ```
    public var sql: String {
        let owner = forRole.map { " for role \(quoteIdentifier($0.name))" } ?? ""
        let scope = schema.map { " in schema \(quoteIdentifier($0))" } ?? ""
        let list = privileges.map(\.rawValue).joined(separator: ", ")
        let roles = roles.map(\.sql).joined(separator: ", ")
        switch action {
        case .grant:
            return "alter default privileges\(owner)\(scope) grant \(list) on \(objects.rawValue) to \(roles)"
                + (withGrantOption ? " with grant option;" : ";")
        case .revoke:
            return "alter default privileges\(owner)\(scope) revoke \(list) on \(objects.rawValue) from \(roles);"
        }
    }
}
