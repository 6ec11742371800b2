import RLSModel
import Testing

/// Live tables and channels that cannot work fail before any connection, naming file and line.
@Suite struct RealtimeValidationTests {
    let file = "RLSModelTests/RealtimeValidationTests.swift"

    func onlyError(_ schema: Schema, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ValidationError {
        let errors = schema.validationErrors()
        try #require(errors.count == 1, "expected one error, got \(errors.map(\.description))", sourceLocation: sourceLocation)
        return errors[0]
    }

    @Test func realtimeMessagesIsSupabases() throws {
        let line = #line + 2
        let schema = Schema {
            Table("messages", schema: "realtime") { Column("id", .uuid).primaryKey() }
        }
        let error = try onlyError(schema)
        #expect(error.kind == .invalidDeclaration)
        #expect(error.description.hasPrefix("\(file):\(line): realtime.messages: "), "\(error)")
        #expect(error.description.contains(".channel("))
    }

    @Test func liveTableWithoutKeyNeedsOldRows() throws {
        let line = #line + 2
        let schema = Schema {
            Table("event") { Column("body", .text) }.live()
        }
        let error = try onlyError(schema)
        #expect(error.description.hasPrefix("\(file):\(line): public.event: "), "\(error)")
        #expect(error.description.contains("oldRows: true"))
        let fixed = Schema { Table("event") { Column("body", .text) }.live(oldRows: true) }
        #expect(fixed.validationErrors().isEmpty)
    }

    @Test func channelMistakes() throws {
        let schema = Schema {
            Table("room") {
                Column("id", .bigint).primaryKey()
                Column("host_id", .uuid)
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
            .channel("room", receive: .owner(column: "host"))
            Table("pair") {
                Column("a", .bigint)
                Column("b", .bigint)
                PrimaryKey("a", "b")
            }
            .access(read: .authenticated, write: .serviceRoleOnly)
            .channel("room", receive: .authenticated)
            .channel("a:b", receive: .authenticated, features: [])
        }
        let messages = schema.validationErrors().map(\.description)
        #expect(messages.count == 6, "\(messages)")
        #expect(messages.contains { $0.contains("public.room.host: ") })
        #expect(messages.contains { $0.contains("channel prefix \"room\" is declared twice") })
        #expect(messages.contains { $0.contains("without ':'") })
        #expect(messages.filter { $0.contains("single-column primary key") }.count == 2)
        #expect(messages.contains { $0.contains("lists no feature") })
    }

    /// The channel's policy reads the row as the subscriber: a channel wider than the table's read
    /// plan would let nobody in beyond that plan, so it is refused up front.
    @Test func channelWiderThanTheTableIsRefused() throws {
        let schema = Schema {
            Table("diary") {
                Column("id", .uuid).primaryKey()
                Column("author_id", .uuid)
            }
            .access(.owner(column: "author_id"))
            .channel("diary", receive: .authenticated)
        }
        let error = try onlyError(schema)
        #expect(error.description.contains("widen the table's read plan or narrow the channel"), "\(error)")
    }
}
