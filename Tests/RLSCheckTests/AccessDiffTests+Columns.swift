import Foundation
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Column privileges in the access diff: a column grant replaced by a table-wide one, or a
/// table-wide grant covering added columns, is a widening named column by column.
@Suite struct ColumnWideningTests {
    /// Profiles every member reads; each user updates their own, every column (a table-wide grant).
    static func profile(isAdmin: Bool = true, updatable: [String]? = nil, acknowledging reason: String? = nil) -> Schema {
        var table = Table("profile") {
            Column("id", .uuid).default(.currentUserID).primaryKey().references(.authUsers, onDelete: .cascade)
            Column("display_name", .text)
            Column("avatar_url", .text)
            if isAdmin { Column("is_admin", .boolean).default(false) }
        }
        .access(select: .authenticated, update: .owner(column: "id"))
        if let updatable { table.updatableColumns = updatable }
        if let reason { table = table.expectsWidening(reason) }
        return Schema { table }
    }

    /// The database made by hand: only display_name and avatar_url may be updated.
    static let handMadeColumnGrants = """
        revoke update on public.profile from authenticated;
        grant update (display_name, avatar_url) on public.profile to authenticated;
        """

    static func diff(_ schema: Schema, before beforeSQL: String, after afterSQL: String) throws -> AccessDiff {
        let (_, before) = try TestDatabase.make()
        defer { before.close() }
        try before.execute("begin;\n" + beforeSQL + "\ncommit;")
        let (_, after) = try TestDatabase.make()
        defer { after.close() }
        try after.execute("begin;\n" + afterSQL + "\ncommit;")
        return AccessDiff(
            before: try AccessSnapshot.probe(schema, on: before), after: try AccessSnapshot.probe(schema, on: after), schema: schema)
    }

    @Test func columnGrantsReplacedByATableWideGrantAreAWidening() throws {
        let schema = Self.profile()
        let diff = try Self.diff(schema, before: render(schema) + Self.handMadeColumnGrants, after: render(schema))
        let columns = diff.changes.filter { !$0.columns.isEmpty }
        #expect(columns.map(\.sentence) == ["authenticated gains UPDATE on columns id, is_admin of public.profile"], "\(diff.text)")
        #expect(diff.unacknowledgedWidenings.contains(columns[0]))
        #expect(diff.text.contains("  + authenticated gains UPDATE on columns id, is_admin of public.profile"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(diff.json.utf8)) as? [String: Any])
        let listed = try #require(json["changes"] as? [[String: Any]]).compactMap { $0["columns"] as? [String] }.filter { !$0.isEmpty }
        #expect(listed == [["id", "is_admin"]], "\(diff.json)")
        #expect(diff.markdown.contains("- `authenticated gains UPDATE on columns id, is_admin of public.profile` — **not acknowledged**"))
    }

    @Test func aTableWideGrantCoveringAnAddedColumnIsAWidening() throws {
        let old = render(Self.profile(isAdmin: false))
        let diff = try Self.diff(
            Self.profile(), before: old, after: old + "\nalter table public.profile add column is_admin boolean default false;")
        #expect(diff.changes.map(\.sentence) == ["authenticated gains UPDATE on column is_admin of public.profile"], "\(diff.text)")
        #expect(diff.unacknowledgedWidenings.count == 1)
        #expect(diff.notes.isEmpty, "the rows are compared without the new column on the side that lacks it: \(diff.notes)")
    }

    @Test func theWideningConfirmationAcknowledgesIt() throws {
        let schema = Self.profile(acknowledging: "admins edit their own flag")
        let diff = try Self.diff(schema, before: render(schema) + Self.handMadeColumnGrants, after: render(schema))
        #expect(diff.changes.contains { !$0.columns.isEmpty && $0.acknowledgement == "admins edit their own flag" })
        #expect(diff.unacknowledgedWidenings.isEmpty, "\(diff.text)")
    }

    @Test func keepingTheColumnGrantsIsNoChange() throws {
        let schema = Self.profile(updatable: ["display_name", "avatar_url"])
        let diff = try Self.diff(schema, before: render(Self.profile()) + Self.handMadeColumnGrants, after: render(schema))
        #expect(diff.changes.isEmpty, "\(diff.text)")
    }

    @Test func narrowingIsNoGain() throws {
        let schema = Self.profile()
        let diff = try Self.diff(schema, before: render(schema), after: render(schema) + Self.handMadeColumnGrants)
        #expect(diff.changes.allSatisfy { $0.direction == .loses }, "\(diff.text)")
    }
}
