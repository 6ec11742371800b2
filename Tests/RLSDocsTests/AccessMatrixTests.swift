import RLSDocs
import RLSModel
import Testing

@Suite("Access matrix: outcomes from the plans")
struct AccessMatrixTests {
    let matrix = Example.matrix

    @Test func savedIsPrivateToItsOwner() {
        let saved = Example.table("saved")
        for operation in Operation.allCases {
            #expect(matrix.outcome(of: saved, .anyone, operation) == .refused)
            #expect(matrix.outcome(of: saved, .signedInUser, operation) == .blocked)
            #expect(matrix.outcome(of: saved, .rowOwner, operation) == .allowed)
            #expect(matrix.outcome(of: saved, .serviceRole, operation) == .allowed)
        }
    }

    @Test func listingIsReadBySignedInUsersAndWrittenByItsSeller() {
        let listing = Example.table("listing")
        #expect(matrix.outcome(of: listing, .anyone, .select) == .refused)
        #expect(matrix.outcome(of: listing, .signedInUser, .select) == .allowed)
        #expect(matrix.outcome(of: listing, .signedInUser, .update) == .blocked)
        #expect(matrix.outcome(of: listing, .rowOwner, .delete) == .allowed)
    }

    @Test func profilesHaveNoInsertForAnyoneButAnOwnerForUpdates() {
        let profiles = Example.table("profiles")
        #expect(matrix.outcome(of: profiles, .rowOwner, .insert) == .refused)
        #expect(matrix.outcome(of: profiles, .serviceRole, .insert) == .refused)
        #expect(matrix.outcome(of: profiles, .rowOwner, .update) == .allowed)
        #expect(matrix.outcome(of: profiles, .signedInUser, .update) == .blocked)
    }

    @Test func tablesWithoutOwnersHaveNoOwnerColumn() {
        let brand = Example.table("brand")
        #expect(matrix.ownerPath(of: brand) == nil)
        #expect(matrix.outcome(of: brand, .rowOwner, .select) == .notApplicable)
        #expect(matrix.outcome(of: brand, .anyone, .select) == .allowed)
        #expect(!matrix.provableCells.contains(AccessCell(brand.qualifiedName, .rowOwner, .select)))
    }

    @Test func everyApplicableCellIsProvable() {
        // 11 tables x 4 callers x 4 operations, less the owner column of the 4 tables without owners or groups.
        #expect(matrix.provableCells.count == 11 * 16 - 4 * 4)
        #expect(Set(matrix.provableCells).count == matrix.provableCells.count)
    }

    @Test func handWrittenPoliciesAreCustom() {
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Policy(
                    "moderators delete", for: .delete, to: [.authenticated],
                    using: SQL(raw: "(select auth.jwt() ->> 'user_role') = 'moderator'"))
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
        }
        let note = schema.tables[0]
        let custom = AccessMatrix(schema).outcome(of: note, .signedInUser, .delete)
        #expect(custom == .custom(policies: ["moderators delete"]))
        let sentence = AccessMatrix(schema).sentences(for: note).first { $0.operations.contains(.delete) }
        #expect(sentence?.text.contains("hand-written policy `moderators delete`") == true)
    }

    @Test func ownershipThroughAParentIsNamed() throws {
        let photo = Example.table("listing_photo")
        let path = try #require(matrix.ownerPath(of: photo))
        #expect(path.ownershipColumn == "listing_id")
        #expect(path.owner == "the signed-in user who owns the `listing` that `listing_id` points to (its `seller_id`)")
    }
}
