import RLSCheck
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Rows a group member reaches under a members plan are named by their group.
extension AccessDiffTests {
    @Test func membersPlanWidenedToAdminsNamesTheirGroup() throws {
        let after = Teams.schema(courtWriters: ["admin", "owner"])
        let (_, before) = try TestDatabase.make()
        defer { before.close() }
        try before.execute("begin;\n" + render(Teams.schema(courtWriters: ["owner"])) + "\ncommit;")
        let (_, next) = try TestDatabase.make()
        defer { next.close() }
        try next.execute("begin;\n" + render(after) + "\ncommit;")
        let diff = AccessDiff(
            before: try AccessSnapshot.probe(after, on: before), after: try AccessSnapshot.probe(after, on: next), schema: after)
        #expect(
            diff.changes.map(\.sentence) == [
                "authenticated (admin) gains INSERT on public.court (rows of their organisation)",
                "authenticated (admin) gains UPDATE on public.court (rows of their organisation)",
                "authenticated (admin) gains DELETE on public.court (rows of their organisation)",
            ])
    }
}
