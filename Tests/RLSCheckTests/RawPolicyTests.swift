import RLSCheck
import RLSModel
import Testing

/// Hand-written policies are judged only by their declared expectations; without any they are unverified.
@Suite struct RawPolicyTests {
    static func notes(_ policy: Policy) -> Schema {
        Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
                Column("body", .text)
                policy
            }
            .access(insert: .owner(column: "author_id"), update: .owner(column: "author_id"), delete: .owner(column: "author_id"))
        }
    }

    static let readAll = Policy("signed-in users read notes", for: .select, to: [.authenticated], using: SQL(raw: "true"))

    @Test func policyWithoutExpectationsIsUnverifiedNotPassed() throws {
        let schema = Self.notes(Self.readAll)
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        let unverified = report.unverified
        #expect(Set(unverified.map(\.probe.persona.description)) == ["alice", "bob"])
        #expect(unverified.allSatisfy { $0.probe.operation == .select })
        #expect(report.passed, "unverified is reported, not failed")
        #expect(MatrixReport(report).text.contains("alice+bob ?"))
        #expect(TAPReport(report).text.contains(#"# SKIP unverified: policy "signed-in users read notes" declares no expectation"#))
        #expect(JUnitReport(report).text.contains("<skipped message="))
    }

    @Test func declaredExpectationIsVerified() throws {
        let schema = Self.notes(Self.readAll.expects(.everyRow))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(report.unverified.isEmpty)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    @Test func wrongExpectationIsAMismatch() throws {
        let schema = Self.notes(Self.readAll.expects(.ownRows))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        let selects = report.mismatches.filter { $0.probe.operation == .select }
        #expect(Set(selects.map(\.probe.persona.description)) == ["alice", "bob"])
        #expect(selects.allSatisfy { $0.observed == .rows([.alice, .bob]) })
    }
}
