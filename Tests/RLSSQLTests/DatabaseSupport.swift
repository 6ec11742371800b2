import Foundation
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport

extension Connection {
    /// Runs `body` as `role` (and, for a user, with that user's JWT claims) in a transaction
    /// that is always rolled back. The impersonation is `rls check`'s own (``Impersonation``).
    func asRole<T>(_ role: String, user: String? = nil, _ body: (Connection) throws -> T) throws -> T {
        let persona: Persona
        switch (role, user) {
        case ("anon", nil): persona = .anon
        case ("service_role", nil): persona = .serviceRole
        case ("authenticated", let id): persona = .user(Persona.User(name: "user", id: id ?? "", email: ""))
        default: throw DatabaseError(kind: .unexpectedResult, message: "asRole: \(role) is not an API role a test can become")
        }
        try execute("begin")
        defer { try? execute("rollback") }
        try execute(Impersonation.script(for: persona))
        return try body(self)
    }

    /// Applies SQL the way `rls apply` would: all of it in one transaction.
    func apply(_ sql: String) throws {
        try transaction { try $0.execute(sql) }
    }

    /// Inserts a user into auth.users as a sign-up would; returns its id.
    @discardableResult
    func signUp(_ id: String, email: String, name: String) throws -> String {
        try execute(AuthUsers.signUpSQL([AuthUsers.SignUp(id: id, email: email, fullName: name)]))
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
