import RLSCheck
import RLSDatabase
import RLSModel
import Testing

@Suite struct FixtureTests {
    static func devices(_ address: Column) -> Schema {
        Schema {
            Table("device") {
                Column("id", .uuid).default(.randomUUID).primaryKey()
                Column("owner_id", .uuid).references(.authUsers)
                address
                Column("label", .varchar(4)).unique()
                Column("kind", .enumeration("device_kind"))
                Column("seen_on", .date)
                Column("settings", .jsonb)
            }
            .access(.owner(column: "owner_id"))
            EnumType("device_kind", values: "phone", "tablet")
        }
    }

    @Test func typeWithoutValueNamesTheOverride() throws {
        let schema = Self.devices(Column("address", .raw(SQL(raw: "inet"))))
        let (_, db) = try ExampleDatabase.make(schema)
        let error = #expect(throws: CheckError.self) { try ExampleDatabase.check(db, schema) }
        #expect(error?.message.contains("public.device.address (inet)") == true)
        #expect(error?.message.contains(#".fixture(SQL(raw: "...")"#) == true)
        #expect(!db.isInTransaction)
    }

    @Test func overrideGivesTheValue() throws {
        let schema = Self.devices(Column("address", .raw(SQL(raw: "inet"))).fixture(SQL(raw: "'10.0.0.1'")))
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    /// A range the generated value misses is read from the check and met (see
    /// RealSchemaFixtureTests.unreadableCheckNamesTheColumn for one it cannot read).
    @Test func rangeCheckIsMetWithoutAHandWrittenFixture() throws {
        let schema = Schema {
            Table("rating") {
                Column("id", .bigint).identity().primaryKey()
                Column("owner_id", .uuid).references(.authUsers)
                Column("stars", .smallint)
                CheckConstraint("rating_stars_range", SQL(raw: "stars between 100 and 105"))
            }
            .access(.owner(column: "owner_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}

@Suite struct MissingTableTests {
    @Test func undeployedTableIsNamedBeforeAnyProbe() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute("drop table public.saved")
        let error = #expect(throws: CheckError.self) { try ExampleDatabase.check(db) }
        #expect(error?.message.hasPrefix("the database lacks table public.saved that the schema declares") == true)
        #expect(!db.isInTransaction)
    }
}

@Suite struct OpenTransactionTests {
    @Test func refusesToRunInsideTheCallersTransaction() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute("begin")
        let error = #expect(throws: DatabaseError.self) { try ExampleDatabase.check(db) }
        #expect(error?.state == .activeSQLTransaction)
        #expect(error?.hint == "rls check opens its own transaction and rolls it back; call it outside one.")
        #expect(db.isInTransaction, "the caller's transaction is left alone")
        try db.execute("rollback")
    }
}
