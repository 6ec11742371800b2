import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Introspection")
struct IntrospectionTests {
    @Test func readsEverythingTheSchemaDeclares() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(MiniSupabaseSchema.sql)
        let catalog = try db.introspectCatalog()

        #expect(catalog.schemas.map(\.name) == ["private"])
        #expect(catalog.enums.map(\.labels) == [["car", "bike", "scooter"]])
        #expect(catalog.tables.map(\.name.description) == ["public.brand", "public.listing", "public.patron", "public.saved"])
        let listing = try #require(catalog.table(QualifiedName(schema: "public", name: "listing")))
        #expect(listing.rowSecurity)
        #expect(listing.column("id")?.generation == .identityAlways)
        #expect(listing.column("kind")?.type == "public.vehicle_kind")
        #expect(listing.column("kind")?.default == "'car'::public.vehicle_kind")
        #expect(listing.column("title")?.comment == "Shown on the welcome page.")
        #expect(listing.constraints.map(\.kind).contains(.foreignKey))
        let saved = try #require(catalog.table(QualifiedName(schema: "public", name: "saved")))
        #expect(saved.indexes.map(\.name) == ["saved_patron_id_idx"])
        #expect(saved.referencedTables.map(\.description) == ["public.listing", "public.patron"])

        let owner = try #require(catalog.policies.first { $0.name == "owner reads saved" })
        #expect(owner.command == .select)
        #expect(owner.roles == [.authenticated])
        #expect(owner.using == "(( SELECT auth.uid() AS uid) = patron_id)")
        #expect(owner.dependencies.contains(ColumnReference(relation: saved.name, column: "patron_id")))

        #expect(catalog.views.first?.options == ["security_invoker=true"])
        let function = try #require(catalog.functions.first)
        #expect(function.securityDefiner)
        #expect(function.searchPath == "\"\"")
        #expect(catalog.triggers.map(\.table.description) == ["auth.users"])
        #expect(
            catalog.grants.contains(Catalog.Grant(objectKind: .table, object: saved.name, grantee: .authenticated, privilege: .delete)))
        #expect(catalog.grants.contains { $0.column == "display_name" && $0.grantee == .authenticated })
        #expect(!catalog.grants.contains { $0.objectKind == .function && $0.grantee == .public })
    }

    @Test func roundTripsDoNotGrowWithTables() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute(SyntheticSchema.sql(tables: 5))
        let before = db.roundTrips
        _ = try db.introspectCatalog()
        let forFive = db.roundTrips - before

        try db.execute(SyntheticSchema.sql(tables: 45, startingAt: 5))
        let middle = db.roundTrips
        let catalog = try db.introspectCatalog()
        let forFifty = db.roundTrips - middle

        #expect(catalog.tables.count == 50)
        #expect(catalog.policies.count == 200)
        #expect(forFive == forFifty)
        #expect(forFifty <= 12)
    }

    @Test func nothingOfSupabaseIsRead() throws {
        let (_, db) = try TestDatabase.make()
        let catalog = try db.introspectCatalog()
        #expect(catalog.tables.isEmpty && catalog.functions.isEmpty && catalog.policies.isEmpty && catalog.triggers.isEmpty)
    }
}
