import RLSModel
import Testing

/// A policy with neither `using` nor `withCheck` is refused, unless it is acknowledged as a
/// production policy kept as it is (Postgres accepts `create policy p on t` without a condition).
@Suite struct PolicyWithoutConditionTests {
    static func notes(_ policy: Policy) -> Schema {
        Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                policy
            }
        }
    }

    @Test func isRefusedNamingTheAcknowledgement() throws {
        let errors = Self.notes(Policy("p", to: [.authenticated])).validationErrors()
        try #require(errors.count == 1, "\(errors)")
        #expect(errors[0].message.contains("has neither using nor withCheck"))
        #expect(errors[0].message.contains(".withoutCondition(acknowledged:"), "\(errors[0].message)")
    }

    @Test func anAcknowledgedPolicyIsAccepted() {
        let policy = Policy("p", to: [.authenticated]).withoutCondition(acknowledged: "production policy, pulled as it is")
        #expect(policy.withoutConditionAcknowledgement == "production policy, pulled as it is")
        #expect(Self.notes(policy).validationErrors().isEmpty)
    }
}
