import ElectricRide
import RLSModel
import RLSSQL
import Testing

/// `compile` gives the SQL as sections of typed statements; `render` prints exactly that.
@Suite struct CompiledSchemaTests {
    @Test(arguments: Constructs.all.map(\.schema) + [ElectricRide.schema])
    func renderPrintsTheCompiledSections(_ schema: Schema) {
        let compiled = compile(schema)
        #expect(compiled.sql == render(schema))
        #expect(!compiled.sections.isEmpty)
        for section in compiled.sections {
            #expect(!section.statements.isEmpty, "\(section.title)")
            // Each section's text stands in the script under its banner.
            #expect(
                render(schema).contains("-- \(section.title)\n-- \(String(repeating: "=", count: 76))\n\(section.sql)\n"),
                "\(section.title)")
        }
        let subjects = compiled.sections.map(\.subject)
        #expect(Set(subjects).count == subjects.count, "one section per subject")
    }

    @Test func anAccessSectionHoldsRowSecurityRevokesGrantsAndThePolicies() throws {
        let schema = Constructs.privateChannels
        let room = try #require(schema.table("room"))
        let access = try #require(compile(schema).section(.access(room.qualifiedName)))
        #expect(
            access.statements.map(\.kind) == [.enableRowLevelSecurity, .revoke, .grant, .revoke]
                + Array(repeating: .createPolicy, count: access.policies.count))
        #expect(access.policies == compiledPolicies(of: room, in: schema))
        #expect(access.policies.map(\.name) == ["select_authenticated", "insert_owner", "update_owner", "delete_owner"])
        let channels = try #require(compile(schema).section(.channels(room.qualifiedName)))
        #expect(channels.policies == channelPolicies(of: room, in: schema))
    }

    @Test func liveTablesAndBucketsHaveSectionsOfTheirOwn() throws {
        let live = compile(Constructs.liveTables)
        #expect(live.section(.liveChanges("public.price"))?.statements.map(\.kind) == [.publish])
        #expect(live.section(.liveChanges("public.ticket"))?.statements.map(\.kind) == [.publish, .replicaIdentity])

        let schema = Constructs.storageBuckets
        let avatars = try #require(compile(schema).section(.bucket(id: "avatars")))
        #expect(avatars.statements.first?.kind == .upsertBucket)
        let bucket = try #require(schema.buckets.first { $0.id == "avatars" })
        #expect(avatars.policies == storagePolicies(of: bucket, in: schema))
        #expect(compile(schema).section(.bucket(id: "invoices"))?.policies == [])
    }

    @Test func aReferenceCycleIsClosedInASectionOfItsOwn() throws {
        let compiled = compile(Constructs.referenceCycle)
        let cycle = try #require(compiled.section(.cyclicForeignKeys))
        #expect(cycle.statements.allSatisfy { $0.kind == .addForeignKey })
        #expect(compile(Constructs.liveTables).section(.cyclicForeignKeys) == nil, "empty sections are left out")
    }
}
