import RLSModel

/// A policy as the database holds it (`pg_policies`), for explaining mismatches.
struct LivePolicy: Sendable, Hashable {
    var table: TableName
    var name: String
    var isPermissive: Bool
    var roles: [String]
    /// `SELECT`, `INSERT`, `UPDATE`, `DELETE` or `ALL`.
    var command: String
    var using: String?
    var withCheck: String?

    /// Whether it applies to `role` doing `operation` (`TO public` applies to every role).
    func applies(to role: String, _ operation: Operation) -> Bool {
        (command == "ALL" || command == operation.rawValue.uppercased()) && (roles.contains(role) || roles.contains("public"))
    }

    /// `policy "update_owner" (permissive, for UPDATE, to authenticated) using (...) with check (...)`.
    var summary: String {
        var text =
            "policy \"\(name)\" (\(isPermissive ? "permissive" : "restrictive"), for \(command), to \(roles.joined(separator: ", ")))"
        if let using { text += " using (\(using.singleLine))" }
        if let withCheck { text += " with check (\(withCheck.singleLine))" }
        return text
    }
}
