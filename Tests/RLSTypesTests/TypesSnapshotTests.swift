import ElectricRide
import RLSModel
import RLSTypes
import Testing

@Suite("rls types: the generated file")
struct TypesSnapshotTests {
    @Test(
        "the example's and the adopter fixture's files, for a signed-in user and for the service role",
        arguments: TypesSnapshot.schemas.map(\.name))
    func snapshots(_ name: String) throws {
        let schema = TypesSnapshot.schema(name)
        try TypesSnapshot.expectMatches(try TypesSnapshot.file(schema), named: "\(name).swift.txt")
        try TypesSnapshot.expectMatches(try TypesSnapshot.file(schema, role: .serviceRole), named: "\(name)_service_role.swift.txt")
    }

    @Test("the same schema gives the same bytes")
    func deterministic() throws {
        #expect(try TypesSnapshot.file(ElectricRide.schema) == TypesSnapshot.file(ElectricRide.schema))
    }

    @Test("Insert leaves out the identity and the owner column filled with auth.uid(); Update only the updatable columns")
    func shapedByAccess() throws {
        let text = try TypesSnapshot.file(ElectricRide.schema)
        let listingInsert = try #require(section(of: text, type: "Listing", nested: "Insert"))
        #expect(listingInsert.contains("public var vehicleID: Int64"))
        #expect(!listingInsert.contains("public var sellerID"))
        #expect(!listingInsert.contains("public var id:"))
        #expect(text.contains("    /// - `seller_id`: the signed-in user's id (default auth.uid()); the policy refuses any other"))
        let profilesUpdate = try #require(section(of: text, type: "Profiles", nested: "Update"))
        #expect(properties(profilesUpdate) == ["fullName", "avatarURL"])
        // Profiles have no insert plan: a signed-in user gets no Insert type at all.
        #expect(section(of: text, type: "Profiles", nested: "Insert") == nil)
        #expect(text.contains("/// No `Insert`: a signed-in user cannot add rows."))
        // Reference data: only the backend writes it.
        #expect(section(of: text, type: "Brand", nested: "Update") == nil)

        let service = try TypesSnapshot.file(ElectricRide.schema, role: .serviceRole)
        let serviceUpdate = try #require(section(of: service, type: "Profiles", nested: "Update"))
        #expect(properties(serviceUpdate) == ["id", "fullName", "avatarURL", "createdAt"])
        let serviceInsert = try #require(section(of: service, type: "Listing", nested: "Insert"))
        #expect(serviceInsert.contains("public var sellerID: UUID?"))
    }

    @Test("each row type's comment has the sentences of rls docs")
    func sentences() throws {
        let text = try TypesSnapshot.file(ElectricRide.schema)
        #expect(
            text.contains(
                "/// - Only the signed-in user whose id is the row's `profile_id` can see, add, change or remove a row;"
                    + " nobody can add a row for someone else or change one to belong to someone else."))
        #expect(
            text.contains("/// - Only `full_name` and `avatar_url` can be changed; the app's users have no privilege on the other columns.")
        )
    }

    @Test("--access internal writes no access keyword; package writes package")
    func accessLevels() throws {
        let internalText = try TypesSnapshot.file(Bookshelf.schema, access: .internal)
        #expect(internalText.contains("\nstruct BookNote: Codable, Hashable, Sendable, Identifiable {"))
        #expect(!internalText.contains("public "))
        let packageText = try TypesSnapshot.file(Bookshelf.schema, access: .package)
        #expect(packageText.contains("\npackage struct BookNote: Codable, Hashable, Sendable, Identifiable {"))
    }

    @Test("--schema NAME keeps one database schema; an unknown one is refused with the choices")
    func schemaFilter() throws {
        let schema = Schema {
            Table("setting", schema: "app") { Column("id", .bigint).identity().primaryKey() }
            Table("note") { Column("id", .bigint).identity().primaryKey() }
        }
        let onlyApp = try SwiftTypesFile(schema: schema, options: SwiftTypesOptions(schemas: ["app"])).text
        #expect(onlyApp.contains("public struct AppSetting:"))
        #expect(!onlyApp.contains("struct Note"))
        #expect(throws: SwiftTypesError.self) { try SwiftTypesFile(schema: schema, options: SwiftTypesOptions(schemas: ["nope"])) }
    }

    /// The text of `struct Type.Nested { ... }` (the nested struct, four spaces in), nil when absent.
    func section(of text: String, type: String, nested: String) -> String? {
        guard let start = text.range(of: "public struct \(type): ") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex
        let body = rest[..<end]
        guard let nestedStart = body.range(of: "    public struct \(nested): ") else { return nil }
        let nestedRest = body[nestedStart.lowerBound...]
        let nestedEnd = nestedRest.range(of: "\n    }\n")?.upperBound ?? nestedRest.endIndex
        return String(nestedRest[..<nestedEnd])
    }

    /// The stored properties declared directly in `section` (eight spaces in).
    func properties(_ section: String) -> [String] {
        section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("        public var ") else { return nil }
            return String(line.dropFirst("        public var ".count).prefix { $0 != ":" })
        }
    }
}
