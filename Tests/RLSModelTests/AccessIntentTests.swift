import ElectricRide
import RLSModel
import Testing

/// The per-role, per-operation intent that `rls check` and `rls docs` read.
@Suite struct AccessIntentTests {
    let schema = ElectricRide.schema

    func table(_ name: TableName) throws -> Table { try #require(schema.table(name)) }

    @Test func publicReferenceData() throws {
        let brand = try table("brand")
        #expect(schema.expectedAccess(of: brand, role: .anon, .select) == .allRows)
        #expect(schema.expectedAccess(of: brand, role: .authenticated, .select) == .allRows)
        #expect(schema.expectedAccess(of: brand, role: .anon, .insert) == .denied)
        #expect(schema.expectedAccess(of: brand, role: .authenticated, .delete) == .denied)
        #expect(schema.expectedAccess(of: brand, role: .serviceRole, .insert) == .bypassesRLS)
    }

    @Test func listingsReadBySignedInWrittenBySeller() throws {
        let listing = try table("listing")
        #expect(schema.expectedAccess(of: listing, role: .anon, .select) == .denied)
        #expect(schema.expectedAccess(of: listing, role: .authenticated, .select) == .allRows)
        #expect(schema.expectedAccess(of: listing, role: .authenticated, .update) == .ownRows(OwnerPath(ownerColumn: "seller_id")))
    }

    @Test func savedIsOwnedThroughTheProfile() throws {
        let saved = try table("saved")
        for operation in Operation.allCases {
            #expect(schema.expectedAccess(of: saved, role: .authenticated, operation) == .ownRows(OwnerPath(ownerColumn: "profile_id")))
            #expect(schema.expectedAccess(of: saved, role: .anon, operation) == .denied)
        }
    }

    @Test func photosAreOwnedThroughTheirListing() throws {
        let photo = try table("listing_photo")
        let path = try schema.ownerPath(of: photo, plan: photo.access.insert)
        #expect(
            path
                == OwnerPath(
                    hops: [.init(column: "listing_id", parent: "listing", parentColumn: "id")], ownerColumn: "seller_id"))
        #expect(path.description == "listing_id → public.listing.id, seller_id")
    }

    @Test func profilesAreCreatedOnlyByTheTrigger() throws {
        let profiles = try table("profiles")
        #expect(schema.expectedAccess(of: profiles, role: .authenticated, .insert) == .denied)
        #expect(schema.expectedAccess(of: profiles, role: .authenticated, .update) == .ownRows(OwnerPath(ownerColumn: "id")))
        #expect(profiles.privileges[.anon] == nil)
        #expect(profiles.privileges[.serviceRole] == [.select, .update])
    }

    @Test func brandCountsAreReadOnlyForEveryone() throws {
        let counts = try table("brand_listing_count")
        #expect(counts.privileges == [.anon: [.select], .authenticated: [.select], .serviceRole: [.select]])
    }

    @Test func twoHopOwnerPath() throws {
        let schema = Schema {
            Table("project") {
                Column("id", .bigint).primaryKey()
                Column("owner_id", .uuid)
            }.access(.owner(column: "owner_id"))
            Table("task") {
                Column("id", .bigint).primaryKey()
                Column("project_id", .bigint).references("project")
            }.access(.owner(through: "project_id"))
            Table("comment") {
                Column("task_id", .bigint).references("task")
            }.access(.owner(through: "task_id"))
        }
        let comment = try #require(schema.table("comment"))
        let path = try schema.ownerPath(of: comment, plan: comment.access.select)
        #expect(path.hops.map(\.parent) == ["task", "project"])
        #expect(path.ownerColumn == "owner_id")
    }

    @Test func rawPoliciesGrantTheirCommandAndShowAsCustom() throws {
        let schema = Schema {
            Table("post") {
                Column("id", .bigint).primaryKey()
                Policy("moderators delete", for: .delete, to: [.authenticated], using: SQL(raw: "false"))
            }
            .access(read: .public, write: .noAccess)
        }
        let post = try #require(schema.table("post"))
        #expect(post.privileges[.authenticated] == [.select, .delete])
        #expect(post.privileges[.serviceRole] == [.select, .delete])
        guard case .custom(let planned, let policies) = schema.expectedAccess(of: post, role: .authenticated, .delete) else {
            Issue.record("expected custom access")
            return
        }
        #expect(planned == nil)
        #expect(policies.map(\.name) == ["moderators delete"])
    }

    @Test func automaticIndexesCoverOwnerAndForeignKeyColumnsOnce() throws {
        let saved = try table("saved")
        #expect(schema.indexes(of: saved).map(\.columns) == [["listing_id"]])
        let listing = try table("listing")
        #expect(
            schema.indexes(of: listing).map(\.columns) == [["listed_at"], ["seller_id"], ["dealership_id"], ["vehicle_id"], ["colour_id"]])
    }

    /// A pulled expression index named like the automatic one (`usage_events_user_id_idx` on
    /// `user_id, recorded_at DESC`) serves the owner plan: no second index of that name.
    @Test func automaticIndexGivesWayToADeclaredIndexOfItsName() {
        let events = Table("usage_events") {
            Column("id", .bigint).primaryKey()
            Column("user_id", .uuid)
            Column("recorded_at", .timestamptz)
            Index(expression: SQL(raw: "user_id, recorded_at DESC"), name: "usage_events_user_id_idx")
        }.access(.owner(column: "user_id"))
        let indexes = Schema { events }.indexes(of: events)
        #expect(indexes.map { events.name(of: $0) } == ["usage_events_user_id_idx"])
        #expect(indexes.allSatisfy { !$0.isAutomatic })
    }

    @Test func stringLiteralTableNamesSplitAtTheFirstDot() {
        let name: TableName = "auth.users"
        #expect(name == .authUsers)
        #expect(TableName(stringLiteral: "listing") == TableName(schema: "public", name: "listing"))
    }
}
