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

/// Issue 31: a grant option goes with the privilege, and never to PUBLIC (Postgres refuses
/// `grant ... to public with grant option`, 0LP01): validation says so before any connection.
@Suite struct GrantOptionValidationTests {
    @Test func anOptionWithoutItsPrivilegeOrForPublicIsRefused() {
        let schema = Schema {
            Table("note") { Column("id", .bigint).identity().primaryKey() }
                .grants([.authenticated: [.select], .public: [.select]])
                .withGrantOption([.authenticated: [.select, .insert], .public: [.select]], sequences: [.anon: [.usage]])
            View("note_view", readableBy: [.authenticated], query: SQL(raw: "select id from public.note"))
                .withGrantOption([.anon: [.select]])
            Function("add_one", arguments: "integer", definition: SQL(raw: "create function ..."), executableBy: [.anon])
                .withGrantOption(execute: [.authenticated])
        }
        let described = schema.validationErrors().map(\.description)
        #expect(described.count == 5, "\(described)")
        #expect(
            described.contains {
                $0.contains("table public.note gives authenticated the grant option for insert without granting it insert")
            },
            "\(described)")
        #expect(
            described.contains {
                $0.contains("table public.note gives public the grant option for select, which Postgres never gives to PUBLIC")
            },
            "\(described)")
        #expect(
            described.contains { $0.contains("the sequences of table public.note gives anon the grant option for usage") }, "\(described)")
        #expect(described.contains { $0.contains("view public.note_view gives anon the grant option for select") }, "\(described)")
        #expect(
            described.contains { $0.contains("function public.add_one gives authenticated the grant option for execute") }, "\(described)")
    }

    @Test func anOptionOnWhatThePlansOrTheListGrantPasses() {
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).serial().primaryKey()
                Column("owner_id", .uuid).default(.currentUserID)
            }
            .access(read: .authenticated, write: .owner(column: "owner_id"))
            .withGrantOption([.authenticated: [.select, .insert], .serviceRole: [.delete]], sequences: [.authenticated: [.usage]])
            View("note_view", query: SQL(raw: "select id from public.note")).grants([.anon: [.select, .insert]])
                .withGrantOption([.anon: [.insert]])
            Function("add_one", arguments: "integer", definition: SQL(raw: "create function ..."), executableBy: [.anon])
                .withGrantOption(execute: [.anon])
        }
        #expect(schema.validationErrors().map(\.description) == [])
    }
}
