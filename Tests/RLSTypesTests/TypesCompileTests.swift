import RLSTypes
import Testing

/// The generated files compile, and code the database would refuse does not.
@Suite("rls types: the generated files compile")
struct TypesCompileTests {
    @Test("each file typechecks with swiftc, for a signed-in user and the service role, public and internal")
    func compiles() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        for (name, schema) in TypesSnapshot.schemas {
            for (role, access) in [(ClientRole.authenticated, SwiftTypesOptions.AccessLevel.public), (.serviceRole, .internal)] {
                let text = try TypesSnapshot.file(schema, role: role, access: access)
                let result = try SwiftProgram.typeCheck(["Database.swift": text], in: folder)
                #expect(result.status == 0, "\(name) for \(role.rawValue) (\(access.rawValue)): \(result.output)")
            }
        }
    }

    @Test("an app that sets a column it may not update, or inserts a row it may not add, does not compile")
    func refusedWritesDoNotCompile() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let types = try TypesSnapshot.file(TypesSnapshot.schemas[0].schema)
        let allowed = """
            import Foundation
            func rename() -> Profiles.Update { Profiles.Update(fullName: "Alice", avatarURL: .some(nil)) }
            func sell(vehicle: Int64, colour: Int64) -> Listing.Insert {
                Listing.Insert(vehicleID: vehicle, colourID: colour, price: 15000, odometerKm: 1200)
            }
            """
        let fine = try SwiftProgram.typeCheck(["Database.swift": types, "App.swift": allowed], in: folder)
        #expect(fine.status == 0, "\(fine.output)")

        let refused: [(code: String, message: String)] = [
            // created_at has no UPDATE privilege (.updatable(only: "full_name", "avatar_url")).
            ("var change = Profiles.Update(); change.createdAt = Date()", "value of type 'Profiles.Update' has no member 'createdAt'"),
            ("_ = Profiles.Update(id: UUID())", "extra argument 'id' in call"),
            // Profiles have no insert plan: rows come from the sign-up trigger.
            ("_ = Profiles.Insert.self", "type 'Profiles' has no member 'Insert'"),
            // The seller is the signed-in user, by default and by policy.
            (
                "_ = Listing.Insert(sellerID: UUID(), vehicleID: 1, colourID: 1, price: 1, odometerKm: 1)",
                "extra argument 'sellerID' in call"
            ),
            // Only the backend writes brands.
            ("_ = Brand.Update.self", "type 'Brand' has no member 'Update'"),
        ]
        for (code, message) in refused {
            let program = "import Foundation\nfunc attempt() {\n    \(code)\n}\n"
            let result = try SwiftProgram.typeCheck(["Database.swift": types, "App.swift": program], in: folder)
            #expect(result.status != 0, "compiled: \(code)")
            #expect(result.output.contains(message), "\(code): \(result.output)")
        }
    }
}
