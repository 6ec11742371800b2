import RLSModel
import Testing

/// Each validation error names the declaration's Swift file and line, the table and the column.
@Suite struct ValidationTests {
    let file = "RLSModelTests/ValidationTests.swift"

    func onlyError(_ schema: Schema, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ValidationError {
        let errors = schema.validationErrors()
        try #require(errors.count == 1, "expected one error, got \(errors.map(\.description))", sourceLocation: sourceLocation)
        return errors[0]
    }

    func expect(
        _ error: ValidationError, _ kind: ValidationError.Kind, table: String, column: String?, line: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        #expect(
            error.description.hasPrefix("\(file):\(line): \(table)\(column.map { ".\($0)" } ?? ""): "),
            "\(error.description)", sourceLocation: sourceLocation)
    }

    @Test func unknownColumnInPlan() throws {
        let line = #line + 3
        let schema = Schema {
            Table("note") { Column("id", .uuid) }
                .access(.owner(column: "author_id"))
        }
        let error = try onlyError(schema)
        expect(error, .unknownColumn, table: "public.note", column: "author_id", line: line)
        #expect(error.description.contains("add the column or fix the name"))
    }

    @Test func unknownColumnInIndex() throws {
        let line = #line + 4
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Index("title")
            }
        }
        expect(try onlyError(schema), .unknownColumn, table: "public.note", column: "title", line: line)
    }

    @Test func unknownColumnInPrimaryKey() throws {
        let line = #line + 4
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                PrimaryKey("id", "version")
            }
        }
        expect(try onlyError(schema), .unknownColumn, table: "public.note", column: "version", line: line)
    }

    @Test func ownerColumnNotUUID() throws {
        let line = #line + 3
        let schema = Schema {
            Table("note") {
                Column("owner_id", .bigint)
            }
            .access(.owner(column: "owner_id"))
        }
        let error = try onlyError(schema)
        expect(error, .ownerColumnNotUUID, table: "public.note", column: "owner_id", line: line)
        #expect(error.message.contains("declare it as .uuid"))
    }

    @Test func referenceToUndeclaredTable() throws {
        let line = #line + 3
        let schema = Schema {
            Table("saved") {
                Column("listing_id", .bigint).references("listing")
            }
        }
        expect(try onlyError(schema), .unknownReference, table: "public.saved", column: "listing_id", line: line)
    }

    @Test func referenceToUndeclaredColumn() throws {
        let line = #line + 4
        let schema = Schema {
            Table("listing") { Column("id", .bigint).primaryKey() }
            Table("saved") {
                Column("listing_id", .bigint).references("listing", column: "listing_id")
            }
        }
        let error = try onlyError(schema)
        expect(error, .unknownReference, table: "public.saved", column: "listing_id", line: line)
        #expect(error.message.contains("public.listing.listing_id"))
    }

    @Test func referenceToUndeclaredAuthUsersColumn() throws {
        let line = #line + 2
        let schema = Schema {
            Table("profile") { Column("user_email", .text).references(.authUsers, column: "mail") }
        }
        expect(try onlyError(schema), .unknownReference, table: "public.profile", column: "user_email", line: line)
    }

    @Test func duplicateTable() throws {
        let line = #line + 3
        let schema = Schema {
            Table("note") { Column("id", .uuid) }
            Table("note") { Column("id", .uuid) }
        }
        let error = try onlyError(schema)
        expect(error, .duplicateName, table: "public.note", column: nil, line: line)
        #expect(error.message.contains("first at \(file):\(line - 1)"))
    }

    @Test func sameNameInTwoSchemasIsFine() {
        let schema = Schema {
            Table("note") { Column("id", .uuid) }
            Table("note", schema: "archive") { Column("id", .uuid) }
        }
        #expect(schema.validationErrors().isEmpty)
    }

    @Test func duplicateColumn() throws {
        let line = #line + 4
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Column("id", .text)
            }
        }
        expect(try onlyError(schema), .duplicateName, table: "public.note", column: "id", line: line)
    }

    @Test func duplicatePolicy() throws {
        let line = #line + 5
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Policy("readers", for: .select, to: [.authenticated], using: SQL(raw: "true"))
                Policy("readers", for: .select, to: [.anon], using: SQL(raw: "true"))
            }
        }
        expect(try onlyError(schema), .duplicateName, table: "public.note", column: nil, line: line)
    }

    @Test func policyNamedLikeAGeneratedOne() throws {
        let line = #line + 4
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Policy("select_public", for: .select, to: [.authenticated], using: SQL(raw: "true"))
            }
            .access(read: .public, write: .noAccess)
        }
        expect(try onlyError(schema), .duplicateName, table: "public.note", column: nil, line: line)
    }

    @Test func tableNameLongerThan63Bytes() throws {
        let name = String(repeating: "t", count: 64)
        let line = #line + 2
        let schema = Schema {
            Table(name) { Column("id", .uuid) }
        }
        let error = try onlyError(schema)
        expect(error, .identifierTooLong, table: "public.\(name)", column: nil, line: line)
        #expect(error.message.contains("64 bytes"))
    }

    @Test func columnNameLongerThan63BytesCountsBytesNotCharacters() throws {
        let name = String(repeating: "é", count: 32)  // 32 characters, 64 bytes
        let line = #line + 2
        let schema = Schema {
            Table("note") { Column(name, .text) }
        }
        expect(try onlyError(schema), .identifierTooLong, table: "public.note", column: name, line: line)
    }

    @Test func nameOf63BytesIsFine() {
        let name = String(repeating: "n", count: 63)
        let schema = Schema {
            Table(name) {
                Column(name, .text)
                PrimaryKey(name, name: "pk")
            }
        }
        #expect(schema.validationErrors().isEmpty)
    }

    @Test func derivedConstraintNameTooLong() throws {
        let column = String(repeating: "c", count: 60)
        let line = #line + 2
        let schema = Schema {
            Table("note") { Column(column, .text).unique() }
        }
        let error = try onlyError(schema)
        expect(error, .identifierTooLong, table: "public.note", column: column, line: line)
    }

    @Test func ownerThroughParentWithoutOwner() throws {
        let line = #line + 5
        let schema = Schema {
            Table("listing") { Column("id", .bigint).primaryKey() }
                .access(read: .authenticated, write: .serviceRoleOnly)
            Table("photo") { Column("listing_id", .bigint).references("listing") }
                .access(.owner(through: "listing_id"))
        }
        let error = try onlyError(schema)
        expect(error, .noOwnerColumn, table: "public.photo", column: "listing_id", line: line)
        #expect(error.message.contains("reaches no owner column"))
    }

    @Test func ownerThroughColumnWithoutForeignKey() throws {
        let line = #line + 3
        let schema = Schema {
            Table("photo") { Column("listing_id", .bigint) }
                .access(.owner(through: "listing_id"))
        }
        expect(try onlyError(schema), .noOwnerColumn, table: "public.photo", column: "listing_id", line: line)
    }

    @Test func ownerThroughCycle() throws {
        let line = #line + 5
        let schema = Schema {
            Table("a") {
                Column("id", .bigint).primaryKey()
                Column("b_id", .bigint).references("b")
            }.access(.owner(through: "b_id"))
            Table("b") {
                Column("id", .bigint).primaryKey()
                Column("a_id", .bigint).references("a")
            }.access(.owner(through: "a_id"))
        }
        let errors = schema.validationErrors()
        #expect(errors.count == 2)
        let error = try #require(errors.first)
        expect(error, .ownerCycle, table: "public.a", column: "b_id", line: line)
        #expect(error.message.contains("public.a → public.b → public.a"))
    }

    @Test func unknownEnum() throws {
        let line = #line + 2
        let schema = Schema {
            Table("note") { Column("mood", .enumeration("mood")) }
        }
        expect(try onlyError(schema), .unknownReference, table: "public.note", column: "mood", line: line)
    }

    @Test func identityOnText() throws {
        let line = #line + 2
        let schema = Schema {
            Table("note") { Column("id", .text).identity() }
        }
        expect(try onlyError(schema), .invalidDeclaration, table: "public.note", column: "id", line: line)
    }

    @Test func triggerWithUndeclaredFunction() throws {
        let line = #line + 3
        let schema = Schema {
            Table("note") { Column("id", .uuid) }
            Trigger("touch", on: "note", .before, [.update], execute: "public.touch")
        }
        expect(try onlyError(schema), .unknownReference, table: "public.note", column: nil, line: line)
    }

    @Test func signUpProfileWithUnknownColumn() throws {
        let line = #line + 3
        let schema = Schema {
            Table("profiles") { Column("id", .uuid).primaryKey().references(.authUsers) }
            SignUpProfile(table: "profiles", values: ["id": .userID, "mail": .email])
        }
        expect(try onlyError(schema), .unknownColumn, table: "public.profiles", column: "mail", line: line)
    }

    @Test func validateThrowsEveryError() {
        let schema = Schema {
            Table("note") {
                Column("id", .uuid)
                Column("id", .uuid)
                Index("missing")
            }
        }
        #expect(throws: SchemaValidationError.self) { try schema.validate() }
        do {
            try schema.validate()
        } catch {
            #expect(error.errors.count == 2)
            #expect(error.description.split(separator: "\n").count == 2)
        }
    }
    /// Plan never reads Supabase's own schemas, so a view, enum or function there would be written and
    /// then ignored (as tables were); each is refused at its own line.
    @Test func viewEnumAndFunctionInSupabaseSchemasRefused() throws {
        let line = #line + 2
        let schema = Schema {
            View("me", schema: "auth", query: SQL(raw: "select 1"))
            EnumType("mood", schema: "storage", values: "ok")
            Function("hook", schema: "graphql_public", returns: .void, body: SQL(raw: "begin end;"))
            View("mine", schema: "app", query: SQL(raw: "select 1"))
        }
        let errors = schema.validationErrors()
        try #require(errors.count == 3, "\(errors.map(\.description))")
        expect(errors[0], .invalidDeclaration, table: "auth.me", column: nil, line: line)
        expect(errors[1], .invalidDeclaration, table: "storage.mood", column: nil, line: line + 1)
        expect(errors[2], .invalidDeclaration, table: "graphql_public.hook", column: nil, line: line + 2)
        #expect(errors[0].message.contains("schema auth, which belongs to Supabase"), "\(errors[0])")
    }

    /// One list answers both questions: who owns a schema, and which schemas rendering never creates.
    @Test func supabaseSchemasOwnedAndPreexisting() {
        #expect(SupabaseSchemas.owns("auth") && SupabaseSchemas.owns("pg_catalog") && SupabaseSchemas.owns("graphql_public"))
        #expect(!SupabaseSchemas.owns("public") && !SupabaseSchemas.owns("app") && !SupabaseSchemas.owns("pgx"))
        #expect(SupabaseSchemas.preexists("public") && SupabaseSchemas.preexists("vault") && !SupabaseSchemas.preexists("private"))
        #expect(SupabaseSchemas.ownedLikePatterns == ["pg\\_%", "supabase\\_%", "graphql%"])
    }
}
