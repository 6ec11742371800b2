import RLSCheck
import RLSModel
import Testing

/// The hand-over probe (one's own row rewritten to belong to the other user) follows the plan, or
/// the `handOver:` a hand-written policy declares with `.expects(_:handOver:)`.
@Suite struct HandOverExpectationTests {
    /// Notes every signed-in user reads (PostgreSQL applies SELECT policies to an UPDATE's new row
    /// too, so a row given away must stay readable), written by their author; UPDATE decided by `policy`.
    static func notes(_ policy: Policy) -> Schema {
        Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
                Column("body", .text)
                policy
            }
            .access(select: .authenticated, insert: .owner(column: "author_id"), delete: .owner(column: "author_id"))
        }
    }

    /// Lets authors change their notes into anyone's: `with check (true)`.
    static let givesAway = Policy(
        "authors pass notes on", for: .update, to: [.authenticated],
        using: SQL(raw: "author_id = (select auth.uid())"), withCheck: SQL(raw: "true"))
    /// Keeps notes with their author: the check is the using clause.
    static let keeps = Policy(
        "authors edit notes", for: .update, to: [.authenticated], using: SQL(raw: "author_id = (select auth.uid())"))

    static func handOvers(_ report: CheckReport) -> [CheckedProbe<Probe>] {
        report.results.filter { if case .handOver(let from, _) = $0.probe.target { from == $0.probe.persona.fixtureOwner } else { false } }
    }

    @Test func givingAwayWithoutTheExpectationIsAMismatch() throws {
        let schema = Self.notes(Self.givesAway.expects(.ownRows))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        let handOvers = Self.handOvers(report)
        #expect(Set(handOvers.map(\.probe.persona.description)) == ["alice", "bob"])
        #expect(
            handOvers.allSatisfy { $0.verdict == .mismatch && $0.expected == .outcome(.rejectedByWithCheck) && $0.observed == .allowed })
        #expect(!report.passed)
    }

    @Test func givingAwayWithTheExpectationPasses() throws {
        let schema = Self.notes(Self.givesAway.expects(.ownRows, handOver: .allowed))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(Self.handOvers(report).count == 2)
        #expect(Self.handOvers(report).allSatisfy { $0.expected == .outcome(.allowed) && $0.observed == .allowed })
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    @Test func expectedHandOverThatIsRefusedShowsTheServerMessage() throws {
        let schema = Self.notes(Self.keeps.expects(.ownRows, handOver: .allowed))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        let handOvers = Self.handOvers(report)
        #expect(handOvers.count == 2)
        #expect(handOvers.allSatisfy { $0.verdict == .mismatch && $0.observed == .rejectedByWithCheck })
        #expect(handOvers.allSatisfy { $0.note?.contains("server: 42501") == true })
        #expect(MatrixReport(report).text.contains("server: 42501"))
        #expect(report.mismatches.count == 2, "only the hand-overs: \(MatrixReport(report).text)")
    }

    @Test func deniedHandOverMatchesAKeepingPolicy() throws {
        let schema = Self.notes(Self.keeps.expects(.ownRows, handOver: .denied))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(Self.handOvers(report).allSatisfy { $0.expected == .outcome(.rejectedByWithCheck) && $0.verdict == .pass })
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}
