import RLSCheck
import RLSModel
import RLSSQL
import Testing

/// Views are compared too: who may read each view, from a read by each persona in the same check.
extension AccessDiffTests {
    /// The shelf with a view of genre names that signed-in users read (it runs as its caller, and
    /// anon reads genre, so a grant on the view alone lets anon in).
    static func shelfWithView() -> Schema {
        var schema = shelf()
        schema.views = [View("genre_names", readableBy: [.authenticated], query: SQL(raw: "select name from public.genre"))]
        return schema
    }

    @Test func viewGrantWidenedToAnon() throws {
        let diff = try Self.diff(Self.shelfWithView(), afterSQL: "grant select on public.genre_names to anon;")
        #expect(diff.changes.map(\.sentence) == ["anon gains SELECT on public.genre_names (the view)"])
        #expect(diff.unacknowledgedWidenings.count == 1)
    }

    @Test func viewGrantRevokedIsALoss() throws {
        let diff = try Self.diff(Self.shelfWithView(), afterSQL: "revoke select on public.genre_names from authenticated;")
        #expect(diff.changes.map(\.sentence) == ["authenticated loses SELECT on public.genre_names (the view)"])
        #expect(diff.unacknowledgedWidenings.isEmpty)
    }

    @Test func unchangedViewHasNoChanges() throws {
        let diff = try Self.diff(Self.shelfWithView(), afterSQL: "")
        #expect(diff.changes.isEmpty, "\(diff.text)")
    }
}
