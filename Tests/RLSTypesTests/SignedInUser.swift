import Foundation
import RLSDatabase

/// Runs SQL as a signed-in user the way PostgREST does for a request with their JWT: role
/// `authenticated`, the claims in `request.jwt.claims` (and the older `request.jwt.claim.sub`), all
/// transaction-local, so row-level security decides what they read and write.
struct SignedInUser {
    static let alice = SignedInUser(id: "a11ce000-0000-4000-8000-000000000001", email: "alice@rls-types.invalid")
    static let bob = SignedInUser(id: "b0b00000-0000-4000-8000-000000000002", email: "bob@rls-types.invalid")

    let id: String
    let email: String

    /// `body` inside a transaction as this user, committed when it returns.
    func run<T>(_ db: Connection, timeZone: String = "UTC", _ body: (Connection) throws -> T) throws -> T {
        try db.transaction { db in
            let claims = #"{"sub":"\#(id)","role":"authenticated","email":"\#(email)","aal":"aal1"}"#
            try db.query(
                "select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('timezone', $3, true)",
                [claims, id, timeZone])
            try db.execute("set local role authenticated")
            return try body(db)
        }
    }

    /// Inserts the JSON object `json` (an encoded `Insert`) into `table` as PostgREST does: only the
    /// object's keys are written, through `json_populate_record`, so the others take their defaults.
    func insert(_ json: String, into table: String, _ db: Connection) throws -> Int {
        let columns = try Self.keys(json).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: ", ")
        return try run(db) { db in
            try db.query(
                "insert into \(table) (\(columns)) select \(columns) from json_populate_record(null::\(table), $1::json)", [json]
            ).affectedRows
        }
    }

    /// Updates the rows of `table` matching `condition` with the JSON object `json` (an encoded `Update`).
    func update(_ json: String, table: String, where condition: String, _ db: Connection) throws -> Int {
        let columns = try Self.keys(json).map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: ", ")
        let many = try Self.keys(json).count > 1
        let target = many ? "(\(columns))" : columns
        let source = "(select \(columns) from json_populate_record(null::\(table), $1::json))"
        return try run(db) { db in
            try db.query("update \(table) set \(target) = \(source) where \(condition)", [json]).affectedRows
        }
    }

    /// The rows of `table` this user may read, as PostgREST renders them: `json_agg` of the rows.
    func rows(of table: String, orderBy: String, timeZone: String = "UTC", _ db: Connection) throws -> String {
        try run(db, timeZone: timeZone) { db in
            try db.query("select coalesce(json_agg(t order by \(orderBy)), '[]') as rows from \(table) as t").first!.string("rows")
        }
    }

    static func keys(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        return object.keys.sorted()
    }
}
