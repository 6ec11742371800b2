import RLSModel
import Testing

/// A grant list written out may hold only what the object has: Privilege also names a function's
/// `execute` and a schema's `create`, which a table's grant would fail on when applied.
@Suite struct GrantListValidationTests {
    @Test func aTableGrantOfAFunctionPrivilegeFailsBeforeAnyConnection() throws {
        let schema = Schema {
            Table("note") { Column("id", .bigint).primaryKey() }.grants([.anon: [.select, .execute]])
        }
        let errors = schema.validationErrors()
        try #require(errors.count == 1, "\(errors.map(\.description))")
        #expect(errors[0].kind == .invalidDeclaration)
        #expect(errors[0].description.contains("give anon execute, which a table does not have"), "\(errors[0])")
    }

    @Test func sequenceAndViewGrantListsAreCheckedToo() {
        let schema = Schema {
            Table("note") { Column("id", .bigint).identity().primaryKey() }.sequenceGrants([.authenticated: [.usage, .insert]])
            View("note_view", query: SQL(raw: "select id from public.note")).grants([.anon: [.select, .usage]])
        }
        let described = schema.validationErrors().map(\.description)
        #expect(described.contains { $0.contains("give authenticated insert, which a sequence does not have") }, "\(described)")
        #expect(described.contains { $0.contains("give anon usage, which a view does not have") }, "\(described)")
    }

    @Test func theLegacyAllGrantsPass() {
        let schema = Schema {
            Table("note") { Column("id", .bigint).identity().primaryKey() }
                .grants([.anon: Privilege.allTable]).sequenceGrants([.anon: Privilege.allSequence])
        }
        #expect(schema.validationErrors().isEmpty)
    }
}
