import Foundation
import RLSDatabase
import RLSModel

/// One schema of the real-world-shaped corpus in Tests/Corpus (see its README): the SQL a user
/// keeps in a migration folder, the kind of project it was made on, and what the round trip does
/// with it.
struct CorpusSchema: Sendable, CustomStringConvertible {
    /// The folder under Tests/Corpus, and (capitalised) the enum `rls pull` writes.
    var folder: String
    /// The default privileges of the project it was made on.
    var privileges: DefaultPrivileges = .none
    /// Tables whose rows `rls pull --data` carries into the baseline.
    var data: [String] = []
    /// The tightening edit: this table (`schema.name`) gets the owner plan on this column, its
    /// policies and grants replaced.
    var tighten: (table: String, ownerColumn: String)
    /// Classes of object (``CatalogSnapshot/queries`` names) whose replay is known to differ, and
    /// why: each is a known issue, which fails the test once it no longer differs.
    var pending: [String: String] = [:]

    var description: String { folder }
    var name: String { folder.prefix(1).uppercased() + folder.dropFirst() }

    /// The SQL files of the folder, in name order, joined.
    func sql() throws -> String {
        let directory = Self.root.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted()
        guard !files.isEmpty else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no .sql in \(directory.path)"])
        }
        return try files.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }

    /// The schema with its tightening edit.
    func tightened(_ schema: Schema) -> Schema {
        var schema = schema
        let parts = tighten.table.split(separator: ".").map(String.init)
        for index in schema.tables.indices where schema.tables[index].schema == parts[0] && schema.tables[index].name == parts[1] {
            schema.tables[index].policies = []
            schema.tables[index].overrides = TableOverrides()
            schema.tables[index] = schema.tables[index].access(.owner(column: tighten.ownerColumn))
        }
        return schema
    }

    /// Tests/Corpus, found from this file so a clean clone finds it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    static let all = [
        CorpusSchema(folder: "billing", tighten: ("public.usage_events", "user_id")),
        CorpusSchema(
            folder: "chat", privileges: .legacyGrantAll, data: ["public.role_permissions"], tighten: ("public.messages", "user_id")),
        CorpusSchema(
            folder: "accounts", data: ["app.config"], tighten: ("app.invitations", "invited_by_user_id")),
        CorpusSchema(folder: "library", tighten: ("public.collections", "owner_id")),
        CorpusSchema(
            folder: "hardened", privileges: .legacyGrantAll, tighten: ("public.accounts", "id")),
        CorpusSchema(folder: "journal", tighten: ("public.entries", "author_id")),
    ]
}
