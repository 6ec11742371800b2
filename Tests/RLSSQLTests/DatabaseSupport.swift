import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport

extension Connection {
    /// Runs `body` as `role` (and, for a user, with that user's JWT claims) in a transaction
    /// that is always rolled back.
    func asRole<T>(_ role: String, user: String? = nil, _ body: (Connection) throws -> T) throws -> T {
        try execute("begin")
        defer { try? execute("rollback") }
        try execute("set local role \(quoteIdentifier(role))")
        if let user {
            let claims = "{\"sub\":\"\(user)\",\"role\":\"\(role)\"}"
            _ = try query("select set_config('request.jwt.claims', $1, true)", [claims])
        }
        return try body(self)
    }

    /// Applies SQL the way `rls apply` would: all of it in one transaction.
    func apply(_ sql: String) throws {
        try transaction { try $0.execute(sql) }
    }

    /// Inserts a user into auth.users as a sign-up would; returns its id.
    @discardableResult
    func signUp(_ id: String, email: String, name: String) throws -> String {
        try query(
            "insert into auth.users (id, email, raw_user_meta_data) values ($1::uuid, $2, jsonb_build_object('full_name', $3::text))",
            [id, email, name])
        return id
    }
}

/// The SQLSTATE of the error `body` throws, nil when it succeeds.
func sqlState(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as DatabaseError {
        return error.sqlState ?? "?"
    } catch {
        return "not a DatabaseError: \(error)"
    }
}
